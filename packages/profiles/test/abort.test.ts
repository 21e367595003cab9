import fs from "node:fs";
import path from "node:path";
import { makeTempDir } from "../../../vitest.temp-dirs.js";
import { describe, expect, test } from "vitest";
import { loadAllProfiles, loadProfile } from "../src/index.js";

const root = makeTempDir("read-profiles-abort-");
const outside = makeTempDir("read-profiles-abort-out-");
fs.writeFileSync(path.join(root, "small.txt"), "one\ntwo\n");
fs.writeFileSync(path.join(outside, "o.txt"), "outside\n");
// 24 MiB of lines: envelope counts them all for stats.total_lines, past the synchronous first MiB.
fs.writeFileSync(path.join(root, "big.txt"), Buffer.alloc(24 * 1024 * 1024, "abcdefghijklmno\n"));
const descriptors = () => fs.readdirSync("/proc/self/fd").length;

// An output with its elapsed-time fields zeroed (envelope's `time_ms` and `(Took Nms)`).
function untimed(output: unknown): unknown {
  return JSON.parse(JSON.stringify(output).replace(/"time_ms":\d+/g, '"time_ms":0').replace(/\(Took \d+ms\)/g, "(Took 0ms)"));
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => "resolved",
    (error: unknown) => error,
  );
}

describe("call(input, { signal }): every profile", () => {
  test("a signal aborted before the call rejects with an AbortError and reads nothing", async () => {
    for (const [name, profile] of await loadAllProfiles()) {
      const tool = profile.createTool({ root });
      const controller = new AbortController();
      controller.abort();
      const error = await rejection(tool.call({ path: "small.txt" }, { signal: controller.signal }));
      expect({ name, error: (error as DOMException).name }).toEqual({ name, error: "AbortError" });
    }
  });

  test("an unaborted signal changes nothing", async () => {
    for (const [, profile] of await loadAllProfiles()) {
      const tool = profile.createTool({ root });
      const controller = new AbortController();
      expect(untimed(await tool.call({ path: "small.txt" }, { signal: controller.signal }))).toEqual(untimed(await tool.call({ path: "small.txt" })));
    }
  });

  test("envelope: an abort during the count of a 24 MiB file rejects with the caller's reason; the descriptor is closed", async () => {
    const tool = (await loadProfile("envelope")).createTool({ root });
    const before = descriptors();
    const controller = new AbortController();
    const reason = new Error("cancelled by the host");
    const pending = rejection(tool.call({ path: "big.txt", limit: 1 }, { signal: controller.signal }));
    controller.abort(reason);
    expect(await pending).toBe(reason);
    for (let i = 0; i < 50 && descriptors() > before; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(descriptors()).toBe(before);
  });

  test("guard: an abort while the person is being asked rejects at once, without waiting for the answer", async () => {
    let asked = 0;
    const tool = (await loadProfile("guard")).createTool({ root, requester: () => (asked++, new Promise<"allow">(() => {})) });
    const controller = new AbortController();
    const pending = rejection(tool.call({ path: path.join(outside, "o.txt") }, { signal: controller.signal }));
    await new Promise((resolve) => setImmediate(resolve));
    expect(asked).toBe(1);
    controller.abort();
    expect(((await pending) as DOMException).name).toBe("AbortError");
  });
});
