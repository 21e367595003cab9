/** One tool call as the suite asks for it, independent of how the implementation is reached. */
export interface CallRequest {
  /** The workspace root (`--root`). */
  readonly root: string;
  /** The arguments object exactly as the model would send it. */
  readonly input: unknown;
  /** The profile's options besides `root` (its config table); written to a TOML file for a subprocess. */
  readonly options?: Readonly<Record<string, unknown>>;
  /** The answer to every pending permission request (`--permission`); absent: none is expected. */
  readonly permission?: "allow" | "deny";
  /** The tool's name or an alias (`--tool`); absent: the profile's own tool. */
  readonly tool?: string;
}

/** A tool's definition as a model sees it: its name, description and parameters (a JSON Schema). */
export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly parameters: unknown;
}

/** A call's output with the text a model receives for it. */
export interface TextedOutput {
  readonly output: unknown;
  /** The first text part a model receives for the output. */
  readonly text: string;
}

/** A call started so that it can be cancelled. */
export interface CancellableCall {
  /**
   * Settles as `call` would. Once the call is cancelled it rejects: in-process with what the tool rejects
   * with (the signal's reason), over MCP, which answers a cancelled request with nothing, with `reason`.
   */
  readonly answer: Promise<unknown>;
  /** Cancels the call as the protocol does: in-process the call's `AbortSignal`, over MCP `notifications/cancelled`. */
  cancel(reason: Error): void;
}

/** What a warm-up prepares for: calls on this root, with these options and this permission answer. */
export type WarmUpRequest = Pick<CallRequest, "root" | "options" | "permission">;

/** What a definition is asked for with. */
export type DefinitionRequest = Pick<CallRequest, "tool" | "options">;

/**
 * Reaches an implementation under test. `call` resolves to the tool's output exactly as the model would
 * receive it (tool-level errors included) and rejects only when the implementation could not produce an
 * output at all (a usage error, a crash, a hang past the time bound, output that is not one JSON document).
 */
export interface ToolAdapter {
  /** `in-process`, `subprocess`, `jsonl` or `mcp`, for reports. */
  readonly kind: string;
  call(request: CallRequest): Promise<unknown>;
  /**
   * The tool's definition, as the implementation publishes it, under a name or alias (absent: the
   * profile's own name) and with options (as a call has them). Absent when the protocol has no way to
   * ask (one process per call).
   */
  definition?(request?: DefinitionRequest): Promise<ToolDefinition>;
  /**
   * The call's output and the text a model receives for it: in-process the text of the tool's
   * `modelContent` (its output as JSON where it has none), over MCP the result's first text block. Absent
   * where the protocol carries the output alone (JSONL, one process per call).
   */
  callWithText?(request: CallRequest): Promise<TextedOutput>;
  /**
   * Starts a call that the caller can cancel as the protocol cancels one. Absent where the protocol has no
   * way to cancel a call (JSONL, one process per call, where a call can only be killed with its process).
   */
  startCancellable?(request: CallRequest): CancellableCall;
  /**
   * The same implementation run as another operating-system user (a child process started with that
   * uid and gid), for cases that need a user the file system refuses, or in a process of its own;
   * `timeoutMs` bounds each call (the child is killed). Absent when the adapter cannot.
   */
  asUser?(user: OsUser, options?: { readonly timeoutMs?: number }): ToolAdapter;
  /**
   * The processes serving calls now, for an adapter that keeps long-running ones (JSONL, MCP): the load
   * test watches their descriptors. Absent for an adapter that runs in this process or starts one per call.
   */
  processIds?(): readonly number[];
  /**
   * Starts what the adapter needs to serve calls like `request` (a process, a server for its root) and
   * waits until it is ready, so that a time-bounded call does not pay for starting it. Absent when there
   * is nothing to start.
   */
  warmUp?(request: WarmUpRequest): Promise<void>;
  /** Releases what the adapter holds (nothing for most). */
  close?(): Promise<void>;
}

/** An operating-system user and group, by number. */
export interface OsUser {
  readonly uid: number;
  readonly gid: number;
}
