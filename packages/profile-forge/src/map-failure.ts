import { assertNever, quoteText, type CoreFailure, type ScanLimitFailure, type TooLargeFailure } from "@read/core";
import type { ForgeConfig } from "./config-schema.js";
import { readError, type ReadError } from "./output.js";
import type { ReadPlan } from "./plan-read.js";

/** What a failure message needs to know about the request that failed. */
export interface FailureContext {
  readonly plan: ReadPlan;
  readonly config: ForgeConfig;
}

const CONFIG_TABLE = "[tools.read_file]";

/**
 * Maps a core failure to the `{ "error": { "code", "message" } }` the model receives. Limits are worded
 * for this tool (which parameter or config key helps, and which cannot); other failures keep core's
 * neutral message.
 */
export function mapFailure(failure: CoreFailure, context: FailureContext): ReadError {
  switch (failure.code) {
    case "INVALID_INPUT":
    case "NAME_TOO_LONG":
      return readError("INVALID_ARGUMENT", failure.message);
    case "NOT_FOUND":
      return readError("NOT_FOUND", failure.message);
    case "OUTSIDE_ROOT":
      return readError("OUTSIDE_SANDBOX", `${failure.message.replace(/\.$/, "")}: Read only reads files inside the workspace.`);
    case "SENSITIVE":
      return readError("SANDBOX_DENIED", `${failure.message.replace(/\.$/, "")}; the sandbox refuses it (secrets = true in ${CONFIG_TABLE}).`);
    case "IS_DIRECTORY":
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

function tooLargeMessage(failure: TooLargeFailure, { plan, config }: FailureContext): string {
  const path = quoteText(failure.path ?? plan.path);
  if (failure.cause === "window") {
    const fewer = plan.kind === "tail" ? "a smaller `tail`" : plan.kind === "lines" && plan.given.includes("head") ? "a smaller `head`" : "`end_line` or `limit`";
    return `The requested lines of ${path} (${rangeLabel(plan)}) hold more than ${failure.limit} bytes, the most one read returns (max_file_read_bytes). Ask for fewer lines with ${fewer}.`;
  }
  const parts = "Read part of it: `start_line`/`end_line` (or `limit`) for a range, `head` for the first lines, `tail` for the last lines";
  if (failure.cause === "size") {
    const byScan = config.max_scan_bytes < config.max_file_read_bytes;
    return byScan
      ? `${path} is ${failure.size} bytes, more than max_scan_bytes (${failure.limit}), the most one read may scan, so it cannot be read whole. ${parts}; or raise max_scan_bytes in ${CONFIG_TABLE}.`
      : `${path} is ${failure.size} bytes, more than max_file_read_bytes (${failure.limit}) allows for a whole-file read. ${parts}.`;
  }
  return `${failure.message} ${parts}.`;
}

function scanLimitMessage(failure: ScanLimitFailure, { plan }: FailureContext): string {
  const path = quoteText(failure.path ?? plan.path);
  return (
    `The requested lines of ${path} (${rangeLabel(plan)}) reach beyond the first ${failure.maxScanBytes} bytes of the file, the most one read may scan (max_scan_bytes): ` +
    `finding a line means counting every line before it, so lines past that point cannot be reached by any range. ` +
    `Read the end of the file with \`tail\`, or raise max_scan_bytes in ${CONFIG_TABLE}.`
  );
}

function rangeLabel(plan: ReadPlan): string {
  switch (plan.kind) {
    case "whole":
      return "the whole file";
    case "tail":
      return `the last ${plan.lines}`;
    case "lines":
      if (plan.given.includes("head")) return `the first ${plan.maxLines ?? 0}`;
      if (plan.maxLines === null) return `line ${plan.startLine} to the end`;
      return plan.maxLines === 1 ? `line ${plan.startLine}` : `lines ${plan.startLine}-${plan.startLine + plan.maxLines - 1}`;
  }
}
