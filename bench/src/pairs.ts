import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { summarize, type Summary } from "./stats.js";

/** One call of today's profile and the same call of the baseline's, compared in a fresh child process. */
export interface PairSpec {
  readonly profile: string;
  readonly root: string;
  readonly input: Record<string, unknown>;
  readonly mode: "first" | "repeat";
  /** Module URLs of the baseline commit's core and of its package of this profile. */
  readonly baselineCore: string;
  readonly baselineProfile: string;
  /** Samples of each side; each a batch of calls lasting at least `batchNs`. */
  readonly rounds: number;
  readonly batchNs: number;
  /**
   * Calls of each side, in turn, timed as the process's first ones (while V8 still compiles the code):
   * at most this many, and at most `earlyNs` of each side's time.
   */
  readonly earlyCalls: number;
  readonly earlyNs: number;
  /** Then calls of each side, in turn, before the rounds: at most this many, and at most `warmNs` of each side's time. */
  readonly warmCalls: number;
  readonly warmNs: number;
}

/** What one child measured: the median per-call time of each side once warm, and its mean over its first calls. */
export interface PairMeasurement {
  readonly todayNs: number;
  readonly baselineNs: number;
  readonly early: { readonly calls: number; readonly todayNs: number; readonly baselineNs: number };
}

/** The comparison over several children. */
export interface PairResult {
  readonly processes: number;
  /** Samples of each side per process. */
  readonly rounds: number;
  /** Per child: its median of today's side, of the baseline's, and their ratio. */
  readonly todayNs: Summary;
  readonly baselineNs: Summary;
  readonly ratio: Summary;
  /** The same over each process's first calls (at most `earlyCalls` of each side), before the warm-up. */
  readonly early: { readonly calls: number; readonly todayNs: Summary; readonly baselineNs: Summary; readonly ratio: Summary };
}

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), "pair-child.js");

/**
 * Compares today's call with the baseline's in `processes` fresh processes, each loading only that
 * profile's two versions and sampling them in alternating rounds: a process's code layout and heap weigh
 * on both sides alike, and the median over processes is not one process's luck. Throws when a child fails.
 */
export function measurePair(spec: PairSpec, processes: number): PairResult {
  const measured: PairMeasurement[] = [];
  for (let i = 0; i < processes; i++) {
    const child = spawnSync(process.execPath, ["--expose-gc", CHILD, JSON.stringify(spec)], { encoding: "utf8" });
    if (child.status !== 0) throw new Error(`pair child for ${spec.profile} ${JSON.stringify(spec.input)} failed: ${child.stderr.slice(-500)}`);
    measured.push(JSON.parse(child.stdout.trim()) as PairMeasurement);
  }
  return {
    processes,
    rounds: spec.rounds,
    todayNs: summarize(measured.map((m) => m.todayNs)),
    baselineNs: summarize(measured.map((m) => m.baselineNs)),
    ratio: summarize(measured.map((m) => m.todayNs / m.baselineNs)),
    early: {
      calls: Math.min(...measured.map((m) => m.early.calls)),
      todayNs: summarize(measured.map((m) => m.early.todayNs)),
      baselineNs: summarize(measured.map((m) => m.early.baselineNs)),
      ratio: summarize(measured.map((m) => m.early.todayNs / m.early.baselineNs)),
    },
  };
}
