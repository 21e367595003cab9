import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { ASYNC_CHUNK_SIZE, SYNC_BYTES, clearLineIndexes, readTextWindow, type TextWindowOptions } from "../src/index.js";
import { useTempDirs, valueOf, windowOptions, workspaceOf } from "./support/temp-workspace.js";

const temp = useTempDirs();
const dir = temp.make();
const workspace = workspaceOf(dir);

// 48 MiB of short numbered lines: a scan of it is many asynchronous chunks.
const LINES = 6_000_000;
const lineText = (n: number) => `${String(n).padStart(7, "0")}`;
fs.writeFileSync(path.join(dir, "big.txt"), Buffer.from(Array.from({ length: LINES }, (_, i) => `${lineText(i + 1)}\n`).join("")));
const BIG_BYTES = fs.statSync(path.join(dir, "big.txt")).size;

const openDescriptors = () => fs.readdirSync("/proc/self/fd").length;
const LAST_PAGE = windowOptions({ from: "start", startLine: LINES - 2, maxLines: 10 }, { decode: "replace" });

/** Starts a read, and resolves once it settled: with its result or its rejection. */
function settle(read: Promise<unknown>): Promise<{ value?: unknown; error?: unknown }> {
  return read.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

/** Waits until every read the kernel still holds for an aborted call came back (its descriptor then closes). */
async function settled(): Promise<void> {
  for (let i = 0; i < 50 && openDescriptors() > baseline; i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

let baseline = 0;

describe("a read never holds the event loop: the first MiB synchronously, the rest asynchronously", () => {
  test("the file is larger than the synchronous part, so the test exercises both", () => {
    expect(BIG_BYTES).toBeGreaterThan(SYNC_BYTES + 8 * ASYNC_CHUNK_SIZE);
  });

  test("while a read scans 48 MiB, the event loop keeps turning: a turn after every asynchronous chunk", async () => {
    clearLineIndexes();
    let ticks = 0;
    let ticking = true;
    const tick = () => {
      ticks++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const read = await readTextWindow(workspace, "big.txt", LAST_PAGE);
    ticking = false;
    expect(valueOf(read).window.lines.map((line) => line.text)).toEqual([lineText(LINES - 2), lineText(LINES - 1), lineText(LINES)]);
    // A synchronous scan lets no tick in before it ends; here the loop turns at least once after every
    // asynchronous chunk comes back from the thread pool. Counting turns, not timing gaps, keeps this true on
    // a busy machine, where one preemption can stall any gap.
    const asyncChunks = Math.floor((BIG_BYTES - SYNC_BYTES) / ASYNC_CHUNK_SIZE);
    expect(ticks).toBeGreaterThanOrEqual(asyncChunks);
  });

  test("a file that fits the synchronous part is read without waiting for the loop, however often a byte is read", async () => {
    // Exactly SYNC_BYTES of lines: the sniff, the window and the count read some bytes twice, and the end
    // is proven by one more read at the size fstat gave. None of it may take a thread-pool round trip.
    const line = "x".repeat(63) + "\n";
    fs.writeFileSync(path.join(dir, "one-mib.txt"), line.repeat(SYNC_BYTES / line.length));
    for (const startLine of [1, 8_000, 16_384, 16_385]) {
      clearLineIndexes();
      // Each call starts in a turn of its own: calls made one after another without one wait for a turn
      // once they have held the loop for LOOP_SLICE_MS (steps.test.ts), which is not what this asserts.
      await new Promise((resolve) => setImmediate(resolve));
      let turned = false;
      setImmediate(() => (turned = true));
      const read = await readTextWindow(workspace, "one-mib.txt", windowOptions({ from: "start", startLine, maxLines: 2_000 }, { sniffBytes: 8_000 }));
      expect({ startLine, turned, totalLines: valueOf(read).window.totalLines }).toEqual({ startLine, turned: false, totalLines: 16_384 });
    }
  });

  test("reads that overlap in time each get their own bytes (no buffer is shared between calls)", async () => {
    clearLineIndexes();
    const starts = [1, 1_000_000, 2_500_000, 4_000_000, 5_999_990, 3, 3_333_333, 5_000_000];
    const reads = await Promise.all(
      starts.map((startLine) => readTextWindow(workspace, "big.txt", windowOptions({ from: "start", startLine, maxLines: 3 }, { decode: "strict" }))),
    );
    reads.forEach((read, i) => {
      const start = starts[i] ?? 0;
      expect(valueOf(read).window.lines.map((line) => line.text)).toEqual([start, start + 1, start + 2].map(lineText));
    });
  });
});

describe("an aborted read rejects with the signal's reason and closes its descriptor", () => {
  test("a signal aborted before the call: nothing is opened", async () => {
    baseline = openDescriptors();
    const controller = new AbortController();
    controller.abort();
    const outcome = await settle(readTextWindow(workspace, "big.txt", { ...LAST_PAGE, signal: controller.signal }));
    expect(outcome.error).toBeInstanceOf(DOMException);
    expect((outcome.error as DOMException).name).toBe("AbortError");
    expect(openDescriptors()).toBe(baseline);
  });

  test("an abort during a long scan settles the call at once, with the caller's reason", async () => {
    clearLineIndexes();
    baseline = openDescriptors();
    const controller = new AbortController();
    const reason = new Error("the agent moved on");
    const options: TextWindowOptions = { ...LAST_PAGE, signal: controller.signal };
    // The call returns once its synchronous first MiB is read and an asynchronous chunk is in flight.
    const pending = settle(readTextWindow(workspace, "big.txt", options));
    controller.abort(reason);
    const outcome = await pending;
    expect(outcome.error).toBe(reason);
    await settled();
    expect(openDescriptors()).toBe(baseline);
  });

  test("a read that completes ignores a later abort", async () => {
    const controller = new AbortController();
    const read = await readTextWindow(workspace, "big.txt", { ...windowOptions({ from: "start", startLine: 1, maxLines: 1 }), signal: controller.signal });
    controller.abort();
    expect(valueOf(read).window.lines).toEqual([{ number: 1, text: lineText(1), terminator: "\n" }]);
  });
});
