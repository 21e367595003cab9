import { wholeCharacterStart } from "./decode-lines.js";
import { EMPTY_CHUNK, type FileReader } from "./file-reader.js";
import type { OpenFile } from "./open-file.js";
import { shrankFailure, windowFailure } from "./read-failures.js";
import { fail, ok, type Result } from "./result.js";
import type { Steps } from "./steps.js";

const LF = 0x0a;

/**
 * The real end of the file, never trusting `stat.size`: a file that grew is read on to its end (or just
 * past `limit`), one that shrank is measured from its start.
 */
export function* endOfFile(reader: FileReader, size: number, limit: number | undefined): Steps<number> {
  let end = size;
  if (end > 0) {
    // A read from the last byte `fstat` counted: a short one that ends there proves the end, and leaves
    // that byte where the tail looks at it next, so neither costs a read of its own.
    const { bytes } = yield* reader.chunk(end - 1, undefined, "none");
    if (bytes === 0) end = 0;
    else if (reader.knownEnd(end)) return end;
  }
  const stopPast = limit ?? Number.POSITIVE_INFINITY;
  while (end <= stopPast) {
    const { bytes } = yield* reader.chunk(end);
    if (bytes === 0) break;
    end += bytes;
  }
  return end;
}

/** The bytes of a tail window and where they start in the file. */
export interface TailBytes {
  readonly start: number;
  readonly bytes: Buffer;
  /**
   * `null`: the lines asked for (or the whole file) fit. `lines`: only the last whole lines that fit in
   * `maxWindow` were kept. `line`: not even the last line fits, and only its end is kept.
   */
  readonly cut: "lines" | "line" | null;
}

/**
 * The bytes of the last `count` lines of `[0, end)`, read backwards in chunks, and where they start. With
 * no line asked for, the window is empty and starts at `end`. Lines holding more than `maxWindow` bytes
 * fail with `TOO_LARGE`, or, with `overflow: "cut"`, keep the last lines that fit; when not even the last
 * line fits, its last `maxWindow` bytes are kept, from a character boundary. Memory stays within
 * `maxWindow` and one chunk.
 */
export function* tailBytes(file: OpenFile, reader: FileReader, end: number, count: number, maxWindow: number, overflow: "fail" | "cut"): Steps<Result<TailBytes>> {
  if (count === 0 || end === 0) return ok({ start: end, bytes: Buffer.alloc(0), cut: null });
  const last = yield* reader.chunk(end - 1, 1, "none");
  if (last.bytes !== 1) return fail(shrankFailure(file));
  // The chunks after the one being searched, in file order: exactly the bytes [searchEnd, end).
  const later: Buffer[] = [];
  // A final newline ends the last line and starts none, so the search for line starts begins before it.
  let searchEnd = last.buffer[0] === LF ? end - 1 : end;
  if (searchEnd < end) later.push(Buffer.from([LF]));
  let found = 0;
  // Where the most whole last lines that fit start (-1: not even the last line fits).
  let fits = -1;
  for (;;) {
    const from = Math.max(0, searchEnd - reader.chunkSize);
    const { buffer, bytes } = searchEnd === from ? EMPTY_CHUNK : yield* reader.chunk(from, searchEnd - from, "backward");
    if (bytes !== searchEnd - from) return fail(shrankFailure(file));
    const chunk = buffer.subarray(0, bytes);
    // The bytes from `start` on, copied out of the chunk (the reader reuses its buffer) and the chunks after
    // it: only those, not the whole chunk, whose copy cost a tail of a few KiB more than its reads.
    const window = (start: number, cut: TailBytes["cut"]): TailBytes => {
      const kept: Buffer[] = [];
      let offset = from;
      for (const part of [chunk, ...later]) {
        if (offset + part.length > start) kept.push(part.subarray(Math.max(0, start - offset)));
        offset += part.length;
      }
      const all = Buffer.concat(kept);
      const at = cut === "line" ? wholeCharacterStart(all, 0, all.length) : 0;
      return { start: start + at, bytes: all.subarray(at), cut };
    };
    const overflowed = (): Result<TailBytes> => {
      if (overflow === "fail") return fail(windowFailure(file, maxWindow));
      return ok(fits >= 0 ? window(fits, "lines") : window(end - maxWindow, "line"));
    };
    // Each newline found backwards starts a line; so does the start of the file.
    for (let index = bytes; ; ) {
      const nl = index > 0 ? chunk.lastIndexOf(LF, index - 1) : -1;
      if (nl === -1 && from > 0) break;
      const lineStart = from + nl + 1;
      if (end - lineStart > maxWindow) return overflowed();
      fits = lineStart;
      found++;
      if (found === count || lineStart === 0) return ok(window(lineStart, null));
      index = nl;
    }
    // Every line start before this chunk lies further back than the window can reach.
    if (end - from > maxWindow) return overflowed();
    later.unshift(Buffer.from(chunk));
    searchEnd = from;
  }
}
