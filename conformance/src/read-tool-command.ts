import path from "node:path";
import type { Oracle } from "./oracle.js";
import type { CommandKind } from "./run-conformance.js";

/**
 * The command of this repository's CLI that reaches an oracle's profile through a kind of adapter:
 * `read-tool call` (one process per call), `read-tool jsonl` or `read-tool mcp`, each with `--profile`
 * naming the profile when it is registered, else the oracle's module path (a profile of one's own).
 */
export function readToolCommand(repoRoot: string, oracle: Pick<Oracle, "profile" | "module">, kind: CommandKind = "subprocess"): readonly string[] {
  const profile = oracle.module !== undefined && path.isAbsolute(oracle.module) ? oracle.module : oracle.profile;
  const command = kind === "subprocess" ? "call" : kind;
  return [process.execPath, path.join(repoRoot, "packages", "cli", "bin", "read-tool.js"), command, "--profile", profile, ...(kind === "mcp" ? ["--client-roots"] : [])];
}
