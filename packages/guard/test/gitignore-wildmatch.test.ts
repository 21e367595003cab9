import { execFileSync } from "node:child_process";
import fs from "node:fs";
import fc from "fast-check";
import { expect, test } from "vitest";
import { createGuard } from "../src/index.js";
import { scratch } from "./support/scratch.js";
import { verdict } from "./support/verdict.js";

// Lower case only: the guard also ignores what a case-folded reading ignores, which git on Linux does not.
const DIRECTORIES = ["a", "b", "ab"];
const NAMES = ["x", "ax", "xa", "a1"];
const FILES = [
  ...NAMES,
  ...DIRECTORIES.flatMap((first) => [...NAMES.map((name) => `${first}/${name}`), ...DIRECTORIES.flatMap((second) => NAMES.map((name) => `${first}/${second}/${name}`))]),
];
// Everything git's wildmatch gives a meaning to: stars, `**` at and away from slashes, classes (negated,
// ranges, POSIX, unclosed), escapes (an escaped slash and star, a trailing backslash), trailing spaces.
// Names, slashes and stars come often enough to build paths of several directories.
const COMMON = ["a", "b", "x", "*", "**", "/"];
const RARE = ["1", "?", "[ab]", "[!a]", "[^x]", "[a-b]", "[]a]", "[[:alpha:]]", "[[:digit:]]", "[[:nope:]]", "[", "]", "\\*", "\\a", "\\/", "\\", " ", "\\ "];

test("issue 30 case 4: the bounded-time matcher decides as git check-ignore on random patterns and paths", () => {
  const s = scratch();
  execFileSync("git", ["init", "-q", s.root]);
  for (const file of FILES) s.write(`ws/${file}`, "x\n");
  const line = fc
    .tuple(fc.boolean(), fc.array(fc.oneof({ arbitrary: fc.constantFrom(...COMMON), weight: 4 }, { arbitrary: fc.constantFrom(...RARE), weight: 1 }), { minLength: 1, maxLength: 7 }), fc.boolean())
    .map(([negated, pieces, directory]) => `${negated ? "!" : ""}${pieces.join("")}${directory ? "/" : ""}`);
  const rules = fc.array(line, { minLength: 1, maxLength: 4 }).map((lines) => `${lines.join("\n")}\n`);
  fc.assert(
    fc.property(rules, rules, (root, nested) => {
      fs.writeFileSync(`${s.root}/.gitignore`, root);
      fs.writeFileSync(`${s.root}/a/.gitignore`, nested);
      const guard = createGuard({ root: s.root, defaultBlocked: false });
      const ours = FILES.filter((file) => verdict(guard.checkPath(file, "read")) === "gitignored");
      expect(ours).toEqual(gitIgnored(s.root, FILES));
    }),
    { numRuns: 120 },
  );
});

function gitIgnored(root: string, files: readonly string[]): string[] {
  try {
    return execFileSync("git", ["-C", root, "-c", "core.ignorecase=false", "check-ignore", "--no-index", ...files], { encoding: "utf8" }).split("\n").filter(Boolean);
  } catch (error) {
    // Exit status 1: nothing is ignored.
    if ((error as { status?: number }).status === 1) return [];
    throw error;
  }
}
