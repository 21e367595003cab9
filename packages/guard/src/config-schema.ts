import { DEFAULT_MAX_ANSWER_BYTES, MAX_ANSWER_BYTES_CEILING } from "@read/core";
import { z } from "zod";
import { blockedGlobProblem } from "./blocked-globs.js";

/**
 * The `[guard]` table of `read.config.toml`. Unknown keys and wrong types are errors, and so is a
 * blocked pattern that can never match.
 */
export const configSchema = z.strictObject({
  /** Globs of paths that are always denied (see the README for their scope). */
  blocked: z
    .array(z.string())
    .default([])
    .superRefine((globs, context) => {
      globs.forEach((glob, index) => {
        const problem = blockedGlobProblem(glob);
        if (problem !== undefined) context.addIssue({ code: "custom", message: problem, path: [index] });
      });
    }),
  /**
   * Deny the reference's default blocked locations (`/etc`, `/usr`, `/bin`, `/sbin`, `/lib`, `/lib64`,
   * `/proc`, `/sys`, `/dev`, `/root` and the dot entries of the home directory) without asking.
   */
  default_blocked: z.boolean().default(true),
  /** Deny files that git would ignore, whether or not the root is in a git repository. */
  respect_gitignore: z.boolean().default(true),
  /**
   * The most bytes a file's content may take as a JSON string, escapes counted (a control character
   * takes six): a file over it is refused as too large, since the tool returns whole files only.
   */
  max_answer_bytes: z.int().min(1).max(MAX_ANSWER_BYTES_CEILING).default(DEFAULT_MAX_ANSWER_BYTES),
});

/** The guard profile's options, as validated from its config table. */
export type GuardConfig = z.output<typeof configSchema>;
