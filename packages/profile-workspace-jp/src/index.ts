export { BINARY_SNIFF_BYTES } from "./binary-sniff-bytes.js";
export { configSchema, type WorkspaceJpConfig } from "./config-schema.js";
export {
  createAgentToolkit,
  type AgentToolkit,
  type AllowedToolName,
  type FunctionTool,
  type ReadFileTool,
  type ToolArgsByName,
  type ToolkitInvokeOutput,
} from "./create-agent-toolkit.js";
export { createSecureTool } from "./create-secure-tool.js";
export { createToolContext, type CreateToolContextParams } from "./create-tool-context.js";
export { READ_FILE_DEFINITION } from "./definition.js";
export {
  DEFAULT_MAX_LINES,
  DEFAULT_START_LINE,
  MAX_MAX_LINES,
  inputSchema,
  type ParsedReadFileInput,
  type ReadFileInput,
} from "./input-schema.js";
export { INVOKE_TOOL_ERROR_CODES, InvokeToolError, type InvokeToolErrorCode } from "./invoke-tool-error.js";
export {
  READ_FILE_ERROR_CODES,
  isErrorOutput,
  outputSchema,
  readFileErrorOutputSchema,
  readFileOutputSchema,
  readFileResultSchema,
  type ReadFileErrorCode,
  type ReadFileErrorOutput,
  type ReadFileOutput,
  type ReadFileResult,
} from "./output.js";
export { createTool, profile, type WorkspaceJpToolOptions } from "./profile.js";
export { ReadFileError } from "./read-file-error.js";
export { readFileHandler, type ReadFileOptions } from "./read-file-handler.js";
export { SIZE_LIMIT_BYTES } from "./size-limit-bytes.js";
export type { AccessLevel, FileAccessMode, SecurityPolicyConfig, ToolContext } from "./tool-context.js";
export { TOOL_DEFINITIONS } from "./tool-definitions.js";
export { ToolCatalog } from "./tool-catalog.js";
export type { ToolError, ToolErrorEnvelope, ToolMetadata, ToolResult, ToolSuccess } from "./tool-result.js";
