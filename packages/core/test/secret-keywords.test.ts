import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { hasSecretKeyword, hasSecretKeywordIn, SECRET_KEYWORDS } from "../src/secret-keywords.js";

// The prefilter as it was before the keyword automaton (commit aaaa995): the reference both ways of
// looking for a keyword must agree with, on every text.
const KEYWORDS_BEFORE =
  /a(?:3t|kia|sia|gpa|ida|roa|ipa|npa|nva)|g(?:h[pousr]_|ithub_pat_|l(?:pat|dt|rt|ptt|cbt|soat)-)|s(?:ecret|k-ant-|k_(?:live|test)_|g\.|hp(?:pa|ca|at|ss)_)|x(?:ox|app|-oauth-basic)|private[ _]key|ops_|npm_|lin_api_|t3blbkfj|rk_(?:live|test)_|hooks\.slack\.com|_authtoken|-----end/i;

const both = (text: string) => [hasSecretKeyword(text), hasSecretKeywordIn(Buffer.from(text))];
const mixedCase = (keyword: string) => [...keyword].map((character, index) => (index % 2 === 0 ? character.toUpperCase() : character)).join("");
const fillers = { short: "", "600 bytes": "const value = path;\n".repeat(30), "40 KiB": "lines index state\n".repeat(2300) };

describe("secret keywords: the automaton and the SIMD finder say what the regular expression said", () => {
  test("every keyword, in every case, alone, among text and past SIMD pieces, is found", () => {
    expect(SECRET_KEYWORDS).toHaveLength(44);
    for (const keyword of SECRET_KEYWORDS) {
      for (const form of [keyword, keyword.toUpperCase(), mixedCase(keyword)]) {
        for (const [label, filler] of Object.entries(fillers)) {
          for (const text of [form, `${filler}${form}`, `${form}${filler}`, `${filler}é${form}é${filler}`]) {
            expect(KEYWORDS_BEFORE.test(text), `${label}: ${form}`).toBe(true);
            expect(both(text), `${label}: ${form}`).toEqual([true, true]);
          }
        }
      }
    }
  });

  test("a keyword's neighbours are not: cut short, broken by a non-ASCII or look-alike character", () => {
    for (const keyword of SECRET_KEYWORDS) {
      const cases = [keyword.slice(0, -1), keyword.slice(1), `${keyword.slice(0, 2)}é${keyword.slice(2)}`, keyword.replace(/k/g, "\u212a").replace(/s/g, "\u017f").replace(/i/g, "\u0131")];
      for (const neighbour of cases) {
        // A neighbour may hold another keyword, or make one with its filler ("x-oauth-basi" + "lines").
        for (const filler of Object.values(fillers)) {
          const text = `${filler}${neighbour}${filler}`;
          const expected = KEYWORDS_BEFORE.test(text);
          expect(both(text), neighbour).toEqual([expected, expected]);
        }
      }
    }
  });

  test("a keyword that starts at any offset around a SIMD piece's end (32 KiB) is found", () => {
    for (const keyword of SECRET_KEYWORDS) {
      for (let offset = 32 * 1024 - keyword.length - 17; offset <= 32 * 1024 + 17; offset++) {
        expect(hasSecretKeywordIn(Buffer.from(`${"x".repeat(offset)}${keyword.toUpperCase()}${".".repeat(20)}`)), `${keyword} at ${offset}`).toBe(true);
      }
    }
  });

  test("property: on text built from keyword parts, any characters and line ends, both agree with the regular expression", () => {
    const part = fc.oneof(
      fc.constantFrom(...SECRET_KEYWORDS).chain((keyword) => fc.integer({ min: 1, max: keyword.length }).map((cut) => keyword.slice(0, cut))),
      fc.constantFrom(...SECRET_KEYWORDS).map(mixedCase),
      fc.string({ unit: "binary", maxLength: 6 }),
      fc.constantFrom("\n", "\r\n", " ", "_", "-", ".", "é", "\u212a", "\u017f", "😀"),
      fc.constantFrom("const value = path;\n".repeat(30), "x".repeat(32 * 1024 - 5)),
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 40 }), (parts) => {
        const text = parts.join("");
        const expected = KEYWORDS_BEFORE.test(text);
        expect(both(text)).toEqual([expected, expected]);
      }),
      { numRuns: 500 },
    );
  });

  test("property: the bytes of invalid UTF-8 are judged as the text they decode to", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.uint8Array({ maxLength: 20 }), fc.constantFrom(...SECRET_KEYWORDS).map((keyword) => new Uint8Array(Buffer.from(keyword)))), { maxLength: 60 }), (pieces) => {
        const bytes = Buffer.concat(pieces);
        expect(hasSecretKeywordIn(bytes)).toBe(KEYWORDS_BEFORE.test(bytes.toString("utf8")));
      }),
      { numRuns: 300 },
    );
  });
});
