import { DEFAULT_MAX_WINDOW_BYTES } from "@read/core";
import { z } from "zod";

/**
 * The `[envelope]` table of `read.config.toml` (strict: an unknown key is an error).
 *
 * - `cwd`: the working directory the tool runs in, relative to the project root (`"."` by default). A
 *   relative `path` is resolved from it and `context.cwd` reports it (spec 001 §2.3.2); containment is
 *   still decided against the root. It must be an existing directory inside the root.
 * - `max_window_bytes`: the most bytes the lines of one call may hold, which bounds a call's memory
 *   (default: core's 64 MiB). A request over it is `EXECUTION_ERROR`.
 */
export const configSchema = z.strictObject({
  cwd: z.string().min(1).default("."),
  max_window_bytes: z.int().min(1).default(DEFAULT_MAX_WINDOW_BYTES),
});

/** The profile's options, defaults applied. */
export type EnvelopeOptions = z.output<typeof configSchema>;
