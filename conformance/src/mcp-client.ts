import { startLineChild, type LineChild } from "./line-child.js";
import { truncate } from "./one-json-answer.js";
import type { OsUser } from "./tool-adapter.js";

/** The MCP protocol version the client asks for; servers answer with one they support. */
export const MCP_PROTOCOL_VERSION = "2025-11-25";

/** A JSON-RPC error answer from the server: its code and message. */
export class McpError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = "McpError";
  }
}

/** A request that got no answer in time, or whose server went away: the connection is no longer usable. */
export class McpConnectionError extends Error {
  override readonly name = "McpConnectionError";
}

/** How {@link connectMcp} starts and greets a server. */
export interface McpConnectOptions {
  readonly command: readonly string[];
  readonly cwd?: string | undefined;
  readonly user?: OsUser | undefined;
  /** The client's capabilities (`roots`, `elicitation`). */
  readonly capabilities: Readonly<Record<string, unknown>>;
  /** Answers the server's own requests (`roots/list`, `elicitation/create`); `ping` is answered here. */
  readonly onRequest: (method: string, params: unknown) => unknown;
  /** How long `initialize` may take. */
  readonly timeoutMs: number;
}

/** A connected MCP server over stdio. */
export interface McpConnection {
  /** Sends a request; resolves to its result, rejects with {@link McpError} or {@link McpConnectionError}. */
  request(method: string, params: unknown, timeoutMs: number): Promise<unknown>;
  /**
   * {@link request}, cancellable: `cancel` sends `notifications/cancelled` for it and rejects `result` with
   * `reason` at once (a server answers a cancelled request with nothing; an answer that comes anyway is
   * dropped).
   */
  cancellableRequest(method: string, params: unknown, timeoutMs: number): { readonly result: Promise<unknown>; cancel(reason: Error): void };
  notify(method: string, params?: unknown): void;
  readonly alive: () => boolean;
  readonly pid: number | undefined;
  /** Closes stdin and waits for the server to exit (killed after a grace period). */
  close(): Promise<void>;
  kill(): void;
}

interface Waiting {
  readonly resolve: (result: unknown) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

/**
 * Starts an MCP server over stdio (newline-delimited JSON-RPC 2.0) and completes the handshake
 * (`initialize`, then `notifications/initialized`). A small client of its own, so that the harness needs
 * no SDK: it sends requests and notifications, answers the server's requests through `onRequest`, and
 * fails every pending request when the server exits or writes a line that is not JSON-RPC.
 */
export async function connectMcp(options: McpConnectOptions): Promise<McpConnection> {
  const [program, ...args] = options.command;
  if (program === undefined) throw new Error("the MCP server command is empty");
  const label = options.command.join(" ");
  const waiting = new Map<number, Waiting>();
  let nextId = 0;
  const failAll = (reason: string) => {
    for (const [id, entry] of waiting) {
      clearTimeout(entry.timer);
      waiting.delete(id);
      entry.reject(new McpConnectionError(`${label}: ${reason}`));
    }
  };
  const send = (message: Record<string, unknown>) => child.send(JSON.stringify({ jsonrpc: "2.0", ...message }));
  const serve = async (id: unknown, method: string, params: unknown) => {
    try {
      const result = method === "ping" ? {} : await options.onRequest(method, params);
      send({ id, result });
    } catch (error) {
      send({ id, error: { code: -32601, message: error instanceof Error ? error.message : String(error) } });
    }
  };
  const child: LineChild = startLineChild(program, args, {
    cwd: options.cwd,
    user: options.user,
    onLine(line) {
      if (line.trim() === "") return;
      let message: { id?: unknown; method?: unknown; params?: unknown; result?: unknown; error?: { code?: unknown; message?: unknown } };
      try {
        message = JSON.parse(line) as typeof message;
      } catch {
        failAll(`stdout carried a line that is not JSON-RPC: ${truncate(line)}`);
        child.kill();
        return;
      }
      if (typeof message.method === "string") {
        // A request from the server (it has an id) is answered; its notifications (logging, progress) are not needed.
        if (message.id !== undefined) void serve(message.id, message.method, message.params);
        return;
      }
      const entry = typeof message.id === "number" ? waiting.get(message.id) : undefined;
      if (entry === undefined) return;
      clearTimeout(entry.timer);
      waiting.delete(message.id as number);
      if (message.error !== undefined) entry.reject(new McpError(typeof message.error.code === "number" ? message.error.code : 0, String(message.error.message ?? "")));
      else entry.resolve(message.result);
    },
    onExit(reason) {
      const stderr = child.stderrTail();
      failAll(`the server ${reason}${stderr === "" ? "" : `; stderr: ${truncate(stderr)}`}`);
    },
  });
  const start = (method: string, params: unknown, timeoutMs: number): { readonly id: number; readonly result: Promise<unknown> } => {
    const id = ++nextId;
    const result = new Promise<unknown>((resolve, reject) => {
      if (child.exited()) {
        reject(new McpConnectionError(`${label}: the server is gone`));
        return;
      }
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new McpConnectionError(`${label}: no answer to ${method} within ${timeoutMs} ms`));
      }, timeoutMs);
      waiting.set(id, { resolve, reject, timer });
      send({ id, method, params });
    });
    return { id, result };
  };
  const connection: McpConnection = {
    request: (method, params, timeoutMs) => start(method, params, timeoutMs).result,
    cancellableRequest(method, params, timeoutMs) {
      const { id, result } = start(method, params, timeoutMs);
      return {
        result,
        cancel(reason) {
          const entry = waiting.get(id);
          if (entry === undefined) return;
          clearTimeout(entry.timer);
          waiting.delete(id);
          send({ method: "notifications/cancelled", params: { requestId: id, reason: reason.message } });
          entry.reject(reason);
        },
      };
    },
    notify: (method, params) => send({ method, ...(params === undefined ? {} : { params }) }),
    alive: () => !child.exited(),
    pid: child.pid,
    close: () => child.stop(),
    kill: () => child.kill(),
  };
  try {
    await connection.request(
      "initialize",
      { protocolVersion: MCP_PROTOCOL_VERSION, capabilities: options.capabilities, clientInfo: { name: "read-conformance", version: "1.0.0" } },
      options.timeoutMs,
    );
  } catch (error) {
    child.kill();
    throw error;
  }
  connection.notify("notifications/initialized");
  return connection;
}
