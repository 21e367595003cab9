import { execFileSync } from "node:child_process";
import path from "node:path";
import { REPO_ROOT } from "../src/repo-paths.js";

/**
 * Builds the CLI and everything it references (`tsc -b`, incremental: quick when up to date), so a test
 * that runs `read-tool` in a child process never runs stale code.
 */
export function buildCli(): void {
  const tsc = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
  try {
    execFileSync(process.execPath, [tsc, "-b", path.join("packages", "cli", "tsconfig.build.json")], { cwd: REPO_ROOT, stdio: "pipe" });
  } catch (error) {
    const output = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`building packages/cli failed (tsc -b packages/cli/tsconfig.build.json):\n${String(output.stdout ?? "")}${String(output.stderr ?? "")}`);
  }
}
