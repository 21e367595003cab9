import { expect, test } from "vitest";
import { addPosition, advancePositions, firstPosition, positionsAfter } from "../src/advance-positions.js";

const positions = (bits: Uint32Array) => Array.from({ length: bits.length * 32 }, (_, at) => at).filter((at) => ((bits[at >>> 5] as number) & (1 << (at & 31))) !== 0);

test("positions are bits across words: added, the lowest found, and moved one on where the mask holds, a position carried into the next word", () => {
  const from = new Uint32Array(3);
  expect(firstPosition(from)).toBe(-1);
  for (const at of [0, 5, 31, 63, 70]) addPosition(from, at);
  expect(positions(from)).toEqual([0, 5, 31, 63, 70]);
  expect(firstPosition(from)).toBe(0);
  const mask = new Uint32Array(3);
  for (const at of [5, 31, 63]) addPosition(mask, at);
  const to = new Uint32Array(3);
  expect(advancePositions(from, mask, to)).toBe(true);
  expect(positions(to)).toEqual([6, 32, 64]);
  expect(firstPosition(to)).toBe(6);
  expect(advancePositions(to, new Uint32Array(3), from)).toBe(false);
  expect(positions(from)).toEqual([]);
});

test("positionsAfter: the position after each mark at or after the start, a mark at a word's last bit carried into the next, the kept positions added; -1 adds nothing", () => {
  const marks = new Uint32Array(3);
  for (const at of [2, 31, 40, 70]) addPosition(marks, at);
  const kept = new Uint32Array(3);
  addPosition(kept, 1);
  const to = new Uint32Array(3);
  expect(positionsAfter(marks, 3, kept, to)).toBe(true);
  expect(positions(to)).toEqual([1, 32, 41, 71]);
  expect(positionsAfter(marks, 40, undefined, to)).toBe(true);
  expect(positions(to)).toEqual([41, 71]);
  expect(positionsAfter(marks, -1, kept, to)).toBe(false);
  expect(positions(to)).toEqual([41, 71]);
});
