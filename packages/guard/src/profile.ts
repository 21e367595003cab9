import { defineProfile } from "@read/core";
import { configSchema } from "./config-schema.js";
import { createGuard } from "./create-guard.js";
import { TOOL_NAME, definition } from "./definition.js";
import { readFailure } from "./map-failure.js";
import { isReadFileError, readFileOutputSchema, toWireOutput, type ReadFileOutput } from "./output.js";
import { readFile } from "./read-file.js";

/**
 * The `guard` profile: spec 003's permission-gated `read_file`, configured by the `[guard]` table. Each
 * call asks the guard, then the person (through the `requester`) about a pending path, and only then
 * reads. A failure reaches the model as `{ "error": "<label>: <message>" }` only; `readFile` gives the
 * same result with its code. `createTool` throws a `ProfileConfigError` for configuration that cannot work (a root that is not
 * a directory, a blocked pattern that can never match, a wrong option type).
 */
export const profile = defineProfile({
  name: "guard",
  configTable: ["guard"],
  configSchema,
  // Spec 003's sensitive list is part of its policy: on unless the config turns it off.
  secrets: true,
  tightening: { blocked: "more", default_blocked: "on", respect_gitignore: "on", max_answer_bytes: "lower" },
  outputSchema: readFileOutputSchema,
  isError: isReadFileError,
  render,
  setup({ workspace, config, requester, sensitive, redact }) {
    const guard = createGuard({
      root: workspace.root,
      blocked: config.blocked,
      defaultBlocked: config.default_blocked,
      respectGitignore: config.respect_gitignore,
      sensitive,
    });
    return {
      name: TOOL_NAME,
      definition,
      call: async (input, { signal }) => toWireOutput(await readFile(guard, requester, input, signal, { rules: sensitive, redact }, config.max_answer_bytes)),
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
