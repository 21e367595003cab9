import { z } from "zod";
import { toOutputJsonSchema, type JsonSchema } from "@read/core";

/**
 * Every way a `Read` call can fail, as `error.code` says it, in documentation order.
 *
 * | code                    | when                                                                      |
 * | ----------------------- | ------------------------------------------------------------------------- |
 * | `INVALID_ARGUMENT`      | arguments not an object, `path` missing, empty or holding a character the sandbox refuses, a wrong type, a count below 1 |
 * | `CONFLICTING_ARGUMENTS` | FR-RD-03: `head` with `tail`, `head`/`tail` with `start_line`/`end_line`/`limit`, `end_line` with `limit`; `line_numbers` against `show_line_numbers` |
 * | `INVALID_RANGE`         | `end_line` before `start_line`                                            |
 * | `NOT_FOUND`             | nothing at the path (a dangling symlink included)                          |
 * | `OUTSIDE_SANDBOX`       | the path resolves outside the workspace root (NFR-RD-SEC-01)              |
 * | `SANDBOX_DENIED`        | the sandbox refuses the path: `denied_patterns` or the secrets policy (`secrets`) matches it, as asked or resolved |
 * | `NOT_A_FILE`            | a directory, FIFO, socket or device                                       |
 * | `PERMISSION_DENIED`     | the operating system refused access                                       |
 * | `TOO_LARGE`             | a whole-file text read of a file over `max_file_read_bytes` (a range, head or tail returns what fits instead) |
 * | `SCAN_LIMIT_EXCEEDED`   | the first requested line does not start within the first `max_scan_bytes` bytes |
 * | `RANGE_ON_BINARY`       | `start_line`/`end_line`/`limit`/`head`/`tail` on a binary file            |
 * | `READ_FAILED`           | any other failure of the read (symlink loop, file swapped while opened, too many open files, I/O error) |
 */
export const FORGE_ERROR_CODES = [
  "INVALID_ARGUMENT",
  "CONFLICTING_ARGUMENTS",
  "INVALID_RANGE",
  "NOT_FOUND",
  "OUTSIDE_SANDBOX",
  "SANDBOX_DENIED",
  "NOT_A_FILE",
  "PERMISSION_DENIED",
  "TOO_LARGE",
  "SCAN_LIMIT_EXCEEDED",
  "RANGE_ON_BINARY",
  "READ_FAILED",
] as const;

/** One of {@link FORGE_ERROR_CODES}. */
export type ForgeErrorCode = (typeof FORGE_ERROR_CODES)[number];

const lineNumber = z.int().min(1);

/** A successful read: a text view (FR-RD-04) or a base64 payload (FR-RD-05). */
export const readSuccessSchema = z.strictObject({
  path: z.string().describe("The file, relative to the workspace root (POSIX separators)."),
  content: z.string().describe("The text view (lines joined with \\n, numbered unless line_numbers is false), or the base64 payload of a binary file."),
  binary: z.boolean().describe("The file is binary (a NUL byte in its first 8 KiB) and content is base64."),
  line_numbers: z.boolean().describe("content carries line numbers (false for binary files, when show_line_numbers is false, and for a tail whose numbers are unknown)."),
  start_line: lineNumber.nullable().describe("Number of the first line returned; null when none was returned or the number is unknown."),
  end_line: lineNumber.nullable().describe("Number of the last line returned; null when none was returned or the number is unknown."),
  total_lines: z.int().min(0).nullable().describe("Lines in the file; null when unknown (binary, or beyond max_scan_bytes)."),
  truncated: z.boolean().describe("More lines follow the view, the limits cut it short of what was asked (a line of the view starting with \"... [\" says what was left out), or the binary payload was cut at max_file_read_bytes."),
  next_start_line: lineNumber.nullable().describe("The start_line that continues the read; null when nothing follows, or when no range can reach what follows (the view then says how to go on)."),
  size_bytes: z.int().min(0).describe("The file's size in bytes when it was opened."),
});

/** A failed read, exactly as the model receives it. */
export const readErrorSchema = z.strictObject({
  error: z.strictObject({
    code: z.enum(FORGE_ERROR_CODES),
    message: z.string().describe("What went wrong and what to do instead."),
  }),
});

/** A successful `Read` output. */
export type ReadSuccess = z.output<typeof readSuccessSchema>;
/** A failed `Read` output: `{ "error": { "code", "message" } }`. */
export type ReadError = { readonly error: { readonly code: ForgeErrorCode; readonly message: string } };
/** Everything `Read` can return. */
export type ReadOutput = ReadSuccess | ReadError;

/** Whether an output (or an intermediate result that may be one) is a failure. */
export function isReadError(value: object): value is ReadError {
  return "error" in value;
}

/** Builds a {@link ReadError}. */
export function readError(code: ForgeErrorCode, message: string): ReadError {
  return { error: { code, message } };
}

/** The zod schema of every output of `Read`, failures included. */
export const readOutputSchema: z.ZodType<ReadOutput> = z.union([readSuccessSchema, readErrorSchema]);

/** JSON Schema of every output of `Read`, failures included, in the normal form of `toOutputJsonSchema`. */
export const outputSchema: JsonSchema = toOutputJsonSchema(readOutputSchema);
