import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { decodeUtf8 } from "../src/index.js";

/** Byte runs biased towards ASCII, multi-byte characters and invalid bytes, repeated up to 600 KiB: past both sizes where the decoder changes route. */
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
  test("decodes every byte string exactly as Buffer#toString('utf8'), whichever route its size and content take", () => {
    fc.assert(
      fc.property(bytes, (input) => {
        expect(decodeUtf8(input)).toBe(input.toString("utf8"));
      }),
      { numRuns: 60 },
    );
  });

  test("ASCII, valid non-ASCII and invalid windows of 8 KiB decode as Buffer#toString does", () => {
    const ascii = Buffer.from("x".repeat(8192));
    const text = Buffer.from("\u00e9\u{1F600}\n".repeat(1024));
    const invalid = Buffer.concat([text, Buffer.from([0xff])]);
    expect(decodeUtf8(ascii)).toBe("x".repeat(8192));
    expect(decodeUtf8(text)).toBe("\u00e9\u{1F600}\n".repeat(1024));
    expect(decodeUtf8(invalid)).toBe(`${"\u00e9\u{1F600}\n".repeat(1024)}\uFFFD`);
  });

  test("a byte order mark is kept as U+FEFF", () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("\u00e9".repeat(4096))]);
    expect(decodeUtf8(withBom)).toBe(`\uFEFF${"\u00e9".repeat(4096)}`);
  });
});
