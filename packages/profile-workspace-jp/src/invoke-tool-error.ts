import type { ToolErrorEnvelope } from "./tool-result.js";

/** Why `invoke` refused a call before any tool ran, as agent-tools-ts names them. */
export const INVOKE_TOOL_ERROR_CODES = ["INVALID_TOOL_ARGUMENTS_TYPE", "TOOL_NOT_FOUND", "TOOL_NOT_ALLOWED"] as const;

/** One of {@link INVOKE_TOOL_ERROR_CODES}. */
export type InvokeToolErrorCode = (typeof INVOKE_TOOL_ERROR_CODES)[number];

/**
 * What `createAgentToolkit(context).invoke` throws when it cannot run the call: an unknown tool, a tool the
 * policy denies, arguments that are not an object. `message` starts with the code, as in agent-tools-ts.
 */
export class InvokeToolError extends Error {
  override readonly name = "InvokeToolError";
  readonly code: InvokeToolErrorCode;
  readonly tool_name: string | undefined;
  /** The message without its code. */
  readonly detail: string;

  constructor(code: InvokeToolErrorCode, detail: string, options: { readonly tool_name?: string } = {}) {
    super(`${code}: ${detail}`);
    this.code = code;
    this.detail = detail;
    this.tool_name = options.tool_name;
  }

  /** The error as a tool-error envelope: never retriable (the same call is refused again), the tool's name in `details`. */
  toEnvelope(): ToolErrorEnvelope {
    return { code: this.code, message: this.detail, retriable: false, details: this.tool_name === undefined ? {} : { tool_name: this.tool_name } };
  }
}
