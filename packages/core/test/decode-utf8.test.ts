import { isAscii, isUtf8 } from "node:buffer";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { decodeUtf8 } from "../src/index.js";

/** Byte runs biased towards ASCII, multi-byte characters and invalid bytes, repeated up to 600 KiB: past the 16 KiB where the decoder changes route on Node 20 and 22. */
const bytes = fc
  .tuple(
    fc.array(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(..."ab \n\t".split("").map((c) => Buffer.from(c))) },
        { weight: 2, arbitrary: fc.constantFrom(..."\u00e9\u20ac\u{1F600}\uFEFF\u65e5".split("").map((c) => Buffer.from(c))) },
        { weight: 1, arbitrary: fc.constantFrom(Buffer.from([0xff]), Buffer.from([0x80]), Buffer.from([0xe2, 0x82]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xf0])) },
      ),
      { maxLength: 40 },
    ),
    fc.constantFrom(0, 1, 4 * 1024, 256 * 1024, 600 * 1024),
  )
  .map(([runs, length]) => {
    const unit = Buffer.concat(runs);
    if (unit.length === 0 || length === 0) return unit;
    return Buffer.concat(Array.from({ length: Math.ceil(length / unit.length) }, () => unit));
  });

describe("decodeUtf8", () => {
  test("decodes every byte string exactly as Buffer#toString('utf8'), whichever route its size and content take, with or without known facts", () => {
    fc.assert(
      fc.property(bytes, (input) => {
        const expected = input.toString("utf8");
        expect(decodeUtf8(input)).toBe(expected);
        expect(decodeUtf8(input, { ascii: isAscii(input), valid: isUtf8(input) })).toBe(expected);
      }),
      { numRuns: 60 },
    );
  });

  test("ASCII, valid non-ASCII and invalid windows of 300 KiB decode as Buffer#toString does", () => {
    const line = "\u00e9\u{1F600}\u{10FFFF}\uFFFF\u0000\n";
    const count = Math.ceil((300 * 1024) / Buffer.byteLength(line));
    const ascii = Buffer.from("x".repeat(300 * 1024));
    const text = Buffer.from(line.repeat(count));
    const invalid = Buffer.concat([text, Buffer.from([0xff])]);
    expect(decodeUtf8(ascii)).toBe("x".repeat(300 * 1024));
    expect(decodeUtf8(text)).toBe(line.repeat(count));
    expect(decodeUtf8(invalid)).toBe(`${line.repeat(count)}\uFFFD`);
  });

  test("a byte order mark is kept as U+FEFF, in a small and in a 300 KiB window", () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    expect(decodeUtf8(Buffer.concat([bom, Buffer.from("\u00e9")]))).toBe("\uFEFF\u00e9");
    expect(decodeUtf8(Buffer.concat([bom, Buffer.from("\u00e9".repeat(150 * 1024))]))).toBe(`\uFEFF${"\u00e9".repeat(150 * 1024)}`);
  });

  test("a valid non-ASCII window over 8 MiB decodes as Buffer#toString does", () => {
    const big = Buffer.from("\u00e9a\n".repeat(3 * 1024 * 1024));
    expect(big.length).toBeGreaterThan(8 * 1024 * 1024);
    expect(decodeUtf8(big) === big.toString("utf8")).toBe(true);
  });
});
