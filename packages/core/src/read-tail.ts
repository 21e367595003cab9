import type { FileReader } from "./file-reader.js";
import type { OpenFile } from "./open-file.js";
import { shrankFailure, windowFailure } from "./read-failures.js";
import { fail, ok, type Result } from "./result.js";

const LF = 0x0a;

/**
 * The real end of the file, never trusting `stat.size`: a file that grew is read on to its end (or just
 * past `limit`), one that shrank is measured from its start.
 */
export async function endOfFile(reader: FileReader, size: number, limit: number | undefined): Promise<number> {
  let end = size;
  if (end > 0 && (await reader.chunk(end - 1, 1, "none")).bytes === 0) end = 0;
  const stopPast = limit ?? Number.POSITIVE_INFINITY;
  while (end <= stopPast) {
    const { bytes } = await reader.chunk(end);
    if (bytes === 0) break;
    end += bytes;
  }
  return end;
}

/**
 * The bytes of the last `count` lines of `[0, end)`, read backwards in chunks, and where they start. With
 * no line asked for, the window is empty and starts at `end`.
 */
export async function tailBytes(file: OpenFile, reader: FileReader, end: number, count: number, maxWindow: number): Promise<Result<{ start: number; bytes: Buffer }>> {
  if (count === 0 || end === 0) return ok({ start: end, bytes: Buffer.alloc(0) });
  const last = await reader.chunk(end - 1, 1, "none");
  if (last.bytes !== 1) return fail(shrankFailure(file));
  const finalNewline = last.buffer[0] === LF;
  const parts: Buffer[] = finalNewline ? [Buffer.from([LF])] : [];
  let collected = parts.length;
  let searchEnd = finalNewline ? end - 1 : end;
  let found = 0;
  while (searchEnd > 0) {
    const from = Math.max(0, searchEnd - reader.chunkSize);
    const { buffer, bytes } = await reader.chunk(from, searchEnd - from, "backward");
    if (bytes !== searchEnd - from) return fail(shrankFailure(file));
    let index = bytes;
    let cut = -1;
    while (index > 0) {
      const nl = buffer.lastIndexOf(LF, index - 1);
      if (nl === -1) break;
      found++;
      if (found === count) {
        cut = nl + 1;
        break;
      }
      index = nl;
    }
    const keepFrom = cut === -1 ? 0 : cut;
    if (collected + bytes - keepFrom > maxWindow) return fail(windowFailure(file, maxWindow));
    parts.unshift(Buffer.from(buffer.subarray(keepFrom, bytes)));
    collected += bytes - keepFrom;
    if (cut !== -1) return ok({ start: from + cut, bytes: Buffer.concat(parts, collected) });
    searchEnd = from;
  }
  return ok({ start: 0, bytes: Buffer.concat(parts, collected) });
}
