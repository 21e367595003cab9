import { createHash } from "node:crypto";
import { fail, fromOsError, ok, quoteText, type OpenFile, type Result, type Steps } from "@read/core";
import { CheckpointRecorder, type ColumnCheckpoints } from "./column-checkpoints.js";

/**
 * Hex digits of the SHA-256 digest a `version` keeps: 128 bits. The workspace may be an attacker's, who
 * could write two files of one 64-bit version (a collision search of about 2^32 hashes, minutes on one
 * core) and swap them, so that a conditional read answers `unchanged` and an edit tool lets a stale edit
 * through; two of one 128-bit version take about 2^64.
 */
export const VERSION_HEX_DIGITS = 32;

/** The line terminators counted in a file's bytes or text. */
export interface TerminatorCounts {
  /** Line feeds not preceded by a carriage return. */
  readonly lf: number;
  readonly crlf: number;
  /** Carriage returns not followed by a line feed. */
  readonly cr: number;
}

/** What one pass over the bytes of a file (at most `maxScanBytes` of them) learns. */
export interface FileScan {
  /** The pass reached the end of the file: every field below is about the whole file. */
  readonly complete: boolean;
  /**
   * AGENT-VER-01: the first {@link VERSION_HEX_DIGITS} hex digits of the SHA-256 of the file's bytes;
   * `null` when the pass stopped at `maxScanBytes`.
   */
  readonly version: string | null;
  /** The terminators of the bytes read, as an ASCII-compatible encoding has them (not UTF-16's). */
  readonly terminators: TerminatorCounts;
  /** Bytes read: the file's size as read (when complete), not as `fstat` said. */
  readonly size: number;
  /** The file's last byte is a line feed (false for an empty file). */
  readonly finalLf: boolean;
  /** Where column reads of the long lines in the bytes read can start (as an ASCII-compatible encoding has them). */
  readonly columns: ColumnCheckpoints;
}

const CR = 0x0d;
const LF = 0x0a;

/**
 * Reads the bytes of `file` once, at most `maxScanBytes` of them, in core's chunks (synchronous for the
 * first MiB, then on the thread pool; the call's signal aborts it), hashing them, counting their line
 * terminators and recording column checkpoints in long lines. Memory is the reader's chunks and at most
 * `MAX_COLUMN_CHECKPOINTS` (2048) checkpoints, whatever the file's size.
 */
export function* scanFileSteps(file: OpenFile, maxScanBytes: number): Steps<Result<FileScan>> {
  const hash = createHash("sha256");
  const columns = new CheckpointRecorder(maxScanBytes);
  let position = 0;
  let newlines = 0;
  let crlf = 0;
  let cr = 0;
  let pendingCr = false;
  let finalLf = false;
  let complete = false;
  try {
    for (;;) {
      const { buffer, bytes: read } = yield* file.reader.chunk(position);
      if (read === 0) {
        complete = true;
        break;
      }
      if (position >= maxScanBytes) break;
      const bytes = Math.min(read, maxScanBytes - position);
      const view = buffer.subarray(0, bytes);
      hash.update(view);
      newlines += columns.add(view);
      if (pendingCr) {
        if (view[0] === LF) crlf++;
        else cr++;
        pendingCr = false;
      }
      for (let at = view.indexOf(CR); at !== -1; at = view.indexOf(CR, at + 1)) {
        if (at === bytes - 1) pendingCr = true;
        else if (view[at + 1] === LF) crlf++;
        else cr++;
      }
      position += bytes;
      finalLf = view[bytes - 1] === LF;
      // A short read that ended where fstat put the end proved it: no read more to get nothing.
      if (file.reader.knownEnd(position)) {
        complete = true;
        break;
      }
    }
  } catch (error) {
    if (file.reader.aborted(error)) throw error;
    return fail(fromOsError(error, file.path.input, `The file ${quoteText(file.path.input)}`));
  }
  if (pendingCr) cr++;
  return ok({ complete, version: complete ? hash.digest("hex").slice(0, VERSION_HEX_DIGITS) : null, terminators: { lf: newlines - crlf, crlf, cr }, size: position, finalLf, columns: columns.checkpoints() });
}

/** {@link TerminatorCounts} of decoded text (UTF-16 files, whose bytes hold CR and LF in two-byte units). */
export function countTerminators(text: string): TerminatorCounts {
  let lf = 0;
  let crlf = 0;
  let cr = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === LF) lf++;
    else if (code === CR) {
      if (text.charCodeAt(at + 1) === LF) {
        crlf++;
        at++;
      } else cr++;
    }
  }
  return { lf, crlf, cr };
}
