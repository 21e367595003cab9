import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repo = path.dirname(fileURLToPath(import.meta.url));
const lock = path.join(repo, "node_modules", ".read-build.lock");

/**
 * Vitest global setup, for the tests that run built binaries (`read-tool`, the MCP server, profiles in
 * child processes): it brings every package's `dist/` up to date with `tsc -b` (incremental, so an
 * up-to-date tree costs about a second, and no package manager is needed on PATH), then bundles
 * `read-tool`. Two vitest runs may start at once (CI's two Node versions, a developer's watch mode), so
 * a directory lock keeps two builds from writing `dist/` at once.
 */
export default async function setup(): Promise<void> {
  await withDirectoryLock(lock, () => {
    execFileSync(process.execPath, [path.join(repo, "node_modules", "typescript", "bin", "tsc"), "-b", "tsconfig.build.json"], {
      cwd: repo,
      stdio: ["ignore", "inherit", "inherit"],
    });
    // `read-tool` runs the bundle of the CLI and the profiles (packages/cli/scripts/bundle.mjs): rebuilt
    // every time (well under a second), so no test runs a bundle older than dist/.
    execFileSync(process.execPath, [path.join(repo, "packages", "cli", "scripts", "bundle.mjs")], { cwd: repo, stdio: ["ignore", "inherit", "inherit"] });
  });
}

/**
 * Runs `body` holding the directory lock `lock` (made with `mkdir`, which only one process can win),
 * waiting up to 5 minutes for it: for work in the checkout that test processes must not do at once.
 */
export async function withDirectoryLock<T>(lock: string, body: () => T): Promise<T> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`timed out waiting for the lock ${lock}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return body();
  } finally {
    fs.rmdirSync(lock);
  }
}
