import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createWorkspace, readTextWindow, type BaseToolOptions, type Line, type ReadTool, type Workspace } from "@read/core";
import { configSchema, type EnvelopeOptions } from "./config-schema.js";
import { TOOL_NAME, definition } from "./definition.js";
import { mapFailure } from "./map-failure.js";
import { outputSchema, type EnvelopeError, type EnvelopeOutput, type ReadData, type ReadFailure, type ReadResult } from "./output.js";
import { parseInput } from "./parse-input.js";

/** Bytes from the start of a file searched for a NUL byte (spec 001 §5.4: the first 8 KB). */
export const SNIFF_BYTES = 8192;

/** Options of {@link createTool}: the workspace root, and the `[envelope]` table's keys. */
export type EnvelopeToolOptions = BaseToolOptions & Partial<EnvelopeOptions>;

/**
 * Creates spec 001's `Read` tool on a project root. Throws when the root does not exist or an option is
 * invalid (an unknown key, a `cwd` that is not a directory inside the root); `call` itself never rejects
 * for bad input or a failed read.
 */
export function createTool(options: EnvelopeToolOptions): ReadTool<EnvelopeOutput> {
  // This profile reads nothing outside the root, so it never asks a person: `requester` is not used.
  const { root, requester: _requester, ...own } = options;
  const parsed = configSchema.safeParse(own);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue === undefined ? "" : issue.code === "unrecognized_keys" ? issue.keys.join("', '") : issue.path.join(".");
    throw new Error(`envelope: invalid option '${key}': ${issue?.message ?? "invalid value"}`);
  }
  const opened = createWorkspace(root);
  if (!opened.ok) throw new Error(`envelope: ${opened.failure.message}`);
  const workspace = opened.value;
  const cwd = resolveCwd(workspace, parsed.data.cwd);
  const maxWindowBytes = parsed.data.max_window_bytes;
  const maxFileBytes = parsed.data.max_file_bytes;

  const call = (input: unknown): EnvelopeOutput => {
    const started = performance.now();
    const elapsed = () => Math.floor(performance.now() - started);
    const params_input = input === undefined ? null : input;
    const failed = (error: EnvelopeError): ReadFailure => ({
      status: "error",
      data: null,
      text: error.message,
      stats: { time_ms: elapsed() },
      context: { cwd: cwd.relative, params_input },
      error,
    });

    const valid = parseInput(input);
    if (!valid.ok) return failed({ code: "INVALID_PARAM", message: valid.message });
    const { path: given, start_line: startLine, limit } = valid.value;
    const target = cwd.relative === "." || path.isAbsolute(given) ? given : `${cwd.absolute}${path.sep}${given}`;
    const read = readTextWindow(workspace, target, {
      window: { from: "start", startLine, maxLines: limit },
      countTotal: true,
      decode: "replace",
      sniffBytes: SNIFF_BYTES,
      maxWindowBytes,
      maxFileBytes,
    });
    if (!read.ok) return failed(mapFailure(read.failure, { path: given, startLine, limit }));

    const { window, stat } = read.value;
    const total = window.totalLines;
    if (total === null) throw new Error("core returned no line count although countTotal was set without a scan budget");
    if (total === 0 && startLine > 1) {
      return failed({
        code: "INVALID_PARAM",
        message: `Invalid start_line: ${startLine}. File '${given}' is empty (0 lines); start_line must be 1.`,
      });
    }
    if (startLine > total && total > 0) {
      return failed({
        code: "INVALID_PARAM",
        message: `Invalid start_line: ${startLine}. File '${given}' has ${total} lines; start_line must be from 1 to ${total}.`,
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
    const time_ms = elapsed();
    const text =
      total === 0
        ? `Read 0 lines from '${given}' (file is empty).`
        : [
            `Read ${lines.length} lines from '${given}' (Lines ${startLine}-${last}).`,
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
      context: { cwd: cwd.relative, params_input, path_resolved: read.value.path.relative },
    };
    return result;
  };

  return {
    name: TOOL_NAME,
    aliases: [],
    definition,
    outputSchema,
    call: async (input) => call(input),
    isError: (output) => output.status === "error",
    render,
  };
}

// Each line as `NNNN | text\n`, numbers padded to four columns.
function numbered(lines: readonly Line[], startLine: number): string {
  let content = "";
  for (let index = 0; index < lines.length; index++) content += `${String(startLine + index).padStart(4)} | ${lines[index]?.text ?? ""}\n`;
  return content;
}

/** The human-readable view of an output: the numbered lines, then `text`; for an error, its code and message. */
function render(output: EnvelopeOutput): string {
  if (output.status === "error") return `${output.error.code}: ${output.error.message}`;
  return `${output.data.content}${output.text}`;
}

function resolveCwd(workspace: Workspace, cwd: string): { readonly absolute: string; readonly relative: string } {
  const resolved = workspace.resolve(cwd);
  if (!resolved.ok) throw new Error(`envelope: option 'cwd' (${JSON.stringify(cwd)}): ${resolved.failure.message}`);
  if (!resolved.value.inside) throw new Error(`envelope: option 'cwd' (${JSON.stringify(cwd)}) must be inside the project root`);
  if (!fs.statSync(resolved.value.absolute).isDirectory()) {
    throw new Error(`envelope: option 'cwd' (${JSON.stringify(cwd)}) must be a directory inside the project root`);
  }
  return { absolute: resolved.value.absolute, relative: resolved.value.relative };
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
