import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { escapeText, quoteText, validatePathInput } from "../src/index.js";

const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

describe("escapeText and quoteText: the one rule for echoed text", () => {
  test("quoteText escapes control, bidi and line-separator characters, the quote and backslashes", () => {
    expect(quoteText("a\nb\tc\rd\u001b[31m\u202e'\\\u2028")).toBe("'a\\nb\\tc\\rd\\x1b[31m\\u202e\\'\\\\\\u2028'");
    expect(quoteText("plain/caf\u00e9.txt")).toBe("'plain/caf\u00e9.txt'");
    expect(quoteText('say "hi"\u0085', '"')).toBe('"say \\"hi\\"\\x85"');
    expect(quoteText("it's", '"')).toBe('"it\'s"');
  });

  test("escapeText escapes the same characters in free text, quotes aside, keeping tabs and line feeds only when asked", () => {
    expect(escapeText("a\nb\tc\u202e'd")).toBe("a\\nb\\tc\\u202e'd");
    expect(escapeText("a\nb\tc\u202e'd", { keepTabs: true })).toBe("a\\nb\tc\\u202e'd");
    expect(escapeText("a\r\nb\tc", { keepTabs: true, keepNewlines: true })).toBe("a\\r\nb\tc");
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (text) => {
        const kept = escapeText(text, { keepTabs: true, keepNewlines: true }).replaceAll("\t", "").replaceAll("\n", "");
        return !UNSAFE.test(escapeText(text)) && !UNSAFE.test(escapeText(text, { keepTabs: true }).replaceAll("\t", "")) && !UNSAFE.test(kept);
      }),
    );
  });

  test("no quoted text contains an unsafe character, and different texts stay different", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), fc.string({ unit: "binary", maxLength: 40 }), fc.constantFrom("'", '"'), (a, b, quote) => {
        const quoted = quoteText(a, quote);
        return !UNSAFE.test(quoted) && (a === b || quoted !== quoteText(b, quote));
      }),
    );
  });

  test("the path check takes any non-empty string without NUL as a name, and its messages are escaped", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", minLength: 1, maxLength: 20 }), (text) => {
        const checked = validatePathInput(text);
        expect(checked.ok).toBe(!text.includes("\u0000"));
        if (!checked.ok) expect(UNSAFE.test(checked.failure.message)).toBe(false);
      }),
    );
  });
});
