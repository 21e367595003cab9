import { defineProfile } from "@read/core";
import { configSchema } from "./config-schema.js";
import { definition } from "./definition.js";
import { isReadError, readError, readOutputSchema, type ReadOutput } from "./output.js";
import { parseInput } from "./parse-input.js";
import { planRead } from "./plan-read.js";
import { readFile } from "./read-file.js";
import { TOOL_ALIASES, TOOL_NAME } from "./resolve-tool-name.js";

/**
 * The `forge` profile: spec 004's `Read` tool, configured by `[tools.read_file]`. The config keys are
 * validated when the tool is created (never during a call); the root is canonicalised once.
 */
export const profile = defineProfile({
  name: "forge",
  configTable: ["tools", "read_file"],
  configSchema,
  // Forge's Read runs inside its sandbox, whose default deny patterns keep secrets out.
  secrets: true,
  outputSchema: readOutputSchema,
  isError: isReadError,
  render,
  setup: ({ workspace, config, sensitive }) => ({
    name: TOOL_NAME,
    aliases: TOOL_ALIASES,
    definition: definition(config),
    call(input, { signal }) {
      const parsed = parseInput(input);
      if (isReadError(parsed)) return parsed;
      const plan = planRead(parsed, config);
      if (isReadError(plan)) return plan;
      return readFile(workspace, plan, config, { signal, sensitive });
    },
    internalError: (reason) => readError("READ_FAILED", `The read failed unexpectedly (${reason}). Retry the read.`),
  }),
});

/** Creates the Forge `Read` tool (spec 004) over a workspace root: {@link profile}'s `createTool`. */
export const createTool = profile.createTool;

/** Options of {@link createTool}: the workspace root and the keys of `[tools.read_file]`, as in TOML. */
export type ForgeToolOptions = Parameters<typeof createTool>[0];

function render(output: ReadOutput): string {
  if (isReadError(output)) return `Error ${output.error.code}: ${output.error.message}`;
  if (!output.binary) return output.content;
  const returned = Buffer.byteLength(output.content, "base64");
  return `${output.path}: binary file, ${output.size_bytes} bytes${output.truncated ? `, the first ${returned} returned as base64 (truncated at max_file_read_bytes)` : ", returned as base64"}.`;
}
