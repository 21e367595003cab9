import { escapeText } from "@read/core";
import type { z } from "zod";
import { INPUT_KEYS, inputSchema, type ReadInput } from "./input-schema.js";
import { readError, type ReadError } from "./output.js";

const EXPECTED: Readonly<Record<string, string>> = {
  path: "a string",
  show_line_numbers: "true or false",
};

/**
 * Validates the arguments exactly as the model sent them. A parameter set to `null` counts as not given
 * (models in strict function-calling modes send `null` for every unused optional parameter). Every
 * problem is named in one `INVALID_ARGUMENT` message.
 */
export function parseInput(raw: unknown): ReadInput | ReadError {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return readError("INVALID_ARGUMENT", 'The arguments must be a JSON object with at least `path`, such as {"path": "src/main.rs"}.');
  }
  const given = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== null));
  const parsed = inputSchema.safeParse(given);
  if (parsed.success) return parsed.data;
  return readError("INVALID_ARGUMENT", parsed.error.issues.map((issue) => describeIssue(issue, given)).join(" "));
}

function describeIssue(issue: z.core.$ZodIssue, given: Record<string, unknown>): string {
  if (issue.code === "unrecognized_keys") {
    const names = issue.keys.map((key) => `\`${escapeText(key)}\``).join(", ");
    return `Unknown parameter${issue.keys.length === 1 ? "" : "s"} ${names}; Read accepts ${INPUT_KEYS.map((key) => `\`${key}\``).join(", ")}.`;
  }
  const key = String(issue.path[0] ?? "");
  if (!(key in given)) return `\`${key}\` is required.`;
  return `\`${key}\` must be ${EXPECTED[key] ?? "a positive integer (1 or more)"}, got ${preview(given[key])}.`;
}

function preview(value: unknown): string {
  const json = escapeText(JSON.stringify(value) ?? String(value));
  return json.length > 40 ? `${json.slice(0, 37)}...` : json;
}
