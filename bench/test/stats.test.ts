import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { countNewlines, floorOp, lineStart } from "../src/floor.js";
import { percentile, summarize } from "../src/stats.js";
import { sourceText } from "../src/workloads.js";

test("summarize reports the median, interpolated p10/p90 and the median absolute deviation", () => {
  expect(summarize([5, 1, 3, 2, 4])).toEqual({ n: 5, median: 3, p10: 1.4, p90: 4.6, mad: 1, min: 1, max: 5 });
  expect(percentile([10, 20], 0.5)).toBe(15);
  expect(() => summarize([])).toThrow("no samples");
});

test("lineStart and countNewlines agree with split on a generated source file", () => {
  const bytes = sourceText(4096, 3);
  expect(bytes.length).toBe(4096);
  expect(bytes[4095]).toBe(0x0a);
  const lines = bytes.toString("utf8").split("\n");
  expect(countNewlines(bytes)).toBe(lines.length - 1);
  expect(countNewlines(bytes, 0)).toBe(0);
  expect(lineStart(bytes, 1)).toBe(0);
  expect(lineStart(bytes, 3)).toBe(Buffer.byteLength(`${lines[0]}\n${lines[1]}\n`));
  expect(lineStart(bytes, 1_000_000)).toBe(4096);
});

test("the floor reads the window and counts the newlines before countTo", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "read-bench-test-"));
  try {
    const file = path.join(dir, "a.txt");
    const text = "one\ntwo\nthree\n".repeat(30_000);
    fs.writeFileSync(file, text);
    const size = Buffer.byteLength(text);
    expect(floorOp({ file, from: 0, to: 8, countTo: size })()).toBe(90_000);
    expect(floorOp({ file, from: size - 6, to: size, countTo: 0 })()).toBe(0);
    expect(floorOp({ file, from: 100_000, to: 100_010, countTo: 100_000 })()).toBe(countNewlines(Buffer.from(text).subarray(0, 100_000)));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
