import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { countLineEnds, SliceCounter, type LineBreaks } from "../src/line-ends.js";

// Bytes made mostly of line ends (CR, LF, CRLF) and a few letters, so that slices often start or end
// between a CR and an LF; followed by stale bytes (more CRs) that no slice may count.
const chunk = fc.record({
  bytes: fc.array(fc.constantFrom(0x0a, 0x0d, 0x0d, 0x61, 0x62), { maxLength: 400 }),
  stale: fc.array(fc.constantFrom(0x0d, 0x0a), { maxLength: 20 }),
  cuts: fc.array(fc.nat(400), { maxLength: 12 }),
  before: fc.constantFrom(-1, 0x0a, 0x0d, 0x61),
  breaks: fc.constantFrom<LineBreaks>("lf", "universal"),
});

describe("SliceCounter", () => {
  test("counts consecutive slices of a chunk exactly as countLineEnds counts each slice as a view", () => {
    fc.assert(
      fc.property(chunk, ({ bytes, stale, cuts, before, breaks }) => {
        const buffer = Buffer.from([...bytes, ...stale]);
        const end = bytes.length;
        const bounds = [...new Set([0, ...cuts.map((cut) => Math.min(cut, end)), end])].sort((a, b) => a - b);
        const counter = new SliceCounter(buffer, breaks);
        let last: number = before;
        for (let i = 0; i + 1 < bounds.length; i++) {
          const [from, to] = [bounds[i] as number, bounds[i + 1] as number];
          expect(counter.count(from, to, last)).toBe(countLineEnds(buffer.subarray(from, to), last, breaks));
          last = buffer[to - 1] ?? last;
        }
      }),
    );
  });

  test("a CR that ends a slice is left to the next one, which decides it by what follows", () => {
    const buffer = Buffer.from("a\r\nb\rc\r");
    const counter = new SliceCounter(buffer, "universal");
    expect(counter.count(0, 2, -1)).toBe(0);
    expect(counter.count(2, 5, 0x0d)).toBe(1);
    expect(counter.count(5, 7, 0x0d)).toBe(1);
  });
});
