import { policyAllows, policyDeniedMessage } from "./policy-allows.js";
import { ReadFileError } from "./read-file-error.js";
import { resolveInWorkspace, sandboxViolationMessage } from "./resolve-in-workspace.js";
import type { ToolContext } from "./tool-context.js";
import type { ToolError, ToolMetadata, ToolResult } from "./tool-result.js";

/**
 * Wraps a tool function in the toolkit's guardrails, as agent-tools-ts's `createSecureTool` does, in the
 * order of spec 002 §7 (policy, sandbox, then the tool):
 *
 * 1. the policy: a tool the context's `policy` denies is `denied` (`reason: "policy"`, `POLICY_DENIED`);
 * 2. the write scope: a write tool in `read-only` mode is `denied` (`reason: "sandbox"`);
 * 3. the sandbox: a non-empty string first argument is a path, made absolute inside `workspaceRoot` (`\`
 *    read as `/`, cleaned lexically) and passed on so (an empty one is passed on as it is, for the tool to
 *    refuse: spec 002 §4.3 makes `""` an `INVALID_ARGUMENT`); one outside is `denied` (`reason: "sandbox"`,
 *    `SANDBOX_VIOLATION`), as is a path the tool itself finds leaving the root through a symlinked
 *    directory (a {@link ReadFileError} `OUTSIDE_WORKSPACE`);
 * 4. the tool: its output is `{ status: "success", data }`; whatever it throws is a `failure`
 *    (`reason: "runtime"`, `RUNTIME_ERROR`, retriable) whose message is the error's, such as
 *    `NOT_FOUND: Cannot read "missing.txt": no such file in the workspace.`
 *
 * The result never rejects. Arguments are passed on as given otherwise: a call without options reaches
 * the tool without them.
 */
export function createSecureTool<T extends unknown[], R>(
  metadata: ToolMetadata,
  fn: (context: ToolContext, ...args: T) => Promise<R> | R,
): (context: ToolContext, ...args: T) => Promise<ToolResult<R>> {
  return async (context, ...args) => {
    const first: unknown = args[0];
    try {
      if (!policyAllows(metadata.name, context.policy)) return denied("policy", policyDeniedMessage(metadata.name));
      if (metadata.isWriteOp && context.writeScope === "read-only") return denied("sandbox", '[Sandbox Violation] Write operation denied. Current mode: "read-only"');
      let call = args;
      if (typeof first === "string" && first !== "") {
        const absolute = resolveInWorkspace(first, context.workspaceRoot);
        if (absolute === undefined) return denied("sandbox", sandboxViolationMessage(first));
        call = [absolute, ...args.slice(1)] as T;
      }
      return { status: "success", data: await fn(context, ...call) };
    } catch (error) {
      if (error instanceof ReadFileError && error.code === "OUTSIDE_WORKSPACE" && typeof first === "string") return denied("sandbox", sandboxViolationMessage(first));
      const message = error instanceof Error ? error.message : String(error);
      return { status: "failure", reason: "runtime", message, error: { code: "RUNTIME_ERROR", message, retriable: true, details: {} } };
    }
  };
}

function denied(reason: "policy" | "sandbox", message: string): ToolError {
  const code = reason === "policy" ? "POLICY_DENIED" : "SANDBOX_VIOLATION";
  return { status: "denied", reason, message, error: { code, message, retriable: false, details: {} } };
}
