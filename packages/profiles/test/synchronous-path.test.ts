import fs from "node:fs";
import path from "node:path";
import { makeTempDir } from "../../../vitest.temp-dirs.js";
import { describe, expect, test } from "vitest";
import { loadAllProfiles } from "../src/index.js";

// Issue 17: a window in a file's first chunks is read synchronously. A profile that awaited its reads one
// by one returned its promise with the descriptor still open, and kept it across microtask turns: with
// many calls started at once, each held a descriptor until all had been started.
const root = fs.realpathSync(makeTempDir("read-profiles-sync-"));
fs.writeFileSync(path.join(root, "small.txt"), "one\ntwo\nthree\n");
fs.writeFileSync(path.join(root, "small.bin"), Buffer.from([0x50, 0x4b, 0x00, 0x01, 0x02]));

// Descriptors of this process open on `file`.
function openOn(file: string): number {
  return fs.readdirSync("/proc/self/fd").filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      return false;
    }
  }).length;
}

// Each call is made at the start of a turn of the event loop, so that no earlier call's time counts
// against it (after 5 ms of calls in one turn, the next one waits for a turn before it starts).
const freshTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("every profile: a small file is read, and its descriptor closed, before call returns its promise", () => {
  test("the default window of a small text file", async () => {
    const held: Record<string, unknown> = {};
    for (const [name, profile] of await loadAllProfiles()) {
      const tool = profile.createTool({ root, requester: async () => "allow" });
      await tool.call({ path: "small.txt" });
      await freshTurn();
      const pending = tool.call({ path: "small.txt" });
      const open = openOn(path.join(root, "small.txt"));
      const output = await pending;
      held[name] = { open, error: tool.isError(output) };
    }
    expect(held).toEqual({
      envelope: { open: 0, error: false },
      "workspace-jp": { open: 0, error: false },
      forge: { open: 0, error: false },
      guard: { open: 0, error: false },
      agent: { open: 0, error: false },
    });
  });

  test("forge: a small binary file, sniffed and returned as base64", async () => {
    const forge = (await loadAllProfiles()).get("forge");
    if (forge === undefined) throw new Error("the forge profile is not registered");
    const tool = forge.createTool({ root });
    await tool.call({ path: "small.bin" });
    await freshTurn();
    const pending = tool.call({ path: "small.bin" });
    const open = openOn(path.join(root, "small.bin"));
    expect({ open, output: await pending }).toMatchObject({ open: 0, output: { binary: true, content: "UEsAAQI=" } });
  });
});
