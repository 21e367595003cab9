import type { LineWindow } from "@read/core";

/**
 * The marker after a line cut in part: what is shown, and that its rest cannot be reached by line (a page
 * starts at a line). In the content, as the page has no other field a model reads as text.
 */
export function cutMarker(line: number, shownBytes: number, bound: number): string {
  return ` [... line ${line} is cut here: only its first ${shownBytes} bytes fit in one answer (${bound} bytes as JSON, escapes counted); the rest of this line cannot be read with start_line/max_lines]`;
}

/** One page of a file in the reference's line model: what `read_file` returns besides `path` and the stat. */
export interface Page {
  /** The page's lines joined with `\n`, none after the last. */
  readonly content: string;
  /** Lines in the whole file. */
  readonly lineCount: number;
  /** Lines on this page. */
  readonly returned: number;
  /** More lines follow the page, or its last line was cut. */
  readonly truncated: boolean;
  /** The `start_line` of the next page when lines follow, otherwise `null`. */
  readonly nextStartLine: number | null;
}

/** A UTF-8 byte order mark's size: a file of exactly these bytes has no text at all once it is dropped. */
const BOM_BYTES = 3;

/**
 * The page `startLine` .. `startLine + maxLines - 1` in the line model of spec 002 §5 as its reference
 * (agent-tools-ts `toLines`) applies it: the text, its one leading BOM dropped, CRLF normalised to LF,
 * split on `\n`. A final newline therefore starts a last, empty line (`"a\nb\n"` has 3 lines, `""` 0,
 * `"\n"` 2, and `"a\r\r\n"` keeps the first `\r`: `"a\r"` and `""`), and joining the pages with `\n`
 * gives back the normalised text exactly. Core's window (one line per terminator, a final terminator
 * making no line) gives this model without a second read: the empty line after a final line feed is
 * added when the window reaches it. `window` must come from a read with `countTotal` (its count and its
 * final newline known).
 */
export function buildPage(window: LineWindow, startLine: number, maxLines: number, bound: number): Page {
  const { totalLines, finalNewline, lines } = window;
  if (totalLines === null || finalNewline === null) throw new Error("buildPage needs a window read to the end of the file (countTotal)");
  const lineCount = window.bom && window.bytesScanned === BOM_BYTES ? 0 : totalLines + (finalNewline ? 1 : 0);
  if (startLine > lineCount) return { content: "", lineCount, returned: 0, truncated: false, nextStartLine: null };
  // The empty last line: the window reached the line feed that ends the file, and the page has room for it.
  // Not after a line cut in part: the page ends with the cut.
  const emptyLast = finalNewline && window.cut === null && startLine - 1 + lines.length === totalLines && lines.length < maxLines;
  const returned = lines.length + (emptyLast ? 1 : 0);
  const more = startLine - 1 + returned < lineCount;
  const text = pageText(window, emptyLast);
  const last = lines.at(-1);
  const content = window.cut?.partial === true && last !== undefined ? `${text}${cutMarker(startLine, Buffer.byteLength(last.text), bound)}` : text;
  return { content, lineCount, returned, truncated: more || window.cut !== null, nextStartLine: more ? startLine + returned : null };
}

// The lines joined with `\n`, taken from the window's text rather than joined again: its line ends made LF
// (under LF line breaks every CRLF in it is a line end), the BOM dropped from line 1, and the last line's
// end dropped unless the empty line after it is on the page (it ends the text, as joining it would).
function pageText(window: LineWindow, emptyLast: boolean): string {
  const { lines } = window;
  let text = window.text;
  if (lines.some((line) => line.terminator === "\r\n")) text = text.replaceAll("\r\n", "\n");
  const start = window.bom && window.firstLine === 1 && lines.length > 0 ? 1 : 0;
  const end = !emptyLast && (lines.at(-1)?.terminator ?? "") !== "" ? text.length - 1 : text.length;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}
