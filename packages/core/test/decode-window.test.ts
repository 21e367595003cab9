import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { closeFile } from "../src/index.js";
import { DECODE_PIECE_BYTES, DECODE_SLICE_BYTES, decodeLines, decodeWindow } from "../src/decode-lines.js";
import { shrinkableBuffer } from "../src/shrinkable-buffer.js";
import { runSteps } from "../src/steps.js";
import { countLoopTurns } from "./support/count-loop-turns.js";
import { open, useTempDirs, workspaceOf } from "./support/temp-workspace.js";

const dir = useTempDirs().make();
fs.writeFileSync(path.join(dir, "f"), "x\n");
const workspace = workspaceOf(dir);

// Bytes that stress slicing: line ends of both models, multi-byte characters, invalid sequences, a BOM.
const windowBytes = fc
  .array(fc.oneof(fc.constantFrom(0x0a, 0x0d, 0x61, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xef, 0xbb, 0xbf, 0xff), fc.integer({ min: 0, max: 255 })), { maxLength: 300 })
  .map((bytes) => Buffer.from(bytes));

// A window decoded in pieces as decodeLines gives it whole: its pieces, once checked to make its text.
function wholeOf(decoded: Awaited<ReturnType<typeof decodeLines>>): Awaited<ReturnType<typeof decodeLines>> {
  if (!decoded.ok || decoded.value.textPieces === undefined) return decoded;
  expect(decoded.value.textPieces.join("")).toBe(decoded.value.text);
  expect(decoded.value.textPieces.length).toBeGreaterThan(1);
  return { ...decoded, value: { ...decoded.value, textPieces: undefined } };
}

describe("decodeWindow: a large window decoded in slices", () => {
  test("a 24 MiB window (one line, or 2,000 long lines) lets the event loop turn between its slices, and decodes as one piece would", async () => {
    const file = open(workspace, "f");
    try {
      for (const bytes of [Buffer.from(`${"é".repeat(12 * 1024 * 1024)}\n`), Buffer.from(`${"x".repeat(12_582)}\n`.repeat(2000))]) {
        const turns = countLoopTurns();
        const decoded = await runSteps(decodeWindow(file, bytes, 1, "replace", "universal"));
        const ticks = turns.stop();
        // Decoded in one piece, no tick could run until it ended; in 1 MiB slices, the loop turns after each.
        expect(DECODE_SLICE_BYTES).toBe(1024 * 1024);
        expect(ticks).toBeGreaterThanOrEqual(20);
        expect(wholeOf(decoded)).toEqual(decodeLines(file, bytes, 1, "replace", "universal"));
      }
    } finally {
      closeFile(file);
    }
  });

  test("gives exactly what decoding the whole window gives, for any slice size, line model and policy", async () => {
    const file = open(workspace, "f");
    try {
      await fc.assert(
        fc.asyncProperty(windowBytes, fc.integer({ min: 1, max: 40 }), fc.constantFrom("lf" as const, "universal" as const), fc.constantFrom("strict" as const, "replace" as const), fc.option(fc.integer({ min: 1, max: 50 })), async (bytes, slice, breaks, policy, first) => {
          expect(wholeOf(await runSteps(decodeWindow(file, bytes, first, policy, breaks, { sliceBytes: slice })))).toEqual(decodeLines(file, bytes, first, policy, breaks));
        }),
        { numRuns: 500 },
      );
    } finally {
      closeFile(file);
    }
  });

  test("a window of 32 KiB to a slice decodes in pieces of at most 32 KiB (no string of its text over 64K UTF-16 units), as one piece would", async () => {
    const file = open(workspace, "f");
    try {
      const line = fc.string({ unit: fc.constantFrom("a", "é", "日", "😀", "\r", " "), maxLength: 200, size: "max" });
      await fc.assert(
        fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 20 }), fc.integer({ min: 40 * 1024, max: 160 * 1024 }), fc.constantFrom("\n", "\r\n", ""), fc.constantFrom("lf" as const, "universal" as const), async (lines, size, end, breaks) => {
          let text = "";
          // Lines and an end all empty would add nothing, and the loop would never end: "a" stands in.
          const filler = lines.some((candidate) => candidate !== "") || end !== "" ? lines : ["a"];
          for (let index = 0; Buffer.byteLength(text) < size; index++) text += (filler[index % filler.length] ?? "") + end;
          const bytes = Buffer.from(text);
          const decoded = await runSteps(decodeWindow(file, bytes, 1, "replace", breaks));
          expect(decoded.ok && decoded.value.textPieces?.every((piece) => Buffer.byteLength(piece) <= DECODE_PIECE_BYTES)).toBe(true);
          expect(wholeOf(decoded)).toEqual(decodeLines(file, bytes, 1, "replace", breaks));
        }),
        { numRuns: 15 },
      );
    } finally {
      closeFile(file);
    }
  });

  test("with release, a shrinkable window's memory is given back slice by slice, and the lines are the same", async () => {
    const file = open(workspace, "f");
    try {
      await fc.assert(
        fc.asyncProperty(windowBytes, fc.integer({ min: 1, max: 40 }), fc.constantFrom("lf" as const, "universal" as const), fc.constantFrom("strict" as const, "replace" as const), async (bytes, slice, breaks, policy) => {
          const expected = decodeLines(file, bytes, 1, policy, breaks);
          const window = shrinkableBuffer(bytes.length + 7);
          bytes.copy(window);
          const decoded = await runSteps(decodeWindow(file, window.subarray(0, bytes.length), 1, policy, breaks, { sliceBytes: slice, release: true }));
          expect(wholeOf(decoded)).toEqual(expected);
          // Decoded in one go, nothing is given back; in slices, every slice is once decoded (a failure
          // stops the decoding, and the caller with it).
          if (decoded.ok) expect(window.buffer.byteLength).toBe(bytes.length <= slice ? bytes.length + 7 : 0);
        }),
        { numRuns: 500 },
      );
    } finally {
      closeFile(file);
    }
  });

  test("a 12 MiB line decoded with release never holds its bytes and its text whole at once", async () => {
    const file = open(workspace, "f");
    try {
      const window = shrinkableBuffer(12 * 1024 * 1024);
      window.fill("é");
      const sizes: number[] = [];
      const { buffer } = window;
      const steps = decodeWindow(file, window, 1, "strict", "lf", { release: true });
      // Each wait is a turn between two slices: the buffer shrank by the slice decoded before it.
      let step = steps.next();
      while (step.done !== true) {
        sizes.push(buffer.byteLength);
        await step.value;
        step = steps.next();
      }
      const decoded = step.value;
      expect(decoded.ok && decoded.value.lines.map((line) => line.text.length)).toEqual([6 * 1024 * 1024]);
      expect(sizes).toHaveLength(11);
      expect(sizes[0]).toBeLessThanOrEqual(11 * 1024 * 1024 + 4);
      expect(sizes.at(-1)).toBeLessThanOrEqual(1024 * 1024 + 4);
      expect(buffer.byteLength).toBe(0);
    } finally {
      closeFile(file);
    }
  });
});
