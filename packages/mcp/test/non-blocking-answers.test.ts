import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { defineProfile } from "@read/core";
import { loadProfile } from "@read/profiles";
import { afterEach, describe, expect, test } from "vitest";
import { z } from "zod";
import { createReadServer } from "../src/create-read-server.js";
import { connect as connectStdio, makeWorkspace, READ_TOOL, type Connection } from "./support.js";

const open: Connection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
});

async function readToolMcp(args: readonly string[]): Promise<Connection> {
  const connection = await connectStdio([READ_TOOL, "mcp", ...args]);
  open.push(connection);
  return connection;
}

const envelope = await loadProfile("envelope");

// 48 MiB of lines: envelope counts them all, reading most of them asynchronously.
const root = makeWorkspace({ "small.txt": "one\ntwo\n" });
fs.writeFileSync(path.join(root, "big.txt"), Buffer.alloc(48 * 1024 * 1024, "abcdefghijklmno\n"));

/** A server for `module` on `root`, connected in this process to an SDK client. */
async function connect(module: Parameters<typeof createReadServer>[0]["module"]): Promise<Client> {
  const server = createReadServer({ module, root });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}

describe("the server keeps serving while a read runs", () => {
  test("a ping sent during a long read is answered before the read's answer", async () => {
    const client = await connect(envelope);
    const order: string[] = [];
    const read = client.callTool({ name: "Read", arguments: { path: "big.txt", limit: 1 } }).then(() => order.push("read"));
    await new Promise((resolve) => setImmediate(resolve));
    await client.ping().then(() => order.push("ping"));
    await read;
    expect(order).toEqual(["ping", "read"]);
    await client.close();
  });

  test("notifications/cancelled from the SDK client aborts the read: the tool's call rejects with the cancellation's reason", async () => {
    const settled: string[] = [];
    // The envelope profile, with each call's outcome recorded: the only difference is the record.
    const inner = envelope.createTool({ root });
    const recording = defineProfile({
      name: "recording-envelope",
      configTable: ["recording-envelope"],
      configSchema: z.object({}),
      secrets: false,
      outputSchema: z.record(z.string(), z.unknown()),
      isError: (output) => inner.isError(output),
      render: (output) => inner.render(output),
      setup: () => ({
        name: inner.name,
        definition: inner.definition,
        call: (input, { signal }) =>
          inner.call(input, { signal }).then(
            (output) => (settled.push("resolved"), output as Record<string, unknown>),
            (error: unknown) => {
              settled.push(`rejected: ${String(error)}`);
              throw error;
            },
          ),
        internalError: (reason) => ({ error: reason }),
      }),
    });
    const client = await connect(recording);
    const controller = new AbortController();
    const call = client.callTool({ name: "Read", arguments: { path: "big.txt", limit: 1 } }, undefined, { signal: controller.signal });
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    await expect(call).rejects.toThrow();
    for (let i = 0; i < 100 && settled.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toEqual([expect.stringMatching(/^rejected: .*abort/iu)]);
    expect((await client.callTool({ name: "Read", arguments: { path: "small.txt" } })).isError).toBe(false);
    await client.close();
  });
});

describe("every answer is bounded", () => {
  test("issue 30 case 5: a 60 MiB line of \\x01 through envelope over stdio is cut at the profile's 256 KiB, three calls at once", async () => {
    const huge = makeWorkspace({});
    fs.writeFileSync(path.join(huge, "huge.txt"), Buffer.concat([Buffer.from("a\n"), Buffer.alloc(60 * 1024 * 1024, 1)]));
    const { client } = await readToolMcp(["--profile", "envelope", "--root", huge]);
    const calls = await Promise.all([1, 2, 3].map(() => client.callTool({ name: "Read", arguments: { path: "huge.txt", start_line: 2, limit: 1 } })));
    for (const answer of calls) {
      expect(answer.isError).toBe(false);
      // The line's `   2 | ` prefix (7 bytes) and 43689 escapes of six bytes fill 262144.
      expect(answer.structuredContent).toMatchObject({ status: "partial", data: { content: `   2 | ${"\u0001".repeat(43_689)}\n`, truncated: true } });
      expect(Buffer.byteLength(JSON.stringify(answer))).toBeLessThan(2 * 262_144 + 262_144 / 6 + 4096);
    }
  });

  test("an output too large for a JavaScript string (V8's RangeError) is a tool error saying how to ask for less, never -32603", async () => {
    const unserialisable = defineProfile({
      name: "unserialisable",
      configTable: ["unserialisable"],
      configSchema: z.object({}),
      secrets: false,
      outputSchema: z.record(z.string(), z.unknown()),
      isError: () => false,
      render: () => "",
      setup: () => ({
        name: "Read",
        definition: envelope.createTool({ root }).definition,
        // What JSON.stringify throws for a string past V8's maximum length, without making one.
        call: async () => ({
          content: {
            toJSON: () => {
              throw new RangeError("Invalid string length");
            },
          },
        }),
        internalError: (reason) => ({ error: reason }),
      }),
    });
    const client = await connect(unserialisable);
    expect(await client.callTool({ name: "Read", arguments: { path: "small.txt" } })).toEqual({
      content: [
        {
          type: "text",
          text: "The output of Read is larger than a JavaScript string can hold as an MCP answer, over this server's limit of 8388608 bytes (read-tool mcp --max-answer-bytes). Ask for less: fewer lines, or a range further on.",
        },
      ],
      isError: true,
    });
    await client.close();
  });

  test("an answer over --max-answer-bytes is a tool error that says how to ask for less; the session goes on", async () => {
    const minified = makeWorkspace({ "min.js": `${"x".repeat(200_000)}\n`, "a.txt": "a\n" });
    const { client } = await readToolMcp(["--profile", "envelope", "--root", minified, "--max-answer-bytes", "100000"]);
    const big = await client.callTool({ name: "Read", arguments: { path: "min.js" } });
    expect(big.isError).toBe(true);
    expect(big.structuredContent).toBeUndefined();
    expect(big.content).toEqual([
      {
        type: "text",
        text: expect.stringMatching(/^The output of Read is \d+ bytes as an MCP answer, over this server's limit of 100000 bytes \(read-tool mcp --max-answer-bytes\)\. Ask for less: fewer lines, or a range further on\.$/u),
      },
    ]);
    const next = await client.callTool({ name: "Read", arguments: { path: "a.txt" } });
    expect(next.isError).toBe(false);
    expect(next.structuredContent).toMatchObject({ data: { content: "   1 | a\n" } });
  });

  test("--max-answer-bytes sets the bound (a bad value is a usage error: read-mcp.test.ts)", async () => {
    const small = makeWorkspace({ "a.txt": `${"y".repeat(3000)}\n` });
    const { client } = await readToolMcp(["--profile", "workspace-jp", "--root", small, "--max-answer-bytes", "4096"]);
    expect((await client.callTool({ name: "read_file", arguments: { path: "a.txt" } })).isError).toBe(true);
  });
});
