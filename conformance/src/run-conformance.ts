import { ADVERSARIAL_CHECKS } from "./adversarial/adversarial-checks.js";
import { buildReport, type ConformanceReport } from "./build-report.js";
import type { ConformanceCheck } from "./conformance-check.js";
import { judgeResults, type ExpectedFailure } from "./expected-failures.js";
import { goldenCheck, type LoadedGoldenCase } from "./golden-case.js";
import { createInProcessAdapter } from "./in-process-adapter.js";
import type { Requirement } from "./load-requirements.js";
import type { Oracle } from "./oracle.js";
import { runSuite, type CheckResult } from "./run-suite.js";
import { createSubprocessAdapter } from "./subprocess-adapter.js";
import type { ToolAdapter } from "./tool-adapter.js";
import { UNIVERSAL_CHECKS } from "./universal-checks.js";

/** The adapters the harness knows. */
export type AdapterKind = "in-process" | "subprocess";

/** What a whole conformance run needs. */
export interface ConformanceRun {
  readonly oracles: readonly Oracle[];
  readonly adapters: readonly AdapterKind[];
  readonly seed: number;
  /** Property runs per check in-process. */
  readonly runs: number;
  /** Property runs per check through a subprocess, where every call starts a process. */
  readonly subprocessRuns: number;
  readonly requirements: readonly Requirement[];
  readonly goldenCases: readonly LoadedGoldenCase[];
  readonly expectedFailures: readonly ExpectedFailure[];
  /** The `read-tool call`-compatible command for a profile (the subprocess adapter). */
  readonly commandFor: (oracle: Oracle) => readonly string[];
  readonly packageTests: ReadonlyMap<string, readonly string[]>;
  readonly onResult?: (result: CheckResult) => void;
}

/** The checks a profile runs: the universal suite, the adversarial suite, then the golden cases of its profile. */
export function checksFor(oracle: Oracle, goldenCases: readonly LoadedGoldenCase[]): readonly ConformanceCheck[] {
  return [...UNIVERSAL_CHECKS, ...ADVERSARIAL_CHECKS, ...goldenCases.filter((loaded) => loaded.profile === oracle.profile).map(goldenCheck)];
}

/** Creates an adapter of a kind for an oracle. */
export async function createAdapter(kind: AdapterKind, oracle: Oracle, commandFor: (oracle: Oracle) => readonly string[]): Promise<ToolAdapter> {
  return kind === "in-process" ? createInProcessAdapter(oracle) : createSubprocessAdapter(oracle, { command: commandFor(oracle) });
}

/**
 * Runs every check of every profile through every adapter (in-process one profile after the other;
 * subprocesses for all profiles at once, since each call waits on a process), then judges the results
 * against the expected failures and builds the report. An adapter that cannot start fails every check
 * of its profile with the reason, so nothing is skipped silently.
 */
export async function runConformance(run: ConformanceRun): Promise<{ readonly results: readonly CheckResult[]; readonly report: ConformanceReport }> {
  const byRun = new Map<string, readonly CheckResult[]>();
  for (const kind of run.adapters) {
    const one = async (oracle: Oracle) => byRun.set(`${oracle.profile}\0${kind}`, await runProfile(run, oracle, kind));
    if (kind === "subprocess") await Promise.all(run.oracles.map(one));
    else for (const oracle of run.oracles) await one(oracle);
  }
  const results = run.oracles.flatMap((oracle) => run.adapters.flatMap((kind) => byRun.get(`${oracle.profile}\0${kind}`) ?? []));
  const judgement = judgeResults(results, run.expectedFailures);
  const report = buildReport({
    seed: run.seed,
    runs: { "in-process": run.runs, subprocess: run.subprocessRuns },
    adapters: run.adapters,
    oracles: run.oracles,
    requirements: run.requirements,
    results: judgement.results,
    stale: judgement.stale,
    packageTests: run.packageTests,
  });
  return { results, report };
}

async function runProfile(run: ConformanceRun, oracle: Oracle, kind: AdapterKind): Promise<readonly CheckResult[]> {
  const checks = checksFor(oracle, run.goldenCases);
  let adapter: ToolAdapter;
  try {
    adapter = await createAdapter(kind, oracle, run.commandFor);
  } catch (error) {
    const message = `the ${kind} adapter could not start: ${error instanceof Error ? error.message : String(error)}`;
    return checks.map((check) => {
      const result: CheckResult = { profile: oracle.profile, adapter: kind, check: check.id, title: check.title, requirements: check.requirements(oracle), status: "fail", message, durationMs: 0 };
      run.onResult?.(result);
      return result;
    });
  }
  try {
    const properties = kind === "subprocess" ? { seed: run.seed, numRuns: run.subprocessRuns, endOnFailure: true } : { seed: run.seed, numRuns: run.runs, endOnFailure: false };
    return await runSuite({ oracle, adapter, checks, properties, ...(run.onResult === undefined ? {} : { onResult: run.onResult }) });
  } finally {
    await adapter.close?.();
  }
}
