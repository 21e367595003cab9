import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { loadProfile } from "@read/profiles";
import { afterEach, describe, expect, test } from "vitest";
// The test-only hook of core's open step (the package does not export it): the same module instance the
// server's `@read/core` runs, since tests resolve workspace packages to their sources.
import { blockingOpensForTests } from "../../core/src/open-file.js";
import { connectWriter, readerClosed, writerWhenReaderWaits } from "../../core/test/support/fifo-writer.js";
import { createReadServer } from "../src/create-read-server.js";
import { makeWorkspace } from "./support.js";

// A FIFO opened without O_NONBLOCK blocks in open() until a writer comes, as a file on a FUSE or network
// mount can: the hook sends its open down the thread-pool path such a file system takes.

const root = fs.realpathSync(makeWorkspace({ "a.txt": "a\n" }));
const fifo = path.join(root, "pipe");
const { O_WRONLY, O_NONBLOCK } = fs.constants;
execFileSync("mkfifo", [fifo]);

afterEach(() => {
  blockingOpensForTests.clear();
  // Completes any open still pending, so that no thread of the pool stays held after a test.
  const writer = connectWriter(fifo);
  if (writer !== undefined) fs.closeSync(writer);
});

async function connect(profile: string): Promise<{ client: Client; tool: string }> {
  const server = createReadServer({ module: await loadProfile(profile), root });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(clientSide);
  const { tools } = await client.listTools();
  return { client, tool: tools[0]?.name ?? "" };
}

describe("issue 30 case 9 over MCP: an open that blocks holds neither the server nor a cancelled call", () => {
  // workspace-jp and the guard check the entry's kind before they open it (their references' order), so a
  // FIFO never reaches their open: the next test. Their opens of regular files take the same path (core).
  for (const profile of ["envelope", "forge"]) {
    test(`issue 30 case 9: ${profile}: a ping is answered while the open blocks, a cancel settles the call, the next call is served, and the descriptor is closed when the open completes`, async () => {
      const { client, tool } = await connect(profile);
      blockingOpensForTests.add(fifo);
      const controller = new AbortController();
      let settled = false;
      const call = client.callTool({ name: tool, arguments: { path: "pipe" } }, undefined, { signal: controller.signal }).finally(() => (settled = true));
      call.catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const pinged = performance.now();
      await client.ping();
      expect(performance.now() - pinged).toBeLessThan(200);
      expect(settled).toBe(false);
      controller.abort(new Error("cancelled by the test"));
      await expect(call).rejects.toThrow("cancelled by the test");
      expect((await client.callTool({ name: tool, arguments: { path: "a.txt" } })).isError).toBeFalsy();
      const writer = await writerWhenReaderWaits(fifo);
      expect(await readerClosed(writer)).toBe(true);
      fs.closeSync(writer);
      await client.close();
    });
  }

  const refusals: Record<string, unknown> = {
    "workspace-jp": { error: { code: "NOT_FILE", message: 'Cannot read "pipe": it is a special file (fifo), not a regular file.' } },
    guard: { error: `not a text file: ${JSON.stringify(fifo)} is a fifo, not a regular file` },
  };
  for (const [profile, refusal] of Object.entries(refusals)) {
    test(`issue 30 case 9: ${profile}: the FIFO is refused by its kind before any open, at once`, async () => {
      const { client, tool } = await connect(profile);
      blockingOpensForTests.add(fifo);
      const answer = await client.callTool({ name: tool, arguments: { path: "pipe" } });
      expect(answer).toMatchObject({ isError: true, structuredContent: refusal });
      // Nobody ever opened it for reading: a writer finds no reader.
      expect(() => fs.openSync(fifo, O_WRONLY | O_NONBLOCK)).toThrow(expect.objectContaining({ code: "ENXIO" }));
      await client.close();
    });
  }
});
