import { randomInt } from "node:crypto";

/** The seed CI runs with when `READ_CONFORMANCE_SEED` does not say otherwise: pinned, so a red run replays. */
export const CI_SEED = 20_260_108;

/** Property runs per check by default: modest, so the suite stays quick; raise with `--runs`. */
export const DEFAULT_RUNS = 20;

/** How long each adversarial race runs by default (milliseconds): change with `--race-ms`. */
export const DEFAULT_RACE_MS = 1_000;

/** The seed and the number of property runs, from flags, the environment, or the defaults. */
export interface RunSettings {
  readonly seed: number;
  readonly runs: number;
  /** Runs through a subprocess, where every call starts a process: a tenth of `runs`, at least 2, unless set. */
  readonly subprocessRuns: number;
  /** How long each adversarial race reads while a child process swaps its path, in milliseconds. */
  readonly raceMs: number;
}

/**
 * Resolves the seed (`--seed`, else `READ_CONFORMANCE_SEED`, else {@link CI_SEED} when `CI` is set,
 * else a random one, always reported), the runs (`--runs`, else `READ_CONFORMANCE_RUNS`, else
 * {@link DEFAULT_RUNS}), the subprocess runs (`--subprocess-runs`, else
 * `READ_CONFORMANCE_SUBPROCESS_RUNS`) and the race time (`--race-ms`, else `READ_CONFORMANCE_RACE_MS`,
 * else {@link DEFAULT_RACE_MS}). Throws on a value that is not an integer in range, naming the flag or
 * variable it came from.
 */
export function resolveRunSettings(
  flags: { readonly seed?: string | undefined; readonly runs?: string | undefined; readonly subprocessRuns?: string | undefined; readonly raceMs?: string | undefined } = {},
  env: NodeJS.ProcessEnv = process.env,
): RunSettings {
  const ci = env.CI !== undefined && env.CI !== "" && env.CI !== "false" && env.CI !== "0";
  const seedText = setting(flags.seed, "--seed", env, "READ_CONFORMANCE_SEED");
  const seed = seedText === undefined ? (ci ? CI_SEED : randomInt(0, 2 ** 31 - 1)) : integer(seedText, "seed", -(2 ** 31), 2 ** 31 - 1);
  const runsText = setting(flags.runs, "--runs", env, "READ_CONFORMANCE_RUNS");
  const runs = runsText === undefined ? DEFAULT_RUNS : integer(runsText, "runs", 1, 1_000_000);
  const subprocessText = setting(flags.subprocessRuns, "--subprocess-runs", env, "READ_CONFORMANCE_SUBPROCESS_RUNS");
  const subprocessRuns = subprocessText === undefined ? Math.max(2, Math.ceil(runs / 10)) : integer(subprocessText, "subprocess runs", 1, 1_000_000);
  const raceText = setting(flags.raceMs, "--race-ms", env, "READ_CONFORMANCE_RACE_MS");
  const raceMs = raceText === undefined ? DEFAULT_RACE_MS : integer(raceText, "race time in ms", 10, 600_000);
  return { seed, runs, subprocessRuns, raceMs };
}

/** A setting's text, from its flag, else its environment variable, with where it came from. */
function setting(flag: string | undefined, flagName: string, env: NodeJS.ProcessEnv, variable: string): { readonly text: string; readonly from: string } | undefined {
  if (flag !== undefined) return { text: flag, from: flagName };
  const value = env[variable];
  return value === undefined ? undefined : { text: value, from: variable };
}

function integer({ text, from }: { readonly text: string; readonly from: string }, name: string, min: number, max: number): number {
  const value = Number(text);
  if (text.trim() === "" || !Number.isInteger(value) || value < min || value > max) throw new Error(`${from}: the ${name} must be an integer from ${min} to ${max}, got '${text}'`);
  return value;
}
