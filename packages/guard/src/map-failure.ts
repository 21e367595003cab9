import { assertNever, quoteText, type CoreFailure, type NotFoundFailure } from "@read/core";
import type { DenyingDecision } from "./guard-decision.js";
import { MAX_FILE_BYTES, type ReadFileError, type ReadFileErrorCode } from "./output.js";
import type { PermissionAnswer } from "./request-permission.js";

/** What a failure message may say about the path. */
export interface FailureContext {
  /** The path as the model asked for it. */
  readonly asked: string;
  /** The absolute path it resolved to. */
  readonly resolved: string;
}

const LIMIT = `read_file reads files of at most ${MAX_FILE_BYTES} bytes (1 MiB)`;

/** The error for arguments that are not `{ "path": "<non-empty string>" }`. */
export function invalidInput(why: string): ReadFileError {
  return error("INVALID_INPUT", `Invalid input: ${why} Call read_file with {"path": "<file>"}, a path relative to the working directory or absolute.`);
}

/** The error for a path the guard denied. */
export function mapDenial(decision: DenyingDecision, asked: string): ReadFileError {
  const context = { asked, resolved: decision.resolved };
  switch (decision.reason) {
    case "invalid":
      return invalidInput(decision.message);
    case "error":
      return decision.failure === undefined
        ? error("DENIED_BY_POLICY", `Permission denied by policy: ${decision.message} Do not retry this path.`)
        : mapFailure(decision.failure, context);
    default:
      return error("DENIED_BY_POLICY", `Permission denied by policy: ${decision.message} Reading it is not allowed; do not retry this path.`);
  }
}

/** The error for a pending read the person did not allow. */
export function mapRefusal(answer: Exclude<PermissionAnswer, { kind: "allow" }>, context: FailureContext): ReadFileError {
  const what = `reading ${quoteText(context.asked)} (resolved to ${quoteText(context.resolved)}, outside the working directory)`;
  switch (answer.kind) {
    case "deny":
      return error("DENIED_BY_USER", `Permission denied by the user: ${what} was not allowed. Do not retry it unless the user asks you to.`);
    case "cancelled":
      return error("DENIED_BY_USER", `Permission denied by the user: the permission prompt for ${what} was cancelled or failed (${answer.why}), which counts as a denial.`);
    case "unavailable":
      return error("DENIED_BY_USER", `Permission denied: ${what} needs the user's permission, but no one could be asked (no permission prompt is available).`);
  }
}

/** The error for a read that failed in a way no category names more precisely: `why` is a phrase. */
export function readFailure(why: string): ReadFileError {
  return error("READ_FAILED", `Read failed: ${why}. Retry the read.`);
}

/** The error for a core failure met while resolving, opening or reading a file. */
export function mapFailure(failure: CoreFailure, context: FailureContext): ReadFileError {
  const asked = quoteText(context.asked);
  const resolved = quoteText(context.resolved);
  switch (failure.code) {
    case "INVALID_INPUT":
      return invalidInput(failure.message);
    case "SENSITIVE":
      return error("DENIED_BY_POLICY", `Permission denied by policy: ${asked} is sensitive: ${failure.description}. Reading it is not allowed; do not retry this path.`);
    case "NOT_FOUND":
    case "OUTSIDE_ROOT":
      return error("NOT_FOUND", `File not found: ${asked} ${notFoundWhy(failure.code === "NOT_FOUND" ? failure.reason : "missing", resolved)}. Check the path; relative paths start at the working directory.`);
    case "PERMISSION_DENIED":
      return error("NOT_ACCESSIBLE", `File not accessible: the operating system refused access to ${asked} (${failure.osError ?? "EACCES"}). It cannot be read with the current permissions.`);
    case "SYMLINK_LOOP":
      return error("NOT_ACCESSIBLE", `File not accessible: ${asked} runs into a symlink loop (ELOOP).`);
    case "NAME_TOO_LONG":
      return error("NOT_ACCESSIBLE", `File not accessible: ${asked} is too long for the file system (ENAMETOOLONG).`);
    case "TOO_LARGE":
      return failure.cause === "size"
        ? error("TOO_LARGE", `File too large: ${resolved} is ${failure.size} bytes; ${LIMIT}.`)
        : error("TOO_LARGE", `File too large: ${resolved} grew past ${MAX_FILE_BYTES} bytes while it was read; ${LIMIT}.`);
    case "BINARY":
      return error("NOT_TEXT", `Not a text file: ${resolved} contains a NUL byte (at byte ${failure.offset ?? 0}); read_file reads UTF-8 text only.`);
    case "INVALID_UTF8":
      return error("NOT_TEXT", `Not a text file: ${resolved} is not valid UTF-8; read_file reads UTF-8 text only.`);
    case "IS_DIRECTORY":
      return error("NOT_TEXT", `Not a text file: ${resolved} is a directory; read_file reads files only.`);
    case "NOT_REGULAR_FILE":
      return error("NOT_TEXT", `Not a text file: ${resolved} is a ${failure.kind.replace("-", " ")}, not a regular file; read_file reads regular files only.`);
    case "CHANGED_DURING_READ":
      return error("READ_FAILED", `Read failed: ${resolved} changed while it was being opened. Retry the read.`);
    case "TOO_MANY_OPEN_FILES":
      return error("READ_FAILED", `Read failed: ${resolved} could not be opened because too many files are open. Retry the read later.`);
    case "SCAN_LIMIT":
      return error("READ_FAILED", `Read failed: ${resolved} could not be read (${failure.message}). Retry the read.`);
    case "IO_ERROR":
      return error("READ_FAILED", `Read failed: ${resolved} could not be read (${failure.osError ?? failure.message}). Retry the read.`);
    default:
      return assertNever(failure, "core failure");
  }
}

function notFoundWhy(reason: NotFoundFailure["reason"], resolved: string): string {
  switch (reason) {
    case "dangling-symlink":
      return `is a symlink whose target ${resolved} does not exist`;
    case "not-a-directory":
      return `uses a file as a directory (${resolved})`;
    default:
      return `does not exist (it would be ${resolved})`;
  }
}

function error(code: ReadFileErrorCode, message: string): ReadFileError {
  return { error: message, code };
}
