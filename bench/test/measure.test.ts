import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { expect, test } from "vitest";
import { prepareSampler, REGULAR_GC } from "../src/measure.js";
import { pageFaultCostNs } from "../src/page-fault-cost.js";

// The WebAssembly API is a Node global, absent from the ES libraries this project compiles against.
declare const WebAssembly: { readonly Memory: new (descriptor: { readonly initial: number }) => { readonly buffer: ArrayBuffer } };

const CORE_DIST = fileURLToPath(new URL("../../packages/core/dist/index.js", import.meta.url));

test("the warm-up makes its minimum of calls, then goes on until warmUntil's calls or time runs out", async () => {
  let calls = 0;
  const op = () => {
    calls++;
  };
  // One probing call and one sizing call come on top of the warm-up.
  await prepareSampler(op, { warmup: 3, minSampleNs: 1, maxBatch: 1 });
  expect(calls).toBe(3 + 2);
  calls = 0;
  await prepareSampler(op, { warmup: 3, warmUntil: { calls: 500, ns: 60_000_000_000 }, minSampleNs: 1, maxBatch: 1 });
  expect(calls).toBe(500 + 2);
  calls = 0;
  await prepareSampler(op, { warmup: 3, warmUntil: { calls: 500, ns: 0 }, minSampleNs: 1, maxBatch: 1 });
  expect(calls).toBe(3 + 2);
});

test("faultsPerCall counts the page faults of the sampled calls: 1 MiB written into a fresh mapping is 256, a no-op next to none", async () => {
  // A WebAssembly memory is mapped by V8 itself, fresh every time. A 40 MiB Buffer (over glibc's largest
  // mmap threshold) was not always: in a CI run's shared test worker it faulted 7 pages a call, likely memory
  // malloc had kept.
  const fresh = await prepareSampler(() => new Uint8Array(new WebAssembly.Memory({ initial: 16 }).buffer).fill(1), { warmup: 1, minSampleNs: 1, maxBatch: 1 });
  expect(fresh.faultsPerCall()).toBe(0);
  for (let i = 0; i < 5; i++) await fresh.sample();
  expect(fresh.faultsPerCall()).toBeGreaterThanOrEqual(256);
  const idle = await prepareSampler(() => undefined, { warmup: 1, minSampleNs: 1, maxBatch: 1000 });
  for (let i = 0; i < 5; i++) await idle.sample();
  // Far fewer than a fresh mapping's 256, not none: a collection or another file's child process in this
  // shared worker can fault a page during the samples (a CI run once saw 1 a call).
  expect(idle.faultsPerCall()).toBeLessThan(16);
});

test("pageFaultCostNs times the first touches of fresh pages: a positive cost per fault", () => {
  const cost = pageFaultCostNs(2);
  expect(cost).not.toBeNull();
  expect(cost).toBeGreaterThan(0);
  expect(Number.isFinite(cost)).toBe(true);
});

test("the bench's garbage collection leaves core's optimized code in place, as V8's own collections do", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "read-bench-gc-"));
  try {
    fs.writeFileSync(path.join(root, "small.ts"), "const line = 1;\n".repeat(256));
    // A child, since only a process started with --expose-gc and --trace-deopt can collect and report.
    const script = `
      const core = await import(${JSON.stringify(pathToFileURL(CORE_DIST).href)});
      const made = core.createWorkspace(${JSON.stringify(root)});
      if (!made.ok) throw new Error(made.failure.message);
      const workspace = made.value;
      const call = async () => { const r = await core.readTextWindow(workspace, "small.ts", { window: { from: "start", startLine: 1, maxLines: 500 }, countTotal: true, decode: "replace" }); if (!r.ok) throw new Error(r.failure.message); };
      for (let i = 0; i < 3000; i++) await call();
      console.log("COLLECTING");
      for (let round = 0; round < 10; round++) { gc(${JSON.stringify(REGULAR_GC)}); for (let i = 0; i < 200; i++) await call(); }`;
    const child = spawnSync(process.execPath, ["--expose-gc", "--trace-deopt", "--input-type=module", "-e", script], { encoding: "utf8", timeout: 120_000 });
    expect(child.stderr).toBe("");
    expect(child.status).toBe(0);
    const collecting = child.stdout.slice(child.stdout.indexOf("COLLECTING"));
    expect(collecting).toMatch(/^COLLECTING/);
    expect(collecting.match(/.*reason: weak objects.*/g) ?? []).toEqual([]);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
