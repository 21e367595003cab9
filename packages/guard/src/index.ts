export { profile } from "./profile.js";
export { createTool, type GuardToolOptions } from "./create-tool.js";
export { createGuard, type Guard, type GuardOptions, type GuardPath } from "./create-guard.js";
export type { DecisionKind, DenialReason, GuardDecision } from "./guard-decision.js";
export { GuardConfigError } from "./guard-config-error.js";
export { DEFAULT_SENSITIVE_RULES, type SensitiveRule } from "./sensitive-rules.js";
export { blockedGlobProblem } from "./blocked-globs.js";
export { normalizeName } from "./normalize-segments.js";
export { requestPermission, type PermissionAnswer } from "./request-permission.js";
export { configSchema, type GuardConfig } from "./config-schema.js";
export { inputSchema, type ReadFileInput } from "./input-schema.js";
export { definition, TOOL_NAME } from "./definition.js";
export {
  MAX_FILE_BYTES,
  READ_FILE_ERROR_CODES,
  isReadFileError,
  outputSchema,
  type ReadFileError,
  type ReadFileErrorCode,
  type ReadFileOutput,
  type ReadFileSuccess,
} from "./output.js";
export { escapeControls, escapePath } from "./escape-path.js";
