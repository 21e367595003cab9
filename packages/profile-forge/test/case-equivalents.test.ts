import { describe, expect, test } from "vitest";
import { caseEquivalents, caseKey } from "../src/case-equivalents.js";

// Every code point but the surrogates (a lone one is a character no case mapping changes).
function everyCharacter(): string {
  let all = "";
  for (let start = 0; start < 0x110000; start += 0x1000) {
    const block = Array.from({ length: 0x1000 }, (_, at) => start + at).filter((codePoint) => codePoint < 0xd800 || codePoint > 0xdfff);
    all += String.fromCodePoint(...block);
  }
  return all;
}

const hex = (char: string) => `\\u{${(char.codePointAt(0) as number).toString(16)}}`;

describe("caseEquivalents folds case as the engine's `iu` regular expressions do", () => {
  const all = everyCharacter();
  const mapped = all.match(/\p{Changes_When_Casemapped}/gu) ?? [];

  test("only characters a case mapping changes have equivalents, and they all lie in planes 0 and 1", () => {
    expect(mapped.length).toBeGreaterThan(2000);
    expect(mapped.filter((char) => (char.codePointAt(0) as number) >= 0x20000)).toEqual([]);
    const unmapped = all.replace(/\p{Changes_When_Casemapped}/gu, "");
    // None of the others matches a case-mapped character ignoring case...
    expect(new RegExp(`[${mapped.map(hex).join("")}]`, "iu").test(unmapped)).toBe(false);
    // ...nor another of them: two characters match ignoring case when they fold to one, and a character
    // that folding changes is one a case mapping changes.
    expect(/\p{Changes_When_Casefolded}/u.test(unmapped)).toBe(false);
  });

  test("each case-mapped character's equivalents are those its regular expression matches, and they share a key", () => {
    const wrong: string[] = [];
    for (const char of mapped) {
      const codePoint = char.codePointAt(0) as number;
      const equivalents = caseEquivalents(codePoint);
      const matching = new RegExp(`^${hex(char)}$`, "iu");
      const key = caseKey(codePoint);
      const right = equivalents.includes(codePoint) && key === Math.min(...equivalents) && equivalents.every((other) => matching.test(String.fromCodePoint(other)) && caseKey(other) === key);
      if (!right) wrong.push(char);
    }
    expect(wrong).toEqual([]);
  });

  test("an ASCII character's key (worked out without the lookup) is the least of its equivalents", () => {
    for (let codePoint = 0; codePoint < 0x80; codePoint++) expect(caseKey(codePoint), String(codePoint)).toBe(Math.min(...caseEquivalents(codePoint)));
    expect(caseEquivalents(0x6b)).toEqual([0x4b, 0x6b, 0x212a]);
  });
});
