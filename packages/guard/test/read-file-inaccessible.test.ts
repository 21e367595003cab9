import fs from "node:fs";
import { describe, expect, test } from "vitest";
import { callAsNobody } from "./support/run-as-nobody.js";
import { scratch } from "./support/scratch.js";

describe("spec 003 §9.20: an inaccessible file, as a user who is not root", () => {
  test("GUARD-9.20-inaccessible GUARD-6.6: files the OS refuses to a non-root user fail as not accessible", async () => {
    const s = scratch();
    // mkdtemp makes 0700 directories: open the way down to the workspace for nobody.
    fs.chmodSync(s.base, 0o755);
    fs.chmodSync(s.root, 0o755);
    s.write("ws/public.txt", "anyone may read this\n");
    fs.chmodSync(`${s.root}/public.txt`, 0o644);
    s.write("ws/private.txt", "root only\n");
    fs.chmodSync(`${s.root}/private.txt`, 0o000);
    s.write("ws/locked/inner.txt", "behind a closed directory\n");
    fs.chmodSync(`${s.root}/locked`, 0o700);

    const outputs = await callAsNobody(s.base, s.root, [{ path: "public.txt" }, { path: "private.txt" }, { path: "locked/inner.txt" }]);

    expect(outputs).toEqual([
      { path: `${s.root}/public.txt`, content: "anyone may read this\n", bytes_read: 21 },
      { error: `not accessible: open "${s.root}/private.txt": permission denied` },
      { error: `not accessible: stat "${s.root}/locked/inner.txt": permission denied` },
    ]);
  });

  test("GUARD-6.6-outside GUARD-4.2-no-leak: outside the root, what the OS refuses is asked about first (revealing nothing), then not accessible, never not found", async () => {
    const s = scratch();
    fs.chmodSync(s.base, 0o755);
    fs.chmodSync(s.root, 0o755);
    fs.chmodSync(s.outside, 0o755);
    s.write("outside/private.txt", "root only\n");
    fs.chmodSync(`${s.outside}/private.txt`, 0o000);
    s.write("outside/locked/inner.txt", "behind a closed directory\n");
    fs.chmodSync(`${s.outside}/locked`, 0o700);
    s.symlink("outside/loop", "loop");
    const inputs = [{ path: "../outside/private.txt" }, { path: "../outside/locked/inner.txt" }, { path: "../outside/loop" }];

    expect(await callAsNobody(s.base, s.root, inputs, "allow")).toEqual([
      { error: `not accessible: open "${s.outside}/private.txt": permission denied` },
      { error: `not accessible: stat "${s.outside}/locked/inner.txt": permission denied` },
      { error: `not accessible: stat "${s.outside}/loop": too many levels of symbolic links` },
    ]);
    const unanswered = { error: "permission denied: user approval required but not available" };
    expect(await callAsNobody(s.base, s.root, inputs)).toEqual([unanswered, unanswered, unanswered]);
  });
});
