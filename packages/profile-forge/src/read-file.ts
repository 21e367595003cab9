import {
  checkSize,
  ok,
  quoteText,
  readHeadSteps,
  readLinesSteps,
  settleSteps,
  sniffBinarySteps,
  withOpenFileSteps,
  type LineWindow,
  type OpenFile,
  type Result,
  type SecretScanner,
  type SensitiveRule,
  type Steps,
  type Workspace,
} from "@read/core";
import type { ForgeConfig } from "./config-schema.js";
import { formatView } from "./format-view.js";
import { mapFailure } from "./map-failure.js";
import { readError, type ReadOutput, type ReadSuccess } from "./output.js";
import { listOf, type ReadPlan } from "./plan-read.js";
import { windowNotice } from "./window-notice.js";

/** FR-RD-05: a file is binary when a NUL byte occurs in its first 8 KiB. */
export const BINARY_SNIFF_BYTES = 8192;

const BOM = "\uFEFF";

/** What bounds a read besides its plan: the caller's signal and the sandbox's rules. */
export interface ReadGuards {
  readonly signal?: AbortSignal | undefined;
  readonly sensitive?: readonly SensitiveRule[];
  /** The secrets policy's content check: secrets in the returned text are redacted. */
  readonly redact?: SecretScanner | undefined;
}

/**
 * Runs one planned read in `workspace` (sandboxed by core: NFR-RD-SEC-01) and returns the output the
 * model receives: a text view, a base64 payload, or an error. The sniff and the read are one run of
 * steps: a file whose bytes come from synchronous reads is read and closed before the promise is returned.
 */
export function readFile(
  workspace: Workspace,
  plan: ReadPlan,
  config: ForgeConfig,
  guards: ReadGuards = {},
): Promise<ReadOutput> {
  return settleSteps(readSteps(workspace, plan, config, guards));
}

function* readSteps(workspace: Workspace, plan: ReadPlan, config: ForgeConfig, guards: ReadGuards): Steps<ReadOutput> {
  const result = yield* withOpenFileSteps(workspace, plan.path, guards, (file) => readOpen(file, plan, config, guards.redact));
  return result.ok ? result.value : mapFailure(result.failure, { path: plan.path });
}

function* readOpen(file: OpenFile, plan: ReadPlan, config: ForgeConfig, redact: SecretScanner | undefined): Steps<Result<ReadOutput>> {
  const binary = yield* sniffBinarySteps(file, BINARY_SNIFF_BYTES);
  if (!binary.ok) return binary;
  if (binary.value) return yield* readBinary(file, plan, config);
  const window = yield* readWindow(file, plan, config, redact);
  if (!window.ok) return window;
  return ok(textOutput(file, plan, window.value, config));
}

function* readBinary(file: OpenFile, plan: ReadPlan, config: ForgeConfig): Steps<Result<ReadOutput>> {
  if (plan.kind !== "whole") {
    const given = plan.kind === "tail" ? ["tail"] : plan.given;
    return ok(
      readError(
        "RANGE_ON_BINARY",
        `Line ranges are not supported for binary files: ${quoteText(file.path.input)} has a NUL byte in its first ${BINARY_SNIFF_BYTES} bytes, so it has no lines and ${listOf(given)} cannot be used on it. Read it without them to get its bytes base64-encoded (at most max_file_read_bytes = ${config.max_file_read_bytes}).`,
      ),
    );
  }
  const head = yield* readHeadSteps(file, config.max_file_read_bytes);
  if (!head.ok) return head;
  return ok({
    path: file.path.relative,
    content: head.value.bytes.toString("base64"),
    binary: true,
    line_numbers: false,
    start_line: null,
    end_line: null,
    total_lines: null,
    truncated: head.value.truncated,
    next_start_line: null,
    size_bytes: file.stat.size,
  });
}

function* readWindow(file: OpenFile, plan: ReadPlan, config: ForgeConfig, redact: SecretScanner | undefined): Steps<Result<LineWindow>> {
  // Each call's options are written out whole: built by spreading a shared object into them, they made
  // the 4 KiB call 12-15% slower (measured alternating both builds in one process).
  const maxWindowBytes = config.max_file_read_bytes;
  const maxAnswerBytes = config.max_answer_bytes;
  switch (plan.kind) {
    case "whole": {
      // Only max_file_read_bytes bounds a whole-file read, as in forge: it is no line-based scan.
      const size = checkSize(file, config.max_file_read_bytes);
      if (!size.ok) return size;
      const window = { from: "start", startLine: 1, maxLines: null } as const;
      const answerLineBytes = prefixBytes(plan, file.stat.size + 1);
      return yield* readLinesSteps(file, { countTotal: true, decode: "replace", maxWindowBytes, maxAnswerBytes, answerLineBytes, window, maxFileBytes: config.max_file_read_bytes, redact });
    }
    // Ranges and tails return what fits: never an error a smaller request could not avoid.
    case "lines": {
      const window = { from: "start", startLine: plan.startLine, maxLines: plan.maxLines } as const;
      // A window holds no more lines than bytes.
      const answerLineBytes = prefixBytes(plan, plan.startLine + Math.min(file.stat.size, maxWindowBytes));
      return yield* readLinesSteps(file, { countTotal: true, decode: "replace", maxWindowBytes, maxAnswerBytes, answerLineBytes, overflow: "cut", window, maxScanBytes: config.max_scan_bytes, redact });
    }
    case "tail": {
      const window = { from: "end", lines: plan.lines } as const;
      const answerLineBytes = prefixBytes(plan, file.stat.size + 1);
      return yield* readLinesSteps(file, { countTotal: true, decode: "replace", maxWindowBytes, maxAnswerBytes, answerLineBytes, overflow: "cut", window, maxScanBytes: config.max_scan_bytes, redact });
    }
  }
}

// The bytes the numbered view adds to a line (`NNN| `), its numbers being at most `largest`.
function prefixBytes(plan: ReadPlan, largest: number): number {
  return plan.showNumbers ? String(largest).length + 2 : 0;
}

function textOutput(file: OpenFile, plan: ReadPlan, window: LineWindow, config: ForgeConfig): ReadSuccess {
  const lines = window.bom ? withoutBom(window.lines) : window.lines;
  const first = lines[0]?.number ?? null;
  const last = lines.at(-1)?.number ?? null;
  const known = lines.length === 0 || first !== null;
  const numbered = plan.showNumbers && known;
  // Raw (unnumbered): the lines exactly as the file has them, terminators included, as forge returns
  // unnumbered content: the window's text, less the BOM when withoutBom dropped it from line 1.
  const view = numbered ? formatView(lines) : lines === window.lines ? window.text : window.text.slice(BOM.length);
  const notice = windowNotice(plan, window, lines, config);
  const content = notice === undefined ? view : notice.at === "start" ? `${notice.text}\n${view}` : `${view}${view === "" || view.endsWith("\n") ? "" : "\n"}${notice.text}`;
  return {
    path: file.path.relative,
    content,
    binary: false,
    line_numbers: numbered,
    start_line: first,
    end_line: last,
    total_lines: window.totalLines,
    truncated: window.hasMore || window.cut !== null,
    next_start_line: window.nextLine,
    size_bytes: file.stat.size,
  };
}

// The byte order mark is an encoding mark, not text the model could quote back.
function withoutBom(lines: LineWindow["lines"]): LineWindow["lines"] {
  const [first, ...rest] = lines;
  if (first === undefined || first.number !== 1 || !first.text.startsWith(BOM)) return lines;
  return [{ ...first, text: first.text.slice(BOM.length) }, ...rest];
}
