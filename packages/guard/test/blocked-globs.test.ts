import { describe, expect, test } from "vitest";
import { ProfileConfigError } from "@read/core";
import { blockedGlobProblem, createGuard, createTool, unresolvablePrefixProblem, type GuardDecision } from "../src/index.js";
import { recordingRequester, scratch } from "./support/scratch.js";
import { verdict } from "./support/verdict.js";

describe("blocked globs", () => {
  test("GUARD-9.20-blocked GUARD-6.2: a blocked path is denied by policy, naming the pattern", async () => {
    const s = scratch();
    s.write("ws/secrets/token.txt", "t\n");
    expect(await createTool({ root: s.root, blocked: ["secrets/**"] }).call({ path: "secrets/token.txt" })).toEqual({ error: 'permission denied by policy: path "secrets/token.txt" is blocked' });
    expect(createGuard({ root: s.root, blocked: ["secrets/**"] }).checkPath("secrets/token.txt", "read")).toEqual({
      decision: "denied",
      reason: "blocked",
      rule: "secrets/**",
      lexical: `${s.root}/secrets/token.txt`,
      resolved: `${s.root}/secrets/token.txt`,
      inside: true,
      message: "'secrets/token.txt' is blocked by the pattern 'secrets/**'.",
      target: { input: "secrets/token.txt", absolute: `${s.root}/secrets/token.txt`, relative: "secrets/token.txt", inside: true },
    });
  });

  test("pattern scopes: relative patterns match inside the root, name patterns any name, absolute patterns absolute paths", () => {
    const s = scratch();
    s.mkdir("outside/blocked");
    const guard = createGuard({ root: s.root, blocked: ["private/*.md", "*.bak", "vendor", `${s.outside}/blocked/**`] });
    const cases: Record<string, string> = {
      "private/plan.md": "blocked",
      "private/sub/plan.md": "granted",
      "notes.bak": "blocked",
      "deep/er/notes.bak": "blocked",
      "../outside/notes.bak": "blocked",
      "vendor/lib/x.js": "blocked",
      "src/vendor/x.js": "blocked",
      "../outside/vendor/x.js": "blocked",
      "../outside/blocked/x.txt": "blocked",
      "../outside/private/plan.md": "pending",
      "src/main.ts": "granted",
    };
    for (const [path, expected] of Object.entries(cases)) {
      const decision = guard.checkPath(path, "read");
      expect({ path, got: verdict(decision) }).toEqual({ path, got: expected });
    }
  });

  test("the root's own ancestors never match a name pattern", () => {
    const s = scratch();
    const guard = createGuard({ root: s.root, blocked: ["ws", "tmp"] });
    expect(guard.checkPath("a.txt", "read").decision).toBe("granted");
  });

  test("GUARD-5.2: patterns match case-insensitively, NFC-normalised, without trailing dots or spaces", () => {
    const s = scratch();
    const guard = createGuard({ root: s.root, blocked: ["Donn\u00e9es/**", "*.SECRET"] });
    for (const path of ["donn\u00e9es/a.txt", "Donne\u0301es/a.txt", "DONN\u00c9ES/a.txt", "x.secret", "x.secret.", "x.secret ", "Donn\u00e9es./a.txt"]) {
      expect({ path, reason: verdict(guard.checkPath(path, "read")) }).toEqual({ path, reason: "blocked" });
    }
  });

  test("GUARD-5.2: patterns apply to the path as asked and to its resolved target", () => {
    const s = scratch();
    s.write("ws/secrets/key.txt", "k\n");
    s.write("ws/public/readme.txt", "r\n");
    s.symlink("ws/shortcut.txt", "secrets/key.txt");
    s.symlink("ws/secrets/readme-link.txt", "../public/readme.txt");
    const guard = createGuard({ root: s.root, blocked: ["secrets/**"] });
    expect(guard.checkPath("shortcut.txt", "read")).toMatchObject({ decision: "denied", reason: "blocked", resolved: `${s.root}/secrets/key.txt` });
    expect(guard.checkPath("secrets/readme-link.txt", "read")).toMatchObject({ decision: "denied", reason: "blocked", resolved: `${s.root}/public/readme.txt` });
    expect(guard.checkPath("public/readme.txt", "read").decision).toBe("granted");
  });

  test("GUARD-5.2: a blocked path outside the root is denied, never asked about", async () => {
    const s = scratch();
    s.write("outside/db/dump.sql", "x\n");
    const { requests, requester } = recordingRequester("allow");
    const tool = createTool({ root: s.root, requester, blocked: ["*.sql"] });
    expect(await tool.call({ path: "../outside/db/dump.sql" })).toEqual({ error: 'permission denied by policy: path "../outside/db/dump.sql" is blocked' });
    expect(requests).toEqual([]);
  });

  test("deny beats ask beats allow: blocked is reported before sensitive and gitignored", () => {
    const s = scratch();
    s.write("ws/.gitignore", ".env\n");
    s.write("ws/.env", "A=1\n");
    expect(verdict(createGuard({ root: s.root, blocked: [".env"] }).checkPath(".env", "read"))).toBe("blocked");
    expect(verdict(createGuard({ root: s.root }).checkPath(".env", "read"))).toBe("sensitive");
  });

  test("a pattern that can never match is an error at load, naming the first one", () => {
    const s = scratch();
    const bad = ["", " secrets/**", "!keep.txt", "build/", "../outside/**", "a//b", "a/./b", "[unclosed", "a\u0000b", "{a,b"];
    const expected = [
      "A blocked pattern must be a non-empty string.",
      "The blocked pattern ' secrets/**' starts or ends with whitespace, so it can never match a normalised path.",
      "The blocked pattern '!keep.txt' starts with '!': negated patterns are not supported (a blocked pattern only adds denials).",
      "The blocked pattern 'build/' ends with '/', which no file path does; write 'build/**' to block a directory and everything in it.",
      "The blocked pattern '../outside/**' has an empty, '.' or '..' segment; paths are matched after they are resolved, so it can never match.",
      "The blocked pattern 'a//b' has an empty, '.' or '..' segment; paths are matched after they are resolved, so it can never match.",
      "The blocked pattern 'a/./b' has an empty, '.' or '..' segment; paths are matched after they are resolved, so it can never match.",
      "The blocked pattern '[unclosed' is not a valid glob: Missing closing: \"]\" - use \"\\\\]\" to match literal characters.",
      "The blocked pattern 'a\\x00b' contains a control character.",
      "The blocked pattern '{a,b' is not a valid glob: Missing closing: \"}\" - use \"\\\\}\" to match literal characters.",
    ];
    expect(bad.map(blockedGlobProblem)).toEqual(expected);
    let thrown: unknown;
    try {
      createGuard({ root: s.root, blocked: ["ok/**", ...bad] });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ProfileConfigError);
    expect((thrown as ProfileConfigError).message).toBe(
      "guard: invalid option 'blocked.1' in [guard]: a blocked pattern must be a non-empty string. (accepted keys: blocked, default_blocked, respect_gitignore, max_answer_bytes)",
    );
  });

  test("GUARD-6.2-blocked-canonical: an absolute pattern written through a symlink blocks the file however it is spelt", async () => {
    const s = scratch();
    s.write("w/root/secrets/s.txt", "secret\n");
    s.write("w/root/notes.txt", "notes\n");
    s.symlink("wl", "w");
    s.symlink("w/root/innocent.txt", "secrets/s.txt");
    const spelt = `${s.base}/wl/root/secrets/**`;
    for (const root of [`${s.base}/wl/root`, `${s.base}/w/root`]) {
      const guard = createGuard({ root, blocked: [spelt] });
      for (const path of ["secrets/s.txt", `${s.base}/w/root/secrets/s.txt`, `${s.base}/wl/root/secrets/s.txt`, "innocent.txt", "./secrets/../secrets/s.txt"]) {
        expect({ root, path, decision: pick(guard.checkPath(path, "read")) }).toEqual({ root, path, decision: { decision: "denied", reason: "blocked", rule: spelt } });
      }
      expect(guard.checkPath("notes.txt", "read").decision).toBe("granted");
    }
    expect(await createTool({ root: `${s.base}/w/root`, blocked: [spelt] }).call({ path: "innocent.txt" })).toEqual({ error: 'permission denied by policy: path "innocent.txt" is blocked' });
  });

  test("GUARD-6.2-blocked-canonical: a symlink to a directory whose name holds glob syntax (b{x,y}) resolves to that name, taken literally", () => {
    const s = scratch();
    s.write("b{x,y}/k.txt", "k\n");
    s.write("bx/k.txt", "other\n");
    s.symlink("blink", "b{x,y}");
    const spelt = `${s.base}/blink/*.txt`;
    const guard = createGuard({ root: s.base, blocked: [spelt], defaultBlocked: false });
    expect(pick(guard.checkPath(`${s.base}/b{x,y}/k.txt`, "read"))).toEqual({ decision: "denied", reason: "blocked", rule: spelt });
    expect(guard.checkPath(`${s.base}/bx/k.txt`, "read").decision).toBe("granted");
  });

  test("GUARD-6.2-blocked-canonical: a pattern on a system path reached through a symlink (/etc on macOS) blocks both spellings", () => {
    const s = scratch();
    s.write("private/etc/hosts", "127.0.0.1 localhost\n");
    s.symlink("etc", "private/etc");
    const guard = createGuard({ root: s.root, blocked: [`${s.base}/etc/**`], defaultBlocked: false });
    for (const path of [`${s.base}/etc/hosts`, `${s.base}/private/etc/hosts`, "../private/etc/hosts"]) {
      expect({ path, decision: pick(guard.checkPath(path, "read")) }).toEqual({ path, decision: { decision: "denied", reason: "blocked", rule: `${s.base}/etc/**` } });
    }
  });

  test("GUARD-6.2-blocked-canonical: a pattern whose fixed directories cannot be resolved is a load error naming it", () => {
    const s = scratch();
    const missing = `${s.base}/nowhere/secrets/**`;
    expect(() => createGuard({ root: s.root, blocked: ["ok/**", missing] })).toThrow(
      new ProfileConfigError({
        profile: "guard",
        table: "guard",
        key: "blocked.1",
        reason: `the blocked pattern '${missing}' starts with the directory '${s.base}/nowhere/secrets', which cannot be resolved (ENOENT); a pattern is matched against canonical paths, so its fixed directories must exist.`,
        accepted: ["blocked", "default_blocked", "respect_gitignore", "max_answer_bytes"],
      }),
    );
    expect(unresolvablePrefixProblem(`${s.base}/nowhere/*.txt`)).toContain(`the directory '${s.base}/nowhere'`);
    expect(unresolvablePrefixProblem("/**/*.key")).toBeUndefined();
    expect(unresolvablePrefixProblem("relative/**")).toBeUndefined();
  });

  test("usable patterns load: absolute, ./-prefixed, globstar, braces, escapes", () => {
    for (const glob of ["/etc/**", "./local/**", "**/*.pem", "*.{crt,csr}", "a\\*b", "x"]) expect({ glob, problem: blockedGlobProblem(glob) }).toEqual({ glob, problem: undefined });
  });
});

function pick(decision: GuardDecision) {
  return decision.decision === "denied" ? { decision: decision.decision, reason: decision.reason, rule: decision.rule } : { decision: decision.decision };
}
