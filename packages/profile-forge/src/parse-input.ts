import { escapeText } from "@read/core";
import type { z } from "zod";
import { INPUT_KEYS, inputSchema, type ReadInput } from "./input-schema.js";
import { readError, type ReadError } from "./output.js";

const EXPECTED: Readonly<Record<string, string>> = {
  path: "a string",
  show_line_numbers: "true or false",
};

/** The reference's name of `show_line_numbers` (forge's `Read` schema), accepted as an alias. */
export const LINE_NUMBERS_ALIAS = "line_numbers";

/**
 * Characters no path Read opens may hold: C0 and C1 controls, DEL, and the invisible characters forge's
 * sandbox refuses (`is_unsafe_path_char`: zero-width characters, bidirectional controls, Unicode tags,
 * variation selectors, the soft hyphen, fillers, interlinear annotation controls), plus the line and
 * paragraph separators, which break a line wherever the path is shown.
 */
const UNSAFE_PATH_CHARACTER =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]/u;

/**
 * Validates the arguments exactly as the model sent them. A parameter set to `null` counts as not given
 * (models in strict function-calling modes send `null` for every unused optional parameter), and
 * parameters Read does not know are ignored, as forge's `Read` ignores them. `line_numbers` is
 * `show_line_numbers` by the reference's name. Every problem is named in one `INVALID_ARGUMENT` message;
 * then the path must name something: not empty or only whitespace, and free of the characters forge's
 * sandbox refuses.
 */
export function parseInput(raw: unknown): ReadInput | ReadError {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return readError("INVALID_ARGUMENT", 'The arguments must be a JSON object with at least `path`, such as {"path": "src/main.rs"}.');
  }
  const given: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value !== null && (INPUT_KEYS as readonly string[]).includes(key)) given[key] = value;
  }
  const alias = (raw as Record<string, unknown>)[LINE_NUMBERS_ALIAS];
  if (alias !== undefined && alias !== null) {
    if (typeof alias !== "boolean") return readError("INVALID_ARGUMENT", `\`${LINE_NUMBERS_ALIAS}\` (another name of \`show_line_numbers\`) must be true or false, got ${preview(alias)}.`);
    if (given.show_line_numbers !== undefined && given.show_line_numbers !== alias) {
      return readError("CONFLICTING_ARGUMENTS", `\`show_line_numbers\` and \`${LINE_NUMBERS_ALIAS}\` (another name of it) say different things; give one of them.`);
    }
    given.show_line_numbers ??= alias;
  }
  const parsed = inputSchema.safeParse(given);
  if (!parsed.success) return readError("INVALID_ARGUMENT", parsed.error.issues.map((issue) => describeIssue(issue, given)).join(" "));
  return checkPath(parsed.data);
}

function checkPath(input: ReadInput): ReadInput | ReadError {
  const { path } = input;
  if (path.trim() === "") {
    return readError("INVALID_ARGUMENT", `path must not be empty${path === "" ? "" : " (it holds only whitespace)"}: give the path of a file in the workspace, such as "src/main.rs".`);
  }
  const unsafe = UNSAFE_PATH_CHARACTER.exec(path);
  if (unsafe !== null) {
    const codePoint = (unsafe[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0");
    const position = Array.from(path.slice(0, unsafe.index)).length + 1;
    return readError(
      "INVALID_ARGUMENT",
      `path contains invalid control characters (U+${codePoint} is character ${position}): controls and invisible or direction-changing characters are refused, since a name holding them does not show what it is. Name the file without them.`,
    );
  }
  return input;
}

function describeIssue(issue: z.core.$ZodIssue, given: Record<string, unknown>): string {
  const key = String(issue.path[0] ?? "");
  if (!(key in given)) return `\`${key}\` is required.`;
  return `\`${key}\` must be ${EXPECTED[key] ?? "a positive integer (1 or more)"}, got ${preview(given[key])}.`;
}

function preview(value: unknown): string {
  const json = escapeText(JSON.stringify(value) ?? String(value));
  return json.length > 40 ? `${json.slice(0, 37)}...` : json;
}
