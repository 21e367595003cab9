import { z } from "zod";

/** `start_line` when the model leaves it out (spec 002 §4.1). */
export const DEFAULT_START_LINE = 1;
/** `max_lines` when the model leaves it out (spec 002 §3.1, §4.1). */
export const DEFAULT_MAX_LINES = 200;
/** The largest `max_lines` a call may ask for (spec 002 §4.1). */
export const MAX_MAX_LINES = 500;

const integer = (value: number) => Number.isInteger(value);

/**
 * The arguments of `read_file` (spec 002 §4.1), as the reference toolkit takes them: `start_line` any
 * integer of at least 1 (no upper bound: a start past the end is an empty page), `max_lines` an integer
 * from 1 to 500; neither is clamped or coerced (`"5"`, `1.5` and `0` are errors). Keys other than these
 * three are ignored, and a `null` `start_line` or `max_lines` means its default (`parseInput` drops it
 * before this schema sees it). `path` is only typed here: its content is checked by `@read/core`.
 */
export const inputSchema = z.object({
  path: z.string(),
  start_line: z.number().min(1).refine(integer).default(DEFAULT_START_LINE),
  max_lines: z.number().min(1).max(MAX_MAX_LINES).refine(integer).default(DEFAULT_MAX_LINES),
});

/** The arguments as the model may send them (spec 002 §4.1 `ReadFileInput`). */
export type ReadFileInput = z.input<typeof inputSchema>;

/** The arguments once validated, defaults applied. */
export type ParsedReadFileInput = z.output<typeof inputSchema>;
