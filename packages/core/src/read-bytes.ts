import fs from "node:fs";
import { coreFailure, type CoreFailure } from "./core-failure.js";
import { quoteText } from "./escape-text.js";
import type { OpenFile } from "./open-file.js";
import { fail, ok, type Result } from "./result.js";
import { settleSteps, type Steps } from "./steps.js";
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
export function readHead(file: OpenFile, cap: number): Promise<Result<HeadBytes>> {
  return settleSteps(readHeadSteps(file, cap));
}

/** {@link readHead} as {@link Steps}, for a caller that runs steps itself. */
export function* readHeadSteps(file: OpenFile, cap: number): Steps<Result<HeadBytes>> {
  let buffer = headBuffer(file, cap);
  let total = 0;
  try {
    while (total <= cap) {
      buffer = roomIn(buffer, total, cap);
      const bytes = yield* file.reader.into(buffer, total, Math.min(buffer.length - total, file.reader.chunkSize), total);
      if (bytes === 0) break;
      total += bytes;
    }
  } catch (error) {
    if (file.reader.aborted(error)) throw error;
    return fail(fromOsError(error, file.path.input, `The file ${quoteText(file.path.input)}`));
  }
  return ok({ bytes: buffer.subarray(0, Math.min(total, cap)), truncated: total > cap });
}

/**
 * {@link readHead} in one synchronous go, for small files a check needs before a call goes on (a
 * `.gitignore`), never for a file a call returns: it holds the event loop for the whole read.
 */
export function readHeadSync(file: OpenFile, cap: number): Result<HeadBytes> {
  let buffer = headBuffer(file, cap);
  let total = 0;
  try {
    while (total <= cap) {
      buffer = roomIn(buffer, total, cap);
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

// One buffer sized by fstat, read straight into (no chunk copies), grown when the file is longer.
function headBuffer(file: OpenFile, cap: number): Buffer {
  return Buffer.allocUnsafe(Math.min(cap + 1, file.stat.size + 1, MAX_INITIAL_HEAD));
}

function roomIn(buffer: Buffer, total: number, cap: number): Buffer {
  if (total < buffer.length) return buffer;
  const grown = Buffer.allocUnsafe(Math.min(cap + 1, buffer.length * 2));
  buffer.copy(grown, 0, 0, total);
  return grown;
}

/**
 * Whether a NUL byte occurs within the first `window` bytes (`Infinity`: anywhere). Scans in chunks
 * without keeping them.
 */
export function sniffBinary(file: OpenFile, window: number): Promise<Result<boolean>> {
  return settleSteps(sniffBinarySteps(file, window));
}

/** {@link sniffBinary} as {@link Steps}, for a caller that runs steps itself. */
export function* sniffBinarySteps(file: OpenFile, window: number): Steps<Result<boolean>> {
  let position = 0;
  try {
    while (position < window) {
      // A whole chunk is read even for a smaller window: the window read that follows reuses it.
      const { buffer, bytes } = yield* file.reader.chunk(position);
      if (bytes === 0) return ok(false);
      if (buffer.subarray(0, Math.min(bytes, window - position)).includes(0)) return ok(true);
      position += bytes;
    }
  } catch (error) {
    if (file.reader.aborted(error)) throw error;
    return fail(fromOsError(error, file.path.input, `The file ${quoteText(file.path.input)}`));
  }
  return ok(false);
}

/** Fails with `TOO_LARGE` when the file's size at open time is over `limit` bytes. */
export function checkSize(file: OpenFile, limit: number): Result<void> {
  const failure = overLimit(file.path.input, file.stat.size, limit);
  return failure === undefined ? ok(undefined) : fail(failure);
}

/** The `TOO_LARGE` failure of a file of `size` bytes (`cause: "size"`) when that is over `limit`. */
export function overLimit(input: string, size: number, limit: number | undefined): CoreFailure | undefined {
  if (limit === undefined || size <= limit) return undefined;
  return coreFailure({ code: "TOO_LARGE", cause: "size", message: `The file ${quoteText(input)} is ${size} bytes, over the limit of ${limit} bytes.`, path: input, size, limit });
}
