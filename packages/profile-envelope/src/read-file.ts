import path from "node:path";
import { performance } from "node:perf_hooks";
import { quoteText, readTextWindow, type Line, type SensitiveRule, type Workspace } from "@read/core";
import type { EnvelopeOptions } from "./config-schema.js";
import { mapFailure } from "./map-failure.js";
import type { EnvelopeError, EnvelopeOutput, ReadData, ReadFailure, ReadResult } from "./output.js";
import { parseInput } from "./parse-input.js";

/** Bytes from the start of a file searched for a NUL byte (spec 001 §5.4: the first 8 KB). */
export const SNIFF_BYTES = 8192;

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

/** The error envelope of a call (§2.3, §4): `data` null, `stats.time_ms`, `context` without `path_resolved`. */
export function failedCall(call: ReadCall, cwd: WorkingDirectory, error: EnvelopeError): ReadFailure {
  return {
    status: "error",
    data: null,
    text: error.message,
    stats: { time_ms: elapsed(call) },
    context: { cwd: cwd.relative, params_input: call.input === undefined ? null : call.input },
    error,
  };
}

/**
 * Spec 001's `Read` on validated options: parse the arguments, read the window through core (relative
 * paths from `cwd`, containment against the root, the 8 KB NUL sniff, replacement decoding, every line
 * counted for `stats.total_lines`), and build the envelope.
 */
export async function readFile(
  workspace: Workspace,
  cwd: WorkingDirectory,
  options: EnvelopeOptions,
  call: ReadCall,
  guards: { readonly signal: AbortSignal | undefined; readonly sensitive: readonly SensitiveRule[] },
): Promise<EnvelopeOutput> {
  const failed = (error: EnvelopeError) => failedCall(call, cwd, error);
  const valid = parseInput(call.input);
  if (!valid.ok) return failed({ code: "INVALID_PARAM", message: valid.message });
  const { path: given, start_line: startLine, limit } = valid.value;
  const target = cwd.relative === "." || path.isAbsolute(given) ? given : `${cwd.absolute}${path.sep}${given}`;
  const read = await readTextWindow(workspace, target, {
    window: { from: "start", startLine, maxLines: limit },
    countTotal: true,
    decode: "replace",
    sniffBytes: SNIFF_BYTES,
    maxWindowBytes: options.max_window_bytes,
    maxFileBytes: options.max_file_bytes,
    ...guards,
  });
  if (!read.ok) return failed(mapFailure(read.failure, { path: given, startLine, limit }));

  const { window, stat } = read.value;
  const total = window.totalLines;
  if (total === null) throw new Error("core returned no line count although countTotal was set without a scan budget");
  if (total === 0 && startLine > 1) {
    return failed({ code: "INVALID_PARAM", message: `Invalid start_line: ${startLine}. File ${quoteText(given)} is empty (0 lines); start_line must be 1.` });
  }
  if (startLine > total && total > 0) {
    return failed({
      code: "INVALID_PARAM",
      message: `Invalid start_line: ${startLine}. File ${quoteText(given)} has ${total} lines; start_line must be from 1 to ${total}.`,
    });
  }

  const lines = window.lines.map(shown);
  const last = startLine + lines.length - 1;
  const truncated = window.hasMore;
  const data: ReadData = {
    content: numbered(lines, startLine),
    truncated,
    ...(window.replaced ? { fallback_encoding: "replace" as const } : {}),
  };
  const time_ms = elapsed(call);
  const text =
    total === 0
      ? `Read 0 lines from ${quoteText(given)} (file is empty).`
      : [
          `Read ${lines.length} lines from ${quoteText(given)} (Lines ${startLine}-${last}).`,
          `(Took ${time_ms}ms)`,
          ...(truncated ? [`[Truncated: Showing first ${lines.length} of ${total} lines. Use start_line=${last + 1} to continue.]`] : []),
        ].join("\n");
  const result: ReadResult = {
    status: truncated || window.replaced ? "partial" : "success",
    data,
    text,
    stats: {
      time_ms,
      lines_read: lines.length,
      chars_read: charsOf(lines, window.astral),
      total_lines: total,
      file_size_bytes: stat.size,
      file_mtime_ms: stat.mtimeMs,
      encoding: "utf-8",
    },
    context: { cwd: cwd.relative, params_input: call.input === undefined ? null : call.input, path_resolved: read.value.path.relative },
  };
  return result;
}

function elapsed(call: ReadCall): number {
  return Math.floor(performance.now() - call.started);
}

// Each line as `NNNN | text\n`, numbers padded to four columns.
function numbered(lines: readonly Line[], startLine: number): string {
  let content = "";
  for (let index = 0; index < lines.length; index++) content += `${String(startLine + index).padStart(4)} | ${lines[index]?.text ?? ""}\n`;
  return content;
}

// Carriage returns that end a line are shown as part of its terminator: CRLF is folded by core, and a
// CR left before the LF ("a\r\r\n") or at the end of the file would otherwise end a content line.
function shown(line: Line): Line {
  return line.text.endsWith("\r") ? { ...line, text: line.text.replace(/\r+$/u, "") } : line;
}

// Without the u flag, so that it sees the units of a surrogate pair.
const HIGH_SURROGATE = /[\ud800-\udbff]/;

// Unicode code points of the lines, each terminator (LF, or CRLF folded to LF) counted as one. Decoded
// UTF-8 holds no lone surrogates, so every high surrogate starts a pair that is one code point; a window
// core found no four-byte sequence in has none to look for.
function charsOf(lines: readonly Line[], astral: boolean): number {
  let chars = 0;
  for (const line of lines) {
    chars += line.text.length + (line.terminator === "" ? 0 : 1);
    if (!astral || !HIGH_SURROGATE.test(line.text)) continue;
    for (let index = 0; index < line.text.length; index++) {
      const unit = line.text.charCodeAt(index);
      if (unit >= 0xd800 && unit <= 0xdbff) chars--;
    }
  }
  return chars;
}
