import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJsonlAdapter } from "../src/jsonl-adapter.js";
import { loadOracles } from "../src/load-oracles.js";
import { createMcpAdapter } from "../src/mcp-adapter.js";
import type { Oracle } from "../src/oracle.js";
import { readToolCommand } from "../src/read-tool-command.js";
import { REPO_ROOT } from "../src/repo-paths.js";
import { createScratchWorkspace, type ScratchWorkspace } from "../src/scratch-workspace.js";

const oracles = new Map(loadOracles().map((oracle) => [oracle.profile, oracle]));
const oracleOf = (profile: string): Oracle => {
  const oracle = oracles.get(profile);
  if (oracle === undefined) throw new Error(`no oracle ${profile}`);
  return oracle;
};

/** A Node program given as a script, as a command line. */
const node = (script: string) => [process.execPath, "--input-type=module", "-e", script];

// Reads request lines and hands each to `answer` (a function body of `request`), writing what it returns.
const jsonlServer = (answer: string) =>
  node(`
import readline from "node:readline";
const lines = readline.createInterface({ input: process.stdin });
const answer = (request) => { ${answer} };
for await (const line of lines) { const out = answer(JSON.parse(line)); if (out !== undefined) process.stdout.write(out + "\\n"); }
`);

let workspace: ScratchWorkspace;
let other: ScratchWorkspace;
beforeAll(async () => {
  workspace = await createScratchWorkspace({ files: { "a.txt": { text: "one\n" } }, outside: { "secret.txt": { text: "outside\n" } } });
  other = await createScratchWorkspace({ files: { "a.txt": { text: "two\n" } } });
}, 600_000);
afterAll(async () => {
  await workspace.dispose();
  await other.dispose();
});

describe("the JSONL adapter", () => {
  it("sends root, config, permission, tool and input on one line, and matches answers to requests by id in any order", async () => {
    // Holds the first request and answers it after the second: answers come back out of order.
    const adapter = createJsonlAdapter({
      command: jsonlServer(`
        globalThis.held ??= [];
        globalThis.held.push(request);
        if (globalThis.held.length < 2) return undefined;
        return globalThis.held.reverse().map((held) => JSON.stringify({ id: held.id, output: held })).join("\\n");`),
    });
    try {
      const [first, second] = await Promise.all([
        adapter.call({ root: "/r", input: { path: "a" }, options: { max: 1 }, permission: "allow", tool: "read" }),
        adapter.call({ root: "/s", input: { path: "b" } }),
      ]);
      expect(first).toEqual({ id: 1, root: "/r", config: { max: 1 }, permission: "allow", tool: "read", input: { path: "a" } });
      expect(second).toEqual({ id: 2, root: "/s", input: { path: "b" } });
    } finally {
      await adapter.close?.();
    }
  });

  it("fails the call with the reason when the process answers with an error, writes a stray line, exits or hangs, and starts afresh", async () => {
    const answered = createJsonlAdapter({ command: jsonlServer(`return JSON.stringify({ id: request.id, error: "no root " + request.root });`) });
    await expect(answered.call({ root: "/nowhere", input: {} })).rejects.toThrow('no output: no root /nowhere (request: {"id":1,"root":"/nowhere","input":{}})');
    await answered.close?.();

    const stray = createJsonlAdapter({ command: jsonlServer(`return request.input.stray ? "debug output" : JSON.stringify({ id: request.id, output: "ok" });`) });
    await expect(stray.call({ root: "/", input: { stray: true } })).rejects.toThrow('stdout carried a line that is not an answer ({"id", "output"} or {"id", "error"}) to a pending request: debug output');
    expect(await stray.call({ root: "/", input: {} })).toBe("ok");
    await stray.close?.();

    const exiting = createJsonlAdapter({ command: jsonlServer(`if (request.input.exit) { process.stderr.write("bye"); process.exit(3); } return JSON.stringify({ id: request.id, output: "ok" });`) });
    await expect(exiting.call({ root: "/", input: { exit: true } })).rejects.toThrow("the process exited with code 3 before answering; stderr: bye");
    expect(await exiting.call({ root: "/", input: {} })).toBe("ok");
    await exiting.close?.();

    const hanging = createJsonlAdapter({ command: jsonlServer(`return request.input.hang ? undefined : JSON.stringify({ id: request.id, output: "ok" });`), timeoutMs: 500 });
    await expect(hanging.call({ root: "/", input: { hang: true } })).rejects.toThrow("no answer within 500 ms (the process was stopped)");
    expect(await hanging.call({ root: "/", input: {} })).toBe("ok");
    await hanging.close?.();
  });

  it("reaches read-tool jsonl: a call, the definition, the process it runs in, and a warm-up", async () => {
    const oracle = oracleOf("workspace-jp");
    const adapter = createJsonlAdapter({ command: readToolCommand(REPO_ROOT, oracle, "jsonl") });
    try {
      await adapter.warmUp?.({ root: workspace.root });
      expect(adapter.processIds?.()).toHaveLength(1);
      expect(await adapter.call({ root: workspace.root, input: { path: "a.txt" } })).toMatchObject({ path: "a.txt", content: "one\n" });
      expect(await adapter.definition?.({})).toEqual(oracle.definition);
    } finally {
      await adapter.close?.();
    }
    expect(adapter.processIds?.()).toEqual([]);
  });
});

describe("the MCP adapter", () => {
  it("tells one server each call's root through MCP roots, switching between workspaces", async () => {
    const oracle = oracleOf("workspace-jp");
    const adapter = createMcpAdapter({ command: readToolCommand(REPO_ROOT, oracle, "mcp"), tool: oracle.tool, reading: { kind: "structured", oracle }, configTable: oracle.configTable });
    try {
      const read = (root: string) => adapter.call({ root, input: { path: "a.txt" } }) as Promise<{ content?: string }>;
      const contents = await Promise.all([read(workspace.root), read(other.root), read(workspace.root), read(other.root)]);
      expect(contents.map((output) => output.content)).toEqual(["one\n", "two\n", "one\n", "two\n"]);
      expect(adapter.processIds?.()).toHaveLength(1);
    } finally {
      await adapter.close?.();
    }
  }, 60_000);

  it("starts a server per workspace where the command holds {root}; issue 31 case 1: arguments the tool refuses come back as its own error output", async () => {
    const oracle = oracleOf("workspace-jp");
    const [program, script, , , profile] = readToolCommand(REPO_ROOT, oracle, "mcp");
    const adapter = createMcpAdapter({ command: [program ?? "", script ?? "", "mcp", "--profile", profile ?? "", "--root", "{root}"], tool: oracle.tool, reading: { kind: "structured", oracle } });
    try {
      expect(await adapter.call({ root: workspace.root, input: { path: "a.txt" } })).toMatchObject({ content: "one\n" });
      expect(await adapter.call({ root: other.root, input: { path: "a.txt" } })).toMatchObject({ content: "two\n" });
      // A server per workspace is not one long-running process: the load test cannot use it.
      expect(adapter.processIds).toBeUndefined();
      expect(await adapter.call({ root: workspace.root, input: { path: 42 } })).toEqual({ error: { code: "INVALID_ARGUMENT", message: "path must be a non-empty string, got 42." } });
      // A key outside the published schema is the profile's to ignore, over MCP as in-process.
      expect(await adapter.call({ root: workspace.root, input: { path: "a.txt", max_lines: null, mode: "x" } })).toMatchObject({ content: "one\n" });
    } finally {
      await adapter.close?.();
    }
  }, 60_000);

  it("issue 31 case 1: a server that refuses arguments with a JSON-RPC -32602 error fails the call, saying that code means an unknown tool (SEP-1303)", async () => {
    const oracle = oracleOf("workspace-jp");
    // The smallest MCP server over stdio: it initializes, and answers every tools/call with -32602.
    const refusing = node(`
import readline from "node:readline";
for await (const line of readline.createInterface({ input: process.stdin })) {
  const message = JSON.parse(line);
  if (message.id === undefined) continue;
  const result = message.method === "initialize" ? { protocolVersion: "2025-11-25", capabilities: { tools: {} }, serverInfo: { name: "refusing", version: "1" } } : undefined;
  const answer = result === undefined ? { error: { code: -32602, message: "Invalid params: path must be string" } } : { result };
  process.stdout.write(JSON.stringify({ jsonrpc: "2.0", id: message.id, ...answer }) + "\\n");
}`);
    const adapter = createMcpAdapter({ command: refusing, tool: oracle.tool, reading: { kind: "structured", oracle } });
    try {
      await expect(adapter.call({ root: workspace.root, input: { path: 42 } })).rejects.toThrow(
        "unknown tool 'read_file': tools/call answered the JSON-RPC error -32602 (Invalid params: path must be string), which MCP 2025-11-25 keeps for an unknown tool; arguments the tool refuses must be a tool result with isError: true (SEP-1303)",
      );
    } finally {
      await adapter.close?.();
    }
  }, 60_000);

  it("answers a permission request through form elicitation: allow reads, deny and no answer refuse", async () => {
    const oracle = oracleOf("guard");
    const adapter = createMcpAdapter({ command: readToolCommand(REPO_ROOT, oracle, "mcp"), tool: oracle.tool, reading: { kind: "structured", oracle }, configTable: oracle.configTable });
    try {
      const input = { path: "../outside/secret.txt" };
      expect(await adapter.call({ root: workspace.root, input, permission: "allow" })).toMatchObject({ content: "outside\n" });
      expect(await adapter.call({ root: workspace.root, input, permission: "deny" })).toEqual({ error: 'permission denied by user: read access rejected for path "../outside/secret.txt"' });
      expect(await adapter.call({ root: workspace.root, input })).toEqual({ error: expect.stringMatching(/^permission denied/u) as unknown });
    } finally {
      await adapter.close?.();
    }
  }, 60_000);

  it("fails a call whose isError disagrees with the oracle, that has no JSON output, or whose text block does not carry its structuredContent", async () => {
    const oracle = oracleOf("workspace-jp");
    const server = node(`
import readline from "node:readline";
const send = (message) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", ...message }) + "\\n");
for await (const line of readline.createInterface({ input: process.stdin })) {
  const request = JSON.parse(line);
  if (request.method === "initialize") send({ id: request.id, result: { protocolVersion: request.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "liar", version: "1" } } });
  if (request.method === "tools/call") {
    const { path } = request.params.arguments;
    if (path === "stale") send({ id: request.id, result: { content: [{ type: "text", text: JSON.stringify({ content: "old" }) }], structuredContent: { content: "new" } } });
    else if (path === "untold") send({ id: request.id, result: { content: [], structuredContent: { content: "new" } } });
    else send({ id: request.id, result: { content: [{ type: "text", text: path === "text" ? "not JSON" : JSON.stringify({ content: "fine" }) }], isError: true } });
  }
}`);
    const adapter = createMcpAdapter({ command: [...server, "{root}"], tool: oracle.tool, reading: { kind: "structured", oracle } });
    try {
      await expect(adapter.call({ root: workspace.root, input: { path: "a.txt" } })).rejects.toThrow('the tools/call read_file result has isError true, but its output is not an error as the oracle reads it: {"content":"fine"}');
      await expect(adapter.call({ root: workspace.root, input: { path: "text" } })).rejects.toThrow(
        'the tools/call read_file result has no structuredContent, and its first text block does not carry an output as the oracle\'s output.text says: "not JSON"',
      );
      await expect(adapter.call({ root: workspace.root, input: { path: "stale" } })).rejects.toThrow(
        'the tools/call read_file result\'s first text block does not carry its structuredContent as the oracle\'s output.text says (a client forwarding only the text would lose it): "{\\"content\\":\\"old\\"}"',
      );
      // Without a text block there is nothing to disagree: the structured content is the output.
      expect(await adapter.call({ root: workspace.root, input: { path: "untold" } })).toEqual({ content: "new" });
    } finally {
      await adapter.close?.();
    }
  }, 60_000);

  it("issue 32: reads the agent profile's text block as its fields line and its content, and finds it equal to the structured content", async () => {
    const oracle = oracleOf("agent");
    const adapter = createMcpAdapter({ command: readToolCommand(REPO_ROOT, oracle, "mcp"), tool: oracle.tool, reading: { kind: "structured", oracle }, configTable: oracle.configTable });
    try {
      expect(await adapter.call({ root: workspace.root, input: { path: "a.txt" } })).toMatchObject({ path: "a.txt", content: "1\tone", total_lines: 1 });
      expect(await adapter.call({ root: workspace.root, input: { path: "missing.txt" } })).toMatchObject({ error: { code: "NOT_FOUND" } });
    } finally {
      await adapter.close?.();
    }
  }, 60_000);
});

describe("the MCP client", () => {
  it("issue 33: an agent image's data, left out of the text block, is carried by the image block after it; a server that drops the image block fails", async () => {
    const oracle = oracleOf("agent");
    // A 1 x 1 PNG whose header and chunks are whole: the agent profile answers it as an image.
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC", "base64");
    await workspace.add({ "dot.png": { bytes: png } });
    const real = createMcpAdapter({ command: readToolCommand(REPO_ROOT, oracle, "mcp"), tool: oracle.tool, reading: { kind: "structured", oracle }, configTable: oracle.configTable });
    try {
      expect(await real.call({ root: workspace.root, input: { path: "dot.png" } })).toMatchObject({ format: "png", width: 1, height: 1, image: { mime_type: "image/png", data: png.toString("base64") } });
    } finally {
      await real.close?.();
    }
    const output = { path: "dot.png", image: { mime_type: "image/png", data: "AAAA" } };
    const server = node(`
import readline from "node:readline";
const send = (message) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", ...message }) + "\\n");
for await (const line of readline.createInterface({ input: process.stdin })) {
  const request = JSON.parse(line);
  if (request.method === "initialize") send({ id: request.id, result: { protocolVersion: request.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "imageless", version: "1" } } });
  if (request.method === "tools/call") send({ id: request.id, result: { content: [{ type: "text", text: ${JSON.stringify(JSON.stringify({ path: "dot.png", image: { mime_type: "image/png" } }))} }], structuredContent: ${JSON.stringify(output)} } });
}`);
    const imageless = createMcpAdapter({ command: [...server, "{root}"], tool: oracle.tool, reading: { kind: "structured", oracle } });
    try {
      await expect(imageless.call({ root: workspace.root, input: { path: "dot.png" } })).rejects.toThrow("first text block does not carry its structuredContent");
    } finally {
      await imageless.close?.();
    }
  }, 60_000);

  it("fails a server that is not there with the reason", async () => {
    const oracle = oracleOf("workspace-jp");
    const missing = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "read-mcp-missing-")), "no-such-server");
    const adapter = createMcpAdapter({ command: [missing], tool: oracle.tool, reading: { kind: "structured", oracle } });
    try {
      await expect(adapter.call({ root: workspace.root, input: { path: "a.txt" } })).rejects.toThrow(`could not start ${missing}`);
    } finally {
      await adapter.close?.();
      fs.rmSync(path.dirname(missing), { recursive: true, force: true });
    }
  });
});
