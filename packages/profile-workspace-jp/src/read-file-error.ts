import type { ReadFileErrorCode, ReadFileErrorOutput } from "./output.js";

/**
 * What `createAgentToolkit().readFile` throws when the read fails: the spec 002 error code in `code` and
 * the same message the model would receive.
 */
export class ReadFileError extends Error {
  override readonly name = "ReadFileError";
  readonly code: ReadFileErrorCode;

  constructor(code: ReadFileErrorCode, message: string) {
    super(message);
    this.code = code;
  }

  /** The error as the model receives it: `{ "error": { "code", "message" } }`. */
  toJSON(): ReadFileErrorOutput {
    return { error: { code: this.code, message: this.message } };
  }
}
