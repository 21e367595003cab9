import type { ToolDefinition } from "@read/core";

/** The tool's name (spec 003 §3). */
export const TOOL_NAME = "read_file";

/** The tool definition the model sees, exactly as spec 003 §3 writes it. */
export const definition: ToolDefinition = {
  name: TOOL_NAME,
  description: "Read a UTF-8 text file after filesystem policy + user permission checks.",
  parameters: {
    type: "object",
    properties: {
      path: {
        type: "string",
        description: "Absolute or relative path to the file to read",
      },
    },
    required: ["path"],
    additionalProperties: false,
  },
};
