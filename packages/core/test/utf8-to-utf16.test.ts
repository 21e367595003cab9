import fc from "fast-check";
import { describe, expect, test } from "vitest";
// @ts-expect-error: a plain ES module script without type declarations.
import { assembleUtf8ToUtf16 } from "../scripts/assemble-wasm.mjs";
import { decodeUtf8 } from "../src/decode-utf8.js";
import { instantiateWasm } from "../src/instantiate-wasm.js";
import { UTF8_TO_UTF16_WASM } from "../src/utf8-to-utf16-wasm.js";

// The shipped module on a memory of its own, as decode-utf8.ts instantiates it: the kernel's answer for
// bytes copied to 0, written from the 16-byte boundary after them (-1 when it stops on dense text).
const instance = instantiateWasm<{ decode: (input: number, length: number, out: number) => number }>(UTF8_TO_UTF16_WASM, 16, 16);
if (instance === null) throw new Error("WebAssembly with SIMD is unavailable in this Node");
const { memory } = instance;
const { decode } = instance.exports;
function kernel(bytes: Buffer): string | -1 {
  new Uint8Array(memory.buffer).set(bytes, 0);
  const out = (bytes.length + 15) & ~15;
  const units = decode(0, bytes.length, out);
  return units < 0 ? -1 : Buffer.from(memory.buffer, out, 2 * units).toString("utf16le");
}

// Source-like text: ASCII runs with a character of each UTF-8 length now and then (one byte in eight or
// fewer starts one), so that the kernel decodes it to the end.
const sparse = fc
  .tuple(
    fc.array(fc.tuple(fc.string({ unit: fc.constantFrom(..."ab (){};\n\t\"".split("")), minLength: 24, maxLength: 60 }), fc.constantFrom("", "\u00e9", "\u20ac", "\u{1F600}", "\uFEFF", "\u65e5", "\u{10FFFF}", "\uFFFF")), {
      minLength: 1,
      maxLength: 30,
    }),
    fc.integer({ min: 1, max: 100 * 1024 }),
  )
  .map(([runs, size]) => {
    const unit = runs.map(([ascii, other]) => ascii + other).join("");
    return Buffer.from(unit.repeat(Math.ceil(size / Buffer.byteLength(unit))));
  });

describe("utf8-to-utf16 (WebAssembly)", () => {
  test("the shipped decoder is exactly wasm/utf8-to-utf16.wat assembled (regenerate: pnpm --filter @read/core build:wasm)", async () => {
    const assembled = Buffer.from((await assembleUtf8ToUtf16()) as Uint8Array);
    expect(Buffer.from(UTF8_TO_UTF16_WASM, "base64").toString("hex")).toBe(assembled.toString("hex"));
  });

  test("decodes valid UTF-8 that is mostly ASCII exactly as Buffer#toString does, characters of every length across the 16-byte blocks", () => {
    fc.assert(
      fc.property(sparse, fc.nat(15), (text, skip) => {
        const bytes = text.subarray(skip);
        // A start inside a character is not valid UTF-8: the kernel is given whole characters only.
        let start = 0;
        while (start < bytes.length && ((bytes[start] ?? 0) & 0xc0) === 0x80) start++;
        const valid = bytes.subarray(start);
        expect(kernel(valid)).toBe(valid.toString("utf8"));
      }),
      { numRuns: 80 },
    );
  });

  test("each UTF-8 length at the start, the end and on each side of a block boundary", () => {
    for (const character of ["\u00e9", "\u65e5", "\u{1F600}", "\u{10000}", "\u07ff", "\u0800", "\uffff"]) {
      for (let before = 0; before <= 33; before++) {
        const text = `${"x".repeat(before)}${character}${"y".repeat(40 - before)}${character}`;
        expect(kernel(Buffer.from(text))).toBe(text);
      }
    }
    expect(kernel(Buffer.alloc(0))).toBe("");
  });

  test("stops (-1) at a non-ASCII character when more than one byte in eight before it, plus 64, starts one, and not before", () => {
    // The nth of these two-byte characters starts at byte 2(n - 1): the 85th passes (85 * 8 <= 168 + 512),
    // the 86th stops it (86 * 8 > 170 + 512).
    expect(kernel(Buffer.from("\u00e9".repeat(85)))).toBe("\u00e9".repeat(85));
    expect(kernel(Buffer.from("\u00e9".repeat(86)))).toBe(-1);
    // One in eight bytes, after the allowance, is decoded to the end.
    const edge = `${"\u00e9".repeat(64)}${"x".repeat(384)}${"abcdef\u00e9".repeat(1000)}`;
    expect(kernel(Buffer.from(edge))).toBe(edge);
    expect(kernel(Buffer.from("日本語のテキストです。".repeat(100)))).toBe(-1);
  });
});

describe("decodeUtf8 through the WebAssembly decoder and past it", () => {
  test("mostly-ASCII text of 1 KiB to 256 KiB (the decoder's sizes on Node 20 and 22), dense text and the sizes around those bounds decode as Buffer#toString does", () => {
    const line = "const x = 1; // r\u00e9sum\u00e9 \u{1F600}\n";
    const dense = "日本語のテキストです。\n";
    for (const size of [1023, 1024, 1025, 16 * 1024 - 1, 16 * 1024, 64 * 1024, 256 * 1024 - 1, 256 * 1024, 256 * 1024 + 1]) {
      for (const text of [line, dense]) {
        const bytes = Buffer.from(text.repeat(Math.ceil(size / Buffer.byteLength(text)))).subarray(0, size);
        expect(decodeUtf8(bytes)).toBe(bytes.toString("utf8"));
        expect(decodeUtf8(bytes, { ascii: false })).toBe(bytes.toString("utf8"));
      }
    }
  });
});
