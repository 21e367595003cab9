import { z } from "zod";

/**
 * The `[workspace-jp]` table of `read.config.toml`. Spec 002 fixes every limit (1 MiB, 200 and 500
 * lines, the 8192-byte sniff) and asks for the size limit to stay a constant (§3.2), so the table has no
 * keys: an empty table is accepted and any key is an error, never silently ignored.
 */
export const configSchema = z.strictObject({});

/** The options of the `workspace-jp` profile: none. */
export type WorkspaceJpConfig = z.output<typeof configSchema>;
