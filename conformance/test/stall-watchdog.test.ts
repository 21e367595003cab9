import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { makeTempDir } from "../../vitest.temp-dirs.js";

const VITEST = path.join(path.dirname(createRequire(import.meta.url).resolve("vitest/package.json")), "vitest.mjs");
const WATCHDOG = fileURLToPath(new URL("../../vitest.stall-watchdog.ts", import.meta.url));
// Blocks the worker's thread for two minutes, where no vitest timeout reaches: the run must end long before.
const BLOCK = "Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 120_000);";

/** Runs vitest on the test files `files` in a new directory, with the watchdog at a 3 s bound. */
async function runWatched(files: Record<string, string>, args: readonly string[] = []): Promise<{ pid: number | undefined; status: number | null; stdout: string; stderr: string; ms: number }> {
  const dir = makeTempDir("read-stall-watchdog-");
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  const child = spawn(process.execPath, [VITEST, "run", "--root", dir, "--globals", "--reporter=default", `--reporter=${WATCHDOG}`, ...args], {
    env: { ...process.env, READ_TEST_STALL_S: "3", NO_COLOR: "1", FORCE_COLOR: "0" },
  });
  let stderr = "";
  let stdout = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  const started = performance.now();
  const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return { pid: child.pid, status, stdout, stderr, ms: performance.now() - started };
}

const ended = (file: string) => new RegExp(`^stall watchdog: ${file.replaceAll(".", "\\.")} has run for \\d+ s, past the bound of 3 s \\(READ_TEST_STALL_S\\); ending the run\\.$`);

test("the test run's stall watchdog names a test file whose worker is blocked synchronously, lists the processes under the run, and ends the run with status 1", async () => {
  const run = await runWatched({ "hang.test.js": `test("blocks its worker", () => { ${BLOCK} });\n`, "quick.test.js": 'test("passes", () => { expect(1).toBe(1); });\n' });
  expect(run.ms).toBeLessThan(60_000);
  expect(run.status).toBe(1);
  expect(run.stdout).toContain("✓ quick.test.js (1 test)");
  const lines = run.stderr.split("\n");
  // Seconds as a loaded machine's timers make them.
  expect(lines.filter((line) => /^stall watchdog: hang\.test\.js has not ended \d+ s after it could start \(the run ends at 3 s\)$/.test(line))).toHaveLength(1);
  expect(lines.filter((line) => ended("hang.test.js").test(line))).toHaveLength(1);
  const tree = lines.indexOf("The processes under this run (pid, parent, seconds running, state, what it waits in, command):");
  expect(tree).toBeGreaterThan(0);
  // The blocked worker: a node process under the run, waiting in the kernel.
  expect(lines[tree + 1]).toMatch(new RegExp(`^  \\d+ ${run.pid} \\d+ S \\S+ ${process.execPath.replaceAll(/[.*+?^${}()|[\]\\]/g, "\\$&")} `));
  expect(run.stderr).toContain("Worker exited unexpectedly");
}, 90_000);

test("the stall watchdog names a test file whose import blocks its worker, before any of its tests starts", async () => {
  const run = await runWatched({ "import-hang.test.js": `${BLOCK}\ntest("never runs", () => {});\n` });
  expect(run.ms).toBeLessThan(60_000);
  expect(run.status).toBe(1);
  expect(run.stderr.split("\n").filter((line) => ended("import-hang.test.js").test(line))).toHaveLength(1);
  expect(run.stderr).toContain("None of its tests is known to have started (a worker blocked synchronously sends no updates).");
}, 90_000);

test("with one worker running its files one after another (isolate: false), the blocked file is named, not the file waiting behind it", async () => {
  // Vitest runs the larger file first when it has no timings: the blocking one, padded.
  const run = await runWatched(
    { "blocks.test.js": `test("blocks its worker", () => { ${BLOCK} });\n// ${"padding ".repeat(200)}\n`, "waits.test.js": 'test("passes", () => { expect(1).toBe(1); });\n' },
    ["--no-isolate", "--maxWorkers=1"],
  );
  expect(run.ms).toBeLessThan(60_000);
  expect(run.status).toBe(1);
  const lines = run.stderr.split("\n");
  expect(lines.filter((line) => ended("blocks.test.js").test(line))).toHaveLength(1);
  expect(lines.filter((line) => ended("waits.test.js").test(line))).toEqual([]);
}, 90_000);

test("the stall watchdog refuses a bound that is not a positive number of seconds", async () => {
  const { default: StallWatchdog } = await import("../../vitest.stall-watchdog.js");
  expect(() => new StallWatchdog({ boundSeconds: 0 })).toThrow("StallWatchdog: the bound must be a positive number of seconds, got 0 (READ_TEST_STALL_S)");
  expect(() => new StallWatchdog({ boundSeconds: Number.NaN })).toThrow("got NaN");
});
