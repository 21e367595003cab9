import { quoteText, validatePathInput } from "@read/core";
import { MAX_MAX_LINES, inputSchema, type ParsedReadFileInput } from "./input-schema.js";
import { errorOutput, mapFailure } from "./map-failure.js";
import type { ReadFileErrorOutput } from "./output.js";

/**
 * Validated arguments (`path` spelt as it is resolved: `\` read as `/`), or the `INVALID_ARGUMENT` error
 * the model receives. When only `start_line` or `max_lines` was wrong, `path` is the usable path, so that
 * the sandbox can answer first (spec 002 §7: policy, sandbox, then processing).
 */
export type ParsedInput =
  | { readonly ok: true; readonly value: ParsedReadFileInput }
  | { readonly ok: false; readonly error: ReadFileErrorOutput; readonly path?: string };

type WindowField = "start_line" | "max_lines";

// The reference's words (agent-tools-ts `src/tools/edit/read_file/validator.ts`); what was given follows them.
const RULES: Readonly<Record<WindowField, string>> = {
  start_line: "start_line must be an integer >= 1",
  max_lines: `max_lines must be an integer between 1 and ${MAX_MAX_LINES}`,
};
const PATH_RULE = "path must be a non-empty string";

/**
 * Validates the arguments as the model sent them, the way the reference toolkit reads them: `path` first
 * (missing, not a string or empty is `INVALID_ARGUMENT`; any other string names a file), every `\` in it
 * read as `/` (the reference's `createSecureTool` does so before resolving); then `start_line` and
 * `max_lines`, where `null` means the default, and every wrong one is named in one message. Other keys are
 * ignored. Nothing is clamped or coerced: `"5"`, `1.5`, `0` and `501` are errors, not adjusted values.
 * Each message starts with the reference's words (`start_line must be an integer >= 1`), then says what
 * was given and, for a wrong window, the path (spec 002 §3.2).
 */
export function parseInput(input: unknown): ParsedInput {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return invalid(`args must be an object with a "path" string, got ${describeValue(input)}.`);
  }
  const raw = input as Record<string, unknown>;
  if (raw.path === undefined) return invalid(`${PATH_RULE}; the "path" argument is missing.`);
  const checked = validatePathInput(raw.path);
  if (!checked.ok) {
    const { failure } = checked;
    if (failure.code === "INVALID_INPUT" && (failure.reason === "empty" || failure.reason === "type")) return invalid(`${PATH_RULE}, got ${raw.path === "" ? "an empty string" : describeValue(raw.path)}.`);
    return { ok: false, error: mapFailure(failure) };
  }
  const path = checked.value.replaceAll("\\", "/");
  const window = { start_line: raw.start_line ?? undefined, max_lines: raw.max_lines ?? undefined };
  const parsed = inputSchema.safeParse({ path, ...window });
  if (parsed.success) return { ok: true, value: parsed.data };
  const wrong = new Set(parsed.error.issues.map((issue) => issue.path[0] as WindowField));
  const reasons = (["start_line", "max_lines"] as const).filter((field) => wrong.has(field)).map((field) => `${RULES[field]}, got ${describeValue(window[field])}`);
  return { ok: false, error: errorOutput("INVALID_ARGUMENT", `${reasons.join("; ")} (path ${quoteText(path, '"')}).`), path };
}

function invalid(message: string): ParsedInput {
  return { ok: false, error: errorOutput("INVALID_ARGUMENT", message) };
}

const MAX_ECHOED_STRING = 40;

// How a wrong value is named in a message: numbers as written, strings quoted (and cut), others by kind.
function describeValue(value: unknown): string {
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  if (typeof value === "string") {
    const cut = value.length > MAX_ECHOED_STRING ? `${value.slice(0, MAX_ECHOED_STRING)}...` : value;
    return `the string ${quoteText(cut, '"')}`;
  }
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}
