import fs from "node:fs";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { isInside } from "@read/core";
import { createGuard, createTool, DEFAULT_SENSITIVE_RULES, type SensitiveRule } from "../src/index.js";
import { scratch } from "./support/scratch.js";

describe("the guard's decisions, as data", () => {
  test("GUARD-4.1: granted inside the root, with the resolved path and core's resolution", () => {
    const s = scratch();
    s.write("ws/a.txt", "a\n");
    expect(createGuard({ root: s.root }).checkPath("a.txt", "read")).toEqual({
      decision: "granted",
      lexical: `${s.root}/a.txt`,
      resolved: `${s.root}/a.txt`,
      inside: true,
      message: "'a.txt' is inside the working directory.",
      target: { input: "a.txt", absolute: `${s.root}/a.txt`, relative: "a.txt", inside: true },
    });
  });

  test("GUARD-4.1 GUARD-4.2-no-leak: pending outside the root; the message names the path as asked, the target is data", () => {
    const s = scratch();
    s.write("outside/o.txt", "o\n");
    s.symlink("ws/o-link", "../outside/o.txt");
    expect(createGuard({ root: s.root }).checkPath("o-link", "read")).toMatchObject({
      decision: "pending",
      lexical: `${s.root}/o-link`,
      resolved: `${s.outside}/o.txt`,
      message: "'o-link' is outside the working directory: reading it needs the user's permission.",
    });
    expect(createGuard({ root: s.root }).checkPath("../outside/o.txt", "read")).toEqual({
      decision: "pending",
      lexical: `${s.outside}/o.txt`,
      resolved: `${s.outside}/o.txt`,
      inside: false,
      message: "'../outside/o.txt' is outside the working directory: reading it needs the user's permission.",
      target: { input: "../outside/o.txt", absolute: `${s.outside}/o.txt`, relative: "../outside/o.txt", inside: false },
    });
  });

  test("GUARD-5.1 GUARD-10.1: relative and absolute paths are accepted and normalised to the same file", async () => {
    const s = scratch();
    s.write("ws/sub/a.txt", "a\n");
    const tool = createTool({ root: s.root });
    for (const path of ["sub/a.txt", "./sub/a.txt", "sub/./a.txt", "sub/../sub/a.txt", "sub//a.txt", `${s.root}/sub/a.txt`, `${s.root}/../ws/sub/a.txt`]) {
      expect({ path, output: await tool.call({ path }) }).toEqual({ path, output: { path: `${s.root}/sub/a.txt`, content: "a\n", bytes_read: 2 } });
    }
  });

  test("a missing path is decided where it would land, and carries the not-found failure", () => {
    const s = scratch();
    const guard = createGuard({ root: s.root });
    expect(guard.checkPath("new/file.txt", "read")).toMatchObject({
      decision: "granted",
      resolved: `${s.root}/new/file.txt`,
      failure: { code: "NOT_FOUND" },
    });
    expect(guard.checkPath("../outside/new.txt", "read")).toMatchObject({ decision: "pending", resolved: `${s.outside}/new.txt`, failure: { code: "NOT_FOUND" } });
    expect(guard.resolvePath("new/file.txt")).toMatchObject({ ok: true, value: { resolved: `${s.root}/new/file.txt`, inside: true, failure: { code: "NOT_FOUND" } } });
  });

  test("GUARD-6.6-outside: outside the root, why a path cannot be resolved waits for the answer: pending, with the failure as data", () => {
    const s = scratch();
    s.symlink("outside/loop", "loop");
    s.write("outside/f.txt", "f\n");
    const guard = createGuard({ root: s.root });
    expect(guard.checkPath("../outside/loop", "read")).toMatchObject({ decision: "pending", failure: { code: "SYMLINK_LOOP" } });
    expect(guard.checkPath("../outside/f.txt/x", "read")).toMatchObject({ decision: "pending", failure: { code: "NOT_FOUND", reason: "not-a-directory" } });
  });

  test("GUARD-6.1-any-name: invalid input and unknown operations are denied as invalid", () => {
    const guard = createGuard({ root: scratch().root });
    expect(guard.checkPath("", "read")).toMatchObject({ decision: "denied", reason: "invalid", resolved: "", message: "Path must be a non-empty string." });
    expect(guard.checkPath(7, "read")).toMatchObject({ decision: "denied", reason: "invalid", message: "Path must be a non-empty string." });
    expect(guard.checkPath("a\u0000b", "read")).toMatchObject({ decision: "denied", reason: "invalid", message: "Path must not contain a NUL byte." });
    expect(guard.checkPath("a.txt", "delete" as "read")).toMatchObject({ decision: "denied", reason: "invalid", message: `'a.txt' cannot be checked for the operation 'delete': only "read" and "write" are known.` });
    expect(guard.resolvePath(7)).toMatchObject({ ok: false, failure: { code: "INVALID_INPUT" } });
    expect(guard.checkPath("   ", "read")).toMatchObject({ decision: "granted", lexical: `${guard.root}/   ` });
  });

  test("GUARD-4.1-write: a write is pending inside the root and outside it, and denied where the policy denies", () => {
    const s = scratch();
    const guard = createGuard({ root: s.root, blocked: ["secrets/**"] });
    expect(guard.checkPath("main.go", "write")).toMatchObject({ decision: "pending", inside: true, message: "'main.go' is inside the working directory: writing it needs the user's permission." });
    expect(guard.checkPath("../outside/x", "write")).toMatchObject({ decision: "pending", inside: false });
    expect(guard.checkPath("secrets/k", "write")).toMatchObject({ decision: "denied", reason: "blocked" });
    expect(guard.checkPath(".env", "write")).toMatchObject({ decision: "denied", reason: "sensitive" });
  });
});

describe("symlinks into and out of the root", () => {
  test("GUARD-4.2: a symlink inside pointing outside is pending, and the request shows its resolved target", async () => {
    const s = scratch();
    s.write("outside/data/report.txt", "report\n");
    s.symlink("ws/report.txt", "../outside/data/report.txt");
    expect(createGuard({ root: s.root }).checkPath("report.txt", "read")).toMatchObject({ decision: "pending", resolved: `${s.outside}/data/report.txt`, inside: false });
    const requests: unknown[] = [];
    const tool = createTool({ root: s.root, requester: async (request) => (requests.push(request), "allow") });
    expect(await tool.call({ path: "report.txt" })).toEqual({ path: `${s.outside}/data/report.txt`, content: "report\n", bytes_read: 7 });
    expect(requests).toEqual([{ tool: "read_file", requestedPath: "report.txt", resolvedPath: `${s.outside}/data/report.txt`, operation: "read" }]);
  });

  test("a directory symlink inside pointing outside makes everything under it pending", () => {
    const s = scratch();
    s.write("outside/lib/x.js", "x\n");
    s.symlink("ws/vendor", "../outside/lib");
    expect(createGuard({ root: s.root }).checkPath("vendor/x.js", "read")).toMatchObject({ decision: "pending", resolved: `${s.outside}/lib/x.js` });
  });

  test("a symlink outside pointing inside is granted: the target decides", () => {
    const s = scratch();
    s.write("ws/a.txt", "a\n");
    s.symlink("outside/to-ws", "../ws/a.txt");
    expect(createGuard({ root: s.root }).checkPath(`${s.outside}/to-ws`, "read")).toMatchObject({ decision: "granted", resolved: `${s.root}/a.txt` });
  });

  test("GUARD-5.1-clean GUARD-5.2: '..' is folded lexically first, then the kernel resolves what is left (spec 003 §5: filepath.Clean)", async () => {
    const s = scratch();
    s.write("outside/deep/dir/keep", "k\n");
    s.write("outside/deep/secret.txt", "outside secret\n");
    s.write("ws/secret.txt", "inside\n");
    s.write("ws/f.txt", "f\n");
    s.symlink("ws/link", "../outside/deep/dir");
    const guard = createGuard({ root: s.root });
    // link/../secret.txt is <root>/secret.txt: the string that is checked is the string that is opened.
    expect(guard.checkPath("link/../secret.txt", "read")).toMatchObject({ decision: "granted", lexical: `${s.root}/secret.txt`, resolved: `${s.root}/secret.txt` });
    // What is left after the fold is still resolved by the kernel: a link out stays outside.
    expect(guard.checkPath("sub/../link/../link/keep", "read")).toMatchObject({ decision: "pending", resolved: `${s.outside}/deep/dir/keep` });
    const tool = createTool({ root: s.root });
    for (const path of ["f.txt/", "missing/../f.txt", "./f.txt", "sub//..//f.txt/."]) {
      expect({ path, output: await tool.call({ path }) }).toEqual({ path, output: { path: `${s.root}/f.txt`, content: "f\n", bytes_read: 2 } });
    }
  });

  test("GUARD-5.2: containment is decided on path components (a sibling sharing the root's prefix is outside)", () => {
    const s = scratch();
    s.write("ws_evil/x.txt", "x\n");
    expect(createGuard({ root: s.root }).checkPath(`${s.root}_evil/x.txt`, "read")).toMatchObject({ decision: "pending", inside: false });
    expect(createGuard({ root: s.root }).checkPath("../ws_evil/x.txt", "read")).toMatchObject({ decision: "pending", inside: false });
  });

  test("a root reached through a symlink is canonicalised once", () => {
    const s = scratch();
    s.write("ws/a.txt", "a\n");
    const alias = s.symlink("alias", "ws");
    const guard = createGuard({ root: alias });
    expect(guard.root).toBe(s.root);
    expect(guard.checkPath(`${alias}/a.txt`, "read")).toMatchObject({ decision: "granted", resolved: `${s.root}/a.txt` });
  });
});

describe("an error inside a check is a denial, never an allowance", () => {
  test("a sensitive rule that throws denies the path", async () => {
    const s = scratch();
    s.write("ws/a.txt", "a\n");
    const broken: SensitiveRule = {
      id: "broken",
      description: "a broken matcher",
      matches: () => {
        throw new Error("matcher exploded");
      },
    };
    const guard = createGuard({ root: s.root, sensitive: [...DEFAULT_SENSITIVE_RULES, broken] });
    expect(guard.checkPath("a.txt", "read")).toMatchObject({
      decision: "denied",
      reason: "error",
      lexical: `${s.root}/a.txt`,
      resolved: `${s.root}/a.txt`,
      inside: true,
      message: "'a.txt' could not be checked (matcher exploded), so it is denied.",
    });
    expect(await createTool({ root: s.root, sensitive: [broken] }).call({ path: "a.txt" })).toEqual({
      error: 'permission denied by policy: path "a.txt" could not be checked, so it is blocked',
    });
  });

  test("a symlink loop denies, with core's failure", () => {
    const s = scratch();
    s.symlink("ws/loop", "loop");
    expect(createGuard({ root: s.root }).checkPath("loop/x", "read")).toMatchObject({
      decision: "denied",
      reason: "error",
      resolved: `${s.root}/loop/x`,
      failure: { code: "SYMLINK_LOOP" },
    });
    expect(createGuard({ root: s.root }).resolvePath("loop")).toMatchObject({ ok: true, value: { failure: { code: "SYMLINK_LOOP" } } });
  });

  test("a path too long for the file system denies", () => {
    const s = scratch();
    expect(createGuard({ root: s.root }).checkPath(`${"a".repeat(300)}/x`, "read")).toMatchObject({ decision: "denied", reason: "error", failure: { code: "NAME_TOO_LONG" } });
  });
});

describe("GUARD-10.2: every read respects the guard's boundaries", () => {
  test("GUARD-10.2 GUARD-5.2: whatever the path string, content comes from inside the root unless the person allowed it, and never from a denied file", async () => {
    const s = scratch();
    s.write("ws/a.txt", "inside a\n");
    s.write("ws/sub/b.txt", "inside b\n");
    s.write("ws/.env", "INSIDE_SECRET\n");
    s.write("ws/secrets/k.txt", "BLOCKED_SECRET\n");
    s.write("outside/o.txt", "outside o\n");
    s.write("outside/.env", "OUTSIDE_SECRET\n");
    s.symlink("ws/out", "../outside");
    s.symlink("ws/sub/up", "../..");
    s.symlink("ws/env-link", ".env");
    const segment = fc.constantFrom("..", ".", "a.txt", "sub", "b.txt", ".env", "secrets", "k.txt", "outside", "o.txt", "out", "up", "env-link", "ws", "");
    const reads = { inside: 0, outside: 0 };
    const known = fc.constantFrom("a.txt", "sub/b.txt", "out/o.txt", "../outside/o.txt", "sub/up/out/o.txt", "sub/up/../outside/o.txt", "env-link", "out/.env", "secrets/k.txt");
    const random = fc.array(segment, { minLength: 1, maxLength: 6 }).map((parts) => parts.join("/"));
    const pathArbitrary = fc.tuple(fc.boolean(), fc.oneof(known, random)).map(([absolute, relative]) => (absolute ? `${s.root}/` : "") + relative);
    await fc.assert(
      fc.asyncProperty(pathArbitrary, fc.constantFrom("allow" as const, "deny" as const), async (path, answer) => {
        let asked = false;
        const tool = createTool({ root: s.root, blocked: ["secrets/**"], requester: async () => ((asked = true), answer) });
        const output = await tool.call({ path });
        if (!("content" in output)) return;
        expect(output.content).not.toMatch(/SECRET/u);
        expect(output.path).toBe(fs.realpathSync.native(output.path));
        if (isInside(s.root, output.path)) reads.inside++;
        else {
          reads.outside++;
          expect({ asked, answer }).toEqual({ asked: true, answer: "allow" });
        }
      }),
      { numRuns: 300 },
    );
    // The property is only as good as its inputs: both kinds of read must have happened.
    expect(reads.inside).toBeGreaterThan(0);
    expect(reads.outside).toBeGreaterThan(0);
  });
});
