import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { FileReader } from "../src/file-reader.js";
import { runSteps } from "../src/steps.js";
import { WindowBytes } from "../src/window-bytes.js";
import { read, useTempDirs, valueOf, workspaceOf, writeFiles } from "./support/temp-workspace.js";

const dir = useTempDirs().make();
// Lines of 1 to 300 bytes, numbered, so that any window's text says which lines it holds.
const lines = Array.from({ length: 40_000 }, (_, index) => `${index + 1} ${"é日x".repeat(index % 100)}`);
const text = `${lines.join("\n")}\n`;
writeFiles(dir, { f: text });
const workspace = workspaceOf(dir);

describe("windows past their first chunk, collected in buffers kept for later calls", () => {
  test("property: windows read one after another and many at once (asynchronous reads past the first MiB interleave) each hold their own lines", async () => {
    // Most start past the first MiB, so that their reads are asynchronous; most hold 64 KiB to 1 MiB.
    const window = fc.record({ startLine: fc.oneof(fc.integer({ min: 1, max: 39_000 }), fc.integer({ min: 15_000, max: 39_000 })), maxLines: fc.oneof(fc.integer({ min: 1, max: 12_000 }), fc.integer({ min: 500, max: 6000 })) });
    await fc.assert(
      fc.asyncProperty(fc.array(window, { minLength: 1, maxLength: 8 }), async (windows) => {
        const expected = windows.map(({ startLine, maxLines }) => lines.slice(startLine - 1, startLine - 1 + maxLines));
        const together = await Promise.all(windows.map(({ startLine, maxLines }) => read(workspace, "f", { from: "start", startLine, maxLines })));
        expect(together.map((result) => valueOf(result).window.lines.map((line) => line.text))).toEqual(expected);
        for (const [index, { startLine, maxLines }] of windows.entries()) {
          const alone = valueOf(await read(workspace, "f", { from: "start", startLine, maxLines })).window;
          expect(alone.lines.map((line) => line.text)).toEqual(expected[index]);
          expect(alone.text).toBe(expected[index]?.map((line) => `${line}\n`).join(""));
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  test("two windows collected at once never share a kept buffer, and one given back serves the next window", async () => {
    const data = Buffer.from(Array.from({ length: 600_000 }, (_, index) => index % 251));
    // A reader over `data` whose chunks are 64 KiB, as a call's first MiB is read.
    const reader = {
      chunkSize: 64 * 1024,
      *chunk(position: number, length = 64 * 1024) {
        const buffer = Buffer.from(data.subarray(position, position + Math.min(length, 64 * 1024)));
        return { buffer, bytes: buffer.length };
      },
      *into(target: Buffer, offset: number, length: number, position: number) {
        return data.copy(target, offset, position, position + Math.min(length, 64 * 1024));
      },
      knownEnd: () => false,
    } as unknown as FileReader;
    const collect = function* (window: WindowBytes, from: number, to: number) {
      for (let position = from; position < to; ) {
        const { buffer, bytes } = yield* window.readAt(position, to);
        window.keep(buffer, bytes);
        position += bytes;
      }
    };
    const first = new WindowBytes(reader, data.length, 1024 * 1024);
    const second = new WindowBytes(reader, data.length, 1024 * 1024);
    // Interleaved: each one past its first chunk (into a kept buffer) before the other ends.
    await runSteps(collect(first, 0, 100_000));
    await runSteps(collect(second, 50_000, 250_000));
    await runSteps(collect(first, 100_000, 300_000));
    expect(first.bytes().equals(data.subarray(0, 300_000))).toBe(true);
    expect(second.bytes().equals(data.subarray(50_000, 250_000))).toBe(true);
    const kept = [first.bytes().buffer, second.bytes().buffer];
    expect(kept[0]).not.toBe(kept[1]);
    first.release();
    second.release();
    const third = new WindowBytes(reader, data.length, 1024 * 1024);
    await runSteps(collect(third, 1000, 200_000));
    expect(third.bytes().equals(data.subarray(1000, 200_000))).toBe(true);
    expect(kept).toContain(third.bytes().buffer);
  });
});
