import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { compileGlob, unboundedWildcards } from "../src/compile-glob.js";
import { GlobSubject } from "../src/glob-subject.js";
import { compileGlobBefore } from "./support/compile-glob-before.js";

// Characters whose case folds in every way the `iu` flags know: ASCII, the Kelvin sign and long s (which
// fold to ASCII), Latin-1, sharp s and its capital, the three sigmas, the two iotas with dialytika and
// tonos (equal under simple folding in recent Unicode versions only), Cherokee (folding to capitals),
// dotless and dotted i (which fold to no other character), titlecase digraphs, an astral letter with a
// case (Deseret), an emoji and a lone surrogate.
const LETTERS = ["a", "b", "A", "B", "k", "K", "\u212a", "s", "S", "\u017f", "\u00e9", "\u00c9", "\u00df", "\u1e9e", "\u03c3", "\u03c2", "\u03a3", "\u0390", "\u1fd3", "\u13a0", "\uab70", "\u0131", "\u0130", "i", "\u01c5", "\u01c4", "\u01c6", "\u{10400}", "\u{10428}", "\u{1f600}", "\ud800"];
const SEPARATORS = ["/", ".", "-", ",", "\\", "*", "[", "]", "{", "}", "!", "^", "?"];

// Globs from fragments that exercise every construct (recursive `**` at the start, end and middle, in and
// out of groups; classes with ranges over folding characters; escapes; empty alternatives) and, as often,
// syntax errors.
const fragment = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...LETTERS) },
  { weight: 3, arbitrary: fc.constantFrom("*", "**", "?", "/", "**/", "/**", "/**/", "***") },
  {
    weight: 2,
    arbitrary: fc.constantFrom("[a-z]", "[!a]", "[^/]", "[]]", "[a-]", "[!]a]", "[\u00e0-\u00ff]", "[\u212a]", "[\u017f-\u0180]", "[\u03c2]", "[\u13a0-\u13f5]", "[\u0100-\u{10fff}]", "[!k]", "[A-Z]", "[0-9a]"),
  },
  { weight: 2, arbitrary: fc.constantFrom("{a,b}", "{,a}", "{a,}", "{,}", "{**/a,b}", "{a/**,b}", "{*a*,k}", "{a/**/b,\u00e9}", "x{a,}y", "{[a-c],?}") },
  { weight: 1, arbitrary: fc.constantFrom(...SEPARATORS, "\\*", "\\{", "\\\\", "\\") },
);
const glob = fc.array(fragment, { maxLength: 10 }).map((fragments) => fragments.join(""));
// The reference backtracks: with k wildcards it may take the path's length to the k-th power to say no.
const wildcards = (pattern: string) => unboundedWildcards(pattern) ?? 0;

// Paths of the same characters; half are spelt from a glob (wildcards filled in, syntax dropped, here and
// there a character's case changed, a character dropped or one put before it), so that many match and
// many nearly do.
const pathPiece = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...LETTERS) }, { weight: 3, arbitrary: fc.constantFrom("/", ".", "-", ",", "x") }, { weight: 1, arbitrary: fc.constantFrom(...SEPARATORS) });
const path = fc.array(pathPiece, { maxLength: 16 }).map((pieces) => pieces.join(""));
const edit = fc.tuple(fc.constantFrom("keep", "keep", "keep", "case", "drop", "insert"), fc.array(pathPiece, { maxLength: 3 }));
const spelt = fc.array(fc.tuple(fragment, fc.array(edit, { minLength: 8, maxLength: 8 })), { maxLength: 10 }).map((pieces) => {
  const globText = pieces.map(([fragmentText]) => fragmentText).join("");
  const pathText = pieces
    .flatMap(([fragmentText, edits]) =>
      Array.from(fragmentText, (char, index) => {
        const [change, filler] = edits[index % edits.length] as [string, string[]];
        if ("*?{},[]!^\\".includes(char)) return filler.join("");
        if (change === "case") return char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase();
        if (change === "drop") return "";
        return change === "insert" ? filler.join("") + char : char;
      }),
    )
    .join("");
  return [globText, pathText] as const;
});
const caseSensitive = fc.boolean();

function before(pattern: string, sensitive: boolean, subject: string): boolean | string {
  const compiled = compileGlobBefore(pattern, { caseSensitive: sensitive });
  return "error" in compiled ? compiled.error : compiled.regex.test(subject);
}

function today(pattern: string, sensitive: boolean, subject: string | GlobSubject): boolean | string {
  const compiled = compileGlob(pattern, { caseSensitive: sensitive });
  return "error" in compiled ? compiled.error : compiled.matches(subject);
}

describe("issue 30: forge's globs match in linear time and match what their regular expressions did", () => {
  test("random globs and paths: the same verdict, or the same error, as the regular expression", () => {
    const seen = new Set<boolean | string>();
    fc.assert(
      fc.property(fc.oneof(fc.tuple(glob, path), spelt).filter(([pattern]) => wildcards(pattern) <= 4), caseSensitive, ([pattern, subject], sensitive) => {
        const verdict = today(pattern, sensitive, subject);
        expect(verdict).toBe(before(pattern, sensitive, subject));
        seen.add(typeof verdict === "string" ? "error" : verdict);
      }),
      { numRuns: 4000 },
    );
    // The cases are worth something only if both verdicts (and errors) come up.
    expect([...seen].sort()).toEqual(["error", false, true]);
  });

  test("long paths, where a step reached at over 64 positions works out where it holds at every position: the same verdict", () => {
    // A glob after a `*`, against a long run of characters then a path spelt from the glob.
    const long = fc
      .tuple(spelt, fc.array(pathPiece, { minLength: 1, maxLength: 6 }), fc.integer({ min: 12, max: 24 }))
      .map(([[pattern, subject], run, times]) => [`*${pattern}`, `${run.join("").repeat(times)}${subject}`] as const)
      .filter(([pattern, subject]) => wildcards(pattern) <= 2 && Array.from(subject).length > 64);
    fc.assert(
      fc.property(long, caseSensitive, ([pattern, subject], sensitive) => {
        expect(today(pattern, sensitive, subject)).toBe(before(pattern, sensitive, subject));
      }),
      { numRuns: 1000 },
    );
  });

  test("one subject serves many globs, short or long (where the steps' bit sets are shared): each verdict is the one a fresh path gets", () => {
    const subject = fc.tuple(fc.array(pathPiece, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 20 }), path).map(([run, times, rest]) => `${run.join("").repeat(times)}${rest}`);
    const globs = fc.array(fc.tuple(fc.boolean(), glob, caseSensitive), { maxLength: 12 }).map((list) => list.map(([starred, pattern, sensitive]) => [starred ? `*${pattern}` : pattern, sensitive] as const));
    fc.assert(
      fc.property(subject, globs, (text, list) => {
        const shared = new GlobSubject(text);
        for (const [pattern, sensitive] of list) if (wildcards(pattern) <= 2) expect(today(pattern, sensitive, shared)).toBe(before(pattern, sensitive, text));
      }),
      { numRuns: 500 },
    );
  });

  test("the default patterns' shapes, and a character found at one end only, on long paths", () => {
    const patterns = ["**/.ssh/**", "**/.env.*", "**/*.pem", "**/id_rsa*", "/home/**/x/*", "a/**/b/**", "*a*b", "**/a*/**", "*b*", "*[B]*", "*[!a]?"];
    const paths = [`${"a/".repeat(300)}b`, `${"a/".repeat(300)}.ssh/k`, `/home/${"x/".repeat(200)}y`, `${".env./".repeat(100)}.env.x`, `${"a".repeat(500)}b.pem`, `b${"a".repeat(100)}`, `${"a".repeat(100)}b`, `${"a".repeat(100)}ba`];
    for (const pattern of patterns) for (const subject of paths) for (const sensitive of [false, true]) expect(today(pattern, sensitive, subject), `${pattern} ${subject}`).toBe(before(pattern, sensitive, subject));
  });
});
