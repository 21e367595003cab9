import {
  ok,
  quoteText,
  readHeadSteps,
  settleSteps,
  withOpenFileSteps,
  type OpenFile,
  type Result,
  type SecretScanner,
  type SensitiveRule,
  type Steps,
  type Workspace,
} from "@read/core";
import type { AgentConfig } from "./config-schema.js";
import { decodeWhole, detectEncoding } from "./detect-encoding.js";
import type { ReadInput } from "./input-schema.js";
import { decodedSource, utf8Source, type LineSource } from "./line-source.js";
import { CONFIG_TABLE, mapFailure } from "./map-failure.js";
import { readError, type LineEndings, type ReadError, type ReadOutput } from "./output.js";
import { PageBuilder } from "./page-builder.js";
import { redactContentSteps } from "./redact-content.js";
import { cachedScan, rememberScan } from "./scan-cache.js";
import { countTerminators, scanFileSteps, type TerminatorCounts } from "./scan-file.js";

/** What bounds a read besides its input: the caller's signal and the secrets policy. */
export interface ReadGuards {
  readonly signal?: AbortSignal | undefined;
  readonly sensitive?: readonly SensitiveRule[];
  /** The secrets policy's content check: secrets in the returned content are redacted. */
  readonly redact?: SecretScanner | undefined;
}

/** A window of the file as the input asks for it. */
interface Window {
  readonly startLine: number;
  readonly limit: number;
  readonly column: number;
}

/**
 * One call of `read` on a validated input: core opens the file (contained in the root, the secrets policy
 * applied, never blocking), one pass over its bytes gives its version and line endings, a conditional read
 * of an unchanged file ends there, and otherwise the page is built from the windows asked for. All of it is
 * one run of steps: a small file is read and closed before the promise is returned.
 */
export function readFile(workspace: Workspace, input: ReadInput, config: AgentConfig, guards: ReadGuards = {}): Promise<ReadOutput> {
  return settleSteps(readSteps(workspace, input, config, guards));
}

function* readSteps(workspace: Workspace, input: ReadInput, config: AgentConfig, guards: ReadGuards): Steps<ReadOutput> {
  const result = yield* withOpenFileSteps(workspace, input.path, guards, (file) => readOpen(file, input, config, guards.redact));
  return result.ok ? result.value : mapFailure(result.failure, input.path);
}

function* readOpen(file: OpenFile, input: ReadInput, config: AgentConfig, redact: SecretScanner | undefined): Steps<Result<ReadOutput>> {
  const first = yield* file.reader.chunk(0);
  const head = Buffer.from(first.buffer.subarray(0, first.bytes));
  let scan = file.stat.size <= config.max_scan_bytes ? cachedScan(file) : undefined;
  if (scan === undefined) {
    const scanned = yield* scanFileSteps(file, config.max_scan_bytes);
    if (!scanned.ok) return scanned;
    scan = scanned.value;
    rememberScan(file, scan);
  }
  const { version } = scan;
  if (input.if_version !== undefined && version !== null && input.if_version === version) return ok({ path: file.path.relative, version, unchanged: true as const });
  const verdict = detectEncoding(head, !scan.complete || scan.size > head.length);
  if (verdict.kind === "binary") {
    return ok(readError("BINARY_FILE", `${quoteText(file.path.input)} is a binary file (a NUL byte in its first 8 KiB, and no UTF-16 byte order mark); read returns text only.`));
  }
  let source: LineSource;
  let terminators = scan.terminators;
  if (verdict.encoding === "utf-8") {
    source = utf8Source(file, scan.complete ? countLines(terminators, scan.size, scan.finalLf, verdict.bomBytes) : null, verdict.bomBytes, scan.columns);
  } else {
    const whole = yield* readHeadSteps(file, config.max_decoded_bytes);
    if (!whole.ok) return whole;
    if (whole.value.truncated) {
      return ok(
        readError(
          "TOO_LARGE",
          `${quoteText(file.path.input)} is over max_decoded_bytes (${config.max_decoded_bytes}) in ${CONFIG_TABLE}, and read decodes a ${verdict.encoding} file whole. Convert it to UTF-8 (iconv -f ${verdict.encoding} -t utf-8), or raise max_decoded_bytes in your own configuration.`,
        ),
      );
    }
    const text = decodeWhole(whole.value.bytes.subarray(verdict.bomBytes), verdict.encoding);
    if (verdict.encoding === "utf-16le" || verdict.encoding === "utf-16be") terminators = countTerminators(text);
    source = decodedSource(text);
  }
  const windows = windowsOf(input, source.totalLines, config, file.path.input);
  if ("error" in windows) return ok(windows);
  const page = new PageBuilder({ maxLines: config.max_lines, maxBytes: config.max_content_bytes, maxLineChars: config.max_line_chars, maxTokens: input.max_tokens });
  let next: { start_line: number; column?: number } | null = null;
  for (const [index, window] of windows.entries()) {
    const filled = yield* fill(page, source, window, config);
    if (!filled.ok) return filled;
    if (filled.value === "column-past-end") {
      return ok(readError("COLUMN_OUT_OF_RANGE", `\`column\` ${window.column} is past the end of line ${window.startLine} of ${quoteText(file.path.input)}: a column is at most the line's length + 1. Read the line from its start (without \`column\`).`));
    }
    if (filled.value === "past-end") return ok(pastEnd(window.startLine, null, input.ranges !== undefined));
    if (filled.value === "changed") return ok(readError("READ_FAILED", `${quoteText(file.path.input)} changed while it was read (it is shorter than when its lines were counted). Read it again.`));
    if (page.stoppedAt !== null) {
      next = page.stoppedAt;
      if (index < windows.length - 1) page.notice("ranges after this one were not read: ask for them again");
      break;
    }
    if (index === windows.length - 1 && filled.value === "more" && page.last !== null) next = { start_line: page.last + 1 };
  }
  const content = redact === undefined ? page.content() : yield* redactContentSteps(page.content(), redact, file.path.absolute);
  return ok({
    path: file.path.relative,
    content,
    start_line: page.first,
    end_line: page.last,
    total_lines: source.totalLines,
    truncated: next !== null || page.cutLines,
    next,
    version,
    encoding: verdict.encoding,
    ...(verdict.confidence === undefined ? {} : { encoding_confidence: verdict.confidence }),
    bom: verdict.bom,
    line_endings: lineEndingsOf(terminators),
  });
}

/**
 * Adds one window's lines to the page, fetching them in pieces no larger than the page's room: `more`
 * when lines of the file follow the window's last line, `end` when none does, `past-end` when the window
 * starts after the last line (known only now for a file whose lines were not counted), `changed` when
 * a line the count found is gone (the file shrank while it was read).
 */
function* fill(page: PageBuilder, source: LineSource, window: Window, config: AgentConfig): Steps<Result<"more" | "end" | "past-end" | "column-past-end" | "changed">> {
  let line = window.startLine;
  const asked = window.startLine + window.limit - 1;
  const last = source.totalLines === null ? asked : Math.min(asked, source.totalLines);
  let more = source.totalLines === null ? true : last < source.totalLines;
  if (window.column > 1) {
    const rest = yield* source.fromColumn(line, window.column, config.max_line_chars);
    if (!rest.ok) return rest;
    if (rest.value === null) return ok(source.totalLines === null || line <= source.totalLines ? "column-past-end" : "past-end");
    if (!page.add(rest.value, window.column)) return ok("more");
    line++;
  }
  while (line <= last) {
    const got = yield* source.lines(line, Math.min(last - line + 1, page.linesLeft), page.bytesLeft);
    if (!got.ok) return got;
    const { lines } = got.value;
    if (lines.length === 0) {
      if (got.value.more) {
        page.stop({ start_line: line });
        return ok("more");
      }
      if (line > window.startLine || window.startLine === 1) return ok("end");
      // The count said the line exists: the file was cut short after it was counted.
      return ok(source.totalLines === null ? "past-end" : "changed");
    }
    for (const each of lines) {
      if (!page.add(each)) return ok("more");
      line = each.number + 1;
    }
    more = got.value.more;
    if (!more) break;
  }
  return ok(more ? "more" : "end");
}

// A file's lines: its line feeds, and one more when bytes follow the last of them.
function countLines(terminators: TerminatorCounts, size: number, finalLf: boolean, bomBytes: number): number {
  return terminators.lf + terminators.crlf + (size > bomBytes && !finalLf ? 1 : 0);
}

function pastEnd(startLine: number, totalLines: number | null, ranges: boolean): ReadError {
  const which = ranges ? "a range's `start_line`" : "`start_line`";
  const count = totalLines === null ? "the file has fewer lines" : `the file has ${totalLines} line${totalLines === 1 ? "" : "s"}`;
  const how = totalLines === null ? "Read from an earlier line" : `Read from a line up to ${Math.max(totalLines, 1)}, or use \`tail\``;
  return readError("LINE_OUT_OF_RANGE", `${which} ${startLine} is after the last line: ${count}. ${how}.`);
}

function windowsOf(input: ReadInput, totalLines: number | null, config: AgentConfig, path: string): readonly Window[] | ReadError {
  if (input.tail !== undefined) {
    if (totalLines === null) {
      return readError(
        "TOO_LARGE",
        `${quoteText(path)} is over max_scan_bytes (${config.max_scan_bytes}) in ${CONFIG_TABLE}, so its lines are not counted and \`tail\` cannot number its last lines. Read it by \`start_line\`, or raise max_scan_bytes in your own configuration.`,
      );
    }
    const lines = Math.min(input.tail, config.max_lines);
    return [{ startLine: Math.max(1, totalLines - lines + 1), limit: lines, column: 1 }];
  }
  // A single window's limit is capped at the line bound, so a page of as many lines as asked ends as the default one does.
  const asked = input.ranges ?? [{ start_line: input.start_line ?? 1, limit: Math.min(input.limit ?? config.max_lines, config.max_lines) }];
  const windows = asked
    .map((range) => ({ startLine: range.start_line, limit: range.limit ?? config.max_lines, column: 1 }))
    .sort((a, b) => a.startLine - b.startLine);
  const beyond = totalLines === null ? undefined : windows.find((window) => window.startLine > Math.max(totalLines, 1));
  if (beyond !== undefined) return pastEnd(beyond.startLine, totalLines, input.ranges !== undefined);
  const merged: Window[] = [];
  for (const window of windows) {
    const previous = merged.at(-1);
    if (previous !== undefined && window.startLine <= previous.startLine + previous.limit) {
      merged[merged.length - 1] = { ...previous, limit: Math.max(previous.limit, window.startLine + window.limit - previous.startLine) };
    } else merged.push(window);
  }
  if (input.column !== undefined && merged[0] !== undefined) merged[0] = { ...merged[0], column: input.column };
  return merged;
}

function lineEndingsOf({ lf, crlf, cr }: TerminatorCounts): LineEndings {
  const kinds = (lf > 0 ? 1 : 0) + (crlf > 0 ? 1 : 0) + (cr > 0 ? 1 : 0);
  if (kinds === 0) return "none";
  if (kinds > 1) return "mixed";
  return lf > 0 ? "lf" : crlf > 0 ? "crlf" : "cr";
}
