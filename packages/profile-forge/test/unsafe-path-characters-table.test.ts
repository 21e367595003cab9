import { describe, expect, test } from "vitest";
import { read, sandbox } from "./helpers.js";

// Issue 31 case 8: the characters no path Read opens may hold (forge's `is_unsafe_path_char`, plus the
// line and paragraph separators), as a table: every member of every range is refused with the exact
// message, and the code points just below and above each range name files that are read. Random paths
// almost never draw one given code point; a range that lost a member would pass them.
const UNSAFE_RANGES: readonly (readonly [number, number, string])[] = [
  [0x0000, 0x001f, "C0 controls"],
  [0x007f, 0x009f, "DEL and C1 controls"],
  [0x00ad, 0x00ad, "SOFT HYPHEN"],
  [0x034f, 0x034f, "COMBINING GRAPHEME JOINER"],
  [0x061c, 0x061c, "ARABIC LETTER MARK"],
  [0x115f, 0x1160, "HANGUL CHOSEONG and JUNGSEONG FILLER"],
  [0x17b4, 0x17b5, "KHMER VOWEL INHERENT AQ and AA"],
  [0x180e, 0x180e, "MONGOLIAN VOWEL SEPARATOR"],
  [0x200b, 0x200f, "zero-width characters and direction marks"],
  [0x2028, 0x202e, "line and paragraph separators, bidi embeddings and overrides"],
  [0x2060, 0x2069, "word joiner, invisible operators and bidi isolates"],
  [0x3164, 0x3164, "HANGUL FILLER"],
  [0xfe00, 0xfe0f, "variation selectors"],
  [0xfeff, 0xfeff, "ZERO WIDTH NO-BREAK SPACE (BOM)"],
  [0xffa0, 0xffa0, "HALFWIDTH HANGUL FILLER"],
  [0xfff9, 0xfffb, "interlinear annotation controls"],
  [0xe0000, 0xe007f, "tag characters"],
  [0xe0100, 0xe01ef, "variation selectors supplement"],
];

const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, "0");
const isMember = (code: number) => UNSAFE_RANGES.some(([low, high]) => code >= low && code <= high);
const neighbours = [...new Set(UNSAFE_RANGES.flatMap(([low, high]) => [low - 1, high + 1]))].filter((code) => code >= 0 && !isMember(code));

const refusal = (code: number) => ({
  error: {
    code: "INVALID_ARGUMENT",
    message: `path contains invalid control characters (U+${hex(code)} is character 4): controls and invisible or direction-changing characters are refused, since a name holding them does not show what it is. Name the file without them.`,
  },
});

describe("issue 31 case 8: forge's unsafe path characters, member by member", () => {
  test("the table's neighbours are the code points around each range that are not in it", () => {
    expect(neighbours.map(hex)).toEqual([
      "0020", "007E", "00A0", "00AC", "00AE", "034E", "0350", "061B", "061D", "115E", "1161", "17B3", "17B6", "180D", "180F", "200A", "2010", "2027",
      "202F", "205F", "206A", "3163", "3165", "FDFF", "FE10", "FEFE", "FF00", "FF9F", "FFA1", "FFF8", "FFFC", "DFFFF", "E0080", "E00FF", "E01F0",
    ]);
  });

  test.each(UNSAFE_RANGES.map(([low, high, name]) => [`U+${hex(low)}-U+${hex(high)}`, name, low, high] as const))("every member of %s (%s) is refused, naming it", async (_, __, low, high) => {
    const { root } = sandbox({ "ok.txt": "x\n" });
    const codes = Array.from({ length: high - low + 1 }, (_, index) => low + index);
    const outputs = [];
    for (const code of codes) outputs.push(await read(root, { path: `sub${String.fromCodePoint(code)}.txt` }));
    expect(outputs).toEqual(codes.map(refusal));
  });

  test("every neighbour names a file that is read", async () => {
    const files = Object.fromEntries(neighbours.map((code) => [`sub${String.fromCodePoint(code)}.txt`, `U+${hex(code)}\n`]));
    const { root } = sandbox(files);
    const contents = [];
    for (const name of Object.keys(files)) {
      const output = await read(root, { path: name, show_line_numbers: false });
      contents.push("error" in output ? output.error : output.content);
    }
    expect(contents).toEqual(Object.values(files));
  });
});
