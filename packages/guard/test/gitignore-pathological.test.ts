import { execFileSync } from "node:child_process";
import { describe, expect, test } from "vitest";
import { createGuard, createTool } from "../src/index.js";
import { gitignoreRules } from "../src/gitignore-rules.js";
import { scratch } from "./support/scratch.js";

// Patterns that take a backtracking regular expression exponential time in the number of `**`. Each
// test only has to finish: how fast is the bench's and the adversarial suite's to say.
const SEVEN = "**/a/**/a/**/a/**/a/**/a/**/a/**/a/**/b";
const ELEVEN = `**/${"a/**/".repeat(10)}b`;

describe("issue 30 case 4: ReDoS through .gitignore", () => {
  test("seven ** against 38 a/ segments: answered, as git answers", async () => {
    const s = scratch();
    execFileSync("git", ["init", "-q", s.root]);
    s.write("ws/.gitignore", `${SEVEN}\n`);
    const kept = `${"a/".repeat(38)}x`;
    const ignored = `${"a/".repeat(38)}b`;
    const guard = createGuard({ root: s.root });
    expect(guard.checkPath(kept, "read")).toMatchObject({ decision: "granted", failure: { code: "NOT_FOUND" } });
    expect(guard.checkPath(ignored, "read")).toMatchObject({ decision: "denied", reason: "gitignored", rule: SEVEN });
    expect(await createTool({ root: s.root }).call({ path: ignored })).toEqual({ error: `permission denied by policy: path "${ignored}" is blocked` });
    expect(execFileSync("git", ["-C", s.root, "check-ignore", "--no-index", ignored], { encoding: "utf8" })).toBe(`${ignored}\n`);
  });

  test("a character class of 64 Ki `[:` that are no POSIX class is parsed in one pass (it took 1.5 s, 6 s at 128 Ki: quadratic)", async () => {
    const s = scratch();
    s.write("ws/.gitignore", `[${"[:".repeat(64 * 1024)}x]\n`);
    s.write("ws/a.txt", "a\n");
    const started = performance.now();
    expect(await createTool({ root: s.root }).call({ path: "a.txt" })).toMatchObject({ content: "a\n" });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  test("eleven ** against 50 a/ segments (git takes minutes): answered", () => {
    const s = scratch();
    s.write("ws/.gitignore", `${ELEVEN}\n`);
    const guard = createGuard({ root: s.root });
    expect(guard.checkPath(`${"a/".repeat(50)}x`, "read")).toMatchObject({ decision: "granted" });
    expect(guard.checkPath(`${"a/".repeat(50)}b`, "read")).toMatchObject({ decision: "denied", reason: "gitignored", rule: ELEVEN });
    expect(guard.checkPath(`${"a/".repeat(9)}b`, "read")).toMatchObject({ decision: "granted" });
  });

  test("rule files holding more than 256 KiB together deny, saying how to read there; at the bound they are read", () => {
    const s = scratch();
    s.write("ws/.gitignore", `${"*a\n".repeat(40_000)}`);
    s.write("ws/sub/.gitignore", `${"*b\n".repeat(50_000)}`);
    s.write("ws/sub/x.txt", "x\n");
    s.write("ws/y.txt", "y\n");
    const guard = createGuard({ root: s.root });
    expect(guard.checkPath("y.txt", "read")).toMatchObject({ decision: "granted" });
    expect(guard.checkPath("sub/x.txt", "read")).toMatchObject({
      decision: "denied",
      reason: "error",
      message: "'sub/x.txt' could not be checked (sub/.gitignore could not be read (the rule files of this path hold more than 262144 bytes together; set respect_gitignore = false to read here)), so it is denied.",
    });
    expect(createGuard({ root: s.root, respectGitignore: false }).checkPath("sub/x.txt", "read")).toMatchObject({ decision: "granted" });
    s.write("ws/sub/.gitignore", `${"*b\n".repeat(47_381)}x`);
    expect(guard.checkPath("sub/x.txt", "read")).toMatchObject({ decision: "granted" });
  });

  test("a 4,096-character rule against a 4,095-character path, in both readings: answered exactly", () => {
    const s = scratch();
    // (**/a/) 819 times then b: matches a/ at least 819 times then b.
    const rule = `${"**/a/".repeat(819)}b`;
    const stars = `${"*a".repeat(2047)}*`;
    s.write("ws/.gitignore", `${rule}\n${stars}\n`);
    const rules = gitignoreRules(s.root);
    const deep = `${s.root}/${"a/".repeat(2047)}`;
    expect(rules.find(`${deep}b`)).toEqual({ pattern: rule, source: ".gitignore" });
    expect(rules.find(`${s.root}/${"a/".repeat(818)}b`)).toBeUndefined();
    expect(rules.find(`${deep}B`)).toEqual({ pattern: rule, source: ".gitignore" });
    expect(rules.find(`${deep}x`)).toBeUndefined();
    // 2,047 a's and stars: a name of 2,047 a's, however they fall to the stars.
    expect(rules.find(`${s.root}/${"a".repeat(2047)}`)).toEqual({ pattern: stars, source: ".gitignore" });
    expect(rules.find(`${s.root}/${"a".repeat(2046)}`)).toBeUndefined();
  });
});
