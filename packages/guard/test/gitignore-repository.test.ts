import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, test } from "vitest";
import { createGuard, createTool } from "../src/index.js";
import { scratch } from "./support/scratch.js";
import { verdict } from "./support/verdict.js";

/** What `git check-ignore` says of each path (relative to `cwd`), in git's own, case-sensitive reading. */
function gitIgnores(cwd: string, paths: readonly string[]): boolean[] {
  return paths.map((file) => {
    try {
      execFileSync("git", ["-c", "core.ignorecase=false", "-C", cwd, "check-ignore", "-q", "--no-index", "--", file], { stdio: "ignore" });
      return true;
    } catch (error) {
      if ((error as { status?: number }).status === 1) return false;
      throw error;
    }
  });
}

function denied(root: string, paths: readonly string[]): boolean[] {
  const guard = createGuard({ root });
  return paths.map((file) => verdict(guard.checkPath(file, "read")) === "gitignored");
}

describe("GUARD-6.2-gitignore-case: a `!` rule cannot re-include a differently spelt name (deny beats allow)", () => {
  const cases: [string, string, readonly string[], readonly string[]][] = [
    ["case of a negated file", "secret*\n!SECRET_public.txt\n", ["secret_public.txt", "SECRET_public.txt", "secret_notes.txt", "notes.txt"], ["secret_public.txt", "secret_notes.txt"]],
    ["case of a negated directory", "private/\n!Private/\n", ["private/p.txt", "Private/p.txt", "public/p.txt"], ["private/p.txt"]],
    ["NFC rule, NFD negation", "caf\u00e9*\n!cafe\u0301-menu.txt\n", ["caf\u00e9-menu.txt", "cafe\u0301-menu.txt", "menu.txt"], ["caf\u00e9-menu.txt"]],
  ];
  for (const [name, rules, files, gitIgnored] of cases) {
    test(`${name}: every file git ignores is denied, checked against git check-ignore`, () => {
      const s = scratch();
      execFileSync("git", ["init", "-q", s.root]);
      s.write("ws/.gitignore", rules);
      for (const file of files) s.write(`ws/${file}`, "x\n");
      const git = gitIgnores(s.root, files);
      expect(files.filter((_, index) => git[index])).toEqual(gitIgnored);
      const ours = denied(s.root, files);
      // Ours denies whatever git ignores, and on top whatever a case-insensitive, normalising git would.
      expect(files.filter((_, index) => git[index] && !ours[index])).toEqual([]);
    });
  }

  test("the tool refuses secret_public.txt, which git ignores although `!SECRET_public.txt` follows", async () => {
    const s = scratch();
    s.write("ws/.gitignore", "secret*\n!SECRET_public.txt\n");
    s.write("ws/secret_public.txt", "s\n");
    expect(await createTool({ root: s.root }).call({ path: "secret_public.txt" })).toEqual({ error: 'permission denied by policy: path "secret_public.txt" is blocked' });
  });
});

describe("GUARD-6.2-gitignore-repo: the repository's rules apply from the repository root down", () => {
  test("a root that is a subfolder of the repository: rules above it and info/exclude apply, as git check-ignore decides", () => {
    const s = scratch();
    const repo = s.mkdir("repo");
    execFileSync("git", ["init", "-q", repo]);
    s.write("repo/.gitignore", "*.log\n/pkg/app/generated/\n");
    s.write("repo/pkg/.gitignore", "*.tmp\n!keep.tmp\n");
    s.write("repo/.git/info/exclude", "local-notes.md\n");
    const files = ["debug.log", "generated/x.ts", "cache.tmp", "keep.tmp", "local-notes.md", "src/main.ts"];
    for (const file of files) s.write(`repo/pkg/app/${file}`, "x\n");
    const root = `${repo}/pkg/app`;
    const git = gitIgnores(root, files);
    expect(files.filter((_, index) => git[index])).toEqual(["debug.log", "generated/x.ts", "cache.tmp", "local-notes.md"]);
    expect(denied(root, files)).toEqual(git);
    expect(createGuard({ root }).checkPath("debug.log", "read")).toMatchObject({ decision: "denied", reason: "gitignored", rule: "*.log", message: "'debug.log' is ignored by git ('*.log' in '.gitignore')." });
  });

  test("a worktree's .git file leads to the common directory's info/exclude", () => {
    const s = scratch();
    const main = s.mkdir("main");
    execFileSync("git", ["init", "-q", main]);
    execFileSync("git", ["-C", main, "-c", "user.email=t@e", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "init"]);
    execFileSync("git", ["-C", main, "worktree", "add", "-q", `${s.base}/wt`]);
    s.write("main/.git/info/exclude", "scratch.txt\n");
    s.write("wt/scratch.txt", "x\n");
    s.write("wt/kept.txt", "x\n");
    expect(fs.statSync(`${s.base}/wt/.git`).isFile()).toBe(true);
    expect(gitIgnores(`${s.base}/wt`, ["scratch.txt", "kept.txt"])).toEqual([true, false]);
    expect(denied(`${s.base}/wt`, ["scratch.txt", "kept.txt"])).toEqual([true, false]);
  });

  test("within the repository, an ignored path outside the root is denied, not asked about", () => {
    const s = scratch();
    const repo = s.mkdir("repo");
    execFileSync("git", ["init", "-q", repo]);
    s.write("repo/.gitignore", "*.log\n");
    s.write("repo/other/x.log", "x\n");
    s.write("repo/other/x.txt", "x\n");
    const guard = createGuard({ root: s.mkdir("repo/app") });
    expect(verdict(guard.checkPath("../other/x.log", "read"))).toBe("gitignored");
    expect(verdict(guard.checkPath("../other/x.txt", "read"))).toBe("pending");
  });
});
