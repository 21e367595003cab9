import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { makeTempDir } from "../../../vitest.temp-dirs.js";

/** The built `read-tool` binary, as users run it. */
export const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "bin", "read-tool.js");

export interface CliRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the built binary with `args` in `cwd`, feeding `stdin`, with `env` over this process's environment. */
export function runCli(args: readonly string[], options: { cwd?: string; stdin?: string; env?: NodeJS.ProcessEnv } = {}): CliRun {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? process.cwd(),
    env: { ...process.env, ...options.env },
    input: options.stdin ?? "",
    encoding: "utf8",
    timeout: 20_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A fresh temporary workspace holding `files` (POSIX paths to UTF-8 contents), removed after the test file's last test. */
export function makeWorkspace(files: Record<string, string>): string {
  const root = makeTempDir("read-cli-");
  for (const [name, text] of Object.entries(files)) {
    const target = path.join(root, name);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, text);
  }
  return root;
}
