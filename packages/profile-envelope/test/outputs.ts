import type { EnvelopeError, EnvelopeOutput, ReadResult } from "../src/index.js";
import { FIXED_MTIME_MS } from "./workspace.js";

/** The line a read's `text` ends with when the file fell back to replacement (written out, as tests assert it). */
export const WARNING = "[Warning: Encoding issues detected. Some characters may be corrupted (using replacement).]";

/** The output as a read; throws with the error when it is one. */
export function asRead(output: EnvelopeOutput): ReadResult {
  if (output.status === "error") throw new Error(`expected a read, got ${output.error.code}: ${output.error.message}`);
  return output;
}

/** The output's error; throws when it is a read. */
export function errorOf(output: EnvelopeOutput): EnvelopeError {
  if (output.status !== "error") throw new Error(`expected an error, got ${output.status}`);
  return output.error;
}

/** A read's `stats` with `time_ms` masked and the test files' fixed mtime. */
export function stats(lines_read: number, chars_read: number, total_lines: number, file_size_bytes: number, encoding = "utf-8") {
  return { time_ms: 0, lines_read, chars_read, total_lines, file_size_bytes, file_mtime_ms: FIXED_MTIME_MS, encoding };
}
