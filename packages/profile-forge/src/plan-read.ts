import type { ForgeConfig } from "./config-schema.js";
import type { ReadInput } from "./input-schema.js";
import { readError, type ReadError } from "./output.js";

/** What one validated `Read` call asks for, its FR-RD-03 clashes resolved. */
export type ReadPlan =
  | { readonly kind: "whole"; readonly path: string; readonly showNumbers: boolean }
  | {
      readonly kind: "lines";
      readonly path: string;
      readonly showNumbers: boolean;
      readonly startLine: number;
      /** `null`: to the end of the file. */
      readonly maxLines: number | null;
      /** The line-selecting parameters given, in schema order (for messages). */
      readonly given: readonly string[];
    }
  | { readonly kind: "tail"; readonly path: string; readonly showNumbers: boolean; readonly lines: number };

const RANGE_KEYS = ["start_line", "end_line", "limit"] as const;
const END_KEYS = ["head", "tail"] as const;

/**
 * Turns validated arguments into a {@link ReadPlan}, or the FR-RD-03 error that names the clashing
 * parameters: `head` with `tail`, `head`/`tail` with `start_line`/`end_line`/`limit`, `end_line` with
 * `limit`, and `end_line` before `start_line`.
 */
export function planRead(input: ReadInput, config: ForgeConfig): ReadPlan | ReadError {
  const range = RANGE_KEYS.filter((key) => input[key] !== undefined);
  const ends = END_KEYS.filter((key) => input[key] !== undefined);
  if (ends.length === 2 && range.length === 0) {
    return readError("CONFLICTING_ARGUMENTS", "`head` and `tail` cannot be used together: `head` reads the first lines of the file and `tail` the last; give one of them.");
  }
  if (ends.length > 0 && range.length > 0) {
    return readError(
      "CONFLICTING_ARGUMENTS",
      `${listOf([...ends, ...range])} cannot be used together: \`head\` and \`tail\` select lines on their own; use one of them alone, or select lines with \`start_line\`/\`end_line\`/\`limit\`.`,
    );
  }
  if (input.end_line !== undefined && input.limit !== undefined) {
    return readError(
      "CONFLICTING_ARGUMENTS",
      "`end_line` and `limit` cannot be used together: both say where the range ends; give `end_line` (the last line) or `limit` (how many lines).",
    );
  }
  const startLine = input.start_line ?? 1;
  if (input.end_line !== undefined && input.end_line < startLine) {
    return readError(
      "INVALID_RANGE",
      `start_line must be <= end_line: \`end_line\` (${input.end_line}) is before \`start_line\` (${startLine}); lines are 1-indexed and the range is inclusive.`,
    );
  }
  const showNumbers = input.show_line_numbers ?? config.show_line_numbers;
  const path = input.path;
  if (input.tail !== undefined) return { kind: "tail", path, showNumbers, lines: input.tail };
  if (input.head !== undefined) return { kind: "lines", path, showNumbers, startLine: 1, maxLines: input.head, given: ["head"] };
  if (range.length === 0) return { kind: "whole", path, showNumbers };
  const maxLines = input.limit ?? (input.end_line === undefined ? null : input.end_line - startLine + 1);
  return { kind: "lines", path, showNumbers, startLine, maxLines, given: range };
}

/** `a`, `a and b`, `a, b and c`, each in backticks. */
export function listOf(names: readonly string[]): string {
  const quoted = names.map((name) => `\`${name}\``);
  return quoted.length <= 1 ? quoted.join("") : `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)}`;
}
