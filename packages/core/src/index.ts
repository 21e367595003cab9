export {
  CORE_FAILURE_CODES,
  assertNever,
  coreFailure,
  type BinaryFailure,
  type ChangedDuringReadFailure,
  type CoreFailure,
  type CoreFailureCode,
  type CoreFailureInit,
  type CoreFailureOf,
  type FileKind,
  type InvalidInputFailure,
  type InvalidUtf8Failure,
  type IoErrorFailure,
  type IsDirectoryFailure,
  type NameTooLongFailure,
  type NotFoundFailure,
  type NotRegularFileFailure,
  type OutsideRootFailure,
  type PermissionDeniedFailure,
  type ScanLimitFailure,
  type SensitiveFailure,
  type SymlinkLoopFailure,
  type TooLargeByGrowth,
  type TooLargeBySize,
  type TooLargeByWindow,
  type TooLargeFailure,
  type TooManyOpenFilesFailure,
} from "./core-failure.js";
export { fail, ok, type Result } from "./result.js";
export { normalizeName, normalizeSegments, splitPath } from "./normalize-segments.js";
export { DEFAULT_SENSITIVE_RULES, findSensitiveRule, sensitiveRuleOf, type SensitiveRule } from "./sensitive-rules.js";
export { redactTextSteps, redactWindowSteps, type SecretFinding, type SecretScanner } from "./secret-scanner.js";
export { DEFAULT_SECRET_SCANNER } from "./default-secret-scanner.js";
export { HARD_LINK_CANDIDATES, HARD_LINK_ENTRIES, hardLinkFailureSteps } from "./hard-link-check.js";
export { escapeText, quoteText, type EscapeTextOptions } from "./escape-text.js";
export { MAX_PATH_INPUT_LENGTH, validatePathInput } from "./validate-path-input.js";
export { EMPTY_ROOT_MESSAGE, createWorkspace, errorCode, fromOsError, isInside, relativeInside, toPosixRelative, type ResolveOptions, type ResolvedPath, type Workspace } from "./workspace.js";
export { POOLED_CALLS_AT_ONCE } from "./pooled-call.js";
export { mayWait } from "./waiting-file-systems.js";
export { closeFile, openFile, openFileSteps, openFileWhenFree, openFileWhenFreeSteps, withOpenFile, withOpenFileSteps, type FileStat, type OpenFile, type OpenOptions } from "./open-file.js";
export { ASYNC_CHUNK_SIZE, CHUNK_SIZE, SYNC_BYTES, type Chunk, type FileReader } from "./file-reader.js";
export { decodeUtf8, type KnownBytes } from "./decode-utf8.js";
export { DECODE_SLICE_BYTES } from "./decode-lines.js";
export { DEFAULT_MAX_ANSWER_BYTES, MAX_ANSWER_BYTES_CEILING, MAX_JSON_BYTES_PER_BYTE, jsonBytesOf } from "./json-budget.js";
export { numberLines, type NumberedLines } from "./number-lines.js";
export { LOOP_SLICE_MS, settleSteps, waitFor, type Steps } from "./steps.js";
export { checkSize, readHead, readHeadSteps, readHeadSync, sniffBinary, sniffBinarySteps, type HeadBytes } from "./read-bytes.js";
export {
  DEFAULT_MAX_WINDOW_BYTES,
  countNewlines,
  readLines,
  readLinesSteps,
  type Line,
  type LineWindow,
  type LineWindowRequest,
  type ReadLinesOptions,
  type WindowCut,
} from "./read-lines.js";
export { SETTLE_MS, clearLineIndexes } from "./line-index.js";
export { canonicalGlob } from "./canonical-glob.js";
export { addPosition, advancePositions, firstPosition, positionsAfter } from "./advance-positions.js";
export type { LineBreaks } from "./line-ends.js";
export { readTextWindow, type TextWindow, type TextWindowOptions } from "./read-text-window.js";
export { findLoosenings, type Loosening, type Tightening } from "./config-tightening.js";
export { ProfileConfigError } from "./profile-config-error.js";
export {
  defineProfile,
  toOutputJsonSchema,
  type ProfileCallContext,
  type ProfileContext,
  type ProfileDefinition,
  type ProfileTool,
} from "./define-profile.js";
export type {
  BaseToolOptions,
  CallOptions,
  JsonSchema,
  ModelPart,
  PermissionRequest,
  PermissionRequester,
  ProfileModule,
  ReadTool,
  SecretsOption,
  ToolDefinition,
  ToolOptions,
} from "./tool-contract.js";
