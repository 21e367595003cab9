import type { ReadFileErrorCode, ReadFileErrorOutput } from "./output.js";

/**
 * What `ToolCatalog.read_file.handler` throws when the read fails, as agent-tools-ts's `ReadFileError`:
 * the spec 002 code in `code`, and a `message` that starts with it (`NOT_FOUND: Cannot read "x": no such
 * file in the workspace.`); `createSecureTool` turns it into a `failure` result with that message.
 */
export class ReadFileError extends Error {
  override readonly name = "ReadFileError";
  readonly code: ReadFileErrorCode;
  /** The message without its code: what the model receives in `{ "error": { "code", "message" } }`. */
  readonly detail: string;

  constructor(code: ReadFileErrorCode, detail: string) {
    super(`${code}: ${detail}`);
    this.code = code;
    this.detail = detail;
  }

  /** The error as the model receives it from `createTool().call`: `{ "error": { "code", "message" } }`. */
  toJSON(): ReadFileErrorOutput {
    return { error: { code: this.code, message: this.detail } };
  }
}
