/** Whether a tool may run: `allow` or `deny`. */
export type AccessLevel = "allow" | "deny";

/** Who may run which tool: an answer per tool name, and one for every tool not named. */
export interface SecurityPolicyConfig {
  readonly tools: Readonly<Partial<Record<string, AccessLevel>>>;
  readonly defaultPolicy: AccessLevel;
}

/** What the toolkit may change in the workspace (`read_file` changes nothing and runs in every mode). */
export type FileAccessMode = "read-only" | "workspace-write" | "unrestricted";

/**
 * The context every tool of the toolkit runs in, shaped as agent-tools-ts's `ToolContext` so that its
 * contexts work unchanged. Only `workspaceRoot` is required here: without `policy` every tool is allowed,
 * without `writeScope` the mode is `workspace-write`. Nothing in it is touched until a tool runs: the
 * root is resolved (relative to the current directory) and canonicalised at every call.
 */
export interface ToolContext {
  /** The workspace directory; every path a tool takes is relative to it, or absolute inside it. */
  readonly workspaceRoot: string;
  readonly writeScope?: FileAccessMode;
  readonly policy?: SecurityPolicyConfig;
  /** Where the agent runs (informational; the reference passes it to tools that run commands). */
  readonly env?: { readonly platform: NodeJS.Platform; readonly osRelease: string };
}
