import { coreFailure } from "./core-failure.js";
import { quoteText } from "./escape-text.js";
import { fail, ok, type Result } from "./result.js";

/** Longest path input accepted, in UTF-16 code units (Linux `PATH_MAX` is 4096 bytes). */
export const MAX_PATH_INPUT_LENGTH = 4096;

/**
 * Checks a path input before anything touches the filesystem: a non-empty string of at most
 * {@link MAX_PATH_INPUT_LENGTH} characters without a NUL byte (no file name holds one). Any other string
 * names a file, as on the file system: names of spaces only, tabs, control, bidi and line-separator
 * characters are looked up like any other (the reference projects read them) and escaped wherever they
 * are echoed (`quoteText`). `~` and `file:` are not expanded: they are ordinary characters of a relative
 * path name.
 */
export function validatePathInput(input: unknown): Result<string> {
  if (typeof input !== "string") {
    return fail(coreFailure({ code: "INVALID_INPUT", message: `The path must be a string, got ${describeType(input)}.`, reason: "type" }));
  }
  if (input === "") {
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
  if (input.includes("\u0000")) {
    return fail(coreFailure({ code: "INVALID_INPUT", message: `The path ${quoteText(input)} contains a NUL byte, which no file name holds.`, reason: "nul" }));
  }
  return ok(input);
}

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}
