import { createTool } from "./profile.js";
import { inputSchema } from "./input-schema.js";
import { outputSchema } from "./output.js";
import { TOOL_DEFINITIONS } from "./tool-definitions.js";

/**
 * The toolkit's tools by name (spec 002 §8, §11: `read_file` is registered here and in
 * `TOOL_DEFINITIONS`): each entry carries its definition, the zod schema of its arguments, the JSON
 * Schema of its outputs, and the factory that binds it to a workspace.
 */
export const ToolCatalog = {
  read_file: {
    definition: TOOL_DEFINITIONS.read_file,
    inputSchema,
    outputSchema,
    createTool,
  },
} as const;
