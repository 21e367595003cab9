export { createTool, profile, type AgentToolOptions } from "./profile.js";
export { configSchema, type AgentConfig } from "./config-schema.js";
export { inputSchema, MAX_RANGES, type ReadInput } from "./input-schema.js";
export { definition, TOOL_NAME } from "./definition.js";
export {
  AGENT_ERROR_CODES,
  LINE_ENDINGS,
  notebookSuccessSchema,
  outputSchema,
  pdfSuccessSchema,
  readErrorSchema,
  readImageSchema,
  readOutputSchema,
  readSuccessSchema,
  unchangedSchema,
  type AgentErrorCode,
  type LineEndings,
  type NotebookSuccess,
  type PdfSuccess,
  type ReadError,
  type ReadImage,
  type ReadOutput,
  type ReadSuccess,
  type ReadUnchanged,
} from "./output.js";
export { mapFailure } from "./map-failure.js";
export { estimateTokens } from "./estimate-tokens.js";
export { VERSION_HEX_DIGITS } from "./scan-file.js";
export { clearScanCache } from "./scan-cache.js";
export { BINARY_SNIFF_BYTES } from "./detect-encoding.js";
export { IMAGE_FORMATS, IMAGE_MIME_TYPES, type ImageFormat } from "./image-format.js";
export { imageModelContent } from "./image-model-content.js";
