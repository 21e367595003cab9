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
});

/** The guard profile's options, as validated from its config table. */
export type GuardConfig = z.output<typeof configSchema>;
