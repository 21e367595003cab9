import { assertNever, quoteText, type CoreFailure, type NotRegularFileFailure } from "@read/core";
import type { EnvelopeError } from "./output.js";
import { invalidParameter, pathNote } from "./parse-input.js";

/** What the caller asked for, as the messages of a failed read quote it. */
export interface FailedRequest {
  /** The path exactly as the caller gave it (`{path}` in the spec's messages). */
  readonly path: string;
  readonly startLine: number;
  readonly limit: number;
}

/** The message of spec 001 §4 for a path outside the project root, whatever the target is. */
export const ACCESS_DENIED_MESSAGE = "Access denied. Path must be within project root.";

const KIND_NAMES: Readonly<Record<NotRegularFileFailure["kind"], string>> = {
  fifo: "a FIFO",
  socket: "a socket",
  "character-device": "a character device",
  "block-device": "a block device",
  symlink: "a symlink",
  unknown: "a special file",
};

/**
 * Maps a core failure to spec 001's error (§4): its code, and for the cases its table lists, its exact
 * message with `{path}` filled in. Core's own messages are never passed through: they may quote a path
 * the caller did not write (the input joined to `cwd`).
 */
export function mapFailure(failure: CoreFailure, request: FailedRequest): EnvelopeError {
  const { path } = request;
  switch (failure.code) {
    case "NOT_FOUND":
      return { code: "NOT_FOUND", message: `File ${quoteText(path)} does not exist.` };
    case "OUTSIDE_ROOT":
      return { code: "ACCESS_DENIED", message: ACCESS_DENIED_MESSAGE };
    case "SENSITIVE":
      return {
        code: "ACCESS_DENIED",
        message: `Access denied. Path ${quoteText(path)} is sensitive (${failure.description}); the secrets policy (secrets = true in [envelope]) refuses it.`,
      };
    case "NOT_REGULAR_FILE": {
      return { code: "ACCESS_DENIED", message: `Access denied. Path ${quoteText(path)} is not a regular file (it is ${KIND_NAMES[failure.kind]}).` };
    }
    case "SYMLINK_LOOP":
      return { code: "ACCESS_DENIED", message: `Access denied. Path ${quoteText(path)} runs into a symlink loop.` };
    case "IS_DIRECTORY":
      return { code: "IS_DIRECTORY", message: `Path ${quoteText(path)} is a directory. Use LS to explore it.` };
    case "BINARY":
      return { code: "BINARY_FILE", message: `File ${quoteText(path)} appears to be binary.` };
    case "INVALID_INPUT":
      return { code: "INVALID_PARAM", message: invalidParameter("path", path, pathNote(failure.reason)) };
    case "NAME_TOO_LONG":
      return { code: "INVALID_PARAM", message: invalidParameter("path", path, "too long for the file system") };
    case "PERMISSION_DENIED":
      return { code: "PERMISSION_DENIED", message: `Permission denied. The operating system refused access to ${quoteText(path)}.` };
    case "CHANGED_DURING_READ":
      return { code: "CONFLICT", message: `File ${quoteText(path)} changed while it was being opened. Retry the read.` };
    case "TOO_LARGE":
      if (failure.cause === "window") {
        return {
          code: "EXECUTION_ERROR",
          message:
            request.limit === 1
              ? `File ${quoteText(path)}: line ${request.startLine} alone holds more than ${failure.limit} bytes, the most one read may return.`
              : `File ${quoteText(path)}: the lines requested (up to ${request.limit} from line ${request.startLine}) hold more than ${failure.limit} bytes, the most one read may return. Use a smaller limit.`,
        };
      }
      return {
        code: "EXECUTION_ERROR",
        message: `File ${quoteText(path)} ${failure.cause === "size" ? `is ${failure.size} bytes` : "grew while it was read"}, over the ${failure.limit} bytes this tool reads (every read counts all of its lines for stats.total_lines). Raise max_file_bytes in the [envelope] table of your own config (--config FILE) to read it.`,
      };
    case "TOO_MANY_OPEN_FILES":
      return { code: "INTERNAL_ERROR", message: `File ${quoteText(path)} cannot be opened now: too many open files. Retry later.` };
    case "IO_ERROR":
      return { code: "INTERNAL_ERROR", message: `File ${quoteText(path)} could not be read (${failure.osError ?? "I/O error"}).` };
    case "SCAN_LIMIT":
    case "INVALID_UTF8":
      // Unreachable with this profile's options (no scan budget, replacement decoding); kept total.
      return { code: "INTERNAL_ERROR", message: `File ${quoteText(path)} could not be read (${failure.code}).` };
    default:
      return assertNever(failure, "core failure");
  }
}
