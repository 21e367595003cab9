import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { summarize, type Summary } from "./stats.js";

/** How long `read-tool call` takes from exec to exit, beside Node doing nothing (`node -e 0`). */
export interface StartupResult {
  /** The `read-tool` command timed, as a person would type it. */
  readonly command: string;
  /** Rounds: one start of each subject per round, in turn. */
  readonly rounds: number;
  /** `node -e 0`, wall nanoseconds. */
  readonly node: Summary;
  /** `read-tool call` with the V8 code cache of an earlier start (every start after the first). */
  readonly warm: Summary;
  /** `read-tool call` without the cache (`NODE_DISABLE_COMPILE_CACHE=1`): what the first start costs. */
  readonly cold: Summary;
}

/**
 * Times process starts side by side: in each round `node -e 0`, then `read-tool call` with its code
 * cache, then without it, so load on the machine weighs on the three alike. The cache lives in a
 * directory of the bench's own (`XDG_CACHE_HOME`), filled by one start before the rounds. Each sample is
 * the wall time of `spawnSync` from before the spawn to the child's exit.
 */
export function measureStartup(options: { readonly bin: string; readonly root: string; readonly file: string; readonly cacheDir: string; readonly rounds: number }): StartupResult {
  const args = ["call", "--profile", "envelope", "--root", options.root, JSON.stringify({ path: options.file })];
  const xdg = path.join(options.cacheDir, "xdg-cache");
  fs.mkdirSync(xdg, { recursive: true, mode: 0o700 });
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_CACHE_HOME: xdg };
  delete env.NODE_DISABLE_COMPILE_CACHE;
  const start = (command: readonly string[], extra: NodeJS.ProcessEnv = {}): number => {
    const begun = process.hrtime.bigint();
    const child = spawnSync(process.execPath, command, { env: { ...env, ...extra }, stdio: ["ignore", "pipe", "pipe"] });
    const elapsed = Number(process.hrtime.bigint() - begun);
    if (child.status !== 0) throw new Error(`node ${command.join(" ")} exited ${child.status ?? child.signal}: ${child.stderr.toString()}`);
    return elapsed;
  };
  start([options.bin, ...args]);
  const node: number[] = [];
  const warm: number[] = [];
  const cold: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    node.push(start(["-e", "0"]));
    warm.push(start([options.bin, ...args]));
    cold.push(start([options.bin, ...args], { NODE_DISABLE_COMPILE_CACHE: "1" }));
  }
  return {
    command: `read-tool call --profile envelope --root ROOT '{"path":"${options.file}"}'`,
    rounds: options.rounds,
    node: summarize(node),
    warm: summarize(warm),
    cold: summarize(cold),
  };
}
