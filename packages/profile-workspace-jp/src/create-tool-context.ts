import os from "node:os";
import type { FileAccessMode, SecurityPolicyConfig, ToolContext } from "./tool-context.js";

/** What {@link createToolContext} takes. */
export interface CreateToolContextParams {
  readonly workspaceRoot: string;
  readonly writeScope?: FileAccessMode;
  readonly policy?: SecurityPolicyConfig;
}

/**
 * A complete {@link ToolContext}, as agent-tools-ts's `createToolContext` builds it: `writeScope`
 * `workspace-write` and a policy that **denies every tool** unless one is given (allow `read_file` with
 * `policy: { tools: { read_file: "allow" }, defaultPolicy: "deny" }`), and `env` read from the OS.
 */
export function createToolContext(params: CreateToolContextParams): Required<ToolContext> {
  return {
    workspaceRoot: params.workspaceRoot,
    writeScope: params.writeScope ?? "workspace-write",
    policy: params.policy ?? { tools: {}, defaultPolicy: "deny" },
    env: { platform: os.platform(), osRelease: os.release() },
  };
}
