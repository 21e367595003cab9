import { MAX_PATH_INPUT_LENGTH, validatePathInput, type InvalidInputFailure } from "@read/core";

/** What is wrong with a `path` argument: core's reason, and the reference's words for it. */
export interface PathInputProblem {
  readonly reason: InvalidInputFailure["reason"];
  /** A phrase, lower case, without a final stop (`path must be a non-empty string`). */
  readonly text: string;
}

/**
 * What is wrong with a `path` argument, or `undefined` when any file could have that name: core's rule
 * (`validatePathInput`: every non-empty string without NUL, up to {@link MAX_PATH_INPUT_LENGTH}
 * characters, names a file, as in the reference), worded as the reference words it.
 */
export function pathInputProblem(input: unknown): PathInputProblem | undefined {
  const checked = validatePathInput(input);
  if (checked.ok || checked.failure.code !== "INVALID_INPUT") return undefined;
  const { reason } = checked.failure;
  switch (reason) {
    case "nul":
      return { reason, text: "path must not contain a NUL byte" };
    case "length":
      return { reason, text: `path is ${(input as string).length} characters long; at most ${MAX_PATH_INPUT_LENGTH} are accepted` };
    default:
      return { reason, text: "path must be a non-empty string" };
  }
}
