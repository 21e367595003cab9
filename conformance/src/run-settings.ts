import { randomInt } from "node:crypto";

/**
 * The pinned seed: `read-conformance` runs with it when no seed is given (so `pnpm conformance` writes the
 * tracked report the same way every time, and a red run replays), and so does CI.
 */
export const CI_SEED = 20_260_108;

/** The seed text that asks for a random seed (`--seed random`, `READ_CONFORMANCE_SEED=random`). */
export const RANDOM_SEED = "random";

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
 * When no seed is given: `pinned` runs with {@link CI_SEED} (`read-conformance`); `random-outside-ci` draws
 * one unless `CI` is set (this repository's vitest run, which explores a new seed each time).
 */
export type UnsetSeed = "pinned" | "random-outside-ci";

/**
 * Resolves the seed (`--seed`, else `READ_CONFORMANCE_SEED`; `random` draws one; when neither is given,
 * as `unset` says, and always reported), the runs (`--runs`, else `READ_CONFORMANCE_RUNS`, else
 * {@link DEFAULT_RUNS}), the subprocess runs (`--subprocess-runs`, else
 * `READ_CONFORMANCE_SUBPROCESS_RUNS`) and the race time (`--race-ms`, else `READ_CONFORMANCE_RACE_MS`,
 * else {@link DEFAULT_RACE_MS}). Throws on a value that is not an integer in range, naming the flag or
 * variable it came from.
 */
export function resolveRunSettings(
  flags: { readonly seed?: string | undefined; readonly runs?: string | undefined; readonly subprocessRuns?: string | undefined; readonly raceMs?: string | undefined } = {},
  env: NodeJS.ProcessEnv = process.env,
  unset: UnsetSeed = "random-outside-ci",
): RunSettings {
  const ci = env.CI !== undefined && env.CI !== "" && env.CI !== "false" && env.CI !== "0";
  const seedText = setting(flags.seed, "--seed", env, "READ_CONFORMANCE_SEED");
  const seed =
    seedText === undefined
      ? unset === "pinned" || ci
        ? CI_SEED
        : randomInt(0, 2 ** 31 - 1)
      : seedText.text === RANDOM_SEED
        ? randomInt(0, 2 ** 31 - 1)
        : integer(seedText, "seed", -(2 ** 31), 2 ** 31 - 1, ` or '${RANDOM_SEED}'`);
  const runsText = setting(flags.runs, "--runs", env, "READ_CONFORMANCE_RUNS");
  const runs = runsText === undefined ? DEFAULT_RUNS : integer(runsText, "runs", 1, 1_000_000);
  const subprocessText = setting(flags.subprocessRuns, "--subprocess-runs", env, "READ_CONFORMANCE_SUBPROCESS_RUNS");
  const subprocessRuns = subprocessText === undefined ? defaultSubprocessRuns(runs) : integer(subprocessText, "subprocess runs", 1, 1_000_000);
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

function integer({ text, from }: { readonly text: string; readonly from: string }, name: string, min: number, max: number, orElse = ""): number {
  const value = Number(text);
  if (text.trim() === "" || !Number.isInteger(value) || value < min || value > max) throw new Error(`${from}: the ${name} must be an integer from ${min} to ${max}${orElse}, got '${text}'`);
  return value;
}

/**
 * Whether a run's settings are the tracked report's: the pinned seed, the default runs and race time.
 * Only such a run may write `docs/conformance.{md,json}`, which it then reproduces byte for byte.
 */
export function isReportRun(settings: RunSettings): boolean {
  return settings.seed === CI_SEED && settings.runs === DEFAULT_RUNS && settings.subprocessRuns === defaultSubprocessRuns(DEFAULT_RUNS) && settings.raceMs === DEFAULT_RACE_MS;
}

function defaultSubprocessRuns(runs: number): number {
  return Math.max(2, Math.ceil(runs / 10));
}
