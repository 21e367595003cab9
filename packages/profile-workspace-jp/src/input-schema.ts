import { z } from "zod";

/** `start_line` when the model leaves it out (spec 002 §4.1). */
export const DEFAULT_START_LINE = 1;
/** `max_lines` when the model leaves it out (spec 002 §3.1, §4.1). */
export const DEFAULT_MAX_LINES = 200;
/** The largest `max_lines` a call may ask for (spec 002 §4.1). */
export const MAX_MAX_LINES = 500;

/**
 * The arguments of `read_file` (spec 002 §4.1). Strict: an unknown key (such as `end_line`, which §3.3
 * rules out) is an `INVALID_ARGUMENT` rather than silently ignored. `start_line` and `max_lines` must be
 * integers in range; nothing is clamped or coerced. `path` is only typed here: its content is checked by
 * `@read/core` (`validatePathInput`), the one place path inputs are validated.
 */
export const inputSchema = z.strictObject({
  path: z.string(),
  start_line: z.number().int().min(1).default(DEFAULT_START_LINE),
  max_lines: z.number().int().min(1).max(MAX_MAX_LINES).default(DEFAULT_MAX_LINES),
});

/** The arguments as the model may send them (spec 002 §4.1 `ReadFileInput`). */
export type ReadFileInput = z.input<typeof inputSchema>;

/** The arguments once validated, defaults applied. */
export type ParsedReadFileInput = z.output<typeof inputSchema>;
