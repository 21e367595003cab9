import { coreFailure } from "./core-failure.js";
import { UNSAFE_CHARACTER } from "./escape-text.js";
import { fail, ok, type Result } from "./result.js";

/** Longest path input accepted, in UTF-16 code units (Linux `PATH_MAX` is 4096 bytes). */
export const MAX_PATH_INPUT_LENGTH = 4096;


/**
 * Checks a path input before anything touches the filesystem: a non-empty string (not only whitespace),
 * at most {@link MAX_PATH_INPUT_LENGTH} long, with no NUL, control, line-separator or bidi characters.
 * `~` and `file:` are not expanded: they are ordinary characters of a relative path name.
 */
export function validatePathInput(input: unknown): Result<string> {
  if (typeof input !== "string") {
    return fail(coreFailure({ code: "INVALID_INPUT", message: `The path must be a string, got ${describeType(input)}.`, reason: "type" }));
  }
  if (input.trim() === "") {
    return fail(coreFailure({ code: "INVALID_INPUT", message: "The path must not be empty.", path: input, reason: "empty" }));
  }
  if (input.length > MAX_PATH_INPUT_LENGTH) {
    return fail(
      coreFailure({
        code: "INVALID_INPUT",
        message: `The path is ${input.length} characters long; at most ${MAX_PATH_INPUT_LENGTH} are accepted.`,
        reason: "length",
        limit: MAX_PATH_INPUT_LENGTH,
      }),
    );
  }
  const bad = UNSAFE_CHARACTER.exec(input);
  if (bad) {
    const codePoint = bad[0].codePointAt(0) ?? 0;
    return fail(
      coreFailure({
        code: "INVALID_INPUT",
        message: `The path contains a control character (U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}).`,
        reason: "control-character",
      }),
    );
  }
  return ok(input);
}

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}
