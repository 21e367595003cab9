export { createTool, profile, type GuardToolOptions } from "./profile.js";
export { createGuard, type Guard, type GuardOptions } from "./create-guard.js";
export type { GuardPath } from "./resolve-guard-path.js";
export type { AllowingDecision, DecisionKind, DenialReason, DenyingDecision, GuardDecision, GuardOperation } from "./guard-decision.js";
export { DEFAULT_SENSITIVE_RULES, normalizeName, type SensitiveRule } from "@read/core";
export { DEFAULT_BLOCKED_LOCATIONS } from "./blocked-locations.js";
export { blockedGlobProblem, unresolvablePrefixProblem } from "./blocked-globs.js";
export { requestPermission, type PermissionAnswer } from "./request-permission.js";
export { configSchema, type GuardConfig } from "./config-schema.js";
export { inputSchema, type ReadFileInput } from "./input-schema.js";
export { definition, TOOL_NAME } from "./definition.js";
export { readFile } from "./read-file.js";
export {
  MAX_FILE_BYTES,
  READ_FILE_ERROR_CODES,
  READ_FILE_ERROR_LABELS,
  isReadFileError,
  outputSchema,
  readFileErrorCode,
  readFileOutputSchema,
  toWireOutput,
  type ReadFileError,
  type ReadFileErrorCode,
  type ReadFileFailure,
  type ReadFileOutput,
  type ReadFileResult,
  type ReadFileSuccess,
} from "./output.js";
