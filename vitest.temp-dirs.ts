import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// One list per worker process: test files run in their worker one after the other and share its modules
// (`isolate: false`), so a hook a support module registered when it was first imported would run for the
// first file only. vitest.temp-dirs-setup.ts, a setup file, runs again for each file and empties the list.
const made: string[] = [];

/** A new directory under the OS temporary directory, removed after the current test file's last test. */
export function makeTempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes every directory {@link makeTempDir} made, making locked ones writable again first. */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) {
    try {
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Tests lock directories and files; without root, they must be opened again to be removed.
      execFileSync("chmod", ["-R", "u+rwx", dir]);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}
