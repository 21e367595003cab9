export { createTool, profile, type ForgeToolOptions } from "./profile.js";
export { configSchema, type ForgeConfig } from "./config-schema.js";
export { DEFAULT_DENIED_PATTERNS } from "./default-denied-patterns.js";
export { inputSchema, type ReadInput } from "./input-schema.js";
export { definition } from "./definition.js";
export {
  FORGE_ERROR_CODES,
  outputSchema,
  readErrorSchema,
  readOutputSchema,
  readSuccessSchema,
  type ForgeErrorCode,
  type ReadError,
  type ReadOutput,
  type ReadSuccess,
} from "./output.js";
export { mapFailure } from "./map-failure.js";
export { resolveToolName, TOOL_ALIASES, TOOL_NAME } from "./resolve-tool-name.js";
export { BINARY_SNIFF_BYTES } from "./read-file.js";
