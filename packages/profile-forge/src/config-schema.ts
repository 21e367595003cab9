import { DEFAULT_MAX_ANSWER_BYTES, MAX_ANSWER_BYTES_CEILING } from "@read/core";
import { z } from "zod";
import { compileGlob } from "./compile-glob.js";
import { invalidPattern } from "./denied-pattern-rules.js";

/**
 * The schema of `[tools.read_file]` in `read.config.toml` (spec §5, and forge's sandbox). Every key is
 * optional and takes its default; `defineProfile` refuses unknown keys and wrong types with the accepted
 * keys (and adds `secrets`). A byte limit is a whole number: a TOML float (`204800.0`) is refused by the
 * CLI, never rounded; an invalid glob in `denied_patterns` is refused naming it (an absolute pattern whose
 * fixed directories do not resolve is refused when the tool is created, which touches the file system).
 *
 * | key                   | default   | meaning                                                              |
 * | --------------------- | --------- | -------------------------------------------------------------------- |
 * | `max_file_read_bytes` | `204800`  | most bytes a whole-file read may hold, and most bytes of any view or binary payload |
 * | `max_answer_bytes`    | `262144`  | most bytes a text view may take as JSON, escapes and line numbers counted (at most 64 MiB) |
 * | `max_scan_bytes`      | `2097152` | most bytes from the start of a file one request may scan to find or count lines |
 * | `show_line_numbers`   | `true`    | default of the `show_line_numbers` argument                          |
 * | `denied_patterns`     | see below | globs of paths the sandbox refuses                              |
 *
 * `denied_patterns` has no schema default: given, it is the sandbox's deny list whatever `secrets` says;
 * absent, the list is `DEFAULT_DENIED_PATTERNS` while `secrets` is on and empty when it is off, so
 * `secrets = false` reads secrets in this profile as in every other.
 */
export const configSchema = z.object({
  max_file_read_bytes: z.int().min(1).max(MAX_ANSWER_BYTES_CEILING).default(204800),
  max_answer_bytes: z.int().min(1).max(MAX_ANSWER_BYTES_CEILING).default(DEFAULT_MAX_ANSWER_BYTES),
  max_scan_bytes: z.int().min(1).default(2097152),
  show_line_numbers: z.boolean().default(true),
  denied_patterns: z
    .array(z.string())
    .superRefine((patterns, context) => {
      for (const [index, pattern] of patterns.entries()) {
        const glob = compileGlob(pattern.startsWith("!") ? pattern.slice(1) : pattern);
        if ("error" in glob) context.addIssue({ code: "custom", path: [], message: invalidPattern(pattern, index, glob.error) });
      }
    })
    .optional(),
});

/** The `[tools.read_file]` table once validated, defaults applied. */
export type ForgeConfig = z.output<typeof configSchema>;
