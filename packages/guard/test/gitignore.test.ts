import fs from "node:fs";
import { describe, expect, test } from "vitest";
import { createGuard, createTool } from "../src/index.js";
import { scratch } from "./support/scratch.js";
import { verdict } from "./support/verdict.js";

function decide(root: string, paths: readonly string[], respectGitignore = true) {
  const guard = createGuard({ root, respectGitignore });
  return Object.fromEntries(
    paths.map((p) => {
      const decision = guard.checkPath(p, "read");
      return [p, verdict(decision)];
    }),
  );
}

describe("gitignore rules deny ignored files", () => {
  test("GUARD-6.2: an ignored file is denied by policy with the rule and the file that holds it", async () => {
    const s = scratch();
    s.write("ws/.gitignore", "# build output\n*.log\n");
    s.write("ws/debug.log", "log\n");
    expect(await createTool({ root: s.root }).call({ path: "debug.log" })).toEqual({ error: 'permission denied by policy: path "debug.log" is blocked' });
    expect(createGuard({ root: s.root }).checkPath("debug.log", "read")).toMatchObject({ decision: "denied", reason: "gitignored", rule: "*.log" });
  });

  test("the root need not be a git repository", () => {
    const s = scratch();
    expect(fs.existsSync(`${s.root}/.git`)).toBe(false);
    s.write("ws/.gitignore", "dist/\n");
    s.write("ws/dist/app.js", "x\n");
    s.write("ws/src/app.ts", "x\n");
    expect(decide(s.root, ["dist/app.js", "src/app.ts"])).toEqual({ "dist/app.js": "gitignored", "src/app.ts": "granted" });
  });

  test("nested .gitignore files apply below their directory, anchored and unanchored, deeper files winning", () => {
    const s = scratch();
    s.write("ws/.gitignore", "*.tmp\n");
    s.write("ws/pkg/.gitignore", "/generated.ts\ncache/\nout/*.js\n!keep.tmp\n");
    for (const file of ["pkg/generated.ts", "pkg/sub/generated.ts", "pkg/a/cache/x", "pkg/cache/x", "pkg/out/a.js", "pkg/sub/out/a.js", "pkg/x.tmp", "pkg/keep.tmp", "pkg/deep/keep.tmp", "keep.tmp", "generated.ts"]) {
      s.write(`ws/${file}`, "x\n");
    }
    expect(
      decide(s.root, ["pkg/generated.ts", "pkg/sub/generated.ts", "pkg/a/cache/x", "pkg/cache/x", "pkg/out/a.js", "pkg/sub/out/a.js", "pkg/x.tmp", "pkg/keep.tmp", "pkg/deep/keep.tmp", "keep.tmp", "generated.ts"]),
    ).toEqual({
      "pkg/generated.ts": "gitignored",
      "pkg/sub/generated.ts": "granted",
      "pkg/a/cache/x": "gitignored",
      "pkg/cache/x": "gitignored",
      "pkg/out/a.js": "gitignored",
      "pkg/sub/out/a.js": "granted",
      "pkg/x.tmp": "gitignored",
      "pkg/keep.tmp": "granted",
      "pkg/deep/keep.tmp": "granted",
      "keep.tmp": "gitignored",
      "generated.ts": "granted",
    });
  });

  test("names and patterns are compared in NFC: an NFD spelling of an ignored name is ignored, and the other way round", () => {
    const s = scratch();
    const nfc = "caf\u00e9";
    const nfd = nfc.normalize("NFD");
    s.write("ws/.gitignore", `${nfc}.txt\n${nfd}-notes/\n`);
    s.write(`ws/${nfd}/.gitignore`, `/${nfc}.md\n`);
    for (const file of [`${nfd}.txt`, `${nfc}-notes/a.txt`, `${nfd}/${nfd}.md`, "cafe.txt"]) s.write(`ws/${file}`, "x\n");
    expect(decide(s.root, [`${nfd}.txt`, `${nfc}.txt`, `${nfc}-notes/a.txt`, `${nfd}/${nfd}.md`, `${nfd}/${nfc}.md`, "cafe.txt"])).toEqual({
      [`${nfd}.txt`]: "gitignored",
      [`${nfc}.txt`]: "gitignored",
      [`${nfc}-notes/a.txt`]: "gitignored",
      [`${nfd}/${nfd}.md`]: "gitignored",
      [`${nfd}/${nfc}.md`]: "gitignored",
      "cafe.txt": "granted",
    });
  });

  test("negation re-includes a file whose directory is not excluded", () => {
    const s = scratch();
    s.write("ws/.gitignore", "logs/*\n!logs/keep.txt\n");
    s.write("ws/logs/keep.txt", "k\n");
    s.write("ws/logs/other.txt", "o\n");
    expect(decide(s.root, ["logs/keep.txt", "logs/other.txt"])).toEqual({ "logs/keep.txt": "granted", "logs/other.txt": "gitignored" });
  });

  test("nothing under an excluded directory can be re-included, by the same file or by a deeper one", () => {
    const s = scratch();
    s.write("ws/.gitignore", "build/\n!build/keep.txt\n");
    s.write("ws/build/.gitignore", "!*\n!keep2.txt\n");
    s.write("ws/build/keep.txt", "k\n");
    s.write("ws/build/keep2.txt", "k\n");
    s.write("ws/build/sub/x.txt", "x\n");
    expect(decide(s.root, ["build/keep.txt", "build/keep2.txt", "build/sub/x.txt"])).toEqual({
      "build/keep.txt": "gitignored",
      "build/keep2.txt": "gitignored",
      "build/sub/x.txt": "gitignored",
    });
  });

  test("a deeper .gitignore can re-include a directory a shallower one excluded", () => {
    const s = scratch();
    s.write("ws/.gitignore", "a/b/\n");
    s.write("ws/a/.gitignore", "!b/\n");
    s.write("ws/a/b/c.txt", "c\n");
    expect(decide(s.root, ["a/b/c.txt"])).toEqual({ "a/b/c.txt": "granted" });
  });

  test(".git/info/exclude applies, below every .gitignore", () => {
    const s = scratch();
    s.write("ws/.git/info/exclude", "*.local\nsecret-notes.md\n");
    s.write("ws/.gitignore", "!override.local\n");
    for (const file of ["a.local", "override.local", "secret-notes.md"]) s.write(`ws/${file}`, "x\n");
    expect(decide(s.root, ["a.local", "override.local", "secret-notes.md"])).toEqual({ "a.local": "gitignored", "override.local": "granted", "secret-notes.md": "gitignored" });
    expect(createGuard({ root: s.root }).checkPath("a.local", "read").message).toBe("'a.local' is ignored by git ('*.local' in '.git/info/exclude').");
  });

  test("directory names with glob characters are literal in a nested .gitignore's scope", () => {
    const s = scratch();
    s.write("ws/a[1]/.gitignore", "x.txt\n");
    s.write("ws/a[1]/x.txt", "x\n");
    s.write("ws/a1/x.txt", "x\n");
    s.write("ws/!bang/.gitignore", "y.txt\n");
    s.write("ws/!bang/y.txt", "y\n");
    s.write("ws/#hash/.gitignore", "z.txt\n");
    s.write("ws/#hash/z.txt", "z\n");
    expect(decide(s.root, ["a[1]/x.txt", "a1/x.txt", "!bang/y.txt", "#hash/z.txt"])).toEqual({
      "a[1]/x.txt": "gitignored",
      "a1/x.txt": "granted",
      "!bang/y.txt": "gitignored",
      "#hash/z.txt": "gitignored",
    });
  });

  test("a .gitignore that is a symlink is not read, as in git", () => {
    const s = scratch();
    s.write("outside/rules", "*.txt\n");
    s.symlink("ws/.gitignore", "../outside/rules");
    s.write("ws/a.txt", "a\n");
    expect(decide(s.root, ["a.txt"])).toEqual({ "a.txt": "granted" });
  });

  test("rules apply to the path as asked: a link in an ignored directory is denied even when its target is not ignored", () => {
    const s = scratch();
    s.write("ws/.gitignore", "node_modules/\n");
    s.write("ws/lib/real.js", "x\n");
    s.symlink("ws/node_modules/pkg", "../lib");
    expect(decide(s.root, ["node_modules/pkg/real.js", "lib/real.js"])).toEqual({ "node_modules/pkg/real.js": "gitignored", "lib/real.js": "granted" });
  });

  test("rules apply to the resolved target: a link to an ignored file is denied", () => {
    const s = scratch();
    s.write("ws/.gitignore", "*.log\n");
    s.write("ws/debug.log", "x\n");
    s.symlink("ws/notes.txt", "debug.log");
    expect(decide(s.root, ["notes.txt"])).toEqual({ "notes.txt": "gitignored" });
  });

  test("a .gitignore is never read through a symlinked directory of the path as asked; the resolved path's own directories' rules apply", () => {
    const s = scratch();
    s.write("outside/dir/.gitignore", "x.txt\n");
    s.write("outside/dir/x.txt", "x\n");
    s.symlink("ws/linked", "../outside/dir");
    s.write("ws/pkg/sub/.gitignore", "secret.txt\n");
    s.write("ws/pkg/sub/secret.txt", "x\n");
    s.symlink("ws/alias", "pkg");
    expect(decide(s.root, ["linked/x.txt", "alias/sub/secret.txt", "pkg/sub/secret.txt"])).toEqual({
      "linked/x.txt": "pending",
      "alias/sub/secret.txt": "gitignored",
      "pkg/sub/secret.txt": "gitignored",
    });
  });

  test("respect_gitignore = false reads ignored files", async () => {
    const s = scratch();
    s.write("ws/.gitignore", "*.log\n");
    s.write("ws/debug.log", "log\n");
    expect(decide(s.root, ["debug.log"], false)).toEqual({ "debug.log": "granted" });
    expect(await createTool({ root: s.root, respect_gitignore: false }).call({ path: "debug.log" })).toEqual({ path: `${s.root}/debug.log`, content: "log\n", bytes_read: 4 });
  });

  test("gitignore rules never apply outside the repository (here: the root, which is in none)", () => {
    const s = scratch();
    s.write("ws/.gitignore", "*.txt\n/../outside/*\n");
    s.write("outside/o.txt", "o\n");
    expect(decide(s.root, ["../outside/o.txt"])).toEqual({ "../outside/o.txt": "pending" });
  });

  test("GUARD-6.2: rules are re-read when a rule file changes between two calls, even at the same size and mtime", () => {
    const s = scratch();
    const rules = s.write("ws/pkg/.gitignore", "a.txt\n");
    s.write("ws/pkg/a.txt", "a\n");
    s.write("ws/pkg/b.txt", "b\n");
    const mtime = new Date("2020-01-01T00:00:00Z");
    fs.utimesSync(rules, mtime, mtime);
    const guard = createGuard({ root: s.root });
    const reasons = () => ["pkg/a.txt", "pkg/b.txt"].map((p) => verdict(guard.checkPath(p, "read")));
    expect(reasons()).toEqual(["gitignored", "granted"]);
    expect(reasons()).toEqual(["gitignored", "granted"]);
    fs.writeFileSync(rules, "b.txt\n");
    fs.utimesSync(rules, mtime, mtime);
    expect(reasons()).toEqual(["granted", "gitignored"]);
    fs.rmSync(rules);
    expect(reasons()).toEqual(["granted", "granted"]);
    s.write("ws/.gitignore", "*.txt\n");
    expect(reasons()).toEqual(["gitignored", "gitignored"]);
  });

  test("a rule file that cannot be read denies (a directory named .gitignore)", () => {
    const s = scratch();
    s.mkdir("ws/sub/.gitignore");
    s.write("ws/sub/a.txt", "a\n");
    const decision = createGuard({ root: s.root }).checkPath("sub/a.txt", "read");
    expect(decision).toMatchObject({
      decision: "denied",
      reason: "error",
      resolved: `${s.root}/sub/a.txt`,
      inside: true,
      message: `'sub/a.txt' could not be checked (sub/.gitignore could not be read (The path '${s.root}/sub/.gitignore' is a directory.)), so it is denied.`,
    });
  });
});
