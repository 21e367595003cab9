import type { Line, LineWindow } from "@read/core";
import type { ForgeConfig } from "./config-schema.js";
import { CONFIG_TABLE } from "./map-failure.js";
import type { ReadPlan } from "./plan-read.js";

/** A line of the text view that is not a line of the file: it says what the limits left out and how to go on. */
export interface WindowNotice {
  /** `start`: above the lines (a tail, whose missing lines come before); `end`: below them. */
  readonly at: "start" | "end";
  /** `... [` what was left out, and how to go on `]`. */
  readonly text: string;
}

/**
 * What the text view says when the limits cut a window short, or when no range can reach the lines after
 * it (`next_start_line` is then `null`); `undefined` when the window holds what was asked for and any
 * line after it can be read with `start_line = next_start_line`. Every way on it names works: a
 * `start_line` it gives starts within `max_scan_bytes`, and `tail` always returns the end of the file.
 */
export function windowNotice(plan: ReadPlan, window: LineWindow, lines: readonly Line[], config: ForgeConfig): WindowNotice | undefined {
  const { cut } = window;
  if (plan.kind === "tail") {
    if (cut === null) return undefined;
    const number = lines[0]?.number ?? null;
    const [bound, key] = cut.limit === "answer" ? [answerBytes(config), "max_answer_bytes"] : [fileBytes(config), "max_file_read_bytes"];
    if (cut.partial) {
      const shown = Buffer.byteLength(lines[0]?.text ?? "");
      const start = number === null ? "" : ` Read its start with start_line = ${number}.`;
      const why = cut.limit === "answer" ? "takes more than" : "is longer than";
      return notice("start", `${number === null ? "The last line" : `Line ${number}`} ${why} ${bound}: only its last ${shown} bytes are shown.${start} Raise ${key} in ${CONFIG_TABLE} to see more of it.`);
    }
    const more = `raise ${key} in ${CONFIG_TABLE} to see more of them`;
    const how = number === null ? `${more.charAt(0).toUpperCase()}${more.slice(1)}` : `Read the lines before line ${number} with start_line/end_line, or ${more}`;
    return notice("start", `Only the last ${lines.length} ${lines.length === 1 ? "line fits" : "lines fit"} in ${bound}. ${how}.`);
  }
  // A whole-file read is cut only by the answer bound (a file over max_file_read_bytes is TOO_LARGE).
  if (cut === null && (plan.kind === "whole" || !(window.hasMore && window.nextLine === null))) return undefined;
  const startLine = plan.kind === "lines" ? plan.startLine : 1;
  const maxLines = plan.kind === "lines" ? plan.maxLines : null;
  const continueAt = window.nextLine === null ? "" : ` Continue with start_line = ${window.nextLine}.`;
  if (cut?.partial === true) {
    const shown = Buffer.byteLength(lines[0]?.text ?? "");
    const [why, limit] =
      cut.limit === "window"
        ? [`is longer than ${fileBytes(config)}`, "max_file_read_bytes"]
        : cut.limit === "answer"
          ? [`takes more than ${answerBytes(config)}`, "max_answer_bytes"]
          : [`runs past ${scanBytes(config)}`, "max_scan_bytes"];
    const after = !window.hasMore ? " It is the last line of the file." : window.nextLine === null ? ` No range can reach the lines after it: ${BY_TAIL}.` : continueAt;
    return notice("end", `Line ${startLine} ${why}: only its first ${shown} bytes are shown. Raise ${limit} in ${CONFIG_TABLE} to see more of it.${after}`);
  }
  const next = (lines.at(-1)?.number ?? startLine - 1) + 1;
  if (cut?.limit === "window" || cut?.limit === "answer") {
    const end = maxLines === null ? null : startLine + maxLines - 1;
    const left = end === next ? `Line ${next} is not shown: it would` : `${end === null ? `Line ${next} and the lines after it are` : `Lines ${next}-${end} are`} not shown: they would`;
    return notice("end", `${left} take the view past ${cut.limit === "window" ? fileBytes(config) : answerBytes(config)}.${continueAt}`);
  }
  if (window.nextLine !== null) return notice("end", `Line ${next} runs past ${scanBytes(config)}, so the view stops before it.${continueAt}`);
  return notice("end", `Line ${next} and the lines after it lie past ${scanBytes(config)}: no range can reach them. To go on, ${BY_TAIL}.`);
}

// The limits as the notices name them: built only when a notice is, not on every call.
function fileBytes(config: ForgeConfig): string {
  return `max_file_read_bytes (${config.max_file_read_bytes} bytes), the most one read returns`;
}

function answerBytes(config: ForgeConfig): string {
  return `max_answer_bytes (${config.max_answer_bytes} bytes), the most one view takes as JSON, escapes and line numbers counted`;
}

function scanBytes(config: ForgeConfig): string {
  return `the first ${config.max_scan_bytes} bytes of the file, the most one read may scan (max_scan_bytes)`;
}

const BY_TAIL = `read the end of the file with \`tail\`, or raise max_scan_bytes in ${CONFIG_TABLE}`;

function notice(at: WindowNotice["at"], text: string): WindowNotice {
  return { at, text: `... [${text}]` };
}
