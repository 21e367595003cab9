import { MAX_PATH_INPUT_LENGTH, type InvalidInputFailure } from "@read/core";

/** What is wrong with a `path` argument: core's reason, and the reference's words for it. */
export interface PathInputProblem {
  readonly reason: InvalidInputFailure["reason"];
  /** A phrase, lower case, without a final stop (`path must be a non-empty string`). */
  readonly text: string;
}

/**
 * What is wrong with a `path` argument, or `undefined` when any file could have that name. Every other
 * non-empty string names a file, as in the reference: spaces only, tabs, newlines, bidi marks are looked
 * up like any name (and escaped wherever they are echoed). A NUL byte cannot be in a file name, and an
 * input longer than {@link MAX_PATH_INPUT_LENGTH} is refused before it reaches the file system.
 */
export function pathInputProblem(input: unknown): PathInputProblem | undefined {
  if (typeof input !== "string") return { reason: "type", text: "path must be a non-empty string" };
  if (input === "") return { reason: "empty", text: "path must be a non-empty string" };
  if (input.includes("\u0000")) return { reason: "control-character", text: "path must not contain a NUL byte" };
  if (input.length > MAX_PATH_INPUT_LENGTH) return { reason: "length", text: `path is ${input.length} characters long; at most ${MAX_PATH_INPUT_LENGTH} are accepted` };
  return undefined;
}
