import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonBytes } from "../src/json-bytes.js";

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
