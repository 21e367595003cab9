import { escapeText } from "@read/core";
import type { z } from "zod";
import { INPUT_KEYS, inputSchema, MAX_RANGES, type ReadInput } from "./input-schema.js";
import { readError, type ReadError } from "./output.js";

/** Names other read tools use, and what `read` calls them. */
const OTHER_NAMES: Readonly<Record<string, string>> = {
  offset: "start_line",
  line: "start_line",
  start: "start_line",
  end_line: "limit (the number of lines)",
  page: "pages",
  page_range: "pages",
  lines: "limit",
  count: "limit",
  head: "limit",
  file_path: "path",
  filePath: "path",
  file: "path",
  version: "if_version",
};

/**
 * Characters no path `read` opens may hold: C0 and C1 controls, DEL, invisible and direction-changing
 * characters (zero-width, bidi controls, tags, variation selectors, the soft hyphen, fillers), and the line
 * and paragraph separators: a name holding them does not show what it is (forge's sandbox refuses the same).
 */
const UNSAFE_PATH_CHARACTER =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]/u;

/**
 * The exclusive combinations (AGENT-IN-09): for each parameter, those it cannot be given with. Each
 * error names the parameters to drop.
 */
const EXCLUDES: readonly (readonly [keyof ReadInput, readonly (keyof ReadInput)[], string])[] = [
  ["tail", ["start_line", "column", "ranges", "limit"], "`tail` reads the last lines on its own"],
  ["ranges", ["start_line", "limit", "column"], "`ranges` gives each window its own start_line and limit"],
  ["pages", ["start_line", "limit", "tail", "column", "ranges"], "a PDF is read by pages, not lines"],
];

/**
 * Validates the arguments exactly as the model sent them (AGENT-IN-01..09). A parameter set to `null`
 * counts as not given (strict function-calling modes send `null` for every unused optional parameter);
 * an unknown parameter is an error that names it, and the parameter meant when another tool's name was
 * used. Every problem is named in one message.
 */
export function parseInput(raw: unknown): ReadInput | ReadError {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return readError("INVALID_ARGUMENT", 'The arguments must be a JSON object with at least `path`, such as {"path": "src/main.ts"}.');
  }
  const given: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (value === null) continue;
    if ((INPUT_KEYS as readonly string[]).includes(key)) given[key] = value;
    else unknown.push(key);
  }
  if (unknown.length > 0) {
    const named = unknown.map((key) => `\`${escapeText(key)}\`${OTHER_NAMES[key] === undefined ? "" : ` (use \`${OTHER_NAMES[key]}\`)`}`);
    return readError("INVALID_ARGUMENT", `Unknown parameter${unknown.length === 1 ? "" : "s"} ${named.join(", ")}: read takes ${INPUT_KEYS.map((key) => `\`${key}\``).join(", ")}.`);
  }
  const parsed = inputSchema.safeParse(given);
  if (!parsed.success) return readError("INVALID_ARGUMENT", [...new Set(parsed.error.issues.map((issue) => describeIssue(issue, given)))].join(" "));
  const input = parsed.data;
  for (const [key, excluded, why] of EXCLUDES) {
    if (input[key] === undefined) continue;
    const clash = excluded.filter((other) => input[other] !== undefined);
    if (clash.length > 0) {
      return readError("CONFLICTING_ARGUMENTS", `\`${key}\` cannot be used with ${listOf(clash)}: ${why}. Drop ${listOf(clash)}, or drop \`${key}\`.`);
    }
  }
  if (input.path.trim() === "") {
    return readError("INVALID_ARGUMENT", `\`path\` must not be empty${input.path === "" ? "" : " (it holds only whitespace)"}: give the path of a file in the workspace, such as "src/main.ts".`);
  }
  const unsafe = UNSAFE_PATH_CHARACTER.exec(input.path);
  if (unsafe !== null) {
    const codePoint = (unsafe[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0");
    const position = Array.from(input.path.slice(0, unsafe.index)).length + 1;
    return readError(
      "INVALID_ARGUMENT",
      `\`path\` holds U+${codePoint} (character ${position}): control, invisible and direction-changing characters are refused, since a name holding them does not show what it is. Name the file without them.`,
    );
  }
  return input;
}

function describeIssue(issue: z.core.$ZodIssue, given: Record<string, unknown>): string {
  const [key, index, field] = issue.path.map(String);
  if (key === undefined || !(key in given)) return `\`${key ?? "path"}\` is required.`;
  if (key === "ranges") {
    if (index === undefined) return `\`ranges\` must be an array of 1 to ${MAX_RANGES} objects {start_line, limit?}, got ${preview(given[key])}.`;
    if (field === undefined || issue.code === "unrecognized_keys") return `\`ranges[${index}]\` must be an object {start_line, limit?} with nothing else, got ${preview((given[key] as unknown[])[Number(index)])}.`;
    return `\`ranges[${index}].${field}\` must be an integer of at least 1.`;
  }
  if (key === "pages") return `\`pages\` must be a page number ("3") or a range of pages ("1-5"), 1-based, got ${preview(given[key])}.`;
  if (key === "path" || key === "if_version") return `\`${key}\` must be a non-empty string, got ${preview(given[key])}.`;
  return `\`${key}\` must be an integer of at least 1, got ${preview(given[key])}.`;
}

/** `a`, `a and b`, `a, b and c`, each in backticks. */
function listOf(names: readonly string[]): string {
  const quoted = names.map((name) => `\`${name}\``);
  return quoted.length <= 1 ? quoted.join("") : `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)}`;
}

function preview(value: unknown): string {
  const json = escapeText(JSON.stringify(value) ?? String(value));
  return json.length > 40 ? `${json.slice(0, 37)}...` : json;
}
