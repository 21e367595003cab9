import { z } from "zod";

/**
 * The arguments `read_file` accepts: a non-empty string `path` (spec 003 §3, §6). Other keys are ignored,
 * as the reference ignores them; the definition still tells the model `additionalProperties: false`.
 */
export const inputSchema = z.object({ path: z.string().min(1) });

/** Validated arguments of `read_file`. */
export type ReadFileInput = z.output<typeof inputSchema>;
