import { createWorkspace, type BaseToolOptions, type ReadTool } from "@read/core";
import { z } from "zod";
import { configSchema, type ForgeConfig } from "./config-schema.js";
import { definition } from "./definition.js";
import { isReadError, outputSchema, type ReadOutput } from "./output.js";
import { parseInput } from "./parse-input.js";
import { planRead } from "./plan-read.js";
import { readFile } from "./read-file.js";
import { TOOL_ALIASES, TOOL_NAME } from "./resolve-tool-name.js";

/** Options of {@link createTool}: the workspace root and the keys of `[tools.read_file]`, as in TOML. */
export type ForgeToolOptions = BaseToolOptions & Partial<ForgeConfig>;

/**
 * Creates the Forge `Read` tool (spec 004) over the workspace `root`. The config keys are validated by
 * {@link configSchema} (unknown keys and bad values throw here, at start-up, never during a call); the
 * root is canonicalised once.
 */
export function createTool(options: ForgeToolOptions): ReadTool<ReadOutput> {
  const table = Object.fromEntries(Object.entries(options).filter(([key]) => key !== "root" && key !== "requester"));
  const parsed = configSchema.safeParse(table);
  if (!parsed.success) throw new Error(`Invalid [tools.read_file] configuration:\n${z.prettifyError(parsed.error)}`);
  const config = parsed.data;
  const workspace = createWorkspace(options.root);
  if (!workspace.ok) throw new Error(workspace.failure.message);
  return {
    name: TOOL_NAME,
    aliases: TOOL_ALIASES,
    definition: definition(config),
    outputSchema,
    call: async (input) => {
      const parsedInput = parseInput(input);
      if (isReadError(parsedInput)) return parsedInput;
      const plan = planRead(parsedInput, config);
      if (isReadError(plan)) return plan;
      return readFile(workspace.value, plan, config);
    },
    isError: isReadError,
    render,
  };
}

function render(output: ReadOutput): string {
  if (isReadError(output)) return `Error ${output.error.code}: ${output.error.message}`;
  if (!output.binary) return output.content;
  const returned = Buffer.byteLength(output.content, "base64");
  return `${output.path}: binary file, ${output.size_bytes} bytes${output.truncated ? `, the first ${returned} returned as base64 (truncated at max_file_read_bytes)` : ", returned as base64"}.`;
}
