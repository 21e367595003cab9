import { toOutputJsonSchema, type JsonSchema } from "@read/core";
import { z } from "zod";

/**
 * Every `error.code` `Read` can answer with, spec codes first. The first five are spec 001 §4
 * (`IS_DIRECTORY` and `BINARY_FILE` being its §4.1 extension); the others are codes of the Standard
 * Envelope protocol that the spec leaves unassigned, used for failures its table does not list (see the
 * README).
 */
export const ENVELOPE_ERROR_CODES = [
  "NOT_FOUND",
  "ACCESS_DENIED",
  "IS_DIRECTORY",
  "BINARY_FILE",
  "INVALID_PARAM",
  "PERMISSION_DENIED",
  "CONFLICT",
  "EXECUTION_ERROR",
  "INTERNAL_ERROR",
] as const;

/** One of {@link ENVELOPE_ERROR_CODES}. */
export type EnvelopeErrorCode = (typeof ENVELOPE_ERROR_CODES)[number];

/** The structured error of an `error` envelope (spec 001 §4). */
export interface EnvelopeError {
  readonly code: EnvelopeErrorCode;
  readonly message: string;
}

/** `data` of a read (spec 001 §2.3.1). */
export interface ReadData {
  /** The lines read, each as `"%4d | %s\n"`; `""` for an empty file. */
  readonly content: string;
  /** Lines follow the ones returned (a next page exists). */
  readonly truncated: boolean;
  /**
   * Present only when the file is not valid UTF-8 (anywhere, not only in the lines returned) and was
   * decoded with replacement characters, as MyCodeAgent decides it: per file.
   */
  readonly fallback_encoding?: "replace";
}

/** `stats` of a read (spec 001 §2.3.2.1). */
export interface ReadStats {
  /** Elapsed milliseconds of the call, an integer (also the `X` of `(Took Xms)`). */
  readonly time_ms: number;
  readonly lines_read: number;
  /** Unicode code points of `data.content`, line-number prefixes and newlines included (Python's `len`). */
  readonly chars_read: number;
  readonly total_lines: number;
  readonly file_size_bytes: number;
  readonly file_mtime_ms: number;
  /** `"utf-8"`, or `"utf-8 (replace)"` when the file was decoded with replacement characters. */
  readonly encoding: "utf-8" | "utf-8 (replace)";
}

/** `context` of a read (spec 001 §2.3.2). */
export interface ReadContext {
  /** The working directory relative to the project root, `"."` at the root. */
  readonly cwd: string;
  /** The arguments exactly as the caller passed them. */
  readonly params_input: unknown;
  /** The file read, symlinks resolved, as a normalised POSIX path relative to the project root. */
  readonly path_resolved: string;
}

/** A read that returned lines: `success`, or `partial` when truncated or decoded with replacement. */
export interface ReadResult {
  readonly status: "success" | "partial";
  readonly data: ReadData;
  readonly text: string;
  readonly stats: ReadStats;
  readonly context: ReadContext;
}

/** `context` of a failed call. */
export interface FailureContext {
  readonly cwd: string;
  readonly params_input: unknown;
  /** Where the path resolved, when the call failed after resolving it inside the root (never outside it). */
  readonly path_resolved?: string;
  /** The file's line count, when `start_line` lies past its end. */
  readonly total_lines?: number;
}

/**
 * A failed call: `data` is an empty object (the protocol's `data` is never `null`), `stats` has only
 * `time_ms`.
 */
export interface ReadFailure {
  readonly status: "error";
  readonly data: Record<string, never>;
  /** The same sentence as `error.message`. */
  readonly text: string;
  readonly stats: { readonly time_ms: number };
  readonly context: FailureContext;
  readonly error: EnvelopeError;
}

/** Everything `call` resolves to. */
export type EnvelopeOutput = ReadResult | ReadFailure;

const count = z.int().min(0);

const readResultSchema: z.ZodType<ReadResult> = z.strictObject({
  status: z.enum(["success", "partial"]),
  data: z.strictObject({
    content: z.string(),
    truncated: z.boolean(),
    fallback_encoding: z.literal("replace").exactOptional(),
  }),
  text: z.string(),
  stats: z.strictObject({
    time_ms: count,
    lines_read: count,
    chars_read: count,
    total_lines: count,
    file_size_bytes: count,
    file_mtime_ms: z.int(),
    encoding: z.enum(["utf-8", "utf-8 (replace)"]),
  }),
  context: z.strictObject({ cwd: z.string(), params_input: z.unknown(), path_resolved: z.string() }),
});

const readFailureSchema: z.ZodType<ReadFailure> = z.strictObject({
  status: z.literal("error"),
  data: z.strictObject({}),
  text: z.string(),
  stats: z.strictObject({ time_ms: count }),
  context: z.strictObject({ cwd: z.string(), params_input: z.unknown(), path_resolved: z.string().exactOptional(), total_lines: count.exactOptional() }),
  error: z.strictObject({ code: z.enum(ENVELOPE_ERROR_CODES), message: z.string() }),
});

/** The zod schema of every output of `call` (the source of {@link outputSchema}). */
export const envelopeOutputSchema: z.ZodType<EnvelopeOutput> = z.union([readResultSchema, readFailureSchema]);

/** JSON Schema of every output of `call`: a `success`/`partial` read or an `error` (an object either way). */
export const outputSchema: JsonSchema = toOutputJsonSchema(envelopeOutputSchema);
