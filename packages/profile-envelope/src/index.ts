export { DEFAULT_MAX_FILE_BYTES, configSchema, type EnvelopeOptions } from "./config-schema.js";
export { TOOL_DESCRIPTION, TOOL_NAME, definition } from "./definition.js";
export { DEFAULT_LIMIT, DEFAULT_START_LINE, MAX_LIMIT, inputSchema, type ReadInput } from "./input-schema.js";
export { ACCESS_DENIED_MESSAGE, mapFailure, type FailedRequest } from "./map-failure.js";
export { maskTime } from "./mask-time.js";
export {
  ENVELOPE_ERROR_CODES,
  envelopeOutputSchema,
  outputSchema,
  type EnvelopeError,
  type EnvelopeErrorCode,
  type EnvelopeOutput,
  type FailureContext,
  type ReadContext,
  type ReadData,
  type ReadFailure,
  type ReadResult,
  type ReadStats,
} from "./output.js";
export { PARAMETER_RULES, parseInput } from "./parse-input.js";
export { createTool, profile, type EnvelopeToolOptions } from "./profile.js";
export { ENCODINGS, FALLBACK_WARNING, SNIFF_BYTES, pastEndMessage } from "./read-file.js";
