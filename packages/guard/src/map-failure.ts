import { assertNever, escapeText, quoteText, type CoreFailure } from "@read/core";
import type { DenyingDecision } from "./guard-decision.js";
import { MAX_FILE_BYTES, type ReadFileErrorCode, type ReadFileFailure } from "./output.js";
import type { PermissionAnswer } from "./request-permission.js";

/**
 * What the operation was when the OS refused: `stat` while the path was resolved, `open` while the file
 * was opened or read (the words of the reference's Go errors, `stat /p: permission denied`).
 */
export type FailureStage = "stat" | "open";

// The reference quotes paths with Go's %q: double quotes, `"` and `\` escaped, controls as escapes.
const q = (value: string) => quoteText(value, '"');

/** The error for arguments that are not `{ "path": "<non-empty string>" }`: `why` in the reference's words. */
export function invalidInput(why: string): ReadFileFailure {
  return failure("INVALID_INPUT", `invalid input: ${why}`);
}

/**
 * The error for a path the guard denied. It names the path as the model gave it and nothing it resolves
 * to: a denial says nothing about the file system the model could not already see.
 */
export function mapDenial(decision: DenyingDecision, asked: string): ReadFileFailure {
  switch (decision.reason) {
    case "invalid":
      return invalidInput(decision.failure === undefined ? decision.message : lowerFirst(decision.failure.message).replace(/\.$/u, ""));
    case "error":
      return decision.failure === undefined
        ? failure("DENIED_BY_POLICY", `permission denied by policy: path ${q(asked)} could not be checked, so it is blocked`)
        : mapFailure(decision.failure, decision.lexical, "stat");
    default:
      return failure("DENIED_BY_POLICY", `permission denied by policy: path ${q(asked)} is blocked`);
  }
}

/**
 * The error for a pending read no one allowed. It names the path as asked, never its resolved target
 * (that is shown to the person in the prompt only), and says when no person could be asked at all.
 */
export function mapRefusal(answer: Exclude<PermissionAnswer, { kind: "allow" }>, asked: string): ReadFileFailure {
  switch (answer.kind) {
    case "deny":
      return failure("DENIED_BY_USER", `permission denied by user: read access rejected for path ${q(asked)}`);
    case "cancelled":
      return failure("DENIED_BY_USER", `permission denied: permission request failed: ${escapeText(answer.why)}`);
    case "unavailable":
      return failure("DENIED_BY_USER", "permission denied: user approval required but not available");
  }
}

/** The error for a read that failed in a way no category names more precisely: `why` is a phrase. */
export function readFailure(why: string): ReadFileFailure {
  return failure("READ_FAILED", `read failed: ${why}; retry the read`);
}

/**
 * The error for a core failure met while resolving, opening or reading the file at `shown`, the path as
 * asked made absolute (only reached once the guard, and for a pending path the person, allowed the read).
 */
export function mapFailure(found: CoreFailure, shown: string, stage: FailureStage): ReadFileFailure {
  const path = q(shown);
  switch (found.code) {
    case "INVALID_INPUT":
      return invalidInput(lowerFirst(found.message).replace(/\.$/u, ""));
    case "SENSITIVE":
      return failure("DENIED_BY_POLICY", `permission denied by policy: ${path} is sensitive (${found.description})`);
    case "NOT_FOUND":
    case "OUTSIDE_ROOT":
      // A file used as a directory is not "missing" (security rule 4): the OS refused the walk.
      return found.code === "NOT_FOUND" && found.reason === "not-a-directory"
        ? failure("NOT_ACCESSIBLE", `not accessible: ${stage} ${path}: ${osText("ENOTDIR")}`)
        : failure("NOT_FOUND", `not found: file ${path} does not exist`);
    case "PERMISSION_DENIED":
    case "SYMLINK_LOOP":
    case "NAME_TOO_LONG":
      return failure("NOT_ACCESSIBLE", `not accessible: ${stage} ${path}: ${osText(found.osError ?? OS_ERROR_OF[found.code])}`);
    case "TOO_LARGE":
      if (found.cause === "window") {
        return failure(
          "TOO_LARGE",
          `file too large: ${path} takes more than ${found.limit} bytes as JSON, escapes counted, the most one answer holds (max_answer_bytes in [guard]); this tool returns whole files only, so read it with a tool that reads a range of lines, or have the user raise max_answer_bytes`,
        );
      }
      return found.cause === "size"
        ? failure("TOO_LARGE", `file too large: ${path} is ${found.size} bytes (max ${MAX_FILE_BYTES})`)
        : failure("TOO_LARGE", `file too large: ${path} grew past ${MAX_FILE_BYTES} bytes while it was read (max ${MAX_FILE_BYTES})`);
    case "BINARY":
      return failure("NOT_TEXT", `not a text file: ${path} contains null bytes (likely binary)`);
    case "INVALID_UTF8":
      return failure("NOT_TEXT", `not a text file: ${path} contains invalid UTF-8`);
    case "IS_DIRECTORY":
      return failure("NOT_TEXT", `not a text file: ${path} is a directory`);
    case "NOT_REGULAR_FILE":
      return failure("NOT_TEXT", `not a text file: ${path} is a ${found.kind.replace("-", " ")}, not a regular file`);
    case "CHANGED_DURING_READ":
      return readFailure(`${path} changed while it was being opened`);
    case "TOO_MANY_OPEN_FILES":
      return readFailure(`open ${path}: ${osText(found.osError ?? "EMFILE")}`);
    case "SCAN_LIMIT":
      return readFailure(`${path}: ${escapeText(found.message)}`);
    case "IO_ERROR":
      return readFailure(`${stage} ${path}: ${osText(found.osError ?? "EIO")}`);
    default:
      return assertNever(found, "core failure");
  }
}

const OS_ERROR_OF = { PERMISSION_DENIED: "EACCES", SYMLINK_LOOP: "ELOOP", NAME_TOO_LONG: "ENAMETOOLONG" } as const;

// The texts Go (and the C library) give these errors, as the reference's messages carry them.
const OS_TEXTS: Readonly<Record<string, string>> = {
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  ELOOP: "too many levels of symbolic links",
  ENAMETOOLONG: "file name too long",
  ENOTDIR: "not a directory",
  EMFILE: "too many open files",
  ENFILE: "too many open files in system",
  EIO: "input/output error",
};

function osText(code: string): string {
  return OS_TEXTS[code] ?? escapeText(code);
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function failure(code: ReadFileErrorCode, message: string): ReadFileFailure {
  return { error: message, code };
}
