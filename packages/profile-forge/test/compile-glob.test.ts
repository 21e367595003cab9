import { describe, expect, test } from "vitest";
import { compileGlob, unboundedWildcards } from "../src/compile-glob.js";
import { DEFAULT_DENIED_PATTERNS } from "../src/default-denied-patterns.js";

// Expected values are Rust globset's (0.4, case_insensitive, literal_separator off, as forge builds its
// deny patterns), run on these very patterns and paths for issue 15; `a}b` is the one pattern globset
// accepts that is refused here (see compileGlob).
const PATHS = ["a", "b", "ab", "aab", "a/b", "a/c/b", "a/x/y/b", "a/prod.env", "xay", "xy", ".env", "sub/.env", ".env.local", ".env.d/a.txt", "prod.env", "]", "-", "*", "a*b", "x", ","];

function matching(pattern: string): string[] {
  const glob = compileGlob(pattern);
  if ("error" in glob) throw new Error(glob.error);
  return PATHS.filter((path) => glob.matches(path));
}

describe("FORGE-NFR-RD-SEC-01-deny: compileGlob reads a pattern as forge's sandbox does", () => {
  test.each<[string, string[]]>([
    ["**/.env.*", [".env.local", ".env.d/a.txt"]],
    ["*.env", ["a/prod.env", ".env", "sub/.env", "prod.env"]],
    ["a/**", ["a/b", "a/c/b", "a/x/y/b", "a/prod.env"]],
    ["a/**/b", ["a/b", "a/c/b", "a/x/y/b"]],
    ["a**b", ["ab", "aab", "a/b", "a/c/b", "a/x/y/b", "a*b"]],
    ["{a,b}", ["a", "b"]],
    ["x{a,}y", ["xay"]],
    ["[!abc]", ["]", "-", "*", "x", ","]],
    ["[]]", ["]"]],
    ["[a-]", ["a", "-"]],
    ["a\\*b", ["a*b"]],
    ["[*]", ["*"]],
    ["?", ["a", "b", "]", "-", "*", "x", ","]],
  ])("%s", (pattern, expected) => {
    expect(matching(pattern).sort()).toEqual([...expected].sort());
  });

  test("** alone, and **/** , match every path", () => {
    expect(matching("**")).toEqual(PATHS);
    expect(matching("**/**")).toEqual(PATHS);
  });

  test("case is ignored, beyond ASCII too (globset folds ASCII only: a deliberate difference)", () => {
    const glob = compileGlob("**/*.PEM");
    expect("error" in glob ? null : [glob.matches("Secret.pem"), glob.matches("x/KEY.Pem")]).toEqual([true, true]);
    const accents = compileGlob("\u00c9T\u00c9.txt");
    expect("error" in accents ? null : accents.matches("\u00e9t\u00e9.txt")).toBe(true);
  });

  test("caseSensitive (for `!` exceptions) matches the pattern as written", () => {
    const glob = compileGlob("**/.env.Example", { caseSensitive: true });
    expect("error" in glob ? null : ["x/.env.Example", "x/.env.example", ".ENV.EXAMPLE"].map((path) => glob.matches(path))).toEqual([true, false, false]);
  });

  test.each<[string, string]>([
    ["[invalid", "unclosed character class; missing ']'"],
    ["[!]", "unclosed character class; missing ']'"],
    ["[z-a]", "invalid range; 'z' > 'a'"],
    ["[a--]", "invalid range; 'a' > '-'"],
    ["{a,{b}}", "nested alternate groups are not allowed"],
    ["{a", "unclosed alternate group; missing '}' (maybe escape '{' with '[{]'?)"],
    ["a}b", "unopened alternate group; missing '{' (maybe escape '}' with '[}]'?)"],
    ["a\\", "dangling '\\'"],
  ])("%s is refused: %s", (pattern, error) => {
    expect(compileGlob(pattern)).toEqual({ error });
  });
});

describe("issue 30: a deny pattern's cost (a workspace may add deny patterns)", () => {
  test("a run of * is one wildcard: the same paths match", () => {
    const glob = compileGlob(`/${"*".repeat(24)}#`);
    if ("error" in glob) throw new Error(glob.error);
    expect(glob.matches(`/${"a/".repeat(2000)}x`)).toBe(false);
    expect(glob.matches("/a/b#")).toBe(true);
    const branches = compileGlob("{a***b,c}");
    expect("error" in branches ? null : ["ab", "a/x/b", "c", "ac"].map((path) => branches.matches(path))).toEqual([true, true, true, false]);
  });

  test("unboundedWildcards counts * runs and ** components in the longest alternative", () => {
    const cases: [string, number | undefined][] = [
      ["**/.env", 1],
      ["**/.env.*", 2],
      ["**/.ssh/**", 2],
      ["*.pem", 1],
      ["a/**/b/*c*", 3],
      ["***x", 1],
      ["{*a*,b}", 2],
      ["/x", 0],
      ["{", undefined],
    ];
    for (const [pattern, count] of cases) expect(unboundedWildcards(pattern), pattern).toBe(count);
  });

  test("every default deny pattern holds at most two unbounded wildcards, so a workspace may repeat the defaults", () => {
    for (const pattern of DEFAULT_DENIED_PATTERNS) expect(unboundedWildcards(pattern.replace(/^!/u, "")), pattern).toBeLessThanOrEqual(2);
  });
});
