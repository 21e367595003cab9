import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import type { PermissionRequester, ProfileModule, ReadTool } from "@read/core";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, RootsListChangedNotificationSchema, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { elicitationRequester, type ElicitationCall } from "./elicitation-requester.js";
import { oversizedArguments } from "./oversized-arguments.js";
import { MCP_PACKAGE_VERSION } from "./package-version.js";
import { ProtocolError } from "./protocol-error.js";

/** What {@link createReadServer} serves: one profile's tool over one workspace. */
export interface ReadServerOptions<Options extends object = object> {
  /** The profile whose tool is served (its `profile` export). */
  readonly module: ProfileModule<Options>;
  /**
   * The workspace directory (with `clientRoots`, the one served to a client without the roots capability).
   * One that is empty or not a directory throws the profile's `ProfileConfigError` here, at creation.
   */
  readonly root: string;
  /**
   * Serve the first root the client lists (MCP roots, `file://` URIs) instead of `root`, when the client
   * declares the roots capability: the list is asked for once the client is initialized and again after
   * each `notifications/roots/list_changed`, and a call waits for the answer. A client that lists no
   * root gets an error on each call.
   */
  readonly clientRoots?: boolean;
  /** The profile's options: the keys of its config table, as `read.config.toml` gives them. */
  readonly options?: Partial<Options>;
  /**
   * Decides pending reads instead of asking the person through the client. Without it, a pending read
   * is put to the person with an elicitation request, or denied when the client cannot ask.
   */
  readonly requester?: PermissionRequester;
  /**
   * The largest `tools/call` answer, as a JSON-RPC message in bytes (default
   * {@link DEFAULT_MAX_ANSWER_BYTES}). An output whose answer would be larger becomes a tool error that
   * says how to ask for less, so one huge read never ends the session.
   */
  readonly maxAnswerBytes?: number;
}

/**
 * The default bound of an answer: 8 MiB, under the 10 MiB at which the official SDK client drops the
 * connection, with the output counted twice (`structuredContent` and its serialised copy in `content`).
 */
export const DEFAULT_MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/**
 * An MCP server (the SDK's low-level `Server`, not yet connected) exposing the profile's tool:
 *
 * - `tools/list` gives one tool under the profile's tool name, with its input schema, an `outputSchema`
 *   covering every output (errors included) and the annotations `readOnlyHint: true`,
 *   `openWorldHint: false`.
 * - `tools/call` (under the name or one of the profile's aliases) answers with `structuredContent`
 *   holding exactly the profile's output, content blocks made from the tool's `modelContent` (for the
 *   four spec profiles, one `text` block holding the output serialised as JSON, so a client that forwards
 *   only `content` gives the model exactly what the spec says it receives; a profile with its own form
 *   carries every field in its text), and `isError` when the output is a tool-level error. A read the policy leaves pending is
 *   decided by `requester`, else by the person through the client's elicitation; a further text block
 *   says why a read was denied without asking. An answer over `maxAnswerBytes` is a tool error instead.
 *   `notifications/cancelled` aborts the read (its descriptor is closed; no answer is sent).
 * - Arguments are the profile's to judge (protocol 2025-11-25, SEP-1303: input validation failures are
 *   tool execution errors the model can correct): any arguments object reaches the profile, whose answer
 *   is exactly what it gives in-process (`read-tool call`), its argument errors included (`isError:
 *   true`, the spec's message); the server adds no stricter rule, so a key the profile ignores is ignored
 *   here too, even where the listed schema says `additionalProperties: false`. Arguments over 1 MiB of
 *   JSON are a tool error too, whose text says what to send instead.
 * - An unknown tool is a JSON-RPC error (`InvalidParams`, -32602), as SEP-1303 keeps it; the server
 *   keeps serving.
 *
 * The low-level `Server` is used because the profile's schemas are JSON Schema, not zod, and because the
 * high-level `McpServer` turns an unknown tool into a tool result rather than a protocol error.
 */
export function createReadServer<Options extends object>(options: ReadServerOptions<Options>): Server {
  const calls = new AsyncLocalStorage<ElicitationCall>();
  const fixed = options.requester;
  const server: Server = new Server(
    { name: "read-mcp", title: `read (${options.module.name} profile)`, version: MCP_PACKAGE_VERSION },
    { capabilities: { tools: { listChanged: false } } },
  );
  const asked = elicitationRequester(server, () => calls.getStore());
  const settings: Partial<Options> = options.options ?? {};
  const maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  const createTool = (root: string) => options.module.createTool(Object.assign({}, settings, { root, requester: fixed ?? asked }));
  const tool = createTool(options.root);
  const served = followRoots(server, options.clientRoots === true, { root: options.root, tool }, createTool);
  const names = new Set([tool.name, ...tool.aliases]);
  const listed: Tool = {
    name: tool.name,
    description: tool.definition.description,
    inputSchema: { ...tool.definition.parameters, type: "object" },
    // Every profile publishes its output schema in defineProfile's normal form, an object at the top.
    outputSchema: tool.outputSchema as Tool["outputSchema"],
    annotations: { readOnlyHint: true, openWorldHint: false },
  };

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [listed] }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name } = request.params;
    if (!names.has(name)) {
      throw new ProtocolError(ErrorCode.InvalidParams, `Unknown tool: ${name} (this server has ${tool.name})`);
    }
    const args = request.params.arguments ?? {};
    const oversized = oversizedArguments(tool.name, args);
    if (oversized !== undefined) return { content: [{ type: "text", text: oversized }], isError: true };
    const notes: string[] = [];
    const call: ElicitationCall = { requestId: extra.requestId, signal: extra.signal, note: (text) => notes.push(text) };
    const current = await served();
    const output = await calls.run(call, () => current.call(args, { signal: extra.signal }));
    if (!isJsonObject(output)) {
      throw new ProtocolError(ErrorCode.InternalError, `the ${options.module.name} profile returned a non-object output`);
    }
    let answer: CallToolResult | undefined;
    const bytes = answerBytes(() => {
      const parts = (tool.modelContent?.(output) ?? [{ type: "text", text: JSON.stringify(output) }]).map((part) => (part.type === "text" ? { type: "text" as const, text: part.text } : { type: "image" as const, data: part.data, mimeType: part.mimeType }));
      answer = { content: [...parts, ...notes.map((text) => ({ type: "text" as const, text }))], structuredContent: output, isError: tool.isError(output) };
      return JSON.stringify({ jsonrpc: "2.0", id: extra.requestId, result: answer });
    });
    if (answer !== undefined && bytes !== undefined && bytes <= maxAnswerBytes) return answer;
    const size = bytes === undefined ? "larger than a JavaScript string can hold" : `${bytes} bytes`;
    return {
      content: [
        {
          type: "text",
          text:
            `The output of ${tool.name} is ${size} as an MCP answer, over this server's limit of ${maxAnswerBytes} bytes ` +
            `(read-tool mcp --max-answer-bytes). Ask for less: fewer lines, or a range further on.`,
        },
      ],
      isError: true,
    };
  });
  return server;
}

/**
 * The tool for the root being served: `initial` unless `follow` is set and the client has the roots
 * capability, else the tool for the client's first root, asked for when the client is
 * initialized and after each change notification (notifications and calls are handled in the order they
 * arrive, so a call after a change waits for the new list).
 */
function followRoots(server: Server, follow: boolean, initial: { readonly root: string; readonly tool: ReadTool }, createTool: (root: string) => ReadTool): () => Promise<ReadTool> {
  let current = initial;
  let listed: Promise<void> | undefined;
  const ask = () => {
    if (server.getClientCapabilities()?.roots === undefined) return;
    // Roots are file:// URIs (the SDK checks the client's answer).
    listed = server.listRoots().then(({ roots }) => {
      const first = roots[0];
      if (first === undefined) throw new ProtocolError(ErrorCode.InvalidRequest, "the client lists no root to serve");
      const root = fileURLToPath(first.uri);
      if (root !== current.root) current = { root, tool: createTool(root) };
    });
    // A failed listing fails the calls that wait for it, not the connection.
    listed.catch(() => undefined);
  };
  if (follow) {
    server.oninitialized = ask;
    server.setNotificationHandler(RootsListChangedNotificationSchema, ask);
  }
  return async () => {
    try {
      await listed;
    } catch (error) {
      if (error instanceof ProtocolError) throw error;
      throw new ProtocolError(ErrorCode.InternalError, `the client's roots could not be served: ${error instanceof Error ? error.message : String(error)}`);
    }
    return current.tool;
  };
}

// The UTF-8 size of an answer made and serialised by `serialise`; `undefined` when it cannot be at all: V8 throws a
// RangeError ("Invalid string length") for a string past its maximum length, which must be a tool error
// that says how to ask for less, never the JSON-RPC internal error it was.
function answerBytes(serialise: () => string): number | undefined {
  try {
    return Buffer.byteLength(serialise(), "utf8");
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
