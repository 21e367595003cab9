import { quoteText, validatePathInput } from "@read/core";
import { MAX_MAX_LINES, inputSchema, type ParsedReadFileInput } from "./input-schema.js";
import { errorOutput, mapFailure } from "./map-failure.js";
import type { ReadFileErrorOutput } from "./output.js";

/** Validated arguments, or the `INVALID_ARGUMENT` error the model receives. */
export type ParsedInput = { readonly ok: true; readonly value: ParsedReadFileInput } | { readonly ok: false; readonly error: ReadFileErrorOutput };

type Field = keyof typeof inputSchema.shape;

const RULES: Readonly<Record<Field, string>> = {
  path: "path must be a string",
  start_line: `start_line must be an integer from 1 to ${Number.MAX_SAFE_INTEGER}`,
  max_lines: `max_lines must be an integer from 1 to ${MAX_MAX_LINES}`,
};

/**
 * Validates the arguments exactly as the model sent them, `path` first (so a bad path is reported as
 * such whatever else is wrong), then the window and unknown keys, all reasons in one message. Nothing is
 * clamped or coerced: `"5"`, `1.5`, `0` and `501` are errors, not adjusted values.
 */
export function parseInput(input: unknown): ParsedInput {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return invalid(`Cannot read: the arguments must be an object with a "path" string, got ${describeValue(input)}.`);
  }
  const raw = input as Record<string, unknown>;
  if (raw.path === undefined) return invalid('Cannot read: the "path" argument is required.');
  const path = validatePathInput(raw.path);
  if (!path.ok) return { ok: false, error: mapFailure(path.failure) };
  const parsed = inputSchema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const reasons: string[] = [];
  const seen = new Set<Field>();
  for (const issue of parsed.error.issues) {
    if (issue.code === "unrecognized_keys") {
      const keys = issue.keys.map((key) => quoteText(key, '"')).join(", ");
      reasons.push(`unknown argument${issue.keys.length === 1 ? "" : "s"} ${keys} (read_file takes path, start_line and max_lines)`);
      continue;
    }
    const field = issue.path[0] as Field;
    if (seen.has(field)) continue;
    seen.add(field);
    reasons.push(`${RULES[field]}, got ${describeValue(raw[field])}`);
  }
  return invalid(`Cannot read ${quoteText(path.value, '"')}: ${reasons.join("; ")}.`);
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
