import { z } from "zod";

/** The line `start_line` defaults to (1-based). */
export const DEFAULT_START_LINE = 1;
/** The number of lines `limit` defaults to (spec 001 §2.2). */
export const DEFAULT_LIMIT = 500;
/** The hard upper bound of `limit` (spec 001 §5.2); a larger value is `INVALID_PARAM`, never clamped. */
export const MAX_LIMIT = 2000;

/**
 * The arguments of `Read` (spec 001 §2.2). The descriptions and defaults are the spec's; the bounds are
 * §5.1 and §5.2. `definition.parameters` is generated from this schema.
 */
export const inputSchema = z.object({
  path: z.string().describe("Path to the file (relative to project root). Required."),
  start_line: z.int().min(1).default(DEFAULT_START_LINE).describe("The line number to start reading from (1-based). Default is 1."),
  limit: z.int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT).describe("The maximum number of lines to read. Default is 500. Hard limit is 2000."),
});

/** Validated arguments of `Read`, defaults applied. */
export type ReadInput = z.output<typeof inputSchema>;
