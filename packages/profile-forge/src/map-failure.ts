import { assertNever, quoteText, type CoreFailure, type ScanLimitFailure, type SensitiveFailure, type TooLargeFailure } from "@read/core";
import { DENIED_PATTERN_RULE } from "./denied-pattern-rules.js";
import { readError, type ReadError } from "./output.js";

/** What a failure message needs to know about the request that failed. */
export interface FailureContext {
  /** The path as the model gave it. */
  readonly path: string;
}

/** Where the limits and the sandbox's lists are configured, for messages that point there. */
export const CONFIG_TABLE = "[tools.read_file]";

/**
 * Maps a core failure to the `{ "error": { "code", "message" } }` the model receives. Where forge's `Read`
 * has words for a failure, the message starts with them (`Path outside sandbox`, `path is a directory`,
 * `File too large; use start_line/end_line`, `Scan limit exceeded`, `Path '<path>' matched denied
 * pattern '<pattern>'`), then says what is true and what helps; other failures keep core's neutral
 * sentence.
 */
export function mapFailure(failure: CoreFailure, context: FailureContext): ReadError {
  switch (failure.code) {
    case "INVALID_INPUT":
    case "NAME_TOO_LONG":
      return readError("INVALID_ARGUMENT", failure.message);
    case "NOT_FOUND":
      return readError("NOT_FOUND", `No such file or directory: ${lowerFirst(failure.message)}`);
    case "OUTSIDE_ROOT":
      return readError("OUTSIDE_SANDBOX", `Path outside sandbox: ${quoteText(failure.path ?? context.path)} resolves outside the workspace root, and Read only reads files inside it.`);
    case "SENSITIVE":
      return readError("SANDBOX_DENIED", sandboxDenial(failure, context));
    case "IS_DIRECTORY":
      return readError("NOT_A_FILE", `path is a directory: ${quoteText(failure.path ?? context.path)}. Read reads regular files only.`);
    case "NOT_REGULAR_FILE":
      return readError("NOT_A_FILE", `${failure.message} Read reads regular files only.`);
    case "PERMISSION_DENIED":
      return readError("PERMISSION_DENIED", failure.message);
    case "TOO_LARGE":
      return readError("TOO_LARGE", tooLargeMessage(failure, context));
    case "SCAN_LIMIT":
      return readError("SCAN_LIMIT_EXCEEDED", scanLimitMessage(failure, context));
    case "BINARY":
    case "INVALID_UTF8":
    case "SYMLINK_LOOP":
    case "CHANGED_DURING_READ":
    case "TOO_MANY_OPEN_FILES":
    case "IO_ERROR":
      return readError("READ_FAILED", failure.message);
    default:
      return assertNever(failure, "core failure");
  }
}

// One form for every refusal of the sandbox: what the path matched, and the key that decides it.
function sandboxDenial(failure: SensitiveFailure, { path }: FailureContext): string {
  const shown = quoteText(failure.path ?? path);
  if (failure.rule.startsWith(DENIED_PATTERN_RULE)) {
    const pattern = quoteText(failure.rule.slice(DENIED_PATTERN_RULE.length));
    const matched = failure.hardLink === true ? `is a hard link to a file that matches denied pattern ${pattern}` : `matched denied pattern ${pattern}`;
    return `Path ${shown} ${matched}: the sandbox refuses it (denied_patterns in ${CONFIG_TABLE}).`;
  }
  if (failure.rule === "error") return `Path ${shown} could not be checked against the sandbox's rules: the sandbox refuses it. ${failure.message}`;
  return `Path ${shown} matched the secrets policy (${failure.description}): the sandbox refuses it (secrets in ${CONFIG_TABLE}).`;
}

const PARTS = "`start_line`/`end_line` (or `limit`) for a range, `head` for the first lines, `tail` for the last lines";

function tooLargeMessage(failure: TooLargeFailure, { path }: FailureContext): string {
  const shown = quoteText(failure.path ?? path);
  if (failure.cause === "size") {
    return `File too large; use start_line/end_line: ${shown} is ${failure.size} bytes, more than max_file_read_bytes (${failure.limit}) allows for a whole-file read. Read part of it: ${PARTS}.`;
  }
  // Only a whole-file read fails on the window's size: the file grew past the limit while it was read.
  return `File too large; use start_line/end_line: ${shown} grew past max_file_read_bytes (${failure.limit}) while it was read, so it cannot be read whole. Read part of it: ${PARTS}.`;
}

function scanLimitMessage(failure: ScanLimitFailure, { path }: FailureContext): string {
  return (
    `Scan limit exceeded: ${quoteText(failure.path ?? path)} has no line ${failure.startLine} within its first ${failure.maxScanBytes} bytes, the most one read may scan (max_scan_bytes). ` +
    `Finding a line means counting every line before it, so no range can reach past that point: ` +
    `read the end of the file with \`tail\`, or raise max_scan_bytes in ${CONFIG_TABLE}.`
  );
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
