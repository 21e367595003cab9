import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { describe, expect, test } from "vitest";
import { read, sandbox } from "./helpers.js";

describe("NFR-RD-SEC-01: sandboxed paths", () => {
  test("FORGE-NFR-RD-SEC-01: paths that leave the workspace (../, absolute, symlink) are OUTSIDE_SANDBOX and never read", async () => {
    const box = sandbox({ "in.txt": "in\n" });
    fs.writeFileSync(path.join(box.outside, "secret.txt"), "secret\n");
    fs.symlinkSync(path.join(box.outside, "secret.txt"), path.join(box.root, "link.txt"));
    fs.symlinkSync(box.outside, path.join(box.root, "out-dir"));
    const outside = (input: string) => ({
      error: { code: "OUTSIDE_SANDBOX", message: `The path '${input}' resolves outside the workspace root: Read only reads files inside the workspace.` },
    });
    for (const input of ["../outside/secret.txt", path.join(box.outside, "secret.txt"), "link.txt", "out-dir/secret.txt", "out-dir/missing.txt", "../outside/missing.txt"]) {
      const output = await read(box.root, { path: input });
      expect(output).toEqual(outside(input));
      expect(JSON.stringify(output)).not.toContain("secret\\n");
    }
  });

  test("FORGE-NFR-RD-SEC-01: paths inside the workspace are read and reported relative to the root", async () => {
    const box = sandbox({ "src/real.txt": "real\n" });
    fs.symlinkSync("real.txt", path.join(box.root, "src", "alias.txt"));
    expect(await read(box.root, { path: path.join(box.root, "src", "real.txt") })).toMatchObject({ path: "src/real.txt", content: "1| real\n" });
    expect(await read(box.root, { path: "src/../src/./real.txt" })).toMatchObject({ path: "src/real.txt" });
    expect(await read(box.root, { path: "src/alias.txt" })).toMatchObject({ path: "src/real.txt", content: "1| real\n" });
  });

  test("FORGE-NFR-RD-SEC-01: directories, FIFOs, missing files and dangling symlinks are errors", async () => {
    const box = sandbox({ "docs/readme.md": "x\n" });
    execFileSync("mkfifo", [path.join(box.root, "pipe")]);
    fs.symlinkSync("nowhere.txt", path.join(box.root, "dangling.txt"));
    expect(await read(box.root, { path: "docs" })).toEqual({ error: { code: "NOT_A_FILE", message: "The path 'docs' is a directory. Read reads regular files only." } });
    expect(await read(box.root, { path: "pipe" })).toEqual({
      error: { code: "NOT_A_FILE", message: "The path 'pipe' is not a regular file (it is a fifo). Read reads regular files only." },
    });
    expect(await read(box.root, { path: "missing.txt" })).toEqual({ error: { code: "NOT_FOUND", message: "The path 'missing.txt' does not exist." } });
    expect(await read(box.root, { path: "dangling.txt" })).toEqual({ error: { code: "NOT_FOUND", message: "The path 'dangling.txt' is a symlink whose target does not exist." } });
    expect(await read(box.root, { path: "docs/readme.md/x" })).toEqual({ error: { code: "NOT_FOUND", message: "The path 'docs/readme.md/x' uses a file as a directory." } });
    expect(await read(box.root, { path: "bad\u0007name" })).toEqual({ error: { code: "NOT_FOUND", message: "The path 'bad\\x07name' does not exist." } });
  });
});
