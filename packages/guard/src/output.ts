import { z } from "zod";
import { toOutputJsonSchema, type JsonSchema } from "@read/core";

/** The largest file `read_file` reads, in bytes (1 MiB): exactly this many is allowed, one more is refused. */
export const MAX_FILE_BYTES = 1_048_576;

/**
 * The category of a failure, one per category of spec 003 §6, in its order: invalid input, denied by
 * policy, denied by the person (or no person could be asked), too large, not found, not accessible, not
 * text, read failed. The model never sees the code: its message starts with the category's label.
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

/**
 * The labels a message of each category starts with (spec 003 §6 in lower case; `permission denied:` is
 * the reference's opening where no person answered: none could be asked, or the prompt failed).
 */
export const READ_FILE_ERROR_LABELS = {
  INVALID_INPUT: ["invalid input"],
  DENIED_BY_POLICY: ["permission denied by policy"],
  DENIED_BY_USER: ["permission denied by user", "permission denied"],
  TOO_LARGE: ["file too large"],
  NOT_FOUND: ["not found"],
  NOT_ACCESSIBLE: ["not accessible"],
  NOT_TEXT: ["not a text file"],
  READ_FAILED: ["read failed"],
} as const satisfies Record<ReadFileErrorCode, readonly string[]>;

/** A successful read (spec 003 §3): `path` is the resolved absolute path, `bytes_read` the file's size. */
export interface ReadFileSuccess {
  readonly path: string;
  readonly content: string;
  readonly bytes_read: number;
}

/** Every failure, as the model receives it (spec 003 §3): `{ "error": "<label>: <message>" }` and nothing else. */
export interface ReadFileError {
  readonly error: string;
}

/** A failure with its category, as the library's {@link readFile} returns it; the tool sends only `error`. */
export interface ReadFileFailure extends ReadFileError {
  readonly code: ReadFileErrorCode;
}

/** What `read_file` resolves to: the wire output. */
export type ReadFileOutput = ReadFileSuccess | ReadFileError;

/** What the library's `readFile` resolves to: the wire output, failures with their code. */
export type ReadFileResult = ReadFileSuccess | ReadFileFailure;

/** The zod schema of every output of `read_file`, errors included. */
export const readFileOutputSchema: z.ZodType<ReadFileOutput> = z.union([
  z.strictObject({
    path: z.string().describe("The resolved absolute path of the file that was read"),
    content: z.string().describe("The file's text, exactly as stored (a byte order mark is kept)"),
    bytes_read: z.number().int().min(0).max(MAX_FILE_BYTES).describe("The number of bytes read: the file's size"),
  }),
  z.strictObject({
    error: z.string().describe("What went wrong, starting with its category: invalid input, permission denied by policy, permission denied by user, file too large, not found, not accessible, not a text file, read failed"),
  }),
]);

/** JSON Schema of every output of `read_file`, errors included, in the normal form of `toOutputJsonSchema`. */
export const outputSchema: JsonSchema = toOutputJsonSchema(readFileOutputSchema);

/** Whether an output is a failure. */
export function isReadFileError(output: ReadFileOutput): output is ReadFileError {
  return "error" in output;
}

/** The output the model receives for a result: a failure loses its code (spec 003 §3: `{ "error": "..." }`). */
export function toWireOutput(result: ReadFileResult): ReadFileOutput {
  return "error" in result ? { error: result.error } : result;
}

/**
 * The category of a wire error, read from the label its message starts with (every message of
 * `read_file` starts with one), or `undefined` for a message that starts with none.
 */
export function readFileErrorCode(output: ReadFileError): ReadFileErrorCode | undefined {
  // Each label ends at its colon, so at most one is a prefix ("permission denied:" is not "permission denied by user:").
  return READ_FILE_ERROR_CODES.find((code) => READ_FILE_ERROR_LABELS[code].some((label) => output.error.startsWith(`${label}:`)));
}
