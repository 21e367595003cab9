import fs from "node:fs";
import { isDeepStrictEqual } from "node:util";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { interpretOutput } from "./interpret-output.js";
import { connectMcp, McpConnectionError, McpError, type McpConnection } from "./mcp-client.js";
import type { Oracle } from "./oracle.js";
import { outputField, withOutputField } from "./output-field.js";
import { toToml } from "./to-toml.js";
import type { CallRequest, CancellableCall, DefinitionRequest, OsUser, TextedOutput, ToolAdapter, ToolDefinition, WarmUpRequest } from "./tool-adapter.js";

/**
 * How the adapter turns a `tools/call` result into the output the suite judges. `structured`: the
 * result's `structuredContent` (else its first text block parsed as JSON), which is the tool's output as
 * the oracle describes it. `text`: `{ content }` for a result, `{ isError: true, message }` for a tool
 * error or a JSON-RPC error (a peer's oracle reads these two shapes).
 */
export type McpReading = { readonly kind: "structured"; readonly oracle: Oracle } | { readonly kind: "text" };

/** How to reach an MCP server over stdio. */
export interface McpAdapterOptions {
  /**
   * The server's command. `{root}` in an argument is replaced by the call's workspace root, and a server
   * is started per root; without it the server is started once and told the root through MCP roots
   * (`roots/list`, and `notifications/roots/list_changed` when it changes). `{config}` is replaced by a
   * TOML file holding the call's options; without it, `--config FILE` is appended when a call has options.
   */
  readonly command: readonly string[];
  /** The tool calls go to when a call names none. */
  readonly tool: string;
  readonly reading: McpReading;
  /** The TOML table the options are written in (`configTable` of the oracle). */
  readonly configTable?: readonly string[];
  /** A call that takes longer is abandoned and its server stopped (default 20 s). */
  readonly timeoutMs?: number;
  /** Start servers as this user. */
  readonly user?: OsUser;
  readonly cwd?: string;
}

/**
 * What the adapter returns for a call in `text` reading, whatever the server answered: `{ content }` for
 * a result, `{ isError: true, message }` for a tool error or a protocol error.
 */
export type McpOutput = { readonly content: string } | { readonly isError: true; readonly message: string };

interface CallToolResult {
  readonly content?: readonly { readonly type: string; readonly text?: string; readonly data?: string }[];
  readonly structuredContent?: unknown;
  readonly isError?: boolean;
}

interface Server {
  connection: Promise<McpConnection>;
  /** The root the server was last told (roots mode). */
  root: string;
  /** Calls in flight: the root is switched only when none is. */
  busy: number;
  drained: Promise<void>;
  wake: () => void;
}

/**
 * Drives one tool of an MCP server over stdio with the harness's own small client (`connectMcp`):
 * servers are keyed by what they cannot change per call (the root when the command has `{root}`, the
 * options, the permission answer); a permission answer is given through form elicitation (`allow`: the
 * first enum choice that reads "allow"; `deny`: declined), and a call without one is made by a client
 * that cannot elicit. A call that times out or whose server dies stops that server (the next call starts
 * a fresh one) and rejects.
 */
export function createMcpAdapter(options: McpAdapterOptions): ToolAdapter {
  const perRoot = options.command.some((part) => part.includes("{root}"));
  const timeoutMs = options.timeoutMs ?? 20_000;
  const servers = new Map<string, Server>();
  const live: McpConnection[] = [];
  const configDir = fs.mkdtempSync(path.join(os.tmpdir(), "read-conformance-mcp-"));
  if (options.user !== undefined) fs.chmodSync(configDir, 0o755);
  let configs = 0;

  const hasConfigPlaceholder = options.command.some((part) => part.includes("{config}"));
  // The options as TOML ("" for none): servers are keyed by it, and a file is written only for a new server.
  const configText = (request: Pick<CallRequest, "options">): string =>
    request.options === undefined || Object.keys(request.options).length === 0 ? "" : toToml(options.configTable ?? [], request.options);
  const commandFor = (root: string, config: string): string[] => {
    if (config === "" && !hasConfigPlaceholder) return options.command.map((part) => part.replaceAll("{root}", root));
    const file = path.join(configDir, `config-${++configs}.toml`);
    fs.writeFileSync(file, config);
    const substituted = options.command.map((part) => part.replaceAll("{root}", root).replaceAll("{config}", file));
    return hasConfigPlaceholder ? substituted : [...substituted, "--config", file];
  };
  const start = (root: string, config: string, permission: CallRequest["permission"]): Server => {
    const server = { root, busy: 0, drained: Promise.resolve(), wake: () => undefined } as Omit<Server, "connection"> as Server;
    const capabilities = { ...(perRoot ? {} : { roots: { listChanged: true } }), ...(permission === undefined ? {} : { elicitation: { form: {} } }) };
    server.connection = connectMcp({
      command: commandFor(root, config),
      cwd: options.cwd,
      user: options.user,
      capabilities,
      timeoutMs,
      onRequest(method, params) {
        if (method === "roots/list" && !perRoot) return { roots: [{ uri: pathToFileURL(server.root).href, name: "workspace" }] };
        if (method === "elicitation/create" && permission !== undefined) return elicitationAnswer(permission, params);
        throw new Error(`the client does not serve ${method}`);
      },
    });
    server.connection.then((connection) => live.push(connection)).catch(() => undefined);
    return server;
  };
  const serverFor = (request: CallRequest): { readonly key: string; readonly server: Server } => {
    const config = configText(request);
    const key = JSON.stringify([perRoot ? request.root : "", config, request.permission ?? null]);
    let server = servers.get(key);
    if (server === undefined) {
      const started = start(request.root, config, request.permission);
      servers.set(key, started);
      // A server that cannot start is forgotten: the next call starts a fresh one.
      started.connection.catch(() => {
        if (servers.get(key) === started) servers.delete(key);
      });
      server = started;
    }
    return { key, server };
  };
  const stop = async (key: string, server: Server): Promise<void> => {
    if (servers.get(key) === server) servers.delete(key);
    await server.connection.then((connection) => connection.close()).catch(() => undefined);
  };
  // Roots mode: a call on another root waits until the calls in flight are done, then the server is told.
  const enter = async (server: Server, root: string): Promise<void> => {
    while (server.root !== root && server.busy > 0) await server.drained;
    if (server.root !== root) {
      server.root = root;
      (await server.connection).notify("notifications/roots/list_changed");
    }
    if (server.busy++ === 0) server.drained = new Promise((resolve) => (server.wake = resolve));
  };
  const leave = (server: Server) => {
    if (--server.busy === 0) server.wake();
  };

  // One tools/call, sent by `send` (cancellable or not), and the output the oracle reads in its result.
  const exchange = async (request: CallRequest, send: (connection: McpConnection, params: unknown) => Promise<unknown>): Promise<{ readonly output: unknown; readonly result: CallToolResult }> => {
    const { key, server } = serverFor(request);
    const name = request.tool ?? options.tool;
    await enter(server, request.root);
    try {
      const connection = await server.connection;
      const result = (await send(connection, { name, arguments: request.input })) as CallToolResult;
      return { output: readResult(options.reading, result, name), result };
    } catch (error) {
      if (error instanceof McpError) {
        if (options.reading.kind === "text") return { output: { isError: true, message: `MCP error ${error.code}: ${error.message}` }, result: {} };
        // MCP 2025-11-25 (SEP-1303) keeps -32602 for an unknown tool (the harness never sends a malformed
        // call); arguments the tool refuses are a tool result with isError, which the model reads.
        if (error.code === -32602) {
          throw new Error(
            `unknown tool '${name}': tools/call answered the JSON-RPC error -32602 (${error.message}), which MCP 2025-11-25 keeps for an unknown tool; arguments the tool refuses must be a tool result with isError: true (SEP-1303)`,
          );
        }
        throw new Error(`tools/call ${name} answered the JSON-RPC error ${error.code}: ${error.message}`);
      }
      if (error instanceof McpConnectionError) await stop(key, server);
      throw error;
    } finally {
      leave(server);
    }
  };

  return {
    kind: "mcp",
    async call(request: CallRequest): Promise<unknown> {
      return (await exchange(request, (connection, params) => connection.request("tools/call", params, timeoutMs))).output;
    },
    async callWithText(request: CallRequest): Promise<TextedOutput> {
      const { output, result } = await exchange(request, (connection, params) => connection.request("tools/call", params, timeoutMs));
      const text = (result.content ?? []).find((part) => part.type === "text")?.text;
      if (text === undefined) throw new Error(`the tools/call result has no text block: ${JSON.stringify(result).slice(0, 300)}`);
      return { output, text };
    },
    startCancellable(request: CallRequest): CancellableCall {
      let cancelled: Error | undefined;
      let cancelSent: ((reason: Error) => void) | undefined;
      const answer = exchange(request, (connection, params) => {
        const pending = connection.cancellableRequest("tools/call", params, timeoutMs);
        cancelSent = pending.cancel;
        // Cancelled while the server was starting: the request is sent, then cancelled at once.
        if (cancelled !== undefined) pending.cancel(cancelled);
        return pending.result;
      });
      return {
        answer: answer.then(({ output }) => output),
        cancel(reason) {
          cancelled = reason;
          cancelSent?.(reason);
        },
      };
    },
    async definition(request: DefinitionRequest = {}): Promise<ToolDefinition> {
      const root = fs.mkdtempSync(path.join(configDir, "root-"));
      const tool = request.tool;
      const { key, server } = serverFor({ root, input: {}, ...(request.options === undefined ? {} : { options: request.options }) });
      await enter(server, root);
      try {
        const listed = (await (await server.connection).request("tools/list", {}, timeoutMs)) as { tools?: readonly { name: string; description?: string; inputSchema?: unknown }[] };
        const wanted = tool ?? options.tool;
        const found = listed.tools?.find((candidate) => candidate.name === wanted);
        if (found === undefined) throw new Error(`tools/list has no tool '${wanted}' (it lists ${(listed.tools ?? []).map((candidate) => candidate.name).join(", ") || "none"})`);
        return { name: found.name, description: found.description ?? "", parameters: found.inputSchema };
      } finally {
        leave(server);
        if (perRoot) await stop(key, server);
      }
    },
    // Only a server that serves every workspace (MCP roots) is one long-running process for a load test.
    ...(perRoot ? {} : { processIds: () => live.flatMap((connection) => (connection.alive() && connection.pid !== undefined ? [connection.pid] : [])) }),
    async warmUp(request: WarmUpRequest): Promise<void> {
      const { server } = serverFor({ ...request, input: {} });
      await enter(server, request.root);
      leave(server);
      await server.connection;
    },
    ...(options.user === undefined ? { asUser: (user: OsUser, extra?: { readonly timeoutMs?: number }) => createMcpAdapter({ ...options, ...extra, user }) } : {}),
    async close() {
      await Promise.all([...servers].map(([key, server]) => stop(key, server)));
      fs.rmSync(configDir, { recursive: true, force: true });
    },
  };
}

function readResult(reading: McpReading, result: CallToolResult, name: string): unknown {
  const text = (result.content ?? []).map((part) => part.text ?? "").join("\n");
  if (reading.kind === "text") {
    if (result.isError === true) return { isError: true, message: text };
    const structured = (result.structuredContent as { content?: unknown } | undefined)?.content;
    return { content: typeof structured === "string" ? structured : text };
  }
  const first = (result.content ?? []).find((part) => part.type === "text")?.text;
  const image = (result.content ?? []).find((part) => part.type === "image")?.data;
  const carried = first === undefined ? undefined : withImageData(reading.oracle.output.text, outputOfText(reading.oracle.output.text, first), image);
  const output = result.structuredContent ?? carried;
  if (output === undefined) {
    throw new Error(`the tools/call ${name} result has no structuredContent, and its first text block does not carry an output as the oracle's output.text says: ${JSON.stringify(first ?? "").slice(0, 200)}`);
  }
  if (first !== undefined && !isDeepStrictEqual(carried, output)) {
    throw new Error(`the tools/call ${name} result's first text block does not carry its structuredContent as the oracle's output.text says (a client forwarding only the text would lose it): ${JSON.stringify(first ?? "").slice(0, 300)}`);
  }
  const flagged = result.isError === true;
  if (flagged !== interpretOutput(reading.oracle).isError(output)) {
    throw new Error(`the tools/call ${name} result has isError ${String(flagged)}, but its output ${flagged ? "is not" : "is"} an error as the oracle reads it: ${JSON.stringify(output).slice(0, 300)}`);
  }
  return output;
}

/**
 * The output a text block carries in the oracle's `output.text` form, or `undefined` when it carries none:
 * the block parsed as JSON, or its first line parsed as JSON with the rest of the block put in `field`
 * (a block of one line, as an error is, parsed as JSON).
 */
function outputOfText(form: Oracle["output"]["text"], text: string): unknown {
  // JSON has no raw line break: in the fields-line form, a block of one line is an output without the field (an error).
  const lineEnd = form === "json" ? -1 : text.indexOf("\n");
  let parsed: unknown;
  try {
    parsed = JSON.parse(lineEnd === -1 ? text : text.slice(0, lineEnd)) as unknown;
  } catch {
    return undefined;
  }
  if (form === "json" || lineEnd === -1) return parsed;
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return undefined;
  return { ...parsed, [form.field]: text.slice(lineEnd + 1) };
}

/** The output a text block carried with the image block's data put back where the oracle's `imageData` says, when the text left it out. */
function withImageData(form: Oracle["output"]["text"], carried: unknown, data: unknown): unknown {
  if (form === "json" || form.imageData === undefined || data === undefined || outputField(carried, form.imageData) !== undefined) return carried;
  const keys = form.imageData.split(".");
  const leaf = keys.pop() ?? "";
  const put = (parent: unknown) => (typeof parent === "object" && parent !== null && !Array.isArray(parent) ? { ...parent, [leaf]: data } : parent);
  return keys.length === 0 ? put(carried) : withOutputField(carried, keys.join("."), put);
}

// Accepts a form for `allow` with, for each enum property, the choice that reads "allow" (or "yes"); declines for `deny`.
function elicitationAnswer(permission: "allow" | "deny", params: unknown): unknown {
  if (permission === "deny") return { action: "decline" };
  const properties = ((params as { requestedSchema?: { properties?: Record<string, { enum?: unknown[]; type?: string }> } }).requestedSchema?.properties ?? {}) as Record<string, { enum?: unknown[]; type?: string }>;
  const content = Object.fromEntries(
    Object.entries(properties).flatMap(([name, property]) => {
      const choice = property.enum?.find((value) => typeof value === "string" && /^(allow|yes)/iu.test(value));
      if (choice !== undefined) return [[name, choice]];
      return property.type === "boolean" ? [[name, true]] : [];
    }),
  );
  return { action: "accept", content };
}
