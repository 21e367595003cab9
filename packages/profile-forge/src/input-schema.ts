import { z } from "zod";

const count = (description: string) => z.int().min(1).optional().describe(description);

/**
 * The arguments of `Read` (FR-RD-02), as the tool definition publishes them (`additionalProperties:
 * false` tells a model to send nothing else). `parseInput` drops parameters it does not know before this
 * schema runs, as forge's `Read` does, and takes `line_numbers` for `show_line_numbers`. The clashes of
 * FR-RD-03 are checked after it, by `planRead`, so each can name the parameters involved.
 */
export const inputSchema = z.strictObject({
  path: z.string().describe("The file to read: relative to the workspace root, or absolute inside it."),
  start_line: count("First line to read, 1-indexed (default 1)."),
  end_line: count("Last line to read, 1-indexed and inclusive. Not with `limit`."),
  limit: count("Number of lines to read from `start_line`. Not with `end_line`."),
  head: count("Read the first N lines. Not with `tail`, `start_line`, `end_line` or `limit`."),
  tail: count("Read the last N lines, found from the end of the file (fast on files of any size). Not with `head`, `start_line`, `end_line` or `limit`."),
  show_line_numbers: z.boolean().optional().describe("Prefix each line with its line number and `| `. Defaults to show_line_numbers in [tools.read_file] (true unless configured)."),
});

/** Validated arguments of `Read`. */
export type ReadInput = z.output<typeof inputSchema>;

/** The parameters of `Read`, in schema order. */
export const INPUT_KEYS = Object.keys(inputSchema.shape) as readonly (keyof ReadInput)[];
