import { assertNever, quoteText, type CoreFailure } from "@read/core";
import { readError, type ReadError } from "./output.js";

/** Where the limits live, for messages that point there. */
export const CONFIG_TABLE = "[agent]";

/**
 * Maps a core failure to the `{ "error": { "code", "message" } }` the model receives (AGENT-ERR-01):
 * core's sentence, then what to do.
 */
export function mapFailure(failure: CoreFailure, path: string): ReadError {
  const shown = quoteText(failure.path ?? path);
  switch (failure.code) {
    case "INVALID_INPUT":
    case "NAME_TOO_LONG":
      return readError("INVALID_ARGUMENT", `${failure.message} Give the path of a file in the workspace.`);
    case "NOT_FOUND":
      return readError("NOT_FOUND", `${failure.message} Check the path (relative to the workspace root) or list the directory first.`);
    case "OUTSIDE_ROOT":
      return readError("OUTSIDE_ROOT", `${shown} resolves outside the workspace root; read only reads files inside it.`);
    case "SENSITIVE":
      return readError("SECRET", `${shown} is refused by the secrets policy (${failure.description}): it may hold credentials. Do not try another path to it; ask the user for the value you need.`);
    case "IS_DIRECTORY":
      return readError("NOT_A_FILE", `${shown} is a directory; read reads regular files. List the directory to find a file in it.`);
    case "NOT_REGULAR_FILE":
      return readError("NOT_A_FILE", `${failure.message} read reads regular files only.`);
    case "PERMISSION_DENIED":
      return readError("PERMISSION_DENIED", `${failure.message} The operating system refuses it; it cannot be read with these permissions.`);
    case "BINARY":
      return readError("BINARY_FILE", `${shown} is a binary file (a NUL byte in its first bytes); read returns text only.`);
    case "TOO_LARGE":
    case "INVALID_UTF8":
    case "SCAN_LIMIT":
    case "SYMLINK_LOOP":
    case "CHANGED_DURING_READ":
    case "TOO_MANY_OPEN_FILES":
    case "IO_ERROR":
      return readError("READ_FAILED", `${failure.message} Retry the read; if it fails again, the file cannot be read now.`);
    default:
      return assertNever(failure, "core failure");
  }
}
