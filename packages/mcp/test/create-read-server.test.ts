import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ElicitRequestSchema, ListRootsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { PermissionRequest, ProfileModule } from "@read/core";
import { loadProfile } from "@read/profiles";
import { z } from "zod";
import { describe, expect, test } from "vitest";
import { createReadServer, type ReadServerOptions } from "../src/create-read-server.js";
import { makeWorkspace } from "./support.js";

const guard = await loadProfile("guard");

async function inProcess<Options extends object>(options: ReadServerOptions<Options>, elicit?: () => never | { action: "accept"; content: { decision: string } }) {
  const server = createReadServer(options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "test", version: "1" }, { capabilities: elicit === undefined ? {} : { elicitation: {} } });
  if (elicit !== undefined) client.setRequestHandler(ElicitRequestSchema, elicit);
  await client.connect(clientSide);
  return client;
}

describe("createReadServer", () => {
  test("an empty root throws the profile's ProfileConfigError at creation; nothing is served from the current directory", () => {
    expect(() => createReadServer({ module: guard, root: "" })).toThrow(
      "guard: invalid workspace root: The workspace root is empty; name a directory (an empty root is never read as the current directory).",
    );
  });

  test("a requester passed in decides pending reads; the client is never asked", async () => {
    const base = makeWorkspace({ "ws/.keep": "", "outside.txt": "out\n" });
    const outside = path.join(base, "outside.txt");
    const asked: PermissionRequest[] = [];
    const client = await inProcess(
      {
        module: guard,
        root: path.join(base, "ws"),
        requester: async (request) => {
          asked.push(request);
          return "allow";
        },
      },
      () => {
        throw new Error("the client must not be asked");
      },
    );
    const result = await client.callTool({ name: "read_file", arguments: { path: outside } });
    expect(result.structuredContent).toEqual({ path: fs.realpathSync(outside), content: "out\n", bytes_read: 4 });
    expect(asked).toEqual([{ tool: "read_file", requestedPath: outside, resolvedPath: fs.realpathSync(outside), operation: "read" }]);
    await client.close();
  });

  test("GUARD-4.2-no-leak: an elicitation request that fails denies the read, with a note saying why that names the path as asked", async () => {
    const base = makeWorkspace({ "ws/.keep": "", "outside.txt": "out\n" });
    const outside = path.join(base, "outside.txt");
    const client = await inProcess({ module: guard, root: path.join(base, "ws") }, () => {
      throw new Error("the dialog crashed");
    });
    const result = await client.callTool({ name: "read_file", arguments: { path: outside } });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([
      { type: "text", text: expect.any(String) },
      { type: "text", text: `Asking for permission to read '${outside}' failed (MCP error -32603: the dialog crashed), so it was denied.` },
    ]);
    await client.close();
  });

  test("GUARD-4.2-no-leak: through a symlink inside the root to an outside directory, a failed or denied prompt names only the path as asked, quoted and escaped, never where it resolves", async () => {
    const base = makeWorkspace({ "ws/.keep": "", "outside/secret.txt": "secret\n" });
    const root = path.join(base, "ws");
    const target = fs.realpathSync.native(path.join(base, "outside"));
    fs.symlinkSync(target, path.join(root, "it's-out"));
    const asked = "it's-out/secret.txt";
    const forms: string[] = [];
    const crashing = await inProcess({ module: guard, root }, (...[request]: unknown[]) => {
      forms.push((request as { params: { message: string } }).params.message);
      throw new Error("the dialog crashed");
    });
    const failed = await crashing.callTool({ name: "read_file", arguments: { path: asked } });
    // The person was shown where the link leads; the model is not.
    expect(forms).toEqual([`Allow ReadFile?\nTool: read_file\nPath: ${asked}\nResolved: ${target}/secret.txt`]);
    expect(failed.isError).toBe(true);
    expect(failed.content).toEqual([
      { type: "text", text: JSON.stringify(failed.structuredContent) },
      { type: "text", text: "Asking for permission to read 'it\\'s-out/secret.txt' failed (MCP error -32603: the dialog crashed), so it was denied." },
    ]);
    expect(JSON.stringify(failed)).not.toContain(target);
    await crashing.close();

    const denying = await inProcess({ module: guard, root }, () => ({ action: "accept", content: { decision: "Deny" } }));
    const denied = await denying.callTool({ name: "read_file", arguments: { path: asked } });
    // The guard quotes as its reference's Go errors do (%q).
    expect(denied.structuredContent).toEqual({ error: 'permission denied by user: read access rejected for path "it\'s-out/secret.txt"' });
    expect(denied.content).toEqual([{ type: "text", text: JSON.stringify(denied.structuredContent) }]);
    expect(JSON.stringify(denied)).not.toContain(target);
    await denying.close();
  });

  test("a profile whose output is not a JSON object is an internal error, never a malformed result", async () => {
    const listing: ProfileModule = {
      name: "listing",
      configTable: ["listing"],
      configSchema: z.strictObject({}),
      configKeys: [],
      parseConfig: () => ({ secrets: false }),
      loosenings: () => [],
      createTool: () => ({
        name: "list",
        aliases: [],
        definition: { name: "list", description: "Lists.", parameters: { type: "object", properties: {} } },
        outputSchema: { type: "array" },
        call: async () => ["a", "b"],
        isError: () => false,
        render: (output) => JSON.stringify(output),
      }),
    };
    const client = await inProcess({ module: listing, root: makeWorkspace({}) });
    const error = await client.callTool({ name: "list", arguments: {} }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ code: -32603, message: "MCP error -32603: the listing profile returned a non-object output" });
    await client.close();
  });

  test("with clientRoots, the client's first root is served and followed as it changes; a client without roots gets `root`", async () => {
    const workspaceJp = await loadProfile("workspace-jp");
    const first = makeWorkspace({ "a.txt": "first\n" });
    const second = makeWorkspace({ "a.txt": "second\n" });
    const fallback = makeWorkspace({ "a.txt": "fallback\n" });
    let roots: { uri: string; name?: string }[] = [{ uri: pathToFileURL(first).href, name: "one" }];
    const server = createReadServer({ module: workspaceJp, root: fallback, clientRoots: true });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "test", version: "1" }, { capabilities: { roots: { listChanged: true } } });
    client.setRequestHandler(ListRootsRequestSchema, () => ({ roots }));
    await client.connect(clientSide);
    const content = async () => ((await client.callTool({ name: "read_file", arguments: { path: "a.txt" } })).structuredContent as { content?: string }).content;
    expect(await content()).toBe("first\n");
    roots = [{ uri: pathToFileURL(second).href }, { uri: pathToFileURL(first).href }];
    await client.sendRootsListChanged();
    expect(await content()).toBe("second\n");
    roots = [];
    await client.sendRootsListChanged();
    await expect(client.callTool({ name: "read_file", arguments: { path: "a.txt" } })).rejects.toThrow("the client lists no root to serve");
    await client.close();

    const plain = await inProcess({ module: workspaceJp, root: fallback, clientRoots: true });
    expect(((await plain.callTool({ name: "read_file", arguments: { path: "a.txt" } })).structuredContent as { content?: string }).content).toBe("fallback\n");
    await plain.close();
  });
});
