import { READ_FILE_DEFINITION } from "./definition.js";

/**
 * The tool definitions of the toolkit by tool name (spec 002 §4.4, §8: `TOOL_DEFINITIONS.read_file`).
 * `TOOL_DEFINITIONS.read_file` is the spec's definition verbatim; it is what `createTool` exposes as
 * `definition` and what `read-tool schema --profile workspace-jp` prints.
 */
export const TOOL_DEFINITIONS = {
  read_file: READ_FILE_DEFINITION,
} as const;
