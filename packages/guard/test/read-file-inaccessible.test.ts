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
      {
        error: "File not accessible: the operating system refused access to 'private.txt' (EACCES). It cannot be read with the current permissions.",
        code: "NOT_ACCESSIBLE",
      },
      {
        error: "File not accessible: the operating system refused access to 'locked/inner.txt' (EACCES). It cannot be read with the current permissions.",
        code: "NOT_ACCESSIBLE",
      },
    ]);
  });
});
