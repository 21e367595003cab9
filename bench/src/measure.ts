import { summarize, type Summary } from "./stats.js";

/**
 * The bench's warm-up: every timed case makes at least its own warm-up calls, then goes on until
 * `warmCalls` calls or `warmNs` of them; a pair child (pairs.ts) first times each side's first calls on
 * their own (at most `earlyCalls` and `earlyNs` of each side's time), then warms both up the same way.
 * Small-file calls of every profile were still 1.3-3x slower than their steady speed until about the
 * 2,500th call, the baseline's less so: 20 warm-up calls left the samples timing mostly compilation.
 */
export const WARM_UP = { earlyCalls: 500, earlyNs: 250_000_000, warmCalls: 3_000, warmNs: 500_000_000 } as const;

/** The options of `gc()` that ask for a regular full collection (see {@link collectGarbage}). */
export const REGULAR_GC = { type: "major", execution: "sync", flavor: "regular" } as const;

/**
 * A full garbage collection before a sample, as V8 runs one on its own: `gc()` with no argument is V8's
 * forced testing collection, which keeps no map that no live object uses at that moment, and every piece
 * of optimized code compiled against such a map is thrown away. A call that makes a few class instances
 * then runs unoptimized again for hundreds of calls after every collection: with it, the bench's 4 KiB
 * pair rows read 1.17-1.51x the baseline; with this, the same code read 1.01-1.21x. V8's own collections
 * keep those maps for a few more (`--retain-maps-for-n-gc`) and drop them only to save memory, so this
 * asks for a regular one. Does nothing without `--expose-gc`.
 */
export function collectGarbage(): void {
  (globalThis as { gc?: (options: typeof REGULAR_GC) => void }).gc?.(REGULAR_GC);
}

/** How one case is sampled. */
export interface MeasureOptions {
  /** Calls made before sampling (JIT, caches), untimed. */
  readonly warmup: number;
  /**
   * More warm-up calls after those, until this many calls in all or this much time has gone into them:
   * V8 compiles a profile's code for its first thousands of small calls, which would otherwise be timed.
   */
  readonly warmUntil?: { readonly calls: number; readonly ns: number };
  readonly samples: number;
  /**
   * A sample times a batch of calls long enough to dwarf the timer's own cost (at least this many
   * nanoseconds, at most {@link maxBatch} calls), and reports the time per call.
   */
  readonly minSampleNs: number;
  readonly maxBatch: number;
  /** Run untimed before every timed call (a batch is then one call): first-call and next-page cases. */
  readonly before?: () => unknown;
}

/** What sampling one case produced: per-call nanoseconds. */
export interface Measurement {
  readonly perCallNs: Summary;
  readonly batch: number;
  readonly samples: readonly number[];
  /** See {@link Sampler.faultsPerCall}. */
  readonly faultsPerCall: number;
}

/** A warmed-up case that takes one sample (the per-call nanoseconds of one batch) at a time. */
export interface Sampler {
  readonly batch: number;
  sample(): Promise<number>;
  /**
   * The process's minor page faults per call over the samples taken so far (0 before any): the first
   * touches of fresh memory, which a call that makes large strings or buffers pays for on every call once
   * V8 hands it newly mapped pages. Counted around each batch, with its `before` work.
   */
  faultsPerCall(): number;
}

type Op = () => unknown;

/**
 * Warms `op` up (sync or async: a returned promise is awaited, as a caller would) and sizes its batch;
 * the samples are then taken one by one, so that cases can be interleaved.
 */
export async function prepareSampler(op: Op, options: Omit<MeasureOptions, "samples">): Promise<Sampler> {
  const isAsync = await probe(op, options.before);
  const warmStart = process.hrtime.bigint();
  const warming = (calls: number) =>
    calls < options.warmup || (options.warmUntil !== undefined && calls < options.warmUntil.calls && process.hrtime.bigint() - warmStart < BigInt(options.warmUntil.ns));
  for (let calls = 0; warming(calls); calls++) {
    if (options.before !== undefined) await options.before();
    await runBatch(op, 1, isAsync);
  }
  let batch = 1;
  if (options.before === undefined) {
    const once = await runBatch(op, 1, isAsync);
    batch = Math.max(1, Math.min(options.maxBatch, Math.ceil(options.minSampleNs / Math.max(once, 1))));
  }
  let calls = 0;
  let faults = 0;
  return {
    batch,
    async sample() {
      const faultsBefore = process.resourceUsage().minorPageFault;
      if (options.before !== undefined) await options.before();
      const ns = await runBatch(op, batch, isAsync);
      faults += process.resourceUsage().minorPageFault - faultsBefore;
      calls += batch;
      return ns / batch;
    },
    faultsPerCall: () => (calls === 0 ? 0 : faults / calls),
  };
}

/** Samples `op` alone: warm-up, then every sample in a row. */
export async function measure(op: Op, options: MeasureOptions): Promise<Measurement> {
  const sampler = await prepareSampler(op, options);
  collectGarbage();
  const samples: number[] = [];
  for (let i = 0; i < options.samples; i++) samples.push(await sampler.sample());
  return { perCallNs: summarize(samples), batch: sampler.batch, samples, faultsPerCall: sampler.faultsPerCall() };
}

// Whether `op` returns a promise (then every timed call awaits it, as a caller would).
async function probe(op: Op, before: (() => unknown) | undefined): Promise<boolean> {
  if (before !== undefined) await before();
  const result = op();
  if (!isPromise(result)) return false;
  await result;
  return true;
}

async function runBatch(op: Op, batch: number, isAsync: boolean): Promise<number> {
  if (isAsync) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) await op();
    return Number(process.hrtime.bigint() - start);
  }
  const start = process.hrtime.bigint();
  for (let i = 0; i < batch; i++) op();
  return Number(process.hrtime.bigint() - start);
}

function isPromise(value: unknown): value is Promise<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";
}
