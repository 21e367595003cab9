import { DEFAULT_MAX_ANSWER_BYTES, DEFAULT_MAX_WINDOW_BYTES, MAX_ANSWER_BYTES_CEILING } from "@read/core";
import { z } from "zod";

/**
 * The default `max_file_bytes`: 4 GiB, about a second of line counting on a file not read before (the
 * spec is silent; a 32 GiB sparse file would otherwise keep a call busy for many seconds).
 */
export const DEFAULT_MAX_FILE_BYTES = 4 * 1024 ** 3;

/**
 * The `[envelope]` table of `read.config.toml` (strict: an unknown key is an error).
 *
 * - `cwd`: the working directory the tool runs in, relative to the project root (`"."` by default). A
 *   relative `path` is resolved from it and `context.cwd` reports it (spec 001 §2.3.2); containment is
 *   still decided against the root. It must be an existing directory inside the root.
 * - `max_window_bytes`: the most bytes of the file one call returns (default and ceiling: core's 64
 *   MiB). A page that would hold more is cut to fit, as by `max_answer_bytes`.
 * - `max_answer_bytes`: the most bytes the lines of one call may take as JSON, escapes counted (default
 *   core's 256 KiB, at most {@link MAX_ANSWER_BYTES_CEILING}): a page stops before the first line that
 *   would pass it, and a line that does not fit on its own is cut at a character boundary, `text` saying
 *   so and where to continue. It bounds a call's memory, whatever a line holds.
 * - `max_file_bytes`: the largest file read (default {@link DEFAULT_MAX_FILE_BYTES}). Every call counts
 *   all of a file's lines for `stats.total_lines`, so its cost grows with the file; a larger file is
 *   `EXECUTION_ERROR` before a byte of it is read.
 */
export const configSchema = z.strictObject({
  cwd: z.string().min(1).default("."),
  max_window_bytes: z.int().min(1).max(MAX_ANSWER_BYTES_CEILING).default(DEFAULT_MAX_WINDOW_BYTES),
  max_answer_bytes: z.int().min(1).max(MAX_ANSWER_BYTES_CEILING).default(DEFAULT_MAX_ANSWER_BYTES),
  max_file_bytes: z.int().min(1).default(DEFAULT_MAX_FILE_BYTES),
});

/** The profile's options, defaults applied. */
export type EnvelopeOptions = z.output<typeof configSchema>;
