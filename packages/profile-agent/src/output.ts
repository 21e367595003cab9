import { z } from "zod";
import { toOutputJsonSchema, type JsonSchema } from "@read/core";
import { IMAGE_FORMATS, IMAGE_MIME_TYPES } from "./image-format.js";

/**
 * Every way a `read` call can fail, as `error.code` says it (AGENT-ERR-01), in documentation order.
 *
 * | code                   | when                                                                      |
 * | ---------------------- | ------------------------------------------------------------------------- |
 * | `INVALID_ARGUMENT`     | not an object, `path` missing or empty, a wrong type, a number below 1, an unknown parameter |
 * | `CONFLICTING_ARGUMENTS`| `tail` with `start_line`/`column`/`ranges`, `ranges` with `start_line`/`limit`/`column` |
 * | `LINE_OUT_OF_RANGE`    | a `start_line` (or a range's) after the file's last line                  |
 * | `COLUMN_OUT_OF_RANGE`  | a `column` past the end of its line                                       |
 * | `NOT_FOUND`            | nothing at the path                                                       |
 * | `OUTSIDE_ROOT`         | the path resolves outside the workspace root                              |
 * | `SECRET`               | the secrets policy refuses the path (a credential file by its name)       |
 * | `NOT_A_FILE`           | a directory, FIFO, socket or device                                       |
 * | `BINARY_FILE`          | a NUL byte in the first 8 KiB, without a UTF-16 byte order mark            |
 * | `INVALID_IMAGE`        | a PNG, JPEG, GIF or WebP file that is truncated or malformed               |
 * | `PERMISSION_DENIED`    | the operating system refused access                                       |
 * | `TOO_LARGE`            | a file that must be decoded whole (UTF-16, a legacy encoding) over `max_decoded_bytes`; `tail` on a file over `max_scan_bytes`; an image over the image bounds that cannot be downscaled |
 * | `PAGE_OUT_OF_RANGE`    | `pages` starting after a PDF's last page, or a range that ends before it starts |
 * | `INVALID_DOCUMENT`     | a PDF or notebook that cannot be parsed: malformed, truncated, encrypted, not a notebook |
 * | `DOCUMENT_TOO_COMPLEX` | a PDF or notebook whose parse took longer than `document_timeout_ms` or more memory than its worker may use |
 * | `READ_FAILED`          | any other failure (symlink loop, file swapped while opened, too many open files, I/O error) |
 */
export const AGENT_ERROR_CODES = [
  "INVALID_ARGUMENT",
  "CONFLICTING_ARGUMENTS",
  "LINE_OUT_OF_RANGE",
  "COLUMN_OUT_OF_RANGE",
  "NOT_FOUND",
  "OUTSIDE_ROOT",
  "SECRET",
  "NOT_A_FILE",
  "BINARY_FILE",
  "INVALID_IMAGE",
  "PERMISSION_DENIED",
  "TOO_LARGE",
  "PAGE_OUT_OF_RANGE",
  "INVALID_DOCUMENT",
  "DOCUMENT_TOO_COMPLEX",
  "READ_FAILED",
] as const;

/** One of {@link AGENT_ERROR_CODES}. */
export type AgentErrorCode = (typeof AGENT_ERROR_CODES)[number];

/** The line endings a file uses (AGENT-OUT-10). */
export const LINE_ENDINGS = ["lf", "crlf", "cr", "mixed", "none"] as const;

/** One of {@link LINE_ENDINGS}. */
export type LineEndings = (typeof LINE_ENDINGS)[number];

const lineNumber = z.int().min(1);

/** Where to continue reading (AGENT-OUT-07). */
export const nextSchema = z.strictObject({
  start_line: lineNumber.describe("The start_line that continues the read."),
  column: lineNumber.optional().describe("The column that continues a line cut in the middle; absent when the next read starts at a line's start."),
});

/** A successful read. */
export const readSuccessSchema = z.strictObject({
  path: z.string().describe("The file, relative to the workspace root (POSIX separators)."),
  content: z.string().describe("The lines, each `<number>\\t<text>` without its terminator, joined with \\n. A line starting with `[` is a notice, not a line of the file."),
  start_line: lineNumber.nullable().describe("Number of the first line shown; null when none is."),
  end_line: lineNumber.nullable().describe("Number of the last line shown; null when none is."),
  total_lines: z.int().min(0).nullable().describe("Lines in the file (a final line terminator ends the last line; it does not start another); null for a file over max_scan_bytes (64 MiB)."),
  truncated: z.boolean().describe("Some of what was asked for is not shown (a bound, a budget or a cut line): `next` says where to continue."),
  next: nextSchema.nullable().describe("Where to continue: {start_line, column?}; null when the file (or the last range) has been read to its end."),
  version: z.string().min(8).nullable().describe("A digest of the file's bytes: pass it as if_version to re-read only if it changed, or to an edit tool to refuse a stale edit; null for a file over max_scan_bytes (64 MiB)."),
  encoding: z.string().describe("The encoding the file was decoded from: utf-8, utf-16le, utf-16be, shift_jis, gbk, windows-1252, ..."),
  encoding_confidence: z.int().min(0).max(100).optional().describe("Present only when the encoding was guessed by detection: the detector's confidence (below 50: unsure)."),
  bom: z.boolean().describe("The file starts with a byte order mark (not shown in content)."),
  line_endings: z.enum(LINE_ENDINGS).describe("The line terminators the file uses (its first max_scan_bytes): lf, crlf, cr, mixed, or none (no terminator)."),
});

/** Where to continue reading a PDF (AGENT-PDF-04). */
export const nextPagesSchema = z.strictObject({
  pages: z.string().describe("The `pages` that continues the read."),
});

/** A read of a PDF's text, by pages (AGENT-PDF). */
export const pdfSuccessSchema = z.strictObject({
  path: z.string().describe("The file, relative to the workspace root (POSIX separators)."),
  format: z.literal("pdf"),
  content: z.string().describe("Each page shown: a line `--- page N of T ---`, then its text; a line starting with `[` is a notice, not text of the PDF."),
  pages: z.string().nullable().describe("The pages shown, as `pages` takes them (\"3\", \"1-5\"); null when none is (a PDF without pages)."),
  total_pages: z.int().min(0).describe("Pages in the PDF."),
  truncated: z.boolean().describe("Some of what was asked for is not shown (the page bound, the byte bound or the token budget): `next` says where to continue."),
  next: nextPagesSchema.nullable().describe("Where to continue: {pages}; null when the last page asked for was shown."),
  version: z.string().min(8).nullable().describe("A digest of the file's bytes, as for a text file."),
});

/** A read of a Jupyter notebook, rendered as text and paged by its lines (AGENT-NB). */
export const notebookSuccessSchema = z.strictObject({
  path: z.string().describe("The file, relative to the workspace root (POSIX separators)."),
  format: z.literal("notebook"),
  content: z.string().describe("Lines of the notebook rendered as text (cells in order, each after a line `=== cell N: kind ===`, its outputs after `--- output ... ---`), each `<number>\\t<text>`."),
  start_line: lineNumber.nullable().describe("Number of the first rendered line shown; null when none is."),
  end_line: lineNumber.nullable().describe("Number of the last rendered line shown; null when none is."),
  total_lines: z.int().min(0).describe("Lines of the rendered notebook."),
  cells: z.int().min(0).describe("Cells in the notebook."),
  language: z.string().nullable().describe("The notebook's kernel language (from its metadata), null when it names none."),
  truncated: z.boolean().describe("Some of what was asked for is not shown: `next` says where to continue."),
  next: nextSchema.nullable().describe("Where to continue: {start_line, column?} in the rendered lines; null at the end."),
  version: z.string().min(8).nullable().describe("A digest of the file's bytes, as for a text file."),
});

const pixels = z.int().min(1);
const mimeTypes = IMAGE_FORMATS.map((format) => IMAGE_MIME_TYPES[format]);

/** A read of an image (AGENT-IMG-02): what the file is, and the image the model receives. */
export const readImageSchema = z.strictObject({
  path: z.string().describe("The file, relative to the workspace root (POSIX separators)."),
  version: z.string().min(8).describe("A digest of the file's bytes, as for a text file: pass it as if_version to re-read only if it changed."),
  format: z.enum(IMAGE_FORMATS).describe("The file's image format, from its first bytes (not its name)."),
  width: pixels.describe("The file's width in pixels, from its header."),
  height: pixels.describe("The file's height in pixels, from its header."),
  bytes: z.int().min(0).describe("The file's size in bytes."),
  downscaled: z.boolean().describe("The image sent is a smaller copy (the file is over the image bounds); false: the file's own bytes are sent."),
  image: z
    .strictObject({
      mime_type: z.enum(mimeTypes).describe("The MIME type of data."),
      width: pixels.describe("Width of the image sent, in pixels."),
      height: pixels.describe("Height of the image sent, in pixels."),
      bytes: z.int().min(0).describe("Size of the image sent, in bytes (before base64)."),
      data: z.string().describe("The image sent, base64-encoded."),
    })
    .describe("The image the model receives (as an image part, beside a text part holding the other fields)."),
});

/** A conditional read of a file whose bytes did not change (AGENT-VER-02). */
export const unchangedSchema = z.strictObject({
  path: z.string(),
  version: z.string().min(8),
  unchanged: z.literal(true),
});

/** A failed read, exactly as the model receives it. */
export const readErrorSchema = z.strictObject({
  error: z.strictObject({
    code: z.enum(AGENT_ERROR_CODES),
    message: z.string().describe("What went wrong and how to continue."),
  }),
});

/** A successful `read` output of a text file. */
export type ReadSuccess = z.output<typeof readSuccessSchema>;
/** A successful `read` output of a PDF. */
export type PdfSuccess = z.output<typeof pdfSuccessSchema>;
/** A successful `read` output of a notebook. */
export type NotebookSuccess = z.output<typeof notebookSuccessSchema>;
/** A read of an image. */
export type ReadImage = z.output<typeof readImageSchema>;
/** The answer to a conditional read of an unchanged file. */
export type ReadUnchanged = z.output<typeof unchangedSchema>;
/** A failed `read` output: `{ "error": { "code", "message" } }`. */
export type ReadError = { readonly error: { readonly code: AgentErrorCode; readonly message: string } };
/** Everything `read` can return. */
export type ReadOutput = ReadSuccess | ReadImage | PdfSuccess | NotebookSuccess | ReadUnchanged | ReadError;

/** Whether an output (or an intermediate result that may be one) is a failure. */
export function isReadError(value: object): value is ReadError {
  return "error" in value;
}

/** Whether an output is a read of an image. */
export function isReadImage(value: object): value is ReadImage {
  return "image" in value;
}

/** Builds a {@link ReadError}. */
export function readError(code: AgentErrorCode, message: string): ReadError {
  return { error: { code, message } };
}

/** The zod schema of every output of `read`, failures included. */
export const readOutputSchema: z.ZodType<ReadOutput> = z.union([readSuccessSchema, readImageSchema, pdfSuccessSchema, notebookSuccessSchema, unchangedSchema, readErrorSchema]);

/** JSON Schema of every output of `read`, in the normal form of `toOutputJsonSchema`. */
export const outputSchema: JsonSchema = toOutputJsonSchema(readOutputSchema);
