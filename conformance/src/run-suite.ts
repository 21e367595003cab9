import { performance } from "node:perf_hooks";
import type { ConformanceCheck } from "./conformance-check.js";
import { NotApplicable } from "./not-applicable.js";
import type { Oracle } from "./oracle.js";
import { createSuiteContext, type PropertySettings } from "./suite-context.js";
import type { ToolAdapter } from "./tool-adapter.js";

/** How one check ended for one profile through one adapter. */
export interface CheckResult {
  readonly profile: string;
  readonly adapter: string;
  readonly check: string;
  readonly title: string;
  readonly requirements: readonly string[];
  readonly status: "pass" | "fail" | "n/a";
  /** The failure (with fast-check's seed and path for properties), or why the check does not apply. */
  readonly message?: string;
  readonly notes?: readonly string[];
  /** The check's notes (and calls) differ from run to run: see {@link ConformanceCheck.runDependent}. */
  readonly runDependent?: true;
  readonly durationMs: number;
}

/** What {@link runSuite} needs. */
export interface SuiteRun {
  readonly oracle: Oracle;
  readonly adapter: ToolAdapter;
  readonly checks: readonly ConformanceCheck[];
  readonly properties: PropertySettings;
  /** Called after each check, for progress output. */
  readonly onResult?: (result: CheckResult) => void;
}

/** Runs every check against one profile through one adapter, one after the other; never throws for a failed check. */
export async function runSuite(run: SuiteRun): Promise<readonly CheckResult[]> {
  const ctx = createSuiteContext(run.oracle, run.adapter, run.properties);
  const results: CheckResult[] = [];
  for (const check of run.checks) {
    const base = {
      profile: run.oracle.profile,
      adapter: run.adapter.kind,
      check: check.id,
      title: check.title,
      requirements: check.requirements(run.oracle),
      ...(check.runDependent === true ? { runDependent: true as const } : {}),
    };
    const started = performance.now();
    const reason = check.notApplicable(run.oracle);
    let result: CheckResult;
    if (reason !== null) {
      result = { ...base, status: "n/a", message: reason, durationMs: 0 };
    } else {
      try {
        const notes = await check.run(ctx);
        result = { ...base, status: "pass", ...(notes && notes.length > 0 ? { notes } : {}), durationMs: performance.now() - started };
      } catch (error) {
        const status = error instanceof NotApplicable ? "n/a" : "fail";
        result = { ...base, status, message: withoutStack(error), durationMs: performance.now() - started };
      }
    }
    results.push(result);
    run.onResult?.(result);
  }
  return results;
}

// fast-check's report embeds the predicate's stack; the finding, the seed and the input are what matter.
function withoutStack(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message
    .split("\n")
    .filter((line) => !/^\s+at /.test(line))
    .join("\n")
    .trim();
}
