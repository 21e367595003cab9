import { ok, readLinesSteps, type Line, type OpenFile, type Result, type Steps } from "@read/core";
import { checkpointBefore, type ColumnCheckpoints } from "./column-checkpoints.js";
import { skipCharacters } from "./utf8-characters.js";

/** A line (or the rest of one, from a column) as a page is built from it. */
export interface SourceLine {
  readonly number: number;
  /** The text, without its terminator or a byte order mark. */
  readonly text: string;
  /** `text` runs to the line's end; `false` when the read stopped inside the line. */
  readonly complete: boolean;
}

/** A line's text, without its terminator or a byte order mark. */
export interface LineText {
  readonly text: string;
}

/** Consecutive lines of a source, and whether more follow them. */
export interface SourceLines {
  /** The number of the first of {@link lines}. */
  readonly first: number;
  readonly lines: readonly LineText[];
  /** The last of {@link lines} runs to its line's end; `false` when the read stopped inside it. */
  readonly lastComplete: boolean;
  /**
   * The texts of {@link lines} joined by line feeds, as pieces (their concatenation), when the source holds
   * them so already (no copy made): a page counts and scans a run of lines a piece at a time, never as one
   * string. Decoded from bytes, they hold no lone surrogate.
   */
  readonly joined: readonly string[] | undefined;
  /** Lines of the file follow the last of {@link lines} (or start at the asked line, when none was returned). */
  readonly more: boolean;
}

/** Where a page's lines come from: the file through core's windows, or its text decoded whole. */
export interface LineSource {
  /** The file's lines; `null` when they were not all counted (a file over `max_scan_bytes`). */
  readonly totalLines: number | null;
  /** At most `maxLines` lines from `startLine`, reading at most `maxBytes` bytes of them (at least part of the first). */
  lines(startLine: number, maxLines: number, maxBytes: number): Steps<Result<SourceLines>>;
  /**
   * The rest of line `number` from its `column`th character (1-based, in code points), at least
   * `maxChars + 1` characters of it when the line has them; `null` when the line has fewer than
   * `column - 1` characters.
   */
  fromColumn(number: number, column: number, maxChars: number): Steps<Result<SourceLine | null>>;
}

const BOM = "\uFEFF";
const LF = 0x0a;
const CR = 0x0d;

// The window's pieces without its byte order mark and the line feed after its last line.
function joinedPieces(pieces: readonly string[], bom: boolean): string[] {
  const joined = pieces.slice();
  if (bom) joined[0] = (joined[0] as string).slice(1);
  const last = joined.length - 1;
  if ((joined[last] as string).endsWith("\n")) joined[last] = (joined[last] as string).slice(0, -1);
  return joined;
}

/**
 * The lines of a UTF-8 file through core's forward windows (`readLinesSteps`, cut to `maxBytes`): memory
 * follows the page, never the file. A column is found from the scan's nearest checkpoint on its line (or
 * the line's start) by counting the characters that start in the bytes after it (a byte that is not a UTF-8
 * continuation byte): at most two checkpoint intervals are walked, however deep the column.
 */
export function utf8Source(file: OpenFile, totalLines: number | null, bomBytes: number, checkpoints: ColumnCheckpoints): LineSource {
  return {
    totalLines,
    *lines(startLine, maxLines, maxBytes) {
      const read = yield* readLinesSteps(file, {
        window: { from: "start", startLine, maxLines },
        countTotal: false,
        decode: "replace",
        maxWindowBytes: Math.max(0, maxBytes),
        overflow: "cut",
      });
      if (!read.ok) return read;
      const { lines, text, textPieces, cut, hasMore } = read.value;
      // The window's text is read in its pieces: searched or cut as one string, it would be copied into one.
      const pieces = textPieces ?? [text];
      const bom = startLine === 1 && bomBytes > 0 && (pieces[0] ?? "").startsWith(BOM);
      // Without a CR, the window's text is its lines' texts joined by line feeds (and one after the last).
      const joined = pieces.every((piece) => piece.indexOf("\r") === -1) ? joinedPieces(pieces, bom) : undefined;
      return ok({
        first: startLine,
        lines: bom ? [{ text: (lines[0] as Line).text.slice(1) }, ...lines.slice(1)] : lines,
        lastComplete: cut?.partial !== true,
        joined,
        more: hasMore,
      });
    },
    *fromColumn(number, column, maxChars) {
      let found: number | "end" | null;
      const checkpoint = checkpointBefore(checkpoints, number, column - 1);
      if (checkpoint !== undefined) {
        found = yield* characterAfter(file, checkpoint.offset, column - 1 - checkpoint.characters);
      } else {
        const start = yield* readLinesSteps(file, { window: { from: "start", startLine: number, maxLines: 1 }, countTotal: false, decode: "replace", maxWindowBytes: 0, overflow: "cut" });
        if (!start.ok) return start;
        if (start.value.cut === null) return ok(null);
        found = yield* characterAfter(file, start.value.cut.offset + (number === 1 ? bomBytes : 0), column - 1);
      }
      if (found === null) return ok(null);
      if (found === "end") return ok({ number, text: "", complete: true });
      // Enough bytes for maxChars + 1 characters (at most 4 bytes each), or up to the line's end.
      const wanted = (maxChars + 1) * 4;
      const taken: Buffer[] = [];
      let length = 0;
      let complete = false;
      let lineFeed = false;
      while (length < wanted) {
        const { buffer, bytes } = yield* file.reader.chunk(found + length);
        if (bytes === 0) {
          complete = true;
          break;
        }
        const view = buffer.subarray(0, Math.min(bytes, wanted - length));
        const end = view.indexOf(LF);
        taken.push(Buffer.from(end === -1 ? view : view.subarray(0, end)));
        if (end !== -1) {
          complete = lineFeed = true;
          break;
        }
        length += view.length;
      }
      let text = new TextDecoder("utf-8").decode(Buffer.concat(taken), { stream: !complete });
      // A CR before the line feed is part of the terminator; one at the end of the file is text, as core has it.
      if (lineFeed && text.endsWith("\r")) text = text.slice(0, -1);
      return ok({ number, text, complete });
    },
  };
}

/**
 * From `from` (inside a line, possibly inside a character), skips `skip` characters of the line: the byte
 * where the next one starts, `"end"` when the line ends exactly there (the column one past its end), or
 * `null` when it ends before. Each chunk up to the line feed (found natively) is skipped in one step where
 * it is ASCII, and otherwise a block at a time (`skipCharacters`).
 */
function* characterAfter(file: OpenFile, from: number, skip: number): Steps<number | "end" | null> {
  let position = from;
  let left = skip;
  for (;;) {
    const { buffer, bytes } = yield* file.reader.chunk(position);
    if (bytes === 0) return left === 0 ? "end" : null;
    const lf = buffer.subarray(0, bytes).indexOf(LF);
    const end = lf === -1 ? bytes : lf;
    // A CR before the line feed ends the line with it; a CR as the chunk's last byte is decided by the next one.
    const crLast = end > 0 && buffer[end - 1] === CR;
    const skipped = skipCharacters(buffer.subarray(0, crLast ? end - 1 : end), left);
    if (skipped.at !== -1) return position + skipped.at;
    left = skipped.left;
    if (lf !== -1) return left === 0 ? "end" : null;
    if (crLast) {
      const next = yield* file.reader.chunk(position + bytes, 1);
      if (next.bytes > 0 && next.buffer[0] === LF) return left === 0 ? "end" : null;
      if (left === 0) return position + bytes - 1;
      left--;
    }
    position += bytes;
  }
}

/**
 * The lines of a file decoded whole (UTF-16, a legacy encoding): split at LF and CRLF, a lone CR being
 * text, as core splits UTF-8.
 */
export function decodedSource(text: string): LineSource {
  const lines = text === "" ? [] : text.split(/\r?\n/);
  if (lines.length > 0 && lines.at(-1) === "" && text.endsWith("\n")) lines.pop();
  return {
    totalLines: lines.length,
    *lines(startLine, maxLines) {
      const end = startLine - 1 + maxLines;
      return ok({ first: startLine, lines: lines.slice(startLine - 1, end).map((text) => ({ text })), lastComplete: true, joined: undefined, more: end < lines.length });
    },
    *fromColumn(number, column) {
      const line = lines[number - 1];
      if (line === undefined) return ok(null);
      // The UTF-16 index of the column's character, counted without copying the line.
      let index = 0;
      for (let skip = column - 1; skip > 0; skip--) {
        if (index >= line.length) return ok(null);
        index += (line.codePointAt(index) ?? 0) > 0xffff ? 2 : 1;
      }
      return ok({ number, text: line.slice(index), complete: true });
    },
  };
}
