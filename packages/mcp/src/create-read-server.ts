import { AsyncLocalStorage } from "node:async_hooks";
import type { PermissionRequester, ProfileModule } from "@read/core";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { argumentChecker } from "./argument-checker.js";
import { elicitationRequester, type ElicitationCall } from "./elicitation-requester.js";
import { MCP_PACKAGE_VERSION } from "./package-version.js";
import { ProtocolError } from "./protocol-error.js";

/** What {@link createReadServer} serves: one profile's tool over one workspace. */
export interface ReadServerOptions<Options extends object = object> {
  /** The profile whose tool is served (its `profile` export). */
  readonly module: ProfileModule<Options>;
  /** The workspace directory. */
  readonly root: string;
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
 *   holding exactly the profile's output, a first `text` block holding the same output serialised as
 *   JSON (so a client that forwards only `content` gives the model exactly what the spec says it
 *   receives), and `isError` when the output is a tool-level error. A read the policy leaves pending is
 *   decided by `requester`, else by the person through the client's elicitation; a further text block
 *   says why a read was denied without asking. An answer over `maxAnswerBytes` is a tool error instead.
 *   `notifications/cancelled` aborts the read (its descriptor is closed; no answer is sent).
 * - An unknown tool, arguments over 1 MiB or arguments failing the input schema are JSON-RPC errors
 *   (`InvalidParams`, -32602); the server keeps serving.
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
  const tool = options.module.createTool(Object.assign({}, settings, { root: options.root, requester: fixed ?? asked }));
  const names = new Set([tool.name, ...tool.aliases]);
  const checkArguments = argumentChecker(tool.name, tool.definition.parameters);
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
    checkArguments(args);
    const notes: string[] = [];
    const call: ElicitationCall = { requestId: extra.requestId, signal: extra.signal, note: (text) => notes.push(text) };
    const output = await calls.run(call, () => tool.call(args, { signal: extra.signal }));
    if (!isJsonObject(output)) {
      throw new ProtocolError(ErrorCode.InternalError, `the ${options.module.name} profile returned a non-object output`);
    }
    const answer: CallToolResult = {
      content: [JSON.stringify(output), ...notes].map((text) => ({ type: "text", text })),
      structuredContent: output,
      isError: tool.isError(output),
    };
    const bytes = Buffer.byteLength(JSON.stringify({ jsonrpc: "2.0", id: extra.requestId, result: answer }), "utf8");
    if (bytes <= maxAnswerBytes) return answer;
    return {
      content: [
        {
          type: "text",
          text:
            `The output of ${tool.name} is ${bytes} bytes as an MCP answer, over this server's limit of ${maxAnswerBytes} bytes ` +
            `(read-tool mcp --max-answer-bytes). Ask for less: fewer lines, or a range further on.`,
        },
      ],
      isError: true,
    };
  });
  return server;
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
