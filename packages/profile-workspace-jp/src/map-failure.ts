import { quoteText, type CoreFailure, type CoreFailureCode } from "@read/core";
import { BINARY_SNIFF_BYTES } from "./binary-sniff-bytes.js";
import type { ReadFileErrorCode, ReadFileErrorOutput } from "./output.js";
import { SIZE_LIMIT_BYTES } from "./size-limit-bytes.js";

/**
 * Core failure -> spec 002 code. `INVALID_ARGUMENT` is only for a path that is no usable string (§4.3:
 * empty or not a string; core also refuses a NUL and more than 4096 characters before the file system
 * sees them); a symlink, whatever it points to, is `NOT_FILE` (the reference checks the entry with
 * `lstat`). What the OS reports and the spec has no code for is `INTERNAL`, as the reference reports any
 * other `lstat` or `open` error: a loop among the directories on the way, a name too long for the file
 * system, access refused, an I/O error, a file swapped while opened, no descriptors left.
 */
const CODES: Readonly<Record<CoreFailureCode, ReadFileErrorCode>> = {
  INVALID_INPUT: "INVALID_ARGUMENT",
  NAME_TOO_LONG: "INTERNAL",
  NOT_FOUND: "NOT_FOUND",
  SYMLINK_LOOP: "INTERNAL",
  OUTSIDE_ROOT: "OUTSIDE_WORKSPACE",
  SENSITIVE: "POLICY_DENIED",
  IS_DIRECTORY: "NOT_FILE",
  NOT_REGULAR_FILE: "NOT_FILE",
  TOO_LARGE: "SIZE_LIMIT_EXCEEDED",
  BINARY: "BINARY_NOT_SUPPORTED",
  INVALID_UTF8: "INTERNAL",
  SCAN_LIMIT: "INTERNAL",
  PERMISSION_DENIED: "INTERNAL",
  CHANGED_DURING_READ: "INTERNAL",
  TOO_MANY_OPEN_FILES: "INTERNAL",
  IO_ERROR: "INTERNAL",
};

/** The wire shape of a `read_file` error: `{ "error": { "code", "message" } }`. */
export function errorOutput(code: ReadFileErrorCode, message: string): ReadFileErrorOutput {
  return { error: { code, message } };
}

/**
 * Maps a failure of the core pipeline to the error the model receives. The message names the path as
 * the model gave it (escaped; left out when it was not a usable string) and says why the read failed
 * (spec 002 §3.2): `Cannot read "src/a.ts": no such file in the workspace.`
 */
export function mapFailure(failure: CoreFailure): ReadFileErrorOutput {
  const subject = failure.path === undefined ? "Cannot read" : `Cannot read ${quoteText(failure.path, '"')}`;
  return errorOutput(CODES[failure.code], `${subject}: ${reasonOf(failure)}.`);
}

function reasonOf(failure: CoreFailure): string {
  switch (failure.code) {
    case "NOT_FOUND":
      if (failure.reason === "dangling-symlink") return "it is a symlink whose target does not exist";
      if (failure.reason === "not-a-directory") return "a parent of it is a file, not a directory";
      return "no such file in the workspace";
    case "SYMLINK_LOOP":
      return "it runs into a symlink loop, so it names no file";
    case "NAME_TOO_LONG":
      return "the path is too long for the file system";
    case "OUTSIDE_ROOT":
      return "it resolves outside the workspace root; only files inside the workspace can be read";
    case "SENSITIVE":
      return `it is sensitive (${failure.description}), and the secrets policy (secrets = true in [workspace-jp]) refuses it`;
    case "IS_DIRECTORY":
      return "it is a directory, not a file";
    case "NOT_REGULAR_FILE":
      if (failure.kind === "symlink") return "it is a symlink, not a regular file (links are not followed)";
      return `it is a special file (${failure.kind.replace("-", " ")}), not a regular file`;
    case "TOO_LARGE":
      return failure.cause === "size"
        ? `the file is ${failure.size} bytes, over the limit of ${SIZE_LIMIT_BYTES} bytes (1 MiB)`
        : `the file grew past the limit of ${SIZE_LIMIT_BYTES} bytes (1 MiB) while it was read`;
    case "INVALID_INPUT":
      return sentence(failure.message);
    case "BINARY":
      return `the file looks binary (a NUL byte within its first ${BINARY_SNIFF_BYTES} bytes); binary files are not supported`;
    default:
      return `unexpected error (${failure.code}): ${sentence(failure.message)}`;
  }
}

// Core messages are full sentences; inside ours they start in lower case and lose their final period.
function sentence(message: string): string {
  return message.charAt(0).toLowerCase() + message.slice(1).replace(/\.$/u, "");
}
