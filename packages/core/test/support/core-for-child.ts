import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const SOURCE = path.resolve(import.meta.dirname, "../../src");
// Core's one runtime dependency, as this checkout installed it (readable by every user).
const ZOD = fs.realpathSync(path.resolve(import.meta.dirname, "../../node_modules/zod"));

/**
 * Compiles core's sources (type-stripping only, the same TypeScript as the build) into `dir/core/` as
 * plain ES modules that a child `node` process can import, readable by every user. Tests that need a
 * process of their own (another uid, a lower descriptor limit) run core there instead of the stale-prone
 * `dist/` that other packages build at the same time.
 */
export function compileCoreInto(dir: string): string {
  const out = path.join(dir, "core");
  fs.mkdirSync(out, { recursive: true, mode: 0o755 });
  fs.writeFileSync(path.join(out, "package.json"), JSON.stringify({ type: "module" }));
  fs.mkdirSync(path.join(out, "node_modules"), { mode: 0o755 });
  fs.symlinkSync(ZOD, path.join(out, "node_modules", "zod"));
  for (const name of fs.readdirSync(SOURCE)) {
    if (!name.endsWith(".ts")) continue;
    const { outputText } = ts.transpileModule(fs.readFileSync(path.join(SOURCE, name), "utf8"), {
      fileName: name,
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
    });
    fs.writeFileSync(path.join(out, name.replace(/\.ts$/u, ".js")), outputText, { mode: 0o644 });
  }
  return path.join(out, "index.js");
}

/** Options of {@link runNodeScript}. */
export interface ChildOptions {
  /** Run as this uid and gid (only possible when the test runs as root). */
  readonly user?: { readonly uid: number; readonly gid: number };
  /** `ulimit -n` for the child: its descriptor limit. */
  readonly maxOpenFiles?: number;
}

/** Writes `source` as an ES module into `dir` and runs it in a fresh `node`; at most 20 s. */
export function runNodeScript(dir: string, source: string, options: ChildOptions = {}): SpawnSyncReturns<string> {
  const script = path.join(dir, `child-${process.hrtime.bigint()}.mjs`);
  fs.writeFileSync(script, source, { mode: 0o644 });
  const common = { encoding: "utf8" as const, timeout: 20_000, ...(options.user ?? {}) };
  if (options.maxOpenFiles === undefined) return spawnSync(process.execPath, [script], common);
  return spawnSync("bash", ["-c", `ulimit -n ${options.maxOpenFiles} && exec "$0" "$1"`, process.execPath, script], common);
}
