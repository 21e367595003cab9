import { defineProfile } from "@read/core";
import { configSchema } from "./config-schema.js";
import { createGuard } from "./create-guard.js";
import { TOOL_NAME, definition } from "./definition.js";
import { readFailure } from "./map-failure.js";
import { isReadFileError, readFileOutputSchema, toWireOutput, type ReadFileOutput } from "./output.js";
import { readFile } from "./read-file.js";
import type { SensitiveRule } from "./sensitive-rules.js";

/** `createTool` options of the guard profile that `read.config.toml` cannot hold. */
export interface GuardExtraOptions {
  /** The sensitive list; the default list when absent. */
  readonly sensitive: readonly SensitiveRule[];
}

/**
 * The `guard` profile: spec 003's permission-gated `read_file`, configured by the `[guard]` table. Each
 * call asks the guard, then the person (through the `requester`) about a pending path, and only then
 * reads. A failure reaches the model as `{ "error": "<label>: <message>" }` only; `readFile` gives the
 * same result with its code. `createTool` throws a `ProfileConfigError` for configuration that cannot work (a root that is not
 * a directory, a blocked pattern that can never match, a wrong option type).
 */
export const profile = defineProfile<typeof configSchema, ReadFileOutput, GuardExtraOptions>({
  name: "guard",
  configTable: ["guard"],
  configSchema,
  extraOptions: ["sensitive"],
  outputSchema: readFileOutputSchema,
  isError: isReadFileError,
  render,
  setup({ workspace, config, requester, extra }) {
    const guard = createGuard({
      root: workspace.root,
      blocked: config.blocked,
      defaultBlocked: config.default_blocked,
      respectGitignore: config.respect_gitignore,
      ...(extra.sensitive === undefined ? {} : { sensitive: extra.sensitive }),
    });
    return {
      name: TOOL_NAME,
      definition,
      call: async (input) => toWireOutput(await readFile(guard, requester, input)),
      internalError: (reason) => toWireOutput(readFailure(`the read failed unexpectedly (${reason})`)),
    };
  },
});

/** Creates the `read_file` tool of spec 003 on a working root: {@link profile}'s `createTool`. */
export const createTool = profile.createTool;

/** Options of {@link createTool}: the root, the permission requester, the `[guard]` table and `sensitive`. */
export type GuardToolOptions = Parameters<typeof createTool>[0];

function render(output: ReadFileOutput): string {
  return isReadFileError(output) ? `Error: ${output.error}` : output.content;
}
