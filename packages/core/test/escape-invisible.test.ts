import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { escapeText } from "../src/index.js";

// Issue 31 item 4: the people's view (`escapeText(text, { keepTabs: true, invisible: true })`) shows every
// invisible or format character, each member of the set and the characters around it tested one by one.
const people = (text: string) => escapeText(text, { keepTabs: true, invisible: true });
const escaped = (code: number) => (code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : code <= 0xffff ? `\\u${code.toString(16).padStart(4, "0")}` : `\\u{${code.toString(16)}}`);

// Unicode 17's format characters (Cf, as Node 20 and 24 know them) outside the C1/bidi ranges the default set already escapes, and
// the other invisible characters: each [first, last] range is shown, the code points just outside are not.
const INVISIBLE_RANGES: readonly [number, number, string][] = [
  [0x00ad, 0x00ad, "SOFT HYPHEN"],
  [0x0600, 0x0605, "ARABIC NUMBER SIGN .. ARABIC NUMBER MARK ABOVE"],
  [0x06dd, 0x06dd, "ARABIC END OF AYAH"],
  [0x070f, 0x070f, "SYRIAC ABBREVIATION MARK"],
  [0x0890, 0x0891, "ARABIC POUND MARK ABOVE .. PIASTRE MARK ABOVE"],
  [0x08e2, 0x08e2, "ARABIC DISPUTED END OF AYAH"],
  [0x115f, 0x1160, "HANGUL CHOSEONG FILLER, JUNGSEONG FILLER"],
  [0x180e, 0x180e, "MONGOLIAN VOWEL SEPARATOR"],
  [0x200b, 0x200d, "ZERO WIDTH SPACE, NON-JOINER, JOINER"],
  [0x2060, 0x2064, "WORD JOINER .. INVISIBLE PLUS"],
  [0x206a, 0x206f, "INHIBIT SYMMETRIC SWAPPING .. NOMINAL DIGIT SHAPES"],
  [0x3164, 0x3164, "HANGUL FILLER"],
  [0xfeff, 0xfeff, "ZERO WIDTH NO-BREAK SPACE (a BOM inside a line)"],
  [0xffa0, 0xffa0, "HALFWIDTH HANGUL FILLER"],
  [0xfff9, 0xfffb, "INTERLINEAR ANNOTATION ANCHOR .. TERMINATOR"],
  [0x110bd, 0x110bd, "KAITHI NUMBER SIGN"],
  [0x110cd, 0x110cd, "KAITHI NUMBER SIGN ABOVE"],
  [0x13430, 0x1343f, "EGYPTIAN HIEROGLYPH VERTICAL JOINER .. END WALLED ENCLOSURE"],
  [0x1bca0, 0x1bca3, "SHORTHAND FORMAT LETTER OVERLAP .. UP STEP"],
  [0x1d173, 0x1d17a, "MUSICAL SYMBOL BEGIN BEAM .. END PHRASE"],
  [0xe0001, 0xe0001, "LANGUAGE TAG"],
  [0xe0020, 0xe007f, "TAG SPACE .. CANCEL TAG (can spell hidden instructions)"],
  [0xe0100, 0xe01ef, "VARIATION SELECTOR-17 .. VARIATION SELECTOR-256"],
];

describe("escapeText's invisible set (issue 31 item 4)", () => {
  for (const [first, last, name] of INVISIBLE_RANGES) {
    test(`${name}: U+${first.toString(16)}..U+${last.toString(16)} shown, its neighbours kept`, () => {
      for (let code = first; code <= last; code++) {
        const char = String.fromCodePoint(code);
        expect(people(`a${char}b`), `U+${code.toString(16)}`).toBe(`a${escaped(code)}b`);
        // Not in the default set: messages keep what the profiles' references print.
        expect(escapeText(`a${char}b`)).toBe(`a${char}b`);
      }
      for (const code of [first - 1, last + 1]) {
        const char = String.fromCodePoint(code);
        const inside = INVISIBLE_RANGES.some(([from, to]) => code >= from && code <= to);
        if (!inside && !/[\p{Cf}\p{Cc}]/u.test(char)) expect(people(`a${char}b`), `U+${code.toString(16)}`).toBe(`a${char}b`);
      }
    });
  }

  test("the table holds every format character this runtime knows (a new Unicode version adds rows here)", () => {
    const unsafe = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
    const missing: string[] = [];
    for (let code = 0; code <= 0x10ffff; code++) {
      const char = String.fromCodePoint(code);
      if (/\p{Cf}/u.test(char) && !unsafe.test(char) && !INVISIBLE_RANGES.some(([from, to]) => code >= from && code <= to)) missing.push(code.toString(16));
    }
    expect(missing).toEqual([]);
  });

  test("variation selectors 1-16 stay (emoji need VS16), and so do emoji, CJK and accents", () => {
    for (const text of ["❤️", "\u2764\ufe0f", "☃\ufe0e", "日本語のテキスト", "café", "naïve", "😀 ok", "\ufe00"]) expect(people(text)).toBe(text);
  });

  test("the default set is escaped the same way in the people's view, tabs kept (and escaped without keepTabs)", () => {
    expect(people("a\tb\u001b[2J\u202ec\u2069")).toBe("a\tb\\x1b[2J\\u202ec\\u2069");
    expect(escapeText("a\tb\u200bc", { invisible: true })).toBe("a\\tb\\u200bc");
  });

  test("ordinary text is unchanged, byte for byte: letters, digits, punctuation, spaces, emoji, any script", () => {
    const ordinary = fc.string({ unit: "grapheme", maxLength: 80 }).filter((text) => !/[\p{Cf}\p{Cc}\u115f\u1160\u3164\uffa0\u2028\u2029\u{e0100}-\u{e01ef}]/u.test(text));
    fc.assert(fc.property(ordinary, (text) => people(text) === text));
  });
});
