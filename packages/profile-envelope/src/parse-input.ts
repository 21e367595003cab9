import { MAX_PATH_INPUT_LENGTH, escapeText, validatePathInput, type InvalidInputFailure } from "@read/core";
import { DEFAULT_LIMIT, DEFAULT_START_LINE, MAX_LIMIT, inputSchema, type ReadInput } from "./input-schema.js";

/**
 * What each parameter accepts, as every `INVALID_PARAM` message about it states: MyCodeAgent's words,
 * with the limits and defaults spelt out.
 */
export const PARAMETER_RULES = {
  path: `Parameter 'path' is required: a non-empty string of at most ${MAX_PATH_INPUT_LENGTH} characters without a NUL byte, naming a file relative to the project root.`,
  start_line: `start_line must be a positive integer (>= 1); default ${DEFAULT_START_LINE}.`,
  limit: `limit must be an integer between 1 and ${MAX_LIMIT}; default ${DEFAULT_LIMIT}.`,
} as const;

type Parameter = keyof typeof PARAMETER_RULES;

const PARAMETERS: readonly Parameter[] = ["path", "start_line", "limit"];

/**
 * Validates the arguments with {@link inputSchema} and the core path check, before anything touches the
 * filesystem. On failure, the `INVALID_PARAM` message names every invalid parameter, in the order
 * `path`, `start_line`, `limit`, with the value given and what it accepts. Unknown keys are ignored, as
 * the spec's schema allows them.
 */
export function parseInput(input: unknown): { readonly ok: true; readonly value: ReadInput } | { readonly ok: false; readonly message: string } {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return {
      ok: false,
      message: `Invalid parameters: ${describeValue(input)}. The parameters must be an object with path (required), start_line and limit.`,
    };
  }
  const given = input as Record<string, unknown>;
  // An integer start_line beyond 2^53 is a line past the end of any file (the reference reads Python's
  // unbounded ints), not a bad argument: it is checked as the largest safe one and kept as given.
  const huge = typeof given.start_line === "number" && Number.isInteger(given.start_line) && given.start_line > Number.MAX_SAFE_INTEGER ? given.start_line : undefined;
  const parsed = inputSchema.safeParse(huge === undefined ? given : { ...given, start_line: Number.MAX_SAFE_INTEGER });
  const invalid = new Set<Parameter>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.path[0];
      if (name === "path" || name === "start_line" || name === "limit") invalid.add(name);
    }
  }
  let note: string | undefined;
  if (!invalid.has("path")) {
    const path = validatePathInput(given.path);
    if (!path.ok) {
      invalid.add("path");
      note = path.failure.code === "INVALID_INPUT" ? pathNote(path.failure.reason) : undefined;
    }
  }
  if (invalid.size === 0 && parsed.success) return { ok: true, value: huge === undefined ? parsed.data : { ...parsed.data, start_line: huge } };
  const messages = PARAMETERS.filter((name) => invalid.has(name)).map((name) =>
    name === "path" && note !== undefined ? invalidParameter(name, given[name], note) : invalidParameter(name, given[name]),
  );
  return { ok: false, message: messages.join(" ") };
}

/** `Invalid NAME: VALUE. RULE`, the sentence every `INVALID_PARAM` about one parameter starts with. */
export function invalidParameter(name: Parameter, value: unknown, note = typeNote(name, value)): string {
  const shown = describeValue(value);
  return `Invalid ${name}: ${note === undefined ? shown : `${shown} (${note})`}. ${PARAMETER_RULES[name]}`;
}

/** What is wrong with a path core's input check rejected, from the failure's `reason`. */
export function pathNote(reason: InvalidInputFailure["reason"]): string | undefined {
  return PATH_NOTES[reason];
}

function typeNote(name: Parameter, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (name === "path") return typeof value === "string" ? undefined : "not a string";
  return typeof value === "number" ? undefined : "not a number";
}

const SHOWN_STRING_LENGTH = 80;

const PATH_NOTES: Readonly<Partial<Record<InvalidInputFailure["reason"], string>>> = {
  empty: "empty",
  length: `longer than ${MAX_PATH_INPUT_LENGTH} characters`,
  nul: "contains a NUL byte",
};

/** A value as a message shows it: JSON for strings (escaped, shortened), numbers as written, kinds otherwise. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "missing";
  if (typeof value === "string") {
    // JSON escapes C0 controls, quotes and backslashes; core escapes what JSON leaves raw (bidi, C1, separators).
    const shown = value.length <= SHOWN_STRING_LENGTH ? JSON.stringify(value) : `${JSON.stringify(`${value.slice(0, SHOWN_STRING_LENGTH)}...`)}, ${value.length} characters`;
    return escapeText(shown);
  }
  if (typeof value === "number") return Number.isInteger(value) ? BigInt(value).toString() : Number.isFinite(value) ? `${value} (not an integer)` : String(value);
  if (typeof value === "boolean" || value === null) return String(value);
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}
