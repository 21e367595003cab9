import { PassThrough } from "node:stream";
import { LATEST_PROTOCOL_VERSION, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, test } from "vitest";
import { LineTransport } from "../src/line-transport.js";
import { makeWorkspace, rawSession, READ_MCP } from "./support.js";

const initialize = {
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

describe("the stdio transport answers what is not a request, and keeps serving", () => {
  test("bad JSON, a non-JSON-RPC message, an over-long request, an over-long notification", async () => {
    const root = makeWorkspace({ "a.txt": "x\n" });
    const session = rawSession([READ_MCP, "--profile", "workspace-jp", "--root", root]);
    session.send(JSON.stringify(initialize));
    expect(await session.next()).toMatchObject({ jsonrpc: "2.0", id: 0, result: { protocolVersion: LATEST_PROTOCOL_VERSION } });
    session.send(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));

    const ping = async (id: number) => {
      session.send(JSON.stringify({ jsonrpc: "2.0", id, method: "ping" }));
      expect(await session.next()).toEqual({ jsonrpc: "2.0", id, result: {} });
    };

    session.send("{not json");
    expect(await session.next()).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error: the line is not valid JSON" } });
    await ping(1);

    session.send(JSON.stringify({ jsonrpc: "2.0", id: 2, method: 5 }));
    expect(await session.next()).toEqual({ jsonrpc: "2.0", id: 2, error: { code: -32600, message: "Invalid Request: not a JSON-RPC 2.0 message" } });
    await ping(3);

    const padding = "b".repeat(5 * 1024 * 1024);
    const request = `{"id":"big","jsonrpc":"2.0","method":"tools/call","params":{"name":"read_file","arguments":{"path":"${padding}"}}}`;
    session.send(request);
    expect(await session.next()).toEqual({
      jsonrpc: "2.0",
      id: "big",
      error: { code: -32600, message: `Request too large: more than 4194304 bytes (${request.length} received)` },
    });
    await ping(4);

    const notification = JSON.stringify({ jsonrpc: "2.0", method: "notifications/message", params: { padding } });
    session.send(notification);
    expect(await session.next()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: `Request too large: more than 4194304 bytes (${notification.length} received)` },
    });
    await ping(5);

    session.send(JSON.stringify({ jsonrpc: "2.0", id: 6, method: "tools/call", params: { name: "read_file", arguments: { path: "a.txt" } } }));
    expect(await session.next()).toMatchObject({ id: 6, result: { structuredContent: { path: "a.txt", content: "x\n" }, isError: false } });
    expect(await session.end()).toBe(0);
  });
});

describe("LineTransport framing", () => {
  const open = (maxMessageBytes?: number) => {
    const input = new PassThrough();
    const output = new PassThrough();
    const transport = new LineTransport(input, output, maxMessageBytes === undefined ? {} : { maxMessageBytes });
    const received: JSONRPCMessage[] = [];
    transport.onmessage = (message) => void received.push(message);
    let written = "";
    output.on("data", (chunk: Buffer) => {
      written += chunk.toString("utf8");
    });
    return { input, transport, received, written: () => written };
  };

  test("a message split byte by byte (through a multi-byte character), several in one chunk, CRLF and blank lines", async () => {
    const { input, transport, received } = open();
    await transport.start();
    const first = { jsonrpc: "2.0", id: 1, method: "ping", params: { _meta: { note: "grüße, 読む" } } } as const;
    const second = { jsonrpc: "2.0", method: "notifications/initialized" } as const;
    const third = { jsonrpc: "2.0", id: "x", result: {} } as const;
    for (const byte of Buffer.from(`${JSON.stringify(first)}\n`)) input.write(Buffer.from([byte]));
    input.write(`\n${JSON.stringify(second)}\r\n   \n${JSON.stringify(third)}\n`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(received).toEqual([first, second, third]);
  });

  test("a line over the limit is skipped in pieces, never held, and answered with the id it ends with; the next line is read", async () => {
    const { input, transport, received, written } = open(64);
    await transport.start();
    const big = JSON.stringify({ jsonrpc: "2.0", method: "tools/call", params: { name: "t", arguments: { text: "z".repeat(500) } }, id: 41 });
    for (let start = 0; start < big.length; start += 50) input.write(big.slice(start, start + 50));
    input.write(`\n${JSON.stringify({ jsonrpc: "2.0", id: 42, method: "ping" })}\n`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(written()).toBe(`${JSON.stringify({ jsonrpc: "2.0", id: 41, error: { code: -32600, message: `Request too large: more than 64 bytes (${big.length} received)` } })}\n`);
    expect(received).toEqual([{ jsonrpc: "2.0", id: 42, method: "ping" }]);
  });

  test("an over-long line's id is read only from a top-level member at either end; otherwise the answer's id is null", async () => {
    const { input, transport, written } = open(64);
    await transport.start();
    const padding = { text: "z".repeat(500) };
    const lines = [
      JSON.stringify({ jsonrpc: "2.0", id: "first", method: "tools/call", params: padding }),
      JSON.stringify({ jsonrpc: "2.0", method: "tools/call", params: { ...padding, id: 7 } }),
      JSON.stringify({ jsonrpc: "2.0", params: { id: 8, ...padding }, method: "tools/call" }),
      JSON.stringify({ jsonrpc: "2.0", method: "tools/call", params: padding, id: "grüße" }),
    ];
    for (const line of lines) input.write(`${line}\n`);
    await new Promise((resolve) => setImmediate(resolve));
    const ids = written()
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { id: unknown }).id);
    expect(ids).toEqual(["first", null, null, "grüße"]);
  });

  test("the end of the input closes the transport, once", async () => {
    const { input, transport } = open();
    let closed = 0;
    transport.onclose = () => {
      closed += 1;
    };
    await transport.start();
    input.end();
    await new Promise((resolve) => setImmediate(resolve));
    await transport.close();
    expect(closed).toBe(1);
  });
});
