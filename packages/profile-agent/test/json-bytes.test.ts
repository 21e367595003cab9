import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonBytes, wellFormedJsonBytes } from "../src/json-bytes.js";
import { utf8Scratch } from "../src/utf8-scratch.js";

const escaped = (text: string) => Buffer.byteLength(JSON.stringify(text)) - 2;

describe("AGENT-BND-02: a page's bytes are counted as JSON escapes them", () => {
  it("jsonBytes is the UTF-8 length of JSON.stringify's escape, without its quotes, for any UTF-16 string (lone surrogates included)", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(fc.constantFrom('"', "\\", "\n", "\t", "\b", "\f", "\r", "\u0000", "\u001f", "\u007f", "\u0080", "\u07ff", "\u0800", "\uffff"), fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), fc.constant("\u{1f600}")) }), (text) => {
        expect(jsonBytes(text)).toBe(escaped(text));
      }),
      { numRuns: 2000 },
    );
  });

  it("each kind of character costs what JSON.stringify makes of it", () => {
    const cases = ['"', "\\", "\n", "\u0001", "é", "€", "\u{1f600}", "\ud800", "\udc00", "\ud800x", "a"];
    expect(cases.map((text) => jsonBytes(text))).toEqual([2, 2, 2, 6, 2, 3, 4, 6, 6, 7, 1]);
    expect(cases.map((text) => escaped(text))).toEqual([2, 2, 2, 6, 2, 3, 4, 6, 6, 7, 1]);
  });
});

describe("a long text decoded from bytes is counted from its UTF-8 bytes", () => {
  // Well-formed text (no lone surrogate), as a decoder gives it: every kind of character JSON treats apart.
  const unit = fc.oneof(
    { weight: 20, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)) },
    { weight: 4, arbitrary: fc.constantFrom('"', "\\", "\n", "\t", "\r", "\u0000", "\u001f", "\u007f", "é", "日", "\ufffd", "\u2028", "😀") },
  );
  const pieces = fc.array(fc.string({ unit, maxLength: 3000 }), { minLength: 1, maxLength: 8 });

  it("wellFormedJsonBytes of pieces is jsonBytes of their concatenation, below and over the 4096 units where the SIMD count starts (property)", () => {
    fc.assert(
      fc.property(pieces, (parts) => {
        expect(wellFormedJsonBytes(parts)).toBe(escaped(parts.join("")));
      }),
      { numRuns: 300 },
    );
  });

  it("utf8Scratch gives the pieces' UTF-8 bytes; the same array again is not encoded again; another array is", () => {
    const first = ["a".repeat(5000), "é日😀\n", "b"];
    const bytes = utf8Scratch(first);
    expect(Buffer.from(bytes).toString("utf8")).toBe(first.join(""));
    expect(utf8Scratch(first)).toBe(bytes);
    const second = ["x", "y"];
    expect(Buffer.from(utf8Scratch(second)).toString("utf8")).toBe("xy");
    const long = ["z".repeat(400_000)];
    expect(utf8Scratch(long).length).toBe(400_000);
    expect(Buffer.from(utf8Scratch(first)).toString("utf8")).toBe(first.join(""));
  });
});
