export { CORE_FAILURE_CODES, coreFailure, type CoreFailure, type CoreFailureCode, type FileKind } from "./core-failure.js";
export { fail, ok, type Result } from "./result.js";
export { MAX_PATH_INPUT_LENGTH, validatePathInput } from "./validate-path-input.js";
export { createWorkspace, errorCode, fromOsError, isInside, toPosixRelative, type ResolvedPath, type Workspace } from "./workspace.js";
export { closeFile, openFile, withOpenFile, type FileStat, type OpenFile, type OpenOptions } from "./open-file.js";
export { decodeUtf8, type KnownBytes } from "./decode-utf8.js";
export { checkSize, readHead, sniffBinary, type HeadBytes } from "./read-bytes.js";
export {
  DEFAULT_MAX_WINDOW_BYTES,
  countNewlines,
  readLines,
  type Line,
  type LineWindow,
  type LineWindowRequest,
  type ReadLinesOptions,
} from "./read-lines.js";
export { SETTLE_MS, clearLineIndexes } from "./line-index.js";
export { readTextWindow, type TextWindow, type TextWindowOptions } from "./read-text-window.js";
export type {
  BaseToolOptions,
  JsonSchema,
  PermissionRequest,
  PermissionRequester,
  ProfileModule,
  ReadTool,
  ToolDefinition,
} from "./tool-contract.js";
