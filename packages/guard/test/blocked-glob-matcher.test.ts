import fc from "fast-check";
import picomatch from "picomatch";
import { describe, expect, test } from "vitest";
import { blockedGlobProblem } from "../src/blocked-globs.js";
import { compileBlockedGlobMatcher } from "../src/blocked-glob-matcher.js";
import { createGuard } from "../src/index.js";
import { scratch } from "./support/scratch.js";

const PICOMATCH_OPTIONS = { dot: true, nocase: true, strictBrackets: true } as const;

// picomatch's syntax, less what this guard refuses (groups, extglobs, brace ranges) and `[!`, which
// picomatch reads as text (see compileBlockedGlobMatcher).
const PIECES = ["a", "b", "A", "x", ".", "*", "**", "?", "/", "[ab]", "[a-b]", "[^a]", "[[:alpha:]]", "{a,b}", "{a,b/x}", "{,a}", "{a}", "\\*", "\\{", "-", ","];
const NAMES = ["a", "b", "ab", "A", ".a", "x", "a.b", "{a}"];

function matcher(glob: string): (value: string) => boolean {
  const compiled = compileBlockedGlobMatcher(glob);
  if (!compiled.ok) throw new Error(compiled.problem);
  return (value) => compiled.matches(value);
}

/**
 * The shapes picomatch 4 reads against its own rules, each pinned by an example below: a run of three stars
 * before a name (`***a.` matches `ab`, which `*a.` does not) and a `.` before a POSIX class in one name (the
 * dot is left unescaped: `/a.[[:alpha:]]` matches `/a/a`).
 */
function picomatchMisreads(glob: string): string | undefined {
  if (/\*{3}[^*/]/u.test(glob)) return "three stars before a name";
  if (/\.[^/]*\[\[:/u.test(glob)) return "a dot before a POSIX class";
  return undefined;
}

/**
 * The shapes where picomatch 4 matches fewer directory levels than its own `**` rule, each pinned below: a
 * leading `/**` segment matching no directory (against `/b`, the glob `/**` + `/b` does not match), and a
 * trailing `/**` after a name with a wildcard not matching that directory itself (`a/**` matches `a`, while
 * `a*` + `/**` does not match `ab`).
 */
function picomatchMissesDirectories(glob: string): string | undefined {
  if (glob.startsWith("/**/") || glob.startsWith("/**{")) return "a leading /**";
  if (/(^|\/)[^/]*[*?[{][^/]*\/\*\*$/u.test(glob)) return "a trailing /** after a wildcard name";
  return undefined;
}

describe("issue 30 case 4: blocked patterns are matched in bounded time", () => {
  test("the bounded-time matcher decides as picomatch on random patterns and paths", () => {
    const glob = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 6 }).map((pieces) => pieces.join(""));
    const value = fc.tuple(fc.boolean(), fc.array(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 4 })).map(([absolute, names]) => `${absolute ? "/" : ""}${names.join("/")}`);
    fc.assert(
      fc.property(fc.boolean(), glob, fc.array(value, { minLength: 1, maxLength: 8 }), (absolute, pattern, values) => {
        const written = absolute ? `/${pattern}` : pattern;
        fc.pre(blockedGlobProblem(written) === undefined && picomatchMisreads(written) === undefined);
        const ours = matcher(written);
        const theirs = picomatch(written, PICOMATCH_OPTIONS);
        const family = picomatchMissesDirectories(written);
        for (const candidate of values) {
          // Where picomatch misses a directory level, this guard blocks at least what picomatch blocks.
          if (family !== undefined && theirs(candidate)) expect({ written, candidate, family, matches: ours(candidate) }).toEqual({ written, candidate, family, matches: true });
          if (family === undefined) expect({ written, candidate, matches: ours(candidate) }).toEqual({ written, candidate, matches: theirs(candidate) });
        }
      }),
      { numRuns: 1000 },
    );
  });

  test("`**` then only extensions is any path ending in them, at any depth, as picomatch reads it (seed 935305943 found `**.a` blocking `a/.a` in picomatch and not here)", () => {
    const values = ["y.a", ".a", "x/y.a", "x/.a", "x/y/z.A", "/x/y.a", "x/y.ab", "x/y.a/b", "x/ya"];
    for (const glob of ["**.a", "./**.a"]) expect(values.map(matcher(glob))).toEqual([true, true, true, true, true, true, false, false, false]);
    const theirs = picomatch("**.a", PICOMATCH_OPTIONS);
    expect(values.map(matcher("**.a"))).toEqual(values.map((value) => theirs(value)));
    expect(["x/y.tar.gz", "x/y.gz"].map(matcher("**.tar.gz"))).toEqual([true, false]);
    // Anything else after the `**` keeps it inside one name, in picomatch too.
    expect(["x/y.a", "y.a", "x/yb.a"].map(matcher("**b.a"))).toEqual([false, false, false]);
    expect(["x/y.ab", "y.ab"].map(matcher("**.a*"))).toEqual([false, true]);
  });

  test("a run of three stars before a name is a run of stars, as `*a.` is (seed 2013215756 found picomatch matching `***a.` to `ab`)", () => {
    const blocked = matcher("***a.");
    expect(["ab", "a.", "xa.", "x/ya."].map((value) => blocked(value))).toEqual([false, true, true, false]);
    expect(matcher("*a.")("ab")).toBe(false);
  });

  test("a '.' before a POSIX class is a dot (seed 6 found picomatch matching `/a.[[:alpha:]]` and `/a.**[[:alpha:]]` to `/a/a`)", () => {
    expect(["/a.b", "/a/a", "/a.1"].map((value) => matcher("/a.[[:alpha:]]")(value))).toEqual([true, false, false]);
    expect(["/a.b", "/a/a", "/a.xb"].map((value) => matcher("/a.**[[:alpha:]]")(value))).toEqual([true, false, true]);
  });

  test("a `**` segment matches no directory too, at the root and after a wildcard name (seeds 106 and 116 found picomatch missing `/b` for `/**/[^a]` and `a` for `a**/**`)", () => {
    expect(["/b", "/x/b", "b"].map((value) => matcher("/**/b")(value))).toEqual([true, true, false]);
    expect(["/b", "/a", "/x/b"].map((value) => matcher("/**/[^a]{,a}")(value))).toEqual([true, false, true]);
    expect(["a", "ab", "ab/x", "b"].map((value) => matcher("a*/**")(value))).toEqual([true, true, true, false]);
    expect(["a", "a/x"].map((value) => matcher("a**/**")(value))).toEqual([true, true]);
    expect(picomatch("/**/b", PICOMATCH_OPTIONS)("/b")).toBe(false);
    expect(picomatch("a*/**", PICOMATCH_OPTIONS)("ab")).toBe(false);
  });

  test("globstars, stars, classes and braces decide as picomatch on chosen paths", () => {
    const patterns = ["a/**", "/a/**", "**", "/**", "**/b", "a/**/b", "a/**/**/b", "*", "a/*", "*.sql", "a*", "a**", "***", "a/***/b", "?", "[a-b]x", "[^a]", "[[:alpha:]]", "{a,b/x}", "{a,{b,x}}/a", "x/{,a}b", "\\*", "a{}b", "{a}"];
    const values = ["a", "b", "x", "a/b", "a/a/b", "a/x/y/b", "/a", "/a/b", "ab", "a.sql", "b/a.sql", "ax", "bx", "b/x", "x/b", "x/ab", "*", "a{}b", "{a}", "A/B"];
    for (const pattern of patterns) {
      const ours = matcher(pattern);
      const theirs = picomatch(pattern, PICOMATCH_OPTIONS);
      for (const value of values) expect({ pattern, value, matches: ours(value) }).toEqual({ pattern, value, matches: theirs(value) });
    }
  });

  test("patterns that take picomatch exponential time are answered", () => {
    const eleven = `**/${"a/**/".repeat(10)}b`;
    expect(matcher(eleven)(`${"a/".repeat(50)}x`)).toBe(false);
    expect(matcher(eleven)(`${"a/".repeat(50)}b`)).toBe(true);
    const stars = `${"*a".repeat(2040)}*b`;
    expect(matcher(stars)("a".repeat(4000))).toBe(false);
    expect(matcher(stars)(`${"a".repeat(2040)}b`)).toBe(true);
  });

  test("through the guard: a pathological blocked pattern decides a 50-directory path", () => {
    const s = scratch();
    const guard = createGuard({ root: s.root, blocked: [`**/${"a/**/".repeat(10)}b`] });
    expect(guard.checkPath(`${"a/".repeat(50)}b`, "read")).toMatchObject({ decision: "denied", reason: "blocked" });
    expect(guard.checkPath(`${"a/".repeat(50)}x`, "read")).toMatchObject({ decision: "granted" });
  });

  test("groups, extglobs, brace ranges and stars that braces would join are refused at load, saying why and what to write instead", () => {
    expect(blockedGlobProblem("@(a|b).txt")).toBe("The blocked pattern '@(a|b).txt' uses a group or an extglob ('(' at character 2), which this guard does not match; escape it as '\\(' to mean the character.");
    expect(blockedGlobProblem("file{1..3}.txt")).toBe("The blocked pattern 'file{1..3}.txt' uses a brace range ('{a..b}'), which this guard does not expand; list the alternatives ('{a,b}').");
    expect(blockedGlobProblem("name\\(1\\).txt")).toBeUndefined();
    expect(matcher("name\\(1\\).txt")("name(1).txt")).toBe(true);
    // Seed 1538323629: `*{,a}*` spelt out is `**` and `*a*`, a globstar picomatch never reads there.
    expect(blockedGlobProblem("*{,a}*")).toBe(
      "The blocked pattern '*{,a}*' has a '*' beside a brace whose alternative is empty or starts or ends with '*' ('*{,a}*'), which picomatch reads with the stars apart; write the alternatives out ('{*,*a*}').",
    );
    expect(blockedGlobProblem("{*,a}*")).toBeDefined();
    expect(blockedGlobProblem("*.{js,ts}")).toBeUndefined();
    expect(blockedGlobProblem(`${"{a,b}".repeat(9)}`)).toBe(`The blocked pattern '${"{a,b}".repeat(9)}' expands to more than 256 alternatives.`);
  });

  test("[!a] is a negated class (picomatch reads it as text)", () => {
    expect(matcher("[!a].txt")("b.txt")).toBe(true);
    expect(matcher("[!a].txt")("a.txt")).toBe(false);
  });
});

describe("a glob's braces are spelt out in time linear in the spellings' length", () => {
  test("eight {a,b}/ groups before 4 KiB of text (256 spellings) compile in a bounded time (it took 39 s: a copy of every spelling per character)", () => {
    const glob = `${"{a,b}/".repeat(8)}${"x".repeat(4096 - 48)}`;
    const started = performance.now();
    const matcher = compileBlockedGlobMatcher(glob);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(matcher.ok).toBe(true);
  });
});
