import { coreFailure } from "./core-failure.js";
import { CHUNK_SIZE, readChunk } from "./chunk-buffer.js";
import type { OpenFile } from "./open-file.js";
import { fail, ok, type Result } from "./result.js";
import { fromOsError } from "./workspace.js";

/** Bytes read from the start of a file, at most a cap. */
export interface HeadBytes {
  readonly bytes: Buffer;
  /** More bytes followed the cap. */
  readonly truncated: boolean;
}

/**
 * Reads at most `cap` bytes from the start of `file` (and one more, to know whether it was cut). Never
 * trusts `stat.size`: the descriptor is read until EOF or the cap.
 */
export function readHead(file: OpenFile, cap: number): Result<HeadBytes> {
  const parts: Buffer[] = [];
  let total = 0;
  try {
    while (total <= cap) {
      const { buffer, bytes } = readChunk(file.fd, total, Math.min(CHUNK_SIZE, cap + 1 - total));
      if (bytes === 0) break;
      parts.push(Buffer.from(buffer.subarray(0, bytes)));
      total += bytes;
    }
  } catch (error) {
    return fail(fromOsError(error, file.path.input, `The file '${file.path.input}'`));
  }
  const all = Buffer.concat(parts, total);
  return ok({ bytes: total > cap ? all.subarray(0, cap) : all, truncated: total > cap });
}

/**
 * Whether a NUL byte occurs within the first `window` bytes (`Infinity`: anywhere). Scans in chunks
 * without keeping them.
 */
export function sniffBinary(file: OpenFile, window: number): Result<boolean> {
  let position = 0;
  try {
    while (position < window) {
      // A whole chunk is read even for a smaller window: the window read that follows reuses it.
      const { buffer, bytes } = readChunk(file.fd, position, CHUNK_SIZE);
      if (bytes === 0) return ok(false);
      if (buffer.subarray(0, Math.min(bytes, window - position)).includes(0)) return ok(true);
      position += bytes;
    }
  } catch (error) {
    return fail(fromOsError(error, file.path.input, `The file '${file.path.input}'`));
  }
  return ok(false);
}

/** Fails with `TOO_LARGE` when the file's size at open time is over `limit` bytes. */
export function checkSize(file: OpenFile, limit: number): Result<void> {
  if (file.stat.size <= limit) return ok(undefined);
  return fail(
    coreFailure("TOO_LARGE", `The file '${file.path.input}' is ${file.stat.size} bytes, over the limit of ${limit} bytes.`, file.path.input, {
      size: file.stat.size,
      limit,
    }),
  );
}
