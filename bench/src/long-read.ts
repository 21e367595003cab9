import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { clearLineIndexes, type ReadTool } from "@read/core";
import { loadProfile } from "@read/profiles";
import { prepareBaseline } from "./baseline.js";
import { collectGarbage } from "./measure.js";
import { descriptorClosed, openDescriptors } from "./open-descriptors.js";
import { summarize, type Summary } from "./stats.js";

/** The scenario of issue 17 a fresh child runs: one long first call, timed, watched and aborted. */
export interface LongReadSpec {
  readonly repoRoot: string;
  readonly cacheDir: string;
  readonly root: string;
  /** The file the call scans, relative to `root`. */
  readonly file: string;
  readonly profile: string;
  readonly input: Record<string, unknown>;
  readonly rounds: number;
  readonly abortAfterMs: number;
}

/** What the child measured. */
export interface LongReadResult {
  readonly profile: string;
  readonly call: string;
  /** Per-call nanoseconds of today's first call. */
  readonly callNs: Summary;
  /** The most a 1 ms timer was late during each of today's calls, in nanoseconds. */
  readonly latenessNs: Summary;
  /** The same for the synchronous baseline, or why it was not run. */
  readonly baseline: { readonly commit: string; readonly callNs: Summary; readonly latenessNs: Summary } | { readonly unavailable: string };
  readonly abort: {
    readonly afterMs: number;
    /** From `abort()` to the call's rejection. */
    readonly settleNs: Summary;
    /** From `abort()` to the moment no descriptor of the file was left open. */
    readonly closedNs: Summary;
    /** Open descriptors after each round minus before it, the most of all rounds. */
    readonly leaked: number;
    /** What went wrong when a round did not end in an `AbortError` (a read that finished first, another error). */
    readonly problems: readonly string[];
  };
}

const TIMER_MS = 1;

/**
 * Runs `rounds` first calls of today's profile and of the synchronous baseline's, in turn (each under a
 * `monitorEventLoopDelay` with a 1 ms resolution), then `rounds` calls aborted `abortAfterMs` in.
 */
export async function measureLongRead(spec: LongReadSpec): Promise<LongReadResult> {
  const today = (await loadProfile(spec.profile)).createTool({ root: spec.root, requester: async () => "allow" });
  const prepared = await prepareBaseline(spec.repoRoot, spec.cacheDir);
  const baselineProfile = "unavailable" in prepared ? undefined : await prepared.profile(spec.profile);
  const old = baselineProfile?.createTool({ root: spec.root, requester: async () => "allow" });
  const absolute = path.join(spec.root, spec.file);

  // Loads every module and brings the whole file into the page cache: what is timed is the scan.
  await expectRead(today, spec.input);
  if (old !== undefined) await expectRead(old, spec.input);

  const todayNs: number[] = [];
  const todayLate: number[] = [];
  const oldNs: number[] = [];
  const oldLate: number[] = [];
  for (let round = 0; round < spec.rounds; round++) {
    const order = round % 2 === 0 ? ["today", "old"] : ["old", "today"];
    for (const which of order) {
      collectGarbage();
      if (which === "today") {
        clearLineIndexes();
        const { ns, lateNs } = await watched(() => expectRead(today, spec.input));
        todayNs.push(ns);
        todayLate.push(lateNs);
      } else if (old !== undefined && !("unavailable" in prepared)) {
        prepared.clearLineIndexes();
        const { ns, lateNs } = await watched(() => expectRead(old, spec.input));
        oldNs.push(ns);
        oldLate.push(lateNs);
      }
    }
  }

  const settle: number[] = [];
  const closed: number[] = [];
  const problems: string[] = [];
  let leaked = 0;
  for (let round = 0; round < spec.rounds; round++) {
    collectGarbage();
    clearLineIndexes();
    const before = openDescriptors();
    const controller = new AbortController();
    let abortedAt = 0n;
    const timer = setTimeout(() => {
      abortedAt = process.hrtime.bigint();
      controller.abort();
    }, spec.abortAfterMs);
    const outcome = await today.call(spec.input, { signal: controller.signal }).then(
      () => "the call finished before the abort",
      (error: unknown) => (error instanceof Error && error.name === "AbortError" ? undefined : `the call failed otherwise: ${String(error)}`),
    );
    const settledAt = process.hrtime.bigint();
    clearTimeout(timer);
    if (outcome !== undefined || abortedAt === 0n) {
      problems.push(outcome ?? "the call settled before the abort");
      continue;
    }
    settle.push(Number(settledAt - abortedAt));
    const closedAt = await descriptorClosed("self", absolute, 1000);
    if (closedAt === undefined) problems.push(`a descriptor of ${spec.file} was still open 1 s after the abort`);
    else closed.push(Number(closedAt - abortedAt));
    leaked = Math.max(leaked, openDescriptors() - before);
  }

  return {
    profile: spec.profile,
    call: JSON.stringify({ ...spec.input, path: spec.file }),
    callNs: summarize(todayNs),
    latenessNs: summarize(todayLate),
    baseline:
      "unavailable" in prepared
        ? prepared
        : oldNs.length === 0
          ? { unavailable: `the baseline has no profile ${spec.profile}` }
          : { commit: prepared.commit, callNs: summarize(oldNs), latenessNs: summarize(oldLate) },
    abort: {
      afterMs: spec.abortAfterMs,
      settleNs: summarize(settle.length === 0 ? [Number.NaN] : settle),
      closedNs: summarize(closed.length === 0 ? [Number.NaN] : closed),
      leaked,
      problems,
    },
  };
}

async function expectRead(tool: ReadTool, input: Record<string, unknown>): Promise<void> {
  const output = await tool.call(input);
  if (tool.isError(output)) throw new Error(`the long read failed: ${JSON.stringify(output).slice(0, 300)}`);
}

// The histogram's timer fires every TIMER_MS and records the time between firings, so a firing that
// comes on time records TIMER_MS: lateness is what exceeds it. It runs a few intervals before the call
// (its first firing has nothing to compare with) and after it (a call that never yields resolves before
// the late firing would be recorded).
async function watched(run: () => Promise<void>): Promise<{ ns: number; lateNs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: TIMER_MS });
  histogram.enable();
  await sleep(5 * TIMER_MS);
  const start = process.hrtime.bigint();
  await run();
  const ns = Number(process.hrtime.bigint() - start);
  await sleep(5 * TIMER_MS);
  histogram.disable();
  return { ns, lateNs: Math.max(0, histogram.max - TIMER_MS * 1e6) };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
