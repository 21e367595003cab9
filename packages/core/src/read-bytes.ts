import fs from "node:fs";
import { coreFailure } from "./core-failure.js";
import { quoteText } from "./escape-text.js";
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
  // Read straight into one buffer sized by fstat (grown when the file is longer): no chunk copies.
  let buffer = Buffer.allocUnsafe(Math.min(cap + 1, file.stat.size + 1, MAX_INITIAL_HEAD));
  let total = 0;
  try {
    while (total <= cap) {
      if (total === buffer.length) {
        const grown = Buffer.allocUnsafe(Math.min(cap + 1, buffer.length * 2));
        buffer.copy(grown, 0, 0, total);
        buffer = grown;
      }
      const bytes = fs.readSync(file.fd, buffer, total, buffer.length - total, total);
      if (bytes === 0) break;
      total += bytes;
    }
  } catch (error) {
    return fail(fromOsError(error, file.path.input, `The file ${quoteText(file.path.input)}`));
  }
  return ok({ bytes: buffer.subarray(0, Math.min(total, cap)), truncated: total > cap });
}

// A size from fstat is a hint: a huge one is not allocated up front.
const MAX_INITIAL_HEAD = 64 * 1024 * 1024;

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
    return fail(fromOsError(error, file.path.input, `The file ${quoteText(file.path.input)}`));
  }
  return ok(false);
}

/** Fails with `TOO_LARGE` when the file's size at open time is over `limit` bytes. */
export function checkSize(file: OpenFile, limit: number): Result<void> {
  if (file.stat.size <= limit) return ok(undefined);
  return fail(
    coreFailure({
      code: "TOO_LARGE",
      cause: "size",
      message: `The file ${quoteText(file.path.input)} is ${file.stat.size} bytes, over the limit of ${limit} bytes.`,
      path: file.path.input,
      size: file.stat.size,
      limit,
    }),
  );
}
