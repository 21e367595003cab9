import { toOutputJsonSchema, type JsonSchema } from "@read/core";
import { z } from "zod";

/**
 * The error codes of `read_file`, spec order first: the six of spec 002 §4.3, plus `OUTSIDE_WORKSPACE`
 * for a path that resolves outside the workspace root (symlink escapes included), which the spec refuses
 * (§3.1) without naming a code, and `POLICY_DENIED` (the reference toolkit's policy refusal) for a path the
 * secrets policy refuses when it is turned on.
 */
export const READ_FILE_ERROR_CODES = [
  "INVALID_ARGUMENT",
  "NOT_FOUND",
  "NOT_FILE",
  "BINARY_NOT_SUPPORTED",
  "SIZE_LIMIT_EXCEEDED",
  "INTERNAL",
  "OUTSIDE_WORKSPACE",
  "POLICY_DENIED",
] as const;

/** One of {@link READ_FILE_ERROR_CODES}. */
export type ReadFileErrorCode = (typeof READ_FILE_ERROR_CODES)[number];

/** A successful read (spec 002 §4.2), with exactly these keys in this order. */
export interface ReadFileOutput {
  /** The file read, relative to the workspace root, POSIX separators; never absolute. */
  readonly path: string;
  /**
   * The returned lines joined with `\n`, none after the last (CRLF normalised to LF first, one leading
   * BOM dropped). Joining the pages with `\n` gives back the normalised text.
   */
  readonly content: string;
  /** More lines follow the returned window. */
  readonly truncated: boolean;
  /** The `start_line` of the next window when `truncated`, otherwise `null`. */
  readonly next_start_line: number | null;
  readonly meta: {
    /** The file's bytes, as many as were read to its end (its size, before CRLF normalisation). */
    readonly byte_length: number;
    /** Lines in the whole file: the text split on `\n` (`"a\nb\n"` has 3, `"a\nb"` 2, `"\n"` 2, `""` 0). */
    readonly line_count: number;
    /** Lines in `content`. */
    readonly returned_line_count: number;
    /** Last modification time in epoch milliseconds, with its fraction (`stat.mtimeMs`). */
    readonly mtime_ms: number;
  };
}

/** A failed read, as the model receives it. */
export interface ReadFileErrorOutput {
  readonly error: {
    readonly code: ReadFileErrorCode;
    /** Names the path as given and the reason. */
    readonly message: string;
  };
}

/** Everything a `read_file` call resolves to. */
export type ReadFileResult = ReadFileOutput | ReadFileErrorOutput;

const count = z.number().int().min(0);

/** The zod schema of {@link ReadFileOutput}. */
export const readFileOutputSchema = z.strictObject({
  path: z.string().describe("The file read, relative to the workspace root (POSIX separators)."),
  content: z.string().describe("The returned lines joined with line feeds, none after the last (CRLF normalised to LF)."),
  truncated: z.boolean().describe("More lines follow the returned window."),
  next_start_line: z.number().int().min(2).nullable().describe("The start_line of the next window when truncated, otherwise null."),
  meta: z.strictObject({
    byte_length: count.describe("The file's size in bytes."),
    line_count: count.describe("Lines in the whole file."),
    returned_line_count: count.describe("Lines in content."),
    mtime_ms: z.number().describe("Last modification time in epoch milliseconds, with its fraction."),
  }),
}) satisfies z.ZodType<ReadFileOutput>;

/** The zod schema of {@link ReadFileErrorOutput}. */
export const readFileErrorOutputSchema = z.strictObject({
  error: z.strictObject({
    code: z.enum(READ_FILE_ERROR_CODES),
    message: z.string(),
  }),
}) satisfies z.ZodType<ReadFileErrorOutput>;

/** The zod schema of every output of `read_file`. */
export const readFileResultSchema: z.ZodType<ReadFileResult> = z.union([readFileOutputSchema, readFileErrorOutputSchema]);

/** JSON Schema of every output of `read_file`: a success or an error, never both. */
export const outputSchema: JsonSchema = toOutputJsonSchema(readFileResultSchema);

/** Whether a result is the error shape. */
export function isErrorOutput(output: ReadFileResult): output is ReadFileErrorOutput {
  return "error" in output;
}
