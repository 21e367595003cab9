import fs from "node:fs";
import path from "node:path";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { PROFILE_ENTRIES } from "@read/profiles";
import { connect, maskTime, makeWorkspace, readToolCall, READ_TOOL, type Connection, type Elicit } from "./support.js";

const open: Connection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
});

async function readToolMcp(args: readonly string[], elicit?: Elicit): Promise<Connection> {
  const connection = await connect([READ_TOOL, "mcp", ...args], elicit);
  open.push(connection);
  return connection;
}

// One server per profile for the tests that only read (a server started per test cost CI about a minute
// of its busy cores): its workspace holds every file they read, and the server is closed after the file.
const SHARED_FILES = { "src/a.txt": "alpha\nbeta\n", "a.txt": "x\n", "notes.txt": "one\ntwo\n" };
const shared = new Map<string, Promise<{ readonly root: string; readonly connection: Connection }>>();
afterAll(async () => {
  await Promise.all([...shared.values()].map(async (server) => (await server).connection.close()));
});

function sharedServer(profile: string): Promise<{ readonly root: string; readonly connection: Connection }> {
  let server = shared.get(profile);
  if (server === undefined) {
    const root = makeWorkspace(SHARED_FILES);
    server = connect([READ_TOOL, "mcp", "--profile", profile, "--root", root]).then((connection) => ({ root, connection }));
    shared.set(profile, server);
  }
  return server;
}

describe("read-tool mcp serves each profile's tool over stdio", () => {
  for (const entry of PROFILE_ENTRIES) {
    test(`--profile ${entry.name}: tools/list gives the tool with its schemas and read-only annotations`, async () => {
      const { root, connection } = await sharedServer(entry.name);
      const tool = (await entry.load()).createTool({ root });
      const { client } = connection;
      const { tools } = await client.listTools();
      expect(tools).toEqual([
        {
          name: tool.name,
          description: tool.definition.description,
          inputSchema: { ...tool.definition.parameters, type: "object" },
          outputSchema: { ...tool.outputSchema, type: "object" },
          annotations: { readOnlyHint: true, openWorldHint: false },
        },
      ]);
    });

    test(`--profile ${entry.name}: structuredContent is exactly what read-tool call prints, and the text block is its model form (the four spec profiles: it serialised)`, async () => {
      const { root, connection } = await sharedServer(entry.name);
      const tool = (await entry.load()).createTool({ root });
      const { client } = connection;
      for (const input of [{ path: "src/a.txt" }, { path: "missing.txt" }]) {
        const expected = readToolCall(["--profile", entry.name, "--root", root], input);
        const result = await client.callTool({ name: tool.name, arguments: input });
        expect(maskTime(result.structuredContent), input.path).toEqual(maskTime(expected));
        expect(result.isError, input.path).toBe(tool.isError(expected));
        if (tool.modelContent === undefined) {
          expect(result.content, input.path).toEqual([{ type: "text", text: JSON.stringify(result.structuredContent) }]);
          expect(maskTime(JSON.parse((result.content as { text: string }[])[0]?.text ?? "")), input.path).toEqual(maskTime(expected));
        } else expect(result.content, input.path).toEqual(tool.modelContent(result.structuredContent as never));
      }
      expect(tool.isError(readToolCall(["--profile", entry.name, "--root", root], { path: "missing.txt" }))).toBe(true);
    });

    test(`--profile ${entry.name}: the tool answers under its name and each alias, and no other name`, async () => {
      const { root, connection } = await sharedServer(entry.name);
      const tool = (await entry.load()).createTool({ root });
      const { client } = connection;
      const expected = maskTime((await client.callTool({ name: tool.name, arguments: { path: "a.txt" } })).structuredContent);
      expect(expected).toEqual(maskTime(readToolCall(["--profile", entry.name, "--root", root], { path: "a.txt" })));
      for (const alias of tool.aliases) {
        expect(maskTime((await client.callTool({ name: alias, arguments: { path: "a.txt" } })).structuredContent), alias).toEqual(expected);
      }
      const other = `${tool.name}2`;
      await expect(client.callTool({ name: other, arguments: { path: "a.txt" } })).rejects.toMatchObject({
        code: -32602,
        message: `MCP error -32602: Unknown tool: ${other} (this server has ${tool.name})`,
      });
    });
  }

  test("--config picks the profile and its options, as for read-tool call", async () => {
    const root = makeWorkspace({ "a.txt": "one\ntwo\n" });
    const config = path.join(root, "other.toml");
    fs.writeFileSync(config, 'profile = "forge"\n\n[tools.read_file]\nshow_line_numbers = false\n');
    const { client } = await readToolMcp(["--root", root, "--config", config]);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["Read"]);
    const result = await client.callTool({ name: "Read", arguments: { path: "a.txt" } });
    expect(result.structuredContent).toEqual(readToolCall(["--root", root, "--config", config], { path: "a.txt" }));
    expect(result.structuredContent).toMatchObject({ content: "one\ntwo\n" });
  });
});

describe("read-tool mcp --profile guard asks the person through elicitation", () => {
  const setup = () => {
    const base = makeWorkspace({ "ws/inside.txt": "inside\n", "outside.txt": "from outside\n" });
    const root = path.join(base, "ws");
    const outside = path.join(base, "outside.txt");
    return { root, outside, args: ["--profile", "guard", "--root", root] };
  };

  test("GUARD-4.2 GUARD-4.8: the prompt carries the title, the tool, the path asked and the resolved path, with Allow and Deny", async () => {
    const { outside, args } = setup();
    const asked: unknown[] = [];
    const { client } = await readToolMcp(args, (request) => {
      asked.push(request);
      return { action: "accept", content: { decision: "Allow" } };
    });
    await client.callTool({ name: "read_file", arguments: { path: outside } });
    expect(asked).toEqual([
      {
        mode: "form",
        message: `Allow ReadFile?\nTool: read_file\nPath: ${outside}\nResolved: ${fs.realpathSync(outside)}`,
        requestedSchema: {
          type: "object",
          properties: {
            decision: {
              type: "string",
              title: "Allow ReadFile?",
              description: `Allow read_file to read ${fs.realpathSync(outside)}?`,
              enum: ["Allow", "Deny"],
            },
          },
          required: ["decision"],
        },
      },
    ]);
  });

  test("GUARD-9.20-pending-allow GUARD-4.4: Allow reads the file, exactly as read-tool call --permission allow", async () => {
    const { outside, args } = setup();
    const { client } = await readToolMcp(args, () => ({ action: "accept", content: { decision: "Allow" } }));
    const result = await client.callTool({ name: "read_file", arguments: { path: outside } });
    const expected = readToolCall([...args, "--permission", "allow"], { path: outside });
    expect(expected).toEqual({ path: fs.realpathSync(outside), content: "from outside\n", bytes_read: 13 });
    expect(result.structuredContent).toEqual(expected);
    expect(result.isError).toBe(false);
  });

  test("GUARD-9.20-pending-deny GUARD-4.4: Deny refuses, exactly as read-tool call --permission deny", async () => {
    const { outside, args } = setup();
    const { client } = await readToolMcp(args, () => ({ action: "accept", content: { decision: "Deny" } }));
    const result = await client.callTool({ name: "read_file", arguments: { path: outside } });
    const expected = readToolCall([...args, "--permission", "deny"], { path: outside });
    expect(result.structuredContent).toEqual(expected);
    expect(result.isError).toBe(true);
    expect(result.content).toHaveLength(1);
  });

  test("GUARD-4.7: a declined or cancelled prompt is a Deny", async () => {
    const { outside, args } = setup();
    const answers: ElicitAction[] = ["decline", "cancel"];
    const { client } = await readToolMcp(args, () => ({ action: answers.shift() ?? "cancel" }));
    const expected = readToolCall([...args, "--permission", "deny"], { path: outside });
    for (const action of ["decline", "cancel"]) {
      const result = await client.callTool({ name: "read_file", arguments: { path: outside } });
      expect(result.structuredContent, action).toEqual(expected);
      expect(result.isError, action).toBe(true);
    }
  });

  test("GUARD-4.5: every pending call asks again; granted reads never ask", async () => {
    const { outside, args } = setup();
    let prompts = 0;
    const { client } = await readToolMcp(args, () => {
      prompts += 1;
      return { action: "accept", content: { decision: "Allow" } };
    });
    await client.callTool({ name: "read_file", arguments: { path: outside } });
    await client.callTool({ name: "read_file", arguments: { path: outside } });
    expect(prompts).toBe(2);
    const inside = await client.callTool({ name: "read_file", arguments: { path: "inside.txt" } });
    expect(inside.structuredContent).toMatchObject({ content: "inside\n" });
    expect(prompts).toBe(2);
  });

  test("a client without elicitation gets the refusal for a read no one could approve (as read-tool call without a terminal), and a note saying why", async () => {
    const { outside, args } = setup();
    const { client } = await readToolMcp(args);
    const result = await client.callTool({ name: "read_file", arguments: { path: outside } });
    const expected = readToolCall(args, { path: outside });
    expect(expected).toEqual({ error: "permission denied: user approval required but not available" });
    expect(result.structuredContent).toEqual(expected);
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([
      { type: "text", text: JSON.stringify(expected) },
      {
        type: "text",
        text:
          `The read of '${outside}' needs a person's permission, and this MCP client cannot ask ` +
          "(it did not declare the elicitation capability), so it was denied. Read a path the workspace " +
          "policy grants, or use a client that supports elicitation.",
      },
    ]);
  });

  test("GUARD-4.2-no-leak: through a symlink inside the root to an outside directory, no answer or note names where it resolves, only the path as asked", async () => {
    const base = makeWorkspace({ "ws/inside.txt": "inside\n", "outside/secret.txt": "secret\n" });
    const root = path.join(base, "ws");
    const target = fs.realpathSync.native(path.join(base, "outside"));
    fs.symlinkSync(target, path.join(root, "it's-out"));
    const asked = "it's-out/secret.txt";
    const args = ["--profile", "guard", "--root", root];

    const forms: string[] = [];
    const { client: denying } = await readToolMcp(args, (request) => {
      forms.push(request.message);
      return { action: "accept", content: { decision: "Deny" } };
    });
    const denied = await denying.callTool({ name: "read_file", arguments: { path: asked } });
    // The person is shown where the link leads; the model is not.
    expect(forms).toEqual([`Allow ReadFile?\nTool: read_file\nPath: ${asked}\nResolved: ${target}/secret.txt`]);
    expect(denied.structuredContent).toEqual({ error: 'permission denied by user: read access rejected for path "it\'s-out/secret.txt"' });
    expect(denied.structuredContent).toEqual(readToolCall([...args, "--permission", "deny"], { path: asked }));
    expect(denied.content).toEqual([{ type: "text", text: JSON.stringify(denied.structuredContent) }]);
    expect(JSON.stringify(denied)).not.toContain(target);

    const { client: unasked } = await readToolMcp(args);
    const unanswered = await unasked.callTool({ name: "read_file", arguments: { path: asked } });
    expect(unanswered.isError).toBe(true);
    expect(unanswered.content).toEqual([
      { type: "text", text: JSON.stringify({ error: "permission denied: user approval required but not available" }) },
      {
        type: "text",
        text:
          "The read of 'it\\'s-out/secret.txt' needs a person's permission, and this MCP client cannot ask " +
          "(it did not declare the elicitation capability), so it was denied. Read a path the workspace " +
          "policy grants, or use a client that supports elicitation.",
      },
    ]);
    expect(JSON.stringify(unanswered)).not.toContain(target);
  });
});

type ElicitAction = "accept" | "decline" | "cancel";

describe("issue 31 case 1: arguments are the profile's to judge, answered as tool errors the model sees (MCP 2025-11-25, SEP-1303)", () => {
  const protocolError = async (promise: Promise<unknown>): Promise<{ code: number; message: string }> => {
    const error = await promise.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(McpError);
    const { code, message } = error as McpError;
    return { code, message };
  };

  // The examples, and one for workspace-jp, with the message each profile's spec words.
  const refused: Array<[string, Record<string, unknown>, unknown]> = [
    [
      "envelope",
      { path: "notes.txt", limit: null },
      { error: { code: "INVALID_PARAM", message: "Invalid limit: null. limit must be an integer between 1 and 2000; default 500." } },
    ],
    ["forge", { head: "x" }, { error: { code: "INVALID_ARGUMENT", message: '`path` is required. `head` must be a positive integer (1 or more), got "x".' } }],
    ["guard", { path: 42 }, { error: "invalid input: path must be a non-empty string" }],
    [
      "workspace-jp",
      { path: "notes.txt", max_lines: "ten" },
      { error: { code: "INVALID_ARGUMENT", message: 'max_lines must be an integer between 1 and 500, got the string "ten" (path "notes.txt").' } },
    ],
  ];
  for (const [profile, args, expected] of refused) {
    test(`--profile ${profile}: ${JSON.stringify(args)} is an isError result holding the profile's own message, as read-tool call prints it`, async () => {
      const { root, connection } = await sharedServer(profile);
      const { client } = connection;
      const { tools } = await client.listTools();
      const name = tools[0]?.name ?? "";
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject(expected as Record<string, unknown>);
      expect(maskTime(result.structuredContent)).toEqual(maskTime(readToolCall(["--profile", profile, "--root", root], args)));
      // What a client that forwards only `content` gives the model: the same message.
      expect(result.content).toEqual([{ type: "text", text: JSON.stringify(result.structuredContent) }]);
      const fixed = await client.callTool({ name, arguments: { path: "notes.txt" } });
      expect(fixed.isError).toBe(false);
    });
  }

  for (const entry of PROFILE_ENTRIES) {
    test(`--profile ${entry.name}: an unknown key is answered as the profile answers it in-process (the server adds no rule of its own: the four spec profiles ignore it, agent refuses it)`, async () => {
      const { root, connection } = await sharedServer(entry.name);
      const { client } = connection;
      const name = (await client.listTools()).tools[0]?.name ?? "";
      const args = { path: "notes.txt", max_lines: 3, mode: "fast" };
      const result = await client.callTool({ name, arguments: args });
      const inProcess = readToolCall(["--profile", entry.name, "--root", root], args);
      expect(maskTime(result.structuredContent)).toEqual(maskTime(inProcess));
      expect(result.isError).toBe((await entry.load()).createTool({ root }).isError(inProcess));
    });
  }

  test("an unknown tool stays a protocol error; 2 MB arguments are a tool error saying what to send; a 10 MB message is refused; the server keeps serving", async () => {
    const root = makeWorkspace({ "a.txt": "x\n" });
    const { client } = await readToolMcp(["--profile", "workspace-jp", "--root", root]);
    const good = async () => {
      const result = await client.callTool({ name: "read_file", arguments: { path: "a.txt" } });
      expect(result.structuredContent).toMatchObject({ path: "a.txt", content: "x\n" });
    };
    expect(await protocolError(client.callTool({ name: "write_file", arguments: { path: "a.txt" } }))).toEqual({
      code: -32602,
      message: "MCP error -32602: Unknown tool: write_file (this server has read_file)",
    });
    await good();
    expect(await client.callTool({ name: "read_file", arguments: { path: "a".repeat(2_000_000) } })).toEqual({
      content: [
        {
          type: "text",
          text:
            "The arguments of read_file are 2000011 bytes of JSON; this server takes at most 1048576. " +
            "Call read_file again with only the keys its input schema lists: a path and the line options are a few hundred bytes.",
        },
      ],
      isError: true,
    });
    await good();
    const huge = await protocolError(client.callTool({ name: "read_file", arguments: { path: "a".repeat(10 * 1024 * 1024) } }));
    expect(huge.code).toBe(-32600);
    expect(huge.message).toMatch(/^MCP error -32600: Request too large: more than 4194304 bytes \(1048\d{4} received\)$/);
    await good();
    expect((await client.listTools()).tools).toHaveLength(1);
  });
});
