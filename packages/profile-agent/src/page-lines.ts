import { ok, quoteText, type Result, type Steps } from "@read/core";
import type { AgentConfig } from "./config-schema.js";
import type { ReadInput } from "./input-schema.js";
import type { LineSource, LineText } from "./line-source.js";
import { CONFIG_TABLE } from "./map-failure.js";
import { readError, type ReadError } from "./output.js";
import { PageBuilder, type Next } from "./page-builder.js";

/** A window of the source as the input asks for it. */
interface Window {
  readonly startLine: number;
  readonly limit: number;
  readonly column: number;
}

/** A page of lines built from the windows asked for, and where the next read starts (`null`: at the end). */
export interface LinePage {
  readonly page: PageBuilder;
  readonly next: Next | null;
  /**
   * Some of what was asked for is not shown (AGENT-OUT-06): `next` is not `null`, a line was cut, or a
   * `tail` over `max_lines` left out the first lines it asked for.
   */
  readonly truncated: boolean;
}

/**
 * Builds the page an input's line windows (`start_line`/`limit`/`column`, `tail`, `ranges`, `max_tokens`)
 * ask for from `source`: a text file's lines or a document's rendered text. `path` names the file in errors.
 */
export function* pageLinesSteps(source: LineSource, input: ReadInput, config: AgentConfig, path: string): Steps<Result<LinePage | ReadError>> {
  const windows = windowsOf(input, source.totalLines, config, path);
  if ("error" in windows) return ok(windows);
  const page = new PageBuilder({ maxLines: config.max_lines, maxBytes: config.max_content_bytes, maxLineChars: config.max_line_chars, maxTokens: input.max_tokens });
  let next: Next | null = null;
  for (const [index, window] of windows.entries()) {
    const filled = yield* fill(page, source, window, config);
    if (!filled.ok) return filled;
    if (filled.value === "column-past-end") {
      return ok(readError("COLUMN_OUT_OF_RANGE", `\`column\` ${window.column} is past the end of line ${window.startLine} of ${quoteText(path)}: a column is at most the line's length + 1. Read the line from its start (without \`column\`).`));
    }
    if (filled.value === "past-end") return ok(pastEnd(window.startLine, null, input.ranges !== undefined));
    if (filled.value === "changed") return ok(readError("READ_FAILED", `${quoteText(path)} changed while it was read (it is shorter than when its lines were counted). Read it again.`));
    if (page.stoppedAt !== null) {
      next = page.stoppedAt;
      if (index < windows.length - 1) page.notice("ranges after this one were not read: ask for them again");
      break;
    }
    if (index === windows.length - 1 && filled.value === "more" && page.last !== null) next = { start_line: page.last + 1 };
  }
  const tailLeftOut = input.tail !== undefined && Math.min(input.tail, source.totalLines ?? 0) > config.max_lines;
  return ok({ page, next, truncated: next !== null || page.cutLines || tailLeftOut });
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
    const { first, lines, lastComplete } = got.value;
    if (lines.length === 0) {
      if (got.value.more) {
        page.stop({ start_line: line });
        return ok("more");
      }
      if (line > window.startLine || window.startLine === 1) return ok("end");
      // The count said the line exists: the file was cut short after it was counted.
      return ok(source.totalLines === null ? "past-end" : "changed");
    }
    const whole = lastComplete ? lines.length : lines.length - 1;
    if (!page.addLines(got.value, whole)) return ok("more");
    if (whole < lines.length && !page.add({ number: first + whole, text: (lines[whole] as LineText).text, complete: false })) return ok("more");
    line = first + lines.length;
    more = got.value.more;
    if (!more) break;
  }
  return ok(more ? "more" : "end");
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

