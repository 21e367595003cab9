import fs from "node:fs";
import { describe, expect, test } from "vitest";
import type { PermissionRequest } from "@read/core";
import { createTool } from "../src/index.js";
import { fifoWriter } from "./support/fifo-writer.js";
import { openPaths, recordingRequester, scratch } from "./support/scratch.js";

describe("spec 003 §4 and §9.20: the decision flow and the permission bridge", () => {
  test("GUARD-9.20-granted GUARD-4.1: a granted read in the working directory succeeds without asking", async () => {
    const s = scratch();
    s.write("ws/src/main.go", "package main\n");
    const { requests, requester } = recordingRequester("deny");
    expect(await createTool({ root: s.root, requester }).call({ path: "src/main.go" })).toEqual({
      path: `${s.root}/src/main.go`,
      content: "package main\n",
      bytes_read: 13,
    });
    expect(requests).toEqual([]);
  });

  test("GUARD-9.20-pending-allow GUARD-4.4: a pending read the person allows succeeds", async () => {
    const s = scratch();
    s.write("outside/shared/notes.txt", "shared notes\n");
    const { requests, requester } = recordingRequester("allow");
    expect(await createTool({ root: s.root, requester }).call({ path: "../outside/shared/notes.txt" })).toEqual({
      path: `${s.outside}/shared/notes.txt`,
      content: "shared notes\n",
      bytes_read: 13,
    });
    expect(requests).toHaveLength(1);
  });

  test("GUARD-9.20-pending-deny GUARD-4.4 GUARD-6.3: a pending read the person denies fails with a permission-denied error", async () => {
    const s = scratch();
    s.write("outside/notes.txt", "private\n");
    const { requester } = recordingRequester("deny");
    expect(await createTool({ root: s.root, requester }).call({ path: `${s.outside}/notes.txt` })).toEqual({
      error: `permission denied by user: read access rejected for path "${s.outside}/notes.txt"`,
    });
  });

  test("GUARD-4.2: a pending read raises one request with tool name, requested path, resolved path and operation", async () => {
    const s = scratch();
    s.write("outside/real/data.txt", "data\n");
    s.symlink("outside/alias", "real");
    const { requests, requester } = recordingRequester("allow");
    await createTool({ root: s.root, requester }).call({ path: "../outside/alias/data.txt" });
    expect(requests).toEqual([
      { tool: "read_file", requestedPath: "../outside/alias/data.txt", resolvedPath: `${s.outside}/real/data.txt`, operation: "read" },
    ]);
  });

  test("GUARD-4.5 GUARD-10.3: every pending invocation asks again; no answer is remembered", async () => {
    const s = scratch();
    s.write("outside/notes.txt", "n\n");
    const { requests, requester } = recordingRequester("allow", "deny", "allow");
    const tool = createTool({ root: s.root, requester });
    const outputs = [];
    for (let i = 0; i < 3; i++) outputs.push(await tool.call({ path: "../outside/notes.txt" }));
    expect(requests).toHaveLength(3);
    expect(outputs.map((output) => ("error" in output ? output.error : "read"))).toEqual(["read", 'permission denied by user: read access rejected for path "../outside/notes.txt"', "read"]);
  });

  test("GUARD-4.4 GUARD-6-no-person: a requester that rejects (a failed prompt) is a denial, in the reference's words", async () => {
    const s = scratch();
    s.write("outside/notes.txt", "n\n");
    const requester = async (): Promise<"allow" | "deny"> => {
      throw new Error("context canceled\nFORGED");
    };
    expect(await createTool({ root: s.root, requester }).call({ path: "../outside/notes.txt" })).toEqual({
      error: "permission denied: permission request failed: context canceled\\nFORGED",
    });
  });

  test("GUARD-4.4: an answer other than allow is a denial", async () => {
    const s = scratch();
    s.write("outside/notes.txt", "n\n");
    const requester = (async () => "yes") as unknown as (request: PermissionRequest) => Promise<"allow" | "deny">;
    expect(await createTool({ root: s.root, requester }).call({ path: "../outside/notes.txt" })).toEqual({
      error: 'permission denied: permission request failed: the prompt answered "yes"',
    });
  });

  test("GUARD-4.1 GUARD-6-no-person: without a requester a pending read is denied, saying no one could be asked", async () => {
    const s = scratch();
    s.write("outside/notes.txt", "n\n");
    expect(await createTool({ root: s.root }).call({ path: "../outside/notes.txt" })).toEqual({
      error: "permission denied: user approval required but not available",
    });
  });

  test("GUARD-4.1 GUARD-6.2: a denied path fails at once, without asking", async () => {
    const s = scratch();
    s.write("outside/.env", "TOKEN=1\n");
    const { requests, requester } = recordingRequester("allow");
    expect(await createTool({ root: s.root, requester }).call({ path: "../outside/.env" })).toEqual({
      error: 'permission denied by policy: path "../outside/.env" is blocked',
    });
    expect(requests).toEqual([]);
  });

  test("GUARD-10.4: no byte of a pending file is read, nor the file opened, before the answer", async () => {
    const s = scratch();
    const file = s.write("outside/notes.txt", "before\n");
    const seen: string[][] = [];
    const tool = createTool({
      root: s.root,
      requester: async () => {
        seen.push(openPaths());
        fs.writeFileSync(file, "after the answer\n");
        return "allow";
      },
    });
    expect(await tool.call({ path: "../outside/notes.txt" })).toEqual({ path: file, content: "after the answer\n", bytes_read: 17 });
    expect(seen).toHaveLength(1);
    expect(seen[0]).not.toContain(file);
  });

  test("GUARD-10.4: a path denied by the person is never opened (a FIFO writer stays blocked)", async () => {
    const s = scratch();
    const fifo = s.fifo("outside/pipe");
    const writer = await fifoWriter(fifo);
    const output = await createTool({ root: s.root, requester: async () => "deny" }).call({ path: "../outside/pipe" });
    expect(output).toEqual({ error: 'permission denied by user: read access rejected for path "../outside/pipe"' });
    expect(await writer.opened(300)).toBe(false);
    expect(await writer.release()).toBe(true);
  });

  test("GUARD-10.4: a path denied by policy is never opened (a FIFO writer stays blocked)", async () => {
    const s = scratch();
    const fifo = s.fifo("ws/.env");
    const writer = await fifoWriter(fifo);
    const output = await createTool({ root: s.root, requester: async () => "allow" }).call({ path: ".env" });
    expect(output).toEqual({ error: 'permission denied by policy: path ".env" is blocked' });
    expect(await writer.opened(300)).toBe(false);
    expect(await writer.release()).toBe(true);
  });

  test("GUARD-10.4 GUARD-10.5: an allowed pending FIFO is untouched until the answer, then refused as not text without blocking", async () => {
    const s = scratch();
    const fifo = s.fifo("outside/pipe");
    const writer = await fifoWriter(fifo);
    let openedBeforeAnswer: boolean | undefined;
    const output = await createTool({
      root: s.root,
      requester: async () => {
        openedBeforeAnswer = await writer.opened(300);
        return "allow";
      },
    }).call({ path: "../outside/pipe" });
    expect(openedBeforeAnswer).toBe(false);
    expect(output).toEqual({ error: `not a text file: "${s.outside}/pipe" is a fifo, not a regular file` });
  });
});
