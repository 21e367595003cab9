import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { LOOP_SLICE_MS, SYNC_BYTES, closeFile, readTextWindow } from "../src/index.js";
import { readLinesSteps } from "../src/read-lines.js";
import { runSteps, settleSteps, waitFor, type Steps } from "../src/steps.js";
import { countLoopTurns } from "./support/count-loop-turns.js";
import { open, useTempDirs, valueOf, windowOptions, workspaceOf } from "./support/temp-workspace.js";

const dir = useTempDirs().make();
fs.writeFileSync(path.join(dir, "small.txt"), "one\ntwo\nthree\n");
// Past the synchronous budget: counting its lines waits on the thread pool.
const LARGE_LINES = Math.ceil((2 * SYNC_BYTES) / 100);
fs.writeFileSync(path.join(dir, "large.txt"), "x".repeat(99).concat("\n").repeat(LARGE_LINES));
const workspace = workspaceOf(dir);

function* double(value: PromiseLike<number> | number): Steps<number> {
  const n = typeof value === "number" ? value : yield* waitFor(value);
  return n * 2;
}

describe("runSteps: synchronous until something waits", () => {
  test("steps that never wait give their result itself, not a promise", () => {
    expect(runSteps(double(21))).toBe(42);
  });

  test("steps that wait give a promise of their result", async () => {
    const result = runSteps(double(Promise.resolve(21)));
    expect(result).toBeInstanceOf(Promise);
    expect(await result).toBe(42);
  });

  test("a rejected wait is thrown into the steps where they waited, so their try/catch and finally run", async () => {
    const seen: string[] = [];
    function* guarded(): Steps<string> {
      try {
        yield* waitFor(Promise.reject(new Error("read failed")));
        return "unreachable";
      } catch (error) {
        seen.push(`caught ${(error as Error).message}`);
        return "recovered";
      } finally {
        seen.push("finally");
      }
    }
    expect(await runSteps(guarded())).toBe("recovered");
    expect(seen).toEqual(["caught read failed", "finally"]);
  });

  test("an error before the first wait is thrown by runSteps; settleSteps turns it into a rejection", async () => {
    function* failing(): Steps<never> {
      throw new Error("bad input");
    }
    expect(() => runSteps(failing())).toThrow("bad input");
    await expect(settleSteps(failing())).rejects.toThrow("bad input");
  });
});

describe("a window within the first chunks costs no promise", () => {
  test("readLines on a small file runs to its result synchronously", () => {
    const file = open(workspace, "small.txt");
    try {
      const result = runSteps(readLinesSteps(file, windowOptions({ from: "start", startLine: 2, maxLines: 1 })));
      expect(result).not.toBeInstanceOf(Promise);
      expect(valueOf(result as Exclude<typeof result, Promise<unknown>>)).toMatchObject({ lines: [{ number: 2, text: "two", terminator: "\n" }], totalLines: 3 });
    } finally {
      closeFile(file);
    }
  });

  test("counting a file past the synchronous budget waits, and gives the same kind of result", async () => {
    const file = open(workspace, "large.txt");
    try {
      const result = runSteps(readLinesSteps(file, windowOptions({ from: "start", startLine: 1, maxLines: 1 })));
      expect(result).toBeInstanceOf(Promise);
      expect(valueOf(await result)).toMatchObject({ lines: [{ number: 1, text: "x".repeat(99) }], totalLines: LARGE_LINES });
    } finally {
      closeFile(file);
    }
  });
});

describe(`calls that answer without waiting let the event loop turn every ${LOOP_SLICE_MS} ms`, () => {
  const firstLines = windowOptions({ from: "start", startLine: 1, maxLines: 10 });

  test("awaited one after another: a timer set before them fires while they go on", async () => {
    let fired = false;
    const timer = setTimeout(() => (fired = true), 0);
    let calls = 0;
    try {
      while (!fired && calls < 20_000) {
        const result = await readTextWindow(workspace, "small.txt", firstLines);
        expect(valueOf(result).window.lines.map((line) => line.text)).toEqual(["one", "two", "three"]);
        calls++;
      }
    } finally {
      clearTimeout(timer);
    }
    // Each call takes microseconds: the timer is served after a few slices, long before 20,000 calls.
    expect(fired).toBe(true);
    expect(calls).toBeLessThan(20_000);
  });

  test("thousands started at once are spread over several turns, and answer in the order they were made", async () => {
    const counter = countLoopTurns();
    const answered: number[] = [];
    const calls = Array.from({ length: 3_000 }, (_, index) =>
      readTextWindow(workspace, "small.txt", firstLines).then((result) => {
        expect(valueOf(result).window.totalLines).toBe(3);
        answered.push(index);
      }),
    );
    await Promise.all(calls);
    const turns = counter.stop();
    expect(answered).toEqual(Array.from({ length: 3_000 }, (_, index) => index));
    // Each turn is a slice of at most about LOOP_SLICE_MS: 3,000 calls of tens of microseconds need several.
    expect(turns).toBeGreaterThanOrEqual(3);
  });
});
