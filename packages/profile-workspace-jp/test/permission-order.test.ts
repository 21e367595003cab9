import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { useSandbox } from "./sandbox.js";

// The built profile (the global setup builds it), run by a user the operating system refuses: root reads
// anything, so as root the child drops to uid 65534.
const DIST = path.resolve(import.meta.dirname, "../dist/index.js");

describe("JP-5.2: the §5 order (stat, kind, size, binary, read) as a user the OS refuses", () => {
  const sandbox = useSandbox();

  test("JP-5.2: a mode-000 2 MiB file is SIZE_LIMIT_EXCEEDED and a mode-000 directory NOT_FILE; only a small mode-000 file reaches the read (INTERNAL)", () => {
    const { root } = sandbox();
    sandbox().write("big.txt", Buffer.alloc(2 * 1024 * 1024, "a"));
    sandbox().write("small.txt", "x\n");
    sandbox().mkdir("closed");
    for (const name of ["big.txt", "small.txt", "closed"]) fs.chmodSync(path.join(root, name), 0o000);
    for (const dir of [path.dirname(root), root]) fs.chmodSync(dir, 0o755);
    const user = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const script = `const { createTool } = await import(${JSON.stringify(DIST)});
const tool = createTool({ root: ${JSON.stringify(root)} });
const out = {};
for (const name of ["big.txt", "closed", "small.txt"]) out[name] = await tool.call({ path: name });
console.log(JSON.stringify({ uid: process.getuid(), out }));`;
    const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", timeout: 20_000, ...user });
    expect(child.stderr).toBe("");
    const { uid, out } = JSON.parse(child.stdout) as { uid: number; out: Record<string, unknown> };
    expect(uid).not.toBe(0);
    expect(out).toStrictEqual({
      "big.txt": { error: { code: "SIZE_LIMIT_EXCEEDED", message: 'Cannot read "big.txt": the file is 2097152 bytes, over the limit of 1048576 bytes (1 MiB).' } },
      closed: { error: { code: "NOT_FILE", message: 'Cannot read "closed": it is a directory, not a file.' } },
      "small.txt": {
        error: {
          code: "INTERNAL",
          message: "Cannot read \"small.txt\": unexpected error (PERMISSION_DENIED): the path 'small.txt' cannot be accessed: permission denied by the operating system.",
        },
      },
    });
  });
});
