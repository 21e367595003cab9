import { z } from "zod";
import { toOutputJsonSchema, type JsonSchema } from "@read/core";

/** The largest file `read_file` reads, in bytes (1 MiB): exactly this many is allowed, one more is refused. */
export const MAX_FILE_BYTES = 1_048_576;

/**
 * Failure codes beside each error message, one per category of spec 003 §6, in its order: invalid
 * input, denied by policy, denied by the person, too large, not found, not accessible, not text, read
 * failed.
 */
export const READ_FILE_ERROR_CODES = [
  "INVALID_INPUT",
  "DENIED_BY_POLICY",
  "DENIED_BY_USER",
  "TOO_LARGE",
  "NOT_FOUND",
  "NOT_ACCESSIBLE",
  "NOT_TEXT",
  "READ_FAILED",
] as const;

/** One of {@link READ_FILE_ERROR_CODES}. */
export type ReadFileErrorCode = (typeof READ_FILE_ERROR_CODES)[number];

/** A successful read (spec 003 §3): `path` is the resolved absolute path, `bytes_read` the file's size. */
export interface ReadFileSuccess {
  readonly path: string;
  readonly content: string;
  readonly bytes_read: number;
}

/** Every failure, as the model receives it (spec 003 §3): the message, and a machine-readable code. */
export interface ReadFileError {
  readonly error: string;
  readonly code: ReadFileErrorCode;
}

/** What `read_file` resolves to. */
export type ReadFileOutput = ReadFileSuccess | ReadFileError;

/** The zod schema of every output of `read_file`, errors included. */
export const readFileOutputSchema: z.ZodType<ReadFileOutput> = z.union([
  z.strictObject({
    path: z.string().describe("The resolved absolute path of the file that was read"),
    content: z.string().describe("The file's text, exactly as stored (a byte order mark is kept)"),
    bytes_read: z.number().int().min(0).max(MAX_FILE_BYTES).describe("The number of bytes read: the file's size"),
  }),
  z.strictObject({
    error: z.string().describe("What went wrong and what to do about it"),
    code: z.enum(READ_FILE_ERROR_CODES).describe("The failure category"),
  }),
]);

/** JSON Schema of every output of `read_file`, errors included, in the normal form of `toOutputJsonSchema`. */
export const outputSchema: JsonSchema = toOutputJsonSchema(readFileOutputSchema);

/** Whether an output is a failure. */
export function isReadFileError(output: ReadFileOutput): output is ReadFileError {
  return "error" in output;
}
