import { createTool } from "./profile.js";
import { inputSchema } from "./input-schema.js";
import { outputSchema } from "./output.js";
import { readFileHandler } from "./read-file-handler.js";
import { TOOL_DEFINITIONS } from "./tool-definitions.js";

/**
 * The toolkit's tools by name (spec 002 §8, §11: `read_file` is registered here and in
 * `TOOL_DEFINITIONS`), shaped as agent-tools-ts's catalog: `metadata` (`name`, `isWriteOp`,
 * `description`) and `handler(context, path, options?)`, which `createAgentToolkit` wraps with
 * `createSecureTool` (it reads the handler when the toolkit is created). Besides them: the definition,
 * the zod schema of the arguments, the JSON Schema of the outputs, and `createTool`, the uniform tool on
 * a workspace root (the JSON the model receives, errors included).
 */
export const ToolCatalog = {
  read_file: {
    metadata: { name: "read_file", isWriteOp: false, description: TOOL_DEFINITIONS.read_file.description },
    handler: readFileHandler,
    definition: TOOL_DEFINITIONS.read_file,
    inputSchema,
    outputSchema,
    createTool,
  },
} as const;
