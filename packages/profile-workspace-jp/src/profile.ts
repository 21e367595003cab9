import { defineProfile } from "@read/core";
import { configSchema } from "./config-schema.js";
import { errorOutput } from "./map-failure.js";
import { isErrorOutput, readFileResultSchema } from "./output.js";
import { readFile } from "./read-file.js";
import { renderOutput } from "./render-output.js";
import { TOOL_DEFINITIONS } from "./tool-definitions.js";

/**
 * The `workspace-jp` profile (spec 002, `read_file`). Its config table `[workspace-jp]` has no keys: the
 * spec fixes every limit. `call` resolves to exactly the JSON the model receives, a {@link ReadFileOutput}
 * or `{ "error": { "code", "message" } }`; an unexpected exception becomes an `INTERNAL` error (§4.3).
 * This profile leaves no read pending for a person, so a `requester` is ignored.
 */
export const profile = defineProfile({
  name: "workspace-jp",
  configTable: ["workspace-jp"],
  configSchema,
  // agent-tools-ts's read_file refuses nothing by name: the secrets policy is there for whoever turns it on.
  secrets: false,
  outputSchema: readFileResultSchema,
  isError: isErrorOutput,
  render: renderOutput,
  setup: ({ workspace, sensitive, redact }) => ({
    name: TOOL_DEFINITIONS.read_file.name,
    definition: TOOL_DEFINITIONS.read_file,
    call: (input, { signal }) => readFile(workspace, input, { signal, sensitive, redact }),
    internalError: (reason) => errorOutput("INTERNAL", `Cannot read: unexpected error: ${reason}.`),
  }),
});

/** Creates the `read_file` tool of spec 002 on a workspace root: {@link profile}'s `createTool`. */
export const createTool = profile.createTool;

/** The options of {@link createTool}: the root (the config table has no keys). */
export type WorkspaceJpToolOptions = Parameters<typeof createTool>[0];
