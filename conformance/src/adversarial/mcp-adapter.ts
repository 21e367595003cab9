import { createRequire } from "node:module";
import type { CallRequest, OsUser, ToolAdapter } from "../tool-adapter.js";

/** How to reach an MCP server over stdio. */
export interface McpAdapterOptions {
  /** The server's command; the call's root is appended as its last argument (`node dist/index.js <root>`). */
  readonly command: readonly string[];
  /** The tool every call goes to. */
  readonly tool: string;
  /** A `package.json` next to which `@modelcontextprotocol/sdk` resolves (the client is loaded from there). */
  readonly sdkFrom: string;
  /** A call that takes longer is abandoned and its server stopped (default 20 s). */
  readonly timeoutMs?: number;
  /** Start servers as this user (through `setpriv`). */
  readonly user?: OsUser;
}

/** The part of the SDK's `Client` this adapter uses. */
interface SdkClient {
  connect(transport: unknown): Promise<void>;
  callTool(params: { name: string; arguments?: unknown }, resultSchema?: unknown, options?: { timeout?: number }): Promise<SdkToolResult>;
  close(): Promise<void>;
}

interface SdkToolResult {
  readonly content?: readonly { readonly type: string; readonly text?: string }[];
  readonly structuredContent?: Readonly<Record<string, unknown>>;
  readonly isError?: boolean;
}

interface Sdk {
  readonly Client: new (info: { name: string; version: string }, options: { capabilities: Record<string, unknown> }) => SdkClient;
  readonly StdioClientTransport: new (params: { command: string; args: string[]; stderr: "ignore" }) => unknown;
}

/**
 * What the adapter returns for a call, whatever the server answered: `{ content }` for a result,
 * `{ isError: true, message }` for a tool error or a protocol error (invalid arguments are refused
 * either way). A peer's oracle reads these two shapes.
 */
export type McpOutput = { readonly content: string } | { readonly isError: true; readonly message: string };

/**
 * Drives one tool of an MCP server over stdio with the SDK's client: a server per root (started on the
 * first call for it, with the root as its last argument), the call's arguments passed as they are, the
 * answer normalised to {@link McpOutput}. A call that times out stops its server (the next call starts a
 * fresh one); a server that dies rejects the call.
 */
export function createMcpAdapter(options: McpAdapterOptions): ToolAdapter {
  const require = createRequire(options.sdkFrom);
  const sdk: Sdk = {
    Client: (require("@modelcontextprotocol/sdk/client/index.js") as Pick<Sdk, "Client">).Client,
    StdioClientTransport: (require("@modelcontextprotocol/sdk/client/stdio.js") as Pick<Sdk, "StdioClientTransport">).StdioClientTransport,
  };
  const servers = new Map<string, Promise<SdkClient>>();
  const timeoutMs = options.timeoutMs ?? 20_000;
  const start = async (root: string): Promise<SdkClient> => {
    const [program, ...args] = options.command;
    if (program === undefined) throw new Error("the MCP server command is empty");
    const command = options.user === undefined ? [program, ...args, root] : ["setpriv", `--reuid=${options.user.uid}`, `--regid=${options.user.gid}`, "--clear-groups", program, ...args, root];
    const client = new sdk.Client({ name: "read-conformance", version: "1.0.0" }, { capabilities: {} });
    await client.connect(new sdk.StdioClientTransport({ command: command[0] ?? program, args: command.slice(1), stderr: "ignore" }));
    return client;
  };
  const serverFor = (root: string): Promise<SdkClient> => {
    let server = servers.get(root);
    if (server === undefined) {
      server = start(root);
      servers.set(root, server);
    }
    return server;
  };
  const stop = async (root: string): Promise<void> => {
    const server = servers.get(root);
    servers.delete(root);
    // The client waits for the server to exit on timers that do not keep this process alive: without this
    // one, a process that is done would exit meanwhile and leave a server that ignores end-of-input running.
    const keepAlive = setInterval(() => undefined, 1_000);
    try {
      await server?.then((client) => client.close()).catch(() => undefined);
    } finally {
      clearInterval(keepAlive);
    }
  };
  return {
    kind: "mcp",
    async call(request: CallRequest): Promise<McpOutput> {
      const client = await serverFor(request.root);
      try {
        const result = await client.callTool({ name: options.tool, arguments: request.input }, undefined, { timeout: timeoutMs });
        if (result.isError === true) return { isError: true, message: textOf(result) };
        const structured = result.structuredContent?.["content"];
        return { content: typeof structured === "string" ? structured : textOf(result) };
      } catch (error) {
        const code = typeof error === "object" && error !== null && "code" in error ? (error as { code: unknown }).code : undefined;
        // A JSON-RPC error from the server is its answer (invalid arguments); anything else is a failure.
        if (typeof code === "number" && code !== -32001 && code !== -32000) return { isError: true, message: error instanceof Error ? error.message : String(error) };
        await stop(request.root);
        throw error;
      }
    },
    ...(options.user === undefined
      ? { asUser: (user: OsUser, extra?: { readonly timeoutMs?: number }) => createMcpAdapter({ ...options, ...extra, user }) }
      : {}),
    async close() {
      await Promise.all([...servers.keys()].map(stop));
    },
  };
}

function textOf(result: SdkToolResult): string {
  return (result.content ?? []).map((part) => part.text ?? "").join("\n");
}
