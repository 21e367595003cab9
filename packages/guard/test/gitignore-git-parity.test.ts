import { execFileSync } from "node:child_process";
import fs from "node:fs";
import fc from "fast-check";
import { expect, test } from "vitest";
import { createGuard } from "../src/index.js";
import { scratch } from "./support/scratch.js";
import { verdict } from "./support/verdict.js";

const FILES = ["x.txt", "keep.log", "y.log", "build/x.txt", "a/x.txt", "a/keep.txt", "a/b/x.txt", "a/b/y.log", "a/b/c/x.txt", "a/c", "c/x.txt", "d/e/x.txt", "d/f.txt"];
const ROOT_LINES = ["*.log", "build/", "/build", "!keep.log", "a/", "!a/", "a/b/", "b", "!b", "/a/*.txt", "**/c", "!**/c", "a/**", "!a/keep.txt", "*.txt", "!*.txt", "d/*", "!d/e/", "# comment", ""];
const NESTED_LINES = ["*.txt", "!x.txt", "/b/", "b/", "!b/", "x.txt", "!keep.txt", "**/y.log", "c", "!c/", "/c", "*", "!*.log"];

// `git check-ignore` is the reference: the guard must deny exactly the files git ignores.
test("gitignore semantics match git check-ignore on random nested rule sets", () => {
  const s = scratch();
  execFileSync("git", ["init", "-q", s.root]);
  for (const file of FILES) s.write(`ws/${file}`, "x\n");
  const lines = (alphabet: readonly string[]) => fc.array(fc.constantFrom(...alphabet), { maxLength: 5 }).map((chosen) => `${chosen.join("\n")}\n`);
  fc.assert(
    fc.property(lines(ROOT_LINES), lines(NESTED_LINES), lines(NESTED_LINES), lines(NESTED_LINES), (root, nestedA, nestedB, exclude) => {
      fs.writeFileSync(`${s.root}/.gitignore`, root);
      fs.writeFileSync(`${s.root}/a/.gitignore`, nestedA);
      fs.writeFileSync(`${s.root}/a/b/.gitignore`, nestedB);
      fs.writeFileSync(`${s.root}/.git/info/exclude`, exclude);
      const guard = createGuard({ root: s.root });
      const ours = FILES.filter((file) => verdict(guard.checkPath(file, "read")) === "gitignored");
      expect(ours).toEqual(gitIgnored(s.root, FILES));
    }),
    { numRuns: 60 },
  );
});

function gitIgnored(root: string, files: readonly string[]): string[] {
  try {
    return execFileSync("git", ["-C", root, "check-ignore", "--no-index", ...files], { encoding: "utf8" }).split("\n").filter(Boolean);
  } catch (error) {
    // Exit status 1: nothing is ignored.
    if ((error as { status?: number }).status === 1) return [];
    throw error;
  }
}
