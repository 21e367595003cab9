import { z } from "zod";

/**
 * The schema of `[tools.read_file]` in `read.config.toml` (spec §5). Every key is optional and takes the
 * spec's default; `defineProfile` refuses unknown keys and wrong types with the accepted keys. A byte
 * limit is a whole number: a TOML float (`204800.0`) is refused, not rounded.
 *
 * | key                   | default   | meaning                                                              |
 * | --------------------- | --------- | -------------------------------------------------------------------- |
 * | `max_file_read_bytes` | `204800`  | most bytes a whole-file read (or any one view, or a binary payload) returns |
 * | `max_scan_bytes`      | `2097152` | most bytes from the start of a file one request may scan to find or count lines |
 * | `show_line_numbers`   | `true`    | default of the `show_line_numbers` argument                          |
 */
export const configSchema = z.object({
  max_file_read_bytes: z.int().min(1).default(204800),
  max_scan_bytes: z.int().min(1).default(2097152),
  show_line_numbers: z.boolean().default(true),
});

/** The `[tools.read_file]` table once validated, defaults applied. */
export type ForgeConfig = z.output<typeof configSchema>;
