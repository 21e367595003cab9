import { createWorkspace, type BaseToolOptions, type ReadTool } from "@read/core";
import { z } from "zod";
import { configSchema, type WorkspaceJpConfig } from "./config-schema.js";
import { errorOutput } from "./map-failure.js";
import { isErrorOutput, outputSchema, type ReadFileResult } from "./output.js";
import { parseInput } from "./parse-input.js";
import { readFile } from "./read-file.js";
import { renderOutput } from "./render-output.js";
import { TOOL_DEFINITIONS } from "./tool-definitions.js";

/** Options of {@link createTool}: the workspace root, and the (empty) `[workspace-jp]` config table. */
export type WorkspaceJpToolOptions = BaseToolOptions & Partial<WorkspaceJpConfig>;

/**
 * Creates the `read_file` tool of spec 002 for the workspace at `options.root` (canonicalised once,
 * here). `call` resolves to exactly the JSON the model receives: a {@link ReadFileOutput} or
 * `{ "error": { "code", "message" } }`; an unexpected exception becomes an `INTERNAL` error (§4.3).
 * `requester` is ignored: this profile has no reads left pending for a person.
 *
 * @throws Error when the root is not a readable directory or an option is not part of the config table.
 */
export function createTool(options: WorkspaceJpToolOptions): ReadTool<ReadFileResult> {
  const { root, requester: _requester, ...config } = options;
  const checked = configSchema.safeParse(config);
  if (!checked.success) throw new Error(`workspace-jp: invalid options:\n${z.prettifyError(checked.error)}`);
  const workspace = createWorkspace(root);
  if (!workspace.ok) throw new Error(`workspace-jp: ${workspace.failure.message}`);
  return {
    name: TOOL_DEFINITIONS.read_file.name,
    aliases: [],
    definition: TOOL_DEFINITIONS.read_file,
    outputSchema,
    async call(input) {
      try {
        const parsed = parseInput(input);
        return parsed.ok ? readFile(workspace.value, parsed.value) : parsed.error;
      } catch (error) {
        return errorOutput("INTERNAL", `Cannot read: unexpected error: ${error instanceof Error ? error.message : String(error)}.`);
      }
    },
    isError: isErrorOutput,
    render: renderOutput,
  };
}
