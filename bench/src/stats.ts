/** Median and spread of a set of samples (per-operation times in nanoseconds, or any other unit). */
export interface Summary {
  readonly n: number;
  readonly median: number;
  readonly p10: number;
  readonly p90: number;
  /** Median absolute deviation from the median. */
  readonly mad: number;
  readonly min: number;
  readonly max: number;
}

/** Summarises samples with linear-interpolated percentiles. Throws on an empty set (a bench bug). */
export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new Error("no samples to summarise");
  const sorted = [...samples].sort((a, b) => a - b);
  const median = percentile(sorted, 0.5);
  const deviations = sorted.map((value) => Math.abs(value - median)).sort((a, b) => a - b);
  return {
    n: sorted.length,
    median,
    p10: percentile(sorted, 0.1),
    p90: percentile(sorted, 0.9),
    mad: percentile(deviations, 0.5),
    min: sorted[0] ?? median,
    max: sorted[sorted.length - 1] ?? median,
  };
}

/** The `q` quantile (0-1) of ascending `sorted`, interpolated between the two nearest ranks. */
export function percentile(sorted: readonly number[], q: number): number {
  const rank = (sorted.length - 1) * q;
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const a = sorted[low];
  const b = sorted[high];
  if (a === undefined || b === undefined) throw new Error("percentile of an empty set");
  return a + (b - a) * (rank - low);
}
