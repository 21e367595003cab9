import { ADVERSARIAL_CHECKS } from "./adversarial/adversarial-checks.js";
import { buildReport, type ConformanceReport } from "./build-report.js";
import type { ConformanceCheck } from "./conformance-check.js";
import { judgeResults, type ExpectedFailure } from "./expected-failures.js";
import { goldenCheck, type LoadedGoldenCase } from "./golden-case.js";
import { createInProcessAdapter } from "./in-process-adapter.js";
import { createJsonlAdapter } from "./jsonl-adapter.js";
import type { Requirement } from "./load-requirements.js";
import { createMcpAdapter } from "./mcp-adapter.js";
import type { Oracle } from "./oracle.js";
import { runSuite, type CheckResult } from "./run-suite.js";
import type { PropertySettings } from "./suite-context.js";
import { createSubprocessAdapter } from "./subprocess-adapter.js";
import type { ToolAdapter } from "./tool-adapter.js";
import { UNIVERSAL_CHECKS } from "./universal-checks.js";

/**
 * The ways the harness reaches an implementation: `in-process` (a profile module's `createTool`),
 * `subprocess` (one process per call, the `read-tool call` contract), `jsonl` (one long-running process,
 * one JSON request and answer per line) and `mcp` (an MCP server over stdio).
 */
export const ADAPTER_KINDS = ["in-process", "subprocess", "jsonl", "mcp"] as const;
export type AdapterKind = (typeof ADAPTER_KINDS)[number];

/** The kinds that talk to a command, by the command they run. */
export type CommandKind = Exclude<AdapterKind, "in-process">;

/** What a whole conformance run needs. */
export interface ConformanceRun {
  readonly oracles: readonly Oracle[];
  readonly adapters: readonly AdapterKind[];
  readonly seed: number;
  /** Property runs per check in-process. */
  readonly runs: number;
  /** Property runs per check through a subprocess, where every call starts a process (JSONL and MCP make `runs`). */
  readonly subprocessRuns: number;
  /** How long each adversarial race runs, in milliseconds (default `DEFAULT_RACE_MS`). */
  readonly raceMs?: number;
  readonly requirements: readonly Requirement[];
  readonly goldenCases: readonly LoadedGoldenCase[];
  readonly expectedFailures: readonly ExpectedFailure[];
  /** The command that reaches a profile through a kind of adapter (`read-tool call`, `read-tool jsonl`, ...). */
  readonly commandFor: (oracle: Oracle, kind: CommandKind) => readonly string[];
  /** This repository's package tests by requirement ID; absent for an outside implementation (see {@link buildReport}). */
  readonly packageTests?: ReadonlyMap<string, readonly string[]>;
  readonly onResult?: (result: CheckResult) => void;
}

/**
 * The checks a profile runs: the universal suite, the adversarial suite, then the golden cases of its
 * profile; each proves, besides its own requirements, the IDs the oracle's `proves` lists under its ID.
 */
export function checksFor(oracle: Oracle, goldenCases: readonly LoadedGoldenCase[]): readonly ConformanceCheck[] {
  const checks = [...UNIVERSAL_CHECKS, ...ADVERSARIAL_CHECKS, ...goldenCases.filter((loaded) => loaded.profile === oracle.profile).map(goldenCheck)];
  return checks.map((check) => ({ ...check, requirements: (target: Oracle) => [...new Set([...check.requirements(target), ...(target.proves[check.id] ?? [])])] }));
}

/** Creates an adapter of a kind for an oracle. */
export async function createAdapter(kind: AdapterKind, oracle: Oracle, commandFor: ConformanceRun["commandFor"]): Promise<ToolAdapter> {
  switch (kind) {
    case "in-process":
      return createInProcessAdapter(oracle);
    case "subprocess":
      return createSubprocessAdapter(oracle, { command: commandFor(oracle, kind) });
    case "jsonl":
      return createJsonlAdapter({ command: commandFor(oracle, kind) });
    case "mcp":
      return createMcpAdapter({ command: commandFor(oracle, kind), tool: oracle.tool, reading: { kind: "structured", oracle }, configTable: oracle.configTable });
  }
}

/** How properties run through a kind of adapter: fewer runs where every call starts a process, and no shrinking through a process. */
export function propertySettings(run: Pick<ConformanceRun, "seed" | "runs" | "subprocessRuns" | "raceMs">, kind: AdapterKind): PropertySettings {
  return { seed: run.seed, numRuns: kind === "subprocess" ? run.subprocessRuns : run.runs, endOnFailure: kind !== "in-process", ...(run.raceMs === undefined ? {} : { raceMs: run.raceMs }) };
}

/**
 * Runs every check of every profile through every adapter (in-process one profile after the other;
 * through a command for all profiles at once, since each call waits on a process), then judges the results
 * against the expected failures and builds the report. An adapter that cannot start fails every check
 * of its profile with the reason, so nothing is skipped silently.
 */
export async function runConformance(run: ConformanceRun): Promise<{ readonly results: readonly CheckResult[]; readonly report: ConformanceReport }> {
  const byRun = new Map<string, readonly CheckResult[]>();
  for (const kind of run.adapters) {
    const one = async (oracle: Oracle) => byRun.set(`${oracle.profile}\0${kind}`, await runProfile(run, oracle, kind));
    if (kind === "in-process") for (const oracle of run.oracles) await one(oracle);
    else await Promise.all(run.oracles.map(one));
  }
  const results = run.oracles.flatMap((oracle) => run.adapters.flatMap((kind) => byRun.get(`${oracle.profile}\0${kind}`) ?? []));
  const judgement = judgeResults(results, run.expectedFailures);
  const report = buildReport({
    seed: run.seed,
    runs: Object.fromEntries(run.adapters.map((kind) => [kind, propertySettings(run, kind).numRuns])),
    adapters: run.adapters,
    oracles: run.oracles,
    requirements: run.requirements,
    results: judgement.results,
    stale: judgement.stale,
    ...(run.packageTests === undefined ? {} : { packageTests: run.packageTests }),
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
    return await runSuite({ oracle, adapter, checks, properties: propertySettings(run, kind), ...(run.onResult === undefined ? {} : { onResult: run.onResult }) });
  } finally {
    await adapter.close?.();
  }
}
