/** Why a call failed or was refused, as agent-tools-ts's `ToolErrorEnvelope` carries it. */
export interface ToolErrorEnvelope {
  /** `RUNTIME_ERROR` (the tool failed), `POLICY_DENIED` or `SANDBOX_VIOLATION`. */
  readonly code: string;
  /** The same words as the result's `message`. */
  readonly message: string;
  /** Whether the same call may succeed later: true for a failure, false for a refusal. */
  readonly retriable: boolean;
  readonly details: Readonly<Record<string, unknown>>;
}

/** A call that ran: the tool's output. */
export interface ToolSuccess<R> {
  readonly status: "success";
  readonly data: R;
}

/**
 * A call that did not produce an output: `denied` by the policy (`reason: "policy"`) or the sandbox
 * (`reason: "sandbox"`) before the tool ran, or a `failure` of the tool itself (`reason: "runtime"`),
 * whose `message` starts with the tool's own error code (`NOT_FOUND: Cannot read "x": ...`).
 */
export interface ToolError {
  readonly status: "failure" | "denied";
  readonly reason: "policy" | "sandbox" | "runtime";
  readonly message: string;
  readonly error: ToolErrorEnvelope;
}

/** What a tool made by `createSecureTool` resolves to (agent-tools-ts's `ToolResult`). */
export type ToolResult<R> = ToolSuccess<R> | ToolError;

/** What `createSecureTool` needs to know of a tool. */
export interface ToolMetadata {
  readonly name: string;
  /** A tool that changes files: refused in the `read-only` mode. */
  readonly isWriteOp: boolean;
  readonly description?: string;
}
