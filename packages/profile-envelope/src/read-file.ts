import path from "node:path";
import { performance } from "node:perf_hooks";
import { MAX_ANSWER_BYTES_CEILING, quoteText, readTextWindow, relativeInside, type CoreFailure, type Line, type SecretScanner, type SensitiveRule, type WindowCut, type Workspace } from "@read/core";
import type { EnvelopeOptions } from "./config-schema.js";
import { mapFailure } from "./map-failure.js";
import type { EnvelopeError, EnvelopeOutput, FailureContext, ReadData, ReadFailure } from "./output.js";
import { parseInput } from "./parse-input.js";

/** Bytes from the start of a file searched for a NUL byte (spec 001 §5.4: the first 8 KB). */
export const SNIFF_BYTES = 8192;

/** `stats.encoding` of a file that is valid UTF-8, and of one decoded with replacement characters. */
export const ENCODINGS = { strict: "utf-8", replace: "utf-8 (replace)" } as const;

/** The line `text` ends with when the file was decoded with replacement characters (MyCodeAgent's words). */
export const FALLBACK_WARNING = "[Warning: Encoding issues detected. Some characters may be corrupted (using replacement).]";

// How the reference resolves a path (`Path.resolve()` on the spelling as given): `.`, `..`, doubled and
// trailing slashes folded first, then the kernel resolves what is left, symlinks included.
const RESOLVE = { spelling: "lexical" } as const;

/** What a failed call's `context` says of the file, besides `cwd` and `params_input`. */
type Landing = Omit<FailureContext, "cwd" | "params_input">;

/** The working directory a `Read` runs in: absolute, and as `context.cwd` reports it. */
export interface WorkingDirectory {
  readonly absolute: string;
  readonly relative: string;
}

/** One `Read` call on a workspace: its clock, and the error envelope it answers with. */
export interface ReadCall {
  readonly input: unknown;
  readonly started: number;
}

/** Starts a call: its time is counted from here. */
export function startCall(input: unknown): ReadCall {
  return { input, started: performance.now() };
}

/**
 * The error envelope of a call (§2.3, §4): `data` an empty object (the protocol never allows `null`),
 * `stats.time_ms`, and `context` with `path_resolved` (and `total_lines`) when the failure came after
 * the path was resolved inside the root.
 */
export function failedCall(call: ReadCall, cwd: WorkingDirectory, error: EnvelopeError, resolved: Landing = {}): ReadFailure {
  return {
    status: "error",
    data: {},
    text: error.message,
    stats: { time_ms: elapsed(call) },
    context: { cwd: cwd.relative, params_input: call.input === undefined ? null : call.input, ...resolved },
    error,
  };
}

/**
 * Spec 001's `Read` on validated options: parse the arguments, read the window through core (relative
 * paths from `cwd`, containment against the root, the 8 KB NUL sniff, lines as Python's text mode splits
 * them, every line counted for `stats.total_lines`, the whole file checked for invalid UTF-8), and build
 * the envelope.
 */
export async function readFile(
  workspace: Workspace,
  cwd: WorkingDirectory,
  options: EnvelopeOptions,
  call: ReadCall,
  guards: { readonly signal: AbortSignal | undefined; readonly sensitive: readonly SensitiveRule[]; readonly redact: SecretScanner | undefined },
): Promise<EnvelopeOutput> {
  const failed = (error: EnvelopeError, resolved?: Landing) => failedCall(call, cwd, error, resolved);
  const valid = parseInput(call.input);
  if (!valid.ok) return failed({ code: "INVALID_PARAM", message: valid.message });
  const { path: given, start_line: startLine, limit } = valid.value;
  const target = cwd.relative === "." || path.isAbsolute(given) ? given : `${cwd.absolute}${path.sep}${given}`;
  const read = await readTextWindow(workspace, target, {
    // No file has 2^53 lines: a larger start_line is past the end of any file, as the largest safe one is.
    window: { from: "start", startLine: Math.min(startLine, Number.MAX_SAFE_INTEGER), maxLines: limit, lineBreaks: "universal", wholeFileUtf8: true },
    countTotal: true,
    decode: "replace",
    sniffBytes: SNIFF_BYTES,
    maxWindowBytes: options.max_window_bytes,
    maxAnswerBytes: options.max_answer_bytes,
    // Each line's `%4d | ` prefix counts toward the bound too.
    answerLineBytes: Math.max(4, String(startLine + limit).length) + 3,
    // A page that does not fit is the part that fits, never an error: a smaller limit cannot shorten a line.
    overflow: "cut",
    maxFileBytes: options.max_file_bytes,
    resolve: RESOLVE,
    ...guards,
  });
  if (!read.ok) return failed(mapFailure(read.failure, { path: given, startLine, limit }), resolvedOf(workspace, read.failure));

  const { window, stat } = read.value;
  const resolved = read.value.path.relative;
  const total = window.totalLines;
  if (total === null) throw new Error("core returned no line count although countTotal was set without a scan budget");
  if (startLine > Math.max(total, 1)) {
    return failed({ code: "INVALID_PARAM", message: pastEndMessage(startLine, total) }, { path_resolved: resolved, total_lines: total });
  }

  const fallback = window.replaced || window.fileReplaced === true;
  const lines = window.lines;
  const last = startLine + lines.length - 1;
  // A cut line leaves its rest unread even when no line follows it.
  const truncated = window.hasMore || window.cut !== null;
  const { content, chars } = numbered(lines, startLine, window.astral);
  const data: ReadData = { content, truncated, ...(fallback ? { fallback_encoding: "replace" as const } : {}) };
  const time_ms = elapsed(call);
  const text =
    total === 0
      ? `Read 0 lines from ${quoteText(resolved)} (file is empty).`
      : [
          `Read ${lines.length} lines from ${quoteText(resolved)} (Lines ${startLine}-${last}).`,
          `(Took ${time_ms}ms)`,
          ...(window.hasMore && window.nextLine !== null ? [`[Truncated: Showing first ${lines.length} of ${total} lines. Use start_line=${window.nextLine} to continue.]`] : []),
          ...(window.cut === null ? [] : [cutNotice(window.cut, lines, options)]),
          ...(fallback ? [FALLBACK_WARNING] : []),
        ].join("\n");
  return {
    status: truncated || fallback ? "partial" : "success",
    data,
    text,
    stats: {
      time_ms,
      lines_read: lines.length,
      chars_read: chars,
      total_lines: total,
      file_size_bytes: stat.size,
      file_mtime_ms: stat.mtimeMs,
      encoding: fallback ? ENCODINGS.replace : ENCODINGS.strict,
    },
    context: { cwd: cwd.relative, params_input: call.input === undefined ? null : call.input, path_resolved: resolved },
  };
}

/**
 * What `text` says of a page cut by a byte bound: which bound, what is shown, and (for a line cut in part)
 * that its rest cannot be reached by line; where to continue is the `[Truncated: ...]` line before it.
 */
export function cutNotice(cut: WindowCut, lines: readonly Line[], options: EnvelopeOptions): string {
  const bound = cut.limit === "answer" ? `max_answer_bytes = ${options.max_answer_bytes} bytes as JSON` : `max_window_bytes = ${options.max_window_bytes} bytes of the file`;
  const last = lines.at(-1);
  if (!cut.partial) return `[Cut: the lines after line ${last?.number ?? "?"} would take this read past ${bound}, the most one read returns.]`;
  const shown = Buffer.byteLength(last?.text ?? "");
  return `[Cut: line ${last?.number ?? "?"} is longer than one read returns (${bound}): only its first ${shown} bytes are shown, and its rest cannot be read by line. Raise max_answer_bytes and max_window_bytes in the [envelope] table of the user's configuration (at most ${MAX_ANSWER_BYTES_CEILING}) to see more of it.]`;
}

/**
 * The `INVALID_PARAM` message of a `start_line` past the end (§5.1: the file's line count and the valid
 * range), in MyCodeAgent's words after the spec's `Invalid start_line`, with the next step.
 */
export function pastEndMessage(startLine: number, total: number): string {
  const asked = BigInt(startLine).toString();
  return total === 0
    ? `Invalid start_line: start_line (${asked}) exceeds file length (file is empty). Valid start_line is 1. Omit start_line to read the file.`
    : `Invalid start_line: start_line (${asked}) exceeds file length (${total} lines). Valid range: 1 to ${total}. Use start_line=1 to read from the start.`;
}

// Where a failed read's path landed, for `context`: only a path resolved inside the root (never an
// outside target), and only for the failures that come after resolution (the reference's rel_path).
function resolvedOf(workspace: Workspace, failure: CoreFailure): Landing {
  const landing = failure.code === "NOT_FOUND" || failure.code === "IS_DIRECTORY" || failure.code === "BINARY" ? failure.resolved : undefined;
  const relative = landing === undefined ? undefined : relativeInside(workspace.root, landing);
  return relative === undefined ? {} : { path_resolved: relative };
}

function elapsed(call: ReadCall): number {
  return Math.floor(performance.now() - call.started);
}

// Each line as `NNNN | text\n`, numbers padded to four columns, and the code points of the whole (Python's
// `len(content)`), counted line by line so that a large window is never scanned as one string.
function numbered(lines: readonly Line[], startLine: number, astral: boolean): { content: string; chars: number } {
  let content = "";
  let chars = 0;
  for (let index = 0; index < lines.length; index++) {
    const prefix = `${String(startLine + index).padStart(4)} | `;
    const text = lines[index]?.text ?? "";
    content += `${prefix}${text}\n`;
    chars += prefix.length + codePoints(text, astral) + 1;
  }
  return { content, chars };
}

// Without the u flag, so that it sees the units of a surrogate pair.
const HIGH_SURROGATE = /[\ud800-\udbff]/;

// Decoded UTF-8 holds no lone surrogates, so every high surrogate starts a pair that is one code point; a
// window core found no four-byte sequence in has none.
function codePoints(text: string, astral: boolean): number {
  if (!astral || !HIGH_SURROGATE.test(text)) return text.length;
  let pairs = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff) pairs++;
  }
  return text.length - pairs;
}
