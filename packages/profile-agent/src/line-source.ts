import { ok, readLinesSteps, type OpenFile, type Result, type Steps } from "@read/core";

/** A line (or the rest of one, from a column) as a page is built from it. */
export interface SourceLine {
  readonly number: number;
  /** The text, without its terminator or a byte order mark. */
  readonly text: string;
  /** `text` runs to the line's end; `false` when the read stopped inside the line. */
  readonly complete: boolean;
}

/** Lines of a source, and whether more follow them. */
export interface SourceLines {
  readonly lines: readonly SourceLine[];
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

/**
 * The lines of a UTF-8 file through core's forward windows (`readLinesSteps`, cut to `maxBytes`): memory
 * follows the page, never the file. A column is found by walking the line's bytes in core's chunks and
 * counting the characters that start in them (a byte that is not a UTF-8 continuation byte).
 */
export function utf8Source(file: OpenFile, totalLines: number | null, bomBytes: number): LineSource {
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
      const { lines, cut, hasMore } = read.value;
      const last = lines.length - 1;
      return ok({
        lines: lines.map((line, index) => ({
          number: line.number ?? startLine + index,
          text: line.number === 1 && bomBytes > 0 && line.text.startsWith(BOM) ? line.text.slice(1) : line.text,
          complete: !(index === last && cut?.partial === true),
        })),
        more: hasMore,
      });
    },
    *fromColumn(number, column, maxChars) {
      const start = yield* readLinesSteps(file, { window: { from: "start", startLine: number, maxLines: 1 }, countTotal: false, decode: "replace", maxWindowBytes: 0, overflow: "cut" });
      if (!start.ok) return start;
      if (start.value.cut === null) return ok(null);
      let position = start.value.cut.offset + (number === 1 ? bomBytes : 0);
      let skip = column - 1;
      // Find the byte where the column's character starts, or the line's end before it.
      for (;;) {
        const { buffer, bytes } = yield* file.reader.chunk(position);
        if (bytes === 0) return ok(skip === 0 ? { number, text: "", complete: true } : null);
        let at = 0;
        for (; at < bytes; at++) {
          const byte = buffer[at] ?? 0;
          if (byte === LF || (byte === CR && (yield* nextByte(file, buffer, bytes, position, at)) === LF)) {
            return ok(skip === 0 ? { number, text: "", complete: true } : null);
          }
          if ((byte & 0xc0) !== 0x80) {
            if (skip === 0) break;
            skip--;
          }
        }
        position += at;
        if (at < bytes) break;
      }
      // Enough bytes for maxChars + 1 characters (at most 4 bytes each), or up to the line's end.
      const wanted = (maxChars + 1) * 4;
      const taken: Buffer[] = [];
      let length = 0;
      let complete = false;
      while (length < wanted) {
        const { buffer, bytes } = yield* file.reader.chunk(position + length);
        if (bytes === 0) {
          complete = true;
          break;
        }
        const view = buffer.subarray(0, Math.min(bytes, wanted - length));
        const end = view.indexOf(LF);
        taken.push(Buffer.from(end === -1 ? view : view.subarray(0, end)));
        if (end !== -1) {
          complete = true;
          break;
        }
        length += view.length;
      }
      let text = new TextDecoder("utf-8").decode(Buffer.concat(taken), { stream: !complete });
      if (complete && text.endsWith("\r")) text = text.slice(0, -1);
      return ok({ number, text, complete });
    },
  };
}

// The byte after `at` in the chunk, or the first of the next chunk (the current one is no longer needed).
function* nextByte(file: OpenFile, buffer: Buffer, bytes: number, position: number, at: number): Steps<number> {
  if (at + 1 < bytes) return buffer[at + 1] ?? -1;
  const next = yield* file.reader.chunk(position + bytes, 1);
  return next.bytes === 0 ? -1 : (next.buffer[0] ?? -1);
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
      return ok({ lines: lines.slice(startLine - 1, end).map((line, index) => ({ number: startLine + index, text: line, complete: true })), more: end < lines.length });
    },
    *fromColumn(number, column) {
      const line = lines[number - 1];
      if (line === undefined) return ok(null);
      const characters = Array.from(line);
      if (characters.length < column - 1) return ok(null);
      return ok({ number, text: characters.slice(column - 1).join(""), complete: true });
    },
  };
}
