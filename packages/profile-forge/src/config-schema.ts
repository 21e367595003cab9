import { z } from "zod";

const KEYS = ["max_file_read_bytes", "max_scan_bytes", "show_line_numbers"] as const;

function byteLimit(key: string, fallback: number) {
  const error = `${key} must be a positive integer (a number of bytes)`;
  return z.int({ error }).min(1, { error }).default(fallback);
}

/**
 * The strict schema of `[tools.read_file]` in `read.config.toml` (spec §5). Every key is optional and
 * takes the spec's default; unknown keys and wrong types are errors.
 *
 * | key                   | default   | meaning                                                              |
 * | --------------------- | --------- | -------------------------------------------------------------------- |
 * | `max_file_read_bytes` | `204800`  | most bytes a whole-file read (or any one view, or a binary payload) returns |
 * | `max_scan_bytes`      | `2097152` | most bytes from the start of a file one request may scan to find or count lines |
 * | `show_line_numbers`   | `true`    | default of the `show_line_numbers` argument                          |
 */
export const configSchema = z.strictObject(
  {
    max_file_read_bytes: byteLimit("max_file_read_bytes", 204800),
    max_scan_bytes: byteLimit("max_scan_bytes", 2097152),
    show_line_numbers: z.boolean({ error: "show_line_numbers must be true or false" }).default(true),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `unknown key${issue.keys.length === 1 ? "" : "s"} ${issue.keys.map((key) => `'${key}'`).join(", ")} in [tools.read_file] (accepted: ${KEYS.join(", ")})`
        : undefined,
  },
);

/** The `[tools.read_file]` table once validated, defaults applied. */
export type ForgeConfig = z.output<typeof configSchema>;
