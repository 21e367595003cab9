import { describe, expect, test } from "vitest";
import { escapeText, quoteText } from "../src/index.js";

// Issue 31 case 8: the unsafe set of escapeText as a table. Random strings almost never draw one given
// code point, so dropping U+2069 from the set passed every property; here every member of every range,
// and the code points just below and just above each range, are checked one by one with the exact
// output. The ranges are written out as the contract says them, not taken from the implementation.
const UNSAFE_RANGES: readonly (readonly [number, number, string])[] = [
  [0x00, 0x1f, "C0 controls"],
  [0x7f, 0x9f, "DEL and C1 controls"],
  [0x61c, 0x61c, "ARABIC LETTER MARK"],
  [0x200e, 0x200f, "LEFT-TO-RIGHT and RIGHT-TO-LEFT MARK"],
  [0x2028, 0x2029, "LINE and PARAGRAPH SEPARATOR"],
  [0x202a, 0x202e, "bidi embeddings and overrides"],
  [0x2066, 0x2069, "bidi isolates"],
];

/** What escapeText shows for an unsafe code point: `\n`, `\r`, `\t`, `\xNN` up to U+00FF, `\uNNNN` above. */
function shown(code: number): string {
  if (code === 0x0a) return "\\n";
  if (code === 0x0d) return "\\r";
  if (code === 0x09) return "\\t";
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}

const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;

const members = UNSAFE_RANGES.flatMap(([low, high, name]) => Array.from({ length: high - low + 1 }, (_, index) => [low + index, name] as const));
const isMember = (code: number) => UNSAFE_RANGES.some(([low, high]) => code >= low && code <= high);
// The neighbours of each range that are not themselves in the set (0x20 follows the C0 range, 0x2029 and
// 0x202a touch, so U+2029's upper neighbour is a member and is checked as one).
const neighbours = [...new Set(UNSAFE_RANGES.flatMap(([low, high]) => [low - 1, high + 1]))].filter((code) => code >= 0 && !isMember(code));

describe("issue 31 case 8: escapeText's unsafe characters, member by member", () => {
  test("the table has every member: 32 C0, 33 DEL and C1, and 14 marks, separators and bidi controls", () => {
    expect(members.length).toBe(32 + 33 + 1 + 2 + 2 + 5 + 4);
    expect(neighbours.map(hex)).toEqual(["U+0020", "U+007E", "U+00A0", "U+061B", "U+061D", "U+200D", "U+2010", "U+2027", "U+202F", "U+2065", "U+206A"]);
  });

  test.each(members.map(([code, name]) => [hex(code), name, code] as const))("%s (%s) is escaped, in free text and quoted", (_, __, code) => {
    const char = String.fromCodePoint(code);
    expect(escapeText(`a${char}b`)).toBe(`a${shown(code)}b`);
    expect(quoteText(`a${char}b`)).toBe(`'a${shown(code)}b'`);
    // Only a tab, and a line feed when asked, may stay as they are.
    expect(escapeText(`a${char}b`, { keepTabs: true })).toBe(code === 0x09 ? `a\tb` : `a${shown(code)}b`);
    expect(escapeText(`a${char}b`, { keepTabs: true, keepNewlines: true })).toBe(code === 0x09 || code === 0x0a ? `a${char}b` : `a${shown(code)}b`);
  });

  test.each(neighbours.map((code) => [hex(code), code] as const))("%s, next to a range, is left as it is", (_, code) => {
    const char = String.fromCodePoint(code);
    expect(escapeText(`a${char}b`)).toBe(`a${char}b`);
    expect(quoteText(`a${char}b`)).toBe(`'a${char}b'`);
  });
});
