export { createTool, profile, type GuardToolOptions } from "./profile.js";
export { createGuard, type Guard, type GuardOptions, type GuardPath } from "./create-guard.js";
export type { AllowingDecision, DecisionKind, DenialReason, DenyingDecision, GuardDecision } from "./guard-decision.js";
export { DEFAULT_SENSITIVE_RULES, normalizeName, type SensitiveRule } from "@read/core";
export { blockedGlobProblem } from "./blocked-globs.js";
export { requestPermission, type PermissionAnswer } from "./request-permission.js";
export { configSchema, type GuardConfig } from "./config-schema.js";
export { inputSchema, type ReadFileInput } from "./input-schema.js";
export { definition, TOOL_NAME } from "./definition.js";
export { readFile } from "./read-file.js";
export {
  MAX_FILE_BYTES,
  READ_FILE_ERROR_CODES,
  isReadFileError,
  outputSchema,
  readFileOutputSchema,
  type ReadFileError,
  type ReadFileErrorCode,
  type ReadFileOutput,
  type ReadFileSuccess,
} from "./output.js";
