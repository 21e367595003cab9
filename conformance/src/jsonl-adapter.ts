import { startLineChild, type LineChild } from "./line-child.js";
import { truncate } from "./one-json-answer.js";
import type { CallRequest, DefinitionRequest, OsUser, ToolAdapter, ToolDefinition } from "./tool-adapter.js";

/** How to reach an implementation that speaks the JSONL protocol. */
export interface JsonlAdapterOptions {
  /** The command, for example `["python3", "read_file.py"]` or `["read-tool", "jsonl", "--profile", "workspace-jp"]`. */
  readonly command: readonly string[];
  /** Working directory of the command (default: this process's). */
  readonly cwd?: string;
  /** A call not answered within this time fails, and the process is stopped (default 15 s): a read must never hang. */
  readonly timeoutMs?: number;
  /** Run the command as this user. */
  readonly user?: OsUser;
}

interface Waiting {
  readonly child: LineChild;
  readonly resolve: (output: unknown) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
  readonly shown: string;
}

/**
 * Drives an implementation through the JSONL protocol: one long-running process, one JSON request per
 * line on its stdin (`{"id", "root", "config"?, "permission"?, "tool"?, "input"}`, or
 * `{"id", "definition": true, "tool"?}` for the tool's definition) and one JSON answer per line on its
 * stdout (`{"id", "output"}`, or `{"id", "error": "why there is no output"}`), in any order. The process
 * is started on the first call and again after it exits. A line that is not an answer to a pending
 * request, or a call not answered within the time bound, stops the process and fails every pending
 * call with the reason: a conformance gate does not guess.
 */
export function createJsonlAdapter(options: JsonlAdapterOptions): ToolAdapter {
  const [program, ...args] = options.command;
  if (program === undefined) throw new Error("the JSONL command is empty");
  const label = options.command.join(" ");
  const timeoutMs = options.timeoutMs ?? 15_000;
  const waiting = new Map<number, Waiting>();
  let child: LineChild | undefined;
  let nextId = 0;

  // Only the calls sent to `of`: a process stopped after a timeout may report its exit after the next one started.
  const failAll = (of: LineChild | undefined, reason: string) => {
    for (const [id, entry] of waiting) {
      if (of !== undefined && entry.child !== of) continue;
      clearTimeout(entry.timer);
      waiting.delete(id);
      entry.reject(new Error(`${label}: ${reason} (request: ${entry.shown})`));
    }
  };
  // Fails what `target` has pending and kills it; the next call starts a fresh process at once.
  const abandon = (target: LineChild, reason: string) => {
    failAll(target, reason);
    target.kill();
    if (child === target) child = undefined;
  };
  const running = (): LineChild => {
    if (child !== undefined && !child.exited()) return child;
    const started: LineChild = startLineChild(program, args, {
      cwd: options.cwd,
      user: options.user,
      onLine: (line) => answer(started, line),
      onExit: (reason) => {
        const stderr = started.stderrTail();
        failAll(started, `the process ${reason} before answering${stderr === "" ? "" : `; stderr: ${truncate(stderr)}`}`);
      },
    });
    child = started;
    return started;
  };
  const answer = (from: LineChild, line: string) => {
    if (line.trim() === "") return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      message = undefined;
    }
    const id = typeof message === "object" && message !== null && "id" in message ? (message as { id: unknown }).id : undefined;
    const found = typeof id === "number" ? waiting.get(id) : undefined;
    const entry = found?.child === from ? found : undefined;
    const body = message as { output?: unknown; error?: unknown };
    if (entry === undefined || !("output" in body || typeof body.error === "string")) {
      abandon(from, `stdout carried a line that is not an answer ({"id", "output"} or {"id", "error"}) to a pending request: ${truncate(line)}`);
      return;
    }
    clearTimeout(entry.timer);
    waiting.delete(id as number);
    if ("output" in body) entry.resolve(body.output);
    else entry.reject(new Error(`${label}: no output: ${String(body.error)} (request: ${entry.shown})`));
  };
  const ask = (request: Record<string, unknown>): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      const line = JSON.stringify({ id, ...request });
      const target = running();
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`${label}: no answer within ${timeoutMs} ms (the process was stopped) (request: ${truncate(line)})`));
        abandon(target, `the process was stopped: another call got no answer within ${timeoutMs} ms`);
      }, timeoutMs);
      waiting.set(id, { child: target, resolve, reject, timer, shown: truncate(line) });
      target.send(line);
    });

  return {
    kind: "jsonl",
    call(request: CallRequest): Promise<unknown> {
      return ask({
        root: request.root,
        ...configOf(request),
        ...(request.permission === undefined ? {} : { permission: request.permission }),
        ...(request.tool === undefined ? {} : { tool: request.tool }),
        input: request.input,
      });
    },
    async definition(request: DefinitionRequest = {}): Promise<ToolDefinition> {
      return (await ask({ definition: true, ...configOf(request), ...(request.tool === undefined ? {} : { tool: request.tool }) })) as ToolDefinition;
    },
    processIds: () => (child === undefined || child.exited() || child.pid === undefined ? [] : [child.pid]),
    async warmUp(): Promise<void> {
      // Any answer will do: an implementation that does not publish its definition answers with an error.
      await ask({ definition: true }).catch(() => undefined);
    },
    asUser: (user, extra) => createJsonlAdapter({ ...options, ...extra, user }),
    async close() {
      failAll(undefined, "the adapter was closed");
      await child?.stop();
    },
  };
}

// The call's options as the request's `config`, left out when there are none.
function configOf(request: Pick<CallRequest, "options">): { readonly config?: Readonly<Record<string, unknown>> } {
  return request.options === undefined || Object.keys(request.options).length === 0 ? {} : { config: request.options };
}
