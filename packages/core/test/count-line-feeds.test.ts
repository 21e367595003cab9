import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { countByIndexOf, countLineFeeds, countLineFeedsIn, isCountable } from "../src/count-line-feeds.js";
import { giveBack, takeSmallBuffer } from "../src/file-reader.js";
import { countNewlines } from "../src/index.js";

// Bytes where LF is as frequent as `density` says, with every other byte value around it (0x0a +- 1 and
// bytes >= 0x80 included, which a signed-lane bug would confuse).
const bytes = (maxLength: number) =>
  fc
    .tuple(fc.integer({ min: 0, max: maxLength }), fc.double({ min: 0, max: 1, noNaN: true }), fc.integer())
    .map(([length, density, seed]) => {
      const out = new Uint8Array(length);
      let state = seed >>> 0;
      for (let i = 0; i < length; i++) {
        state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
        out[i] = state / 2 ** 32 < density ? 0x0a : (state >>> 8) & 0xff;
      }
      return out;
    });

describe("countLineFeeds", () => {
  test("equals the Buffer.indexOf count on any bytes, at any offset into a larger buffer", () => {
    fc.assert(
      fc.property(bytes(200_000), fc.integer({ min: 0, max: 100 }), (data, skip) => {
        const view = data.subarray(Math.min(skip, data.length));
        expect(countLineFeeds(view)).toBe(countByIndexOf(view));
        expect(countNewlines(Buffer.from(view))).toBe(countByIndexOf(view));
      }),
      { numRuns: 200 },
    );
  });

  test("counts bytes in a countable buffer where they lie, from any offset in it", () => {
    // A reader's pooled buffer, as readers take them (the pools fill the counter's memory on first use).
    const buffer = takeSmallBuffer();
    try {
      expect(isCountable(buffer)).toBe(true);
      expect(isCountable(Buffer.alloc(65_536))).toBe(false);
      fc.assert(
        fc.property(bytes(65_536), fc.nat(65_536), (data, at) => {
          const start = Math.min(at, buffer.length - data.length);
          buffer.set(data, start);
          const view = buffer.subarray(start, start + data.length);
          expect(countLineFeeds(view)).toBe(countByIndexOf(view));
        }),
        { numRuns: 200 },
      );
    } finally {
      giveBack(buffer, undefined);
    }
  });

  test("countLineFeedsIn counts a range of a countable or an ordinary buffer as a view of it would", () => {
    const buffer = takeSmallBuffer();
    try {
      fc.assert(
        fc.property(bytes(65_536), fc.nat(65_536), fc.nat(65_536), (data, a, b) => {
          buffer.set(data, 0);
          const [from, to] = [Math.min(a, b, data.length), Math.min(Math.max(a, b), data.length)];
          const expected = countByIndexOf(data.subarray(from, to));
          expect(countLineFeedsIn(buffer, from, to)).toBe(expected);
          expect(countLineFeedsIn(Buffer.from(data), from, to)).toBe(expected);
        }),
        { numRuns: 200 },
      );
    } finally {
      giveBack(buffer, undefined);
    }
  });

  test("counts every byte around the SIMD step, page and threshold boundaries", () => {
    for (const length of [0, 1, 63, 64, 65, 511, 512, 513, 4_095, 16_128, 16_129, 65_535, 65_536, 65_537, 131_136, 1_000_003]) {
      expect(countLineFeeds(new Uint8Array(length).fill(0x0a))).toBe(length);
      expect(countLineFeeds(new Uint8Array(length).fill(0x0b))).toBe(0);
      const last = new Uint8Array(length);
      if (length > 0) last[length - 1] = 0x0a;
      expect(countLineFeeds(last)).toBe(length > 0 ? 1 : 0);
    }
  });
});
