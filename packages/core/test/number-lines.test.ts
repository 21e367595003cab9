import fc from "fast-check";
import { describe, expect, test } from "vitest";
// @ts-expect-error: a plain ES module script without type declarations.
import { assembleNumberLines } from "../scripts/assemble-wasm.mjs";
import { MAX_JSON_BYTES_PER_BYTE, jsonBytesOf } from "../src/json-budget.js";
import { numberLines } from "../src/number-lines.js";
import { NUMBER_LINES_WASM } from "../src/number-lines-wasm.js";

// The lines as core's LF split has them (a CR before an LF is the line end's; the bytes after the last LF
// a line only at the end of the file), numbered one by one.
function numberedOneByOne(text: string, first: number, maxLines: number, atEnd: boolean) {
  const parts = text.split("\n");
  const tail = parts.pop() as string;
  const lines = parts.map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
  if (atEnd && tail !== "") lines.push(tail);
  const shown = lines.slice(0, maxLines);
  const consumed = shown.length === lines.length && atEnd ? Buffer.byteLength(text) : Buffer.byteLength(parts.slice(0, shown.length).map((part) => `${part}\n`).join(""));
  return {
    text: shown.map((line, index) => `${first + index}\t${line}`).join("\n"),
    lines: shown.length,
    consumed,
    longest: Math.max(0, ...shown.map((line) => Buffer.byteLength(line))),
  };
}

describe("numberLines", () => {
  test("the shipped line numberer is exactly wasm/number-lines.wat assembled (regenerate: pnpm --filter @read/core build:wasm)", async () => {
    const assembled = Buffer.from((await assembleNumberLines()) as Uint8Array);
    expect(Buffer.from(NUMBER_LINES_WASM, "base64").toString("hex")).toBe(assembled.toString("hex"));
  });

  test("numbers lines from the first number, drops the CR of a CRLF, keeps a lone CR and a last line's CR at the end of the file", () => {
    const numbered = numberLines(Buffer.from("alpha\r\nbé\n\nlone\rcr\nlast\r"), 9, 100, true);
    expect(numbered && { text: numbered.bytes.toString("utf8"), lines: numbered.lines, consumed: numbered.consumed, longest: numbered.longest }).toEqual({
      text: "9\talpha\n10\tbé\n11\t\n12\tlone\rcr\n13\tlast\r",
      lines: 5,
      consumed: 25,
      longest: 7,
    });
  });

  test("short of the end of the file, the bytes after the last LF are no line; at most maxLines lines are numbered", () => {
    const cut = numberLines(Buffer.from("a\nb\nunfinish"), 1, 100, false);
    expect(cut && [cut.bytes.toString("utf8"), cut.lines, cut.consumed]).toEqual(["1\ta\n2\tb", 2, 4]);
    const two = numberLines(Buffer.from("a\nb\nc\n"), 1, 2, true);
    expect(two && [two.bytes.toString("utf8"), two.lines, two.consumed]).toEqual(["1\ta\n2\tb", 2, 4]);
    const none = numberLines(Buffer.from(""), 1, 2000, true);
    expect(none && [none.bytes.toString("utf8"), none.lines, none.consumed, none.longest]).toEqual(["", 0, 0, 0]);
  });

  test("refuses a first number below 1 or a negative line count, naming it", () => {
    expect(() => numberLines(Buffer.from("a\n"), 0, 10, true)).toThrow(new RangeError("numberLines: first must be an integer of at least 1, got 0"));
    expect(() => numberLines(Buffer.from("a\n"), 1, -1, true)).toThrow(new RangeError("numberLines: maxLines must be an integer of at least 0, got -1"));
    expect(() => numberLines(Buffer.from("a\n"), 1.5, 10, true)).toThrow(RangeError);
  });

  test("gives way (undefined) when the input needs more than the module's 4 MiB", () => {
    expect(numberLines(Buffer.alloc(3 * 1024 * 1024, 0x61), 1, 10, true)).toBeUndefined();
  });

  test("numbers written by incrementing the previous one gain a digit at each power of ten, up to ten digits", () => {
    const text = Array.from({ length: 6 }, (_, index) => `line ${index}`).join("\n");
    for (const first of [1, 5, 95, 996, 9_995, 99_999, 999_999_997, 2 ** 31 - 6]) {
      const numbered = numberLines(Buffer.from(text), first, 6, true);
      expect(numbered?.bytes.toString("utf8")).toBe(numberedOneByOne(text, first, 6, true).text);
    }
    expect(numberLines(Buffer.from("a\nb\nc"), 999_999_998, 3, true)?.bytes.toString("utf8")).toBe("999999998\ta\n999999999\tb\n1000000000\tc");
  });

  test("lines of every length around the 16-byte copy steps and the 128-byte switch to memory.copy are copied whole", () => {
    const lengths = [0, 1, 15, 16, 17, 31, 32, 33, 127, 128, 129, 130, 300];
    const text = lengths.map((length, index) => String.fromCharCode(0x61 + index).repeat(length)).join("\r\n");
    const numbered = numberLines(Buffer.from(text), 7, lengths.length, true);
    expect(numbered?.bytes.toString("utf8")).toBe(numberedOneByOne(text, 7, lengths.length, true).text);
    expect(numbered?.longest).toBe(300);
  });

  test("property: the same lines, numbers, bytes consumed and longest line as numbering them one by one", () => {
    const unit = fc.constantFrom("a", "é", "日", "😀", "\r", "\n", "\n", " ", "\t");
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 300 }), fc.integer({ min: 1, max: 2 ** 31 - 400 }), fc.integer({ min: 1, max: 400 }), fc.boolean(), (text, first, maxLines, atEnd) => {
        const numbered = numberLines(Buffer.from(text), first, maxLines, atEnd);
        expect(numbered && { text: numbered.bytes.toString("utf8"), lines: numbered.lines, consumed: numbered.consumed, longest: numbered.longest }).toEqual(numberedOneByOne(text, first, maxLines, atEnd));
      }),
      { numRuns: 2000 },
    );
  });

  test("costly counts the C0 controls, quotes, backslashes and bytes over 0x7f it reads: here every byte", () => {
    // ", \, LF, tab, \x01, the two bytes of é and the last LF.
    expect(numberLines(Buffer.from('a"b\\c\n\td\u0001\u00e9\n'), 1, 10, true)?.costly).toBe(8);
    expect(numberLines(Buffer.from("plain text, no escapes at all and no line end"), 1, 10, true)?.costly).toBe(0);
    // Over 255 blocks of 16 bytes, where the byte lanes are added up and restarted.
    expect(numberLines(Buffer.from('"'.repeat(16 * 600 + 7)), 1, 10, true)?.costly).toBe(16 * 600 + 7);
  });

  test("property: costly is at least the costly bytes of the lines numbered and at most those of the input, and bounds the JSON length of what is written", () => {
    const costly = (bytes: Uint8Array) => bytes.filter((byte) => byte < 0x20 || byte > 0x7f || byte === 0x22 || byte === 0x5c).length;
    const piece = fc.oneof(
      fc.constantFrom(..."ab \t\n\n\r\"\\\u0001\u001fé日😀".split("").map((character) => Buffer.from(character))),
      fc.constantFrom(Buffer.from([0xff]), Buffer.from([0x80]), Buffer.from([0xe2, 0x82]), Buffer.from("a".repeat(20))),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 400 }), fc.integer({ min: 1, max: 300 }), fc.boolean(), (pieces, maxLines, atEnd) => {
        const bytes = Buffer.concat(pieces);
        const numbered = numberLines(bytes, 1, maxLines, atEnd);
        if (numbered === undefined) throw new Error("numberLines gave way on a small input");
        expect(numbered.costly).toBeGreaterThanOrEqual(costly(bytes.subarray(0, numbered.consumed)));
        expect(numbered.costly).toBeLessThanOrEqual(costly(bytes));
        expect(jsonBytesOf(numbered.bytes)).toBeLessThanOrEqual(numbered.bytes.length + (MAX_JSON_BYTES_PER_BYTE - 1) * numbered.costly + 2 * numbered.lines);
      }),
      { numRuns: 1000 },
    );
  });
});
