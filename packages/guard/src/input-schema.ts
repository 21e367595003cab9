import { z } from "zod";

/** The arguments of `read_file`: `path` only (spec 003 §3). */
export const inputSchema = z.strictObject({ path: z.string() });

/** Validated arguments of `read_file`. */
export type ReadFileInput = z.output<typeof inputSchema>;
