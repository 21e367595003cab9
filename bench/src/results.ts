import type { WorkloadId } from "./cases.js";
import type { ConcurrencyResult } from "./concurrency.js";
import type { StartupResult } from "./startup.js";
import type { Summary } from "./stats.js";

/** One case's line of the report, as written to `bench/results/latest.json`. */
export interface CaseResult {
  readonly id: string;
  readonly workload: WorkloadId;
  readonly kind: "floor" | "limit" | "core" | "profile" | "peer";
  readonly subject: string;
  readonly call: string;
  readonly mode: "repeat" | "first" | "next-page";
  readonly expect: "ok" | "refusal" | "failure";
  /** `ok`: a read; `error`: a tool-level error or a thrown one (see `error`). */
  readonly outcome: "ok" | "error";
  /** The outcome is not the expected one. */
  readonly unexpected: boolean;
  readonly error?: string;
  /** Per-call nanoseconds; absent for calls only probed in a child. */
  readonly timeNs?: Summary;
  readonly batch?: number;
  readonly floor?: string;
  /** Peak RSS of a fresh process making this one call, in KiB. */
  readonly maxRssKiB?: number;
  readonly rssError?: string;
}

/** A throughput measurement of the scan primitives. */
export interface ScanResult {
  readonly id: string;
  readonly label: string;
  readonly bytes: number;
  readonly timeNs: Summary;
  /** Bytes per second at the median. */
  readonly bytesPerSecond: number;
}

/** A target of issue 9 or 19, checked against this run. */
export interface TargetResult {
  readonly target: string;
  readonly measured: string;
  readonly met: boolean | null;
}

/** Everything one bench run measured. */
export interface BenchResults {
  readonly generatedAt: string;
  readonly quick: boolean;
  readonly durationSeconds: number;
  readonly machine: {
    readonly cpu: string;
    readonly cores: number;
    readonly memoryBytes: number;
    readonly os: string;
    readonly node: string;
    readonly uvThreadpoolSize: string;
  };
  readonly packages: Readonly<Record<string, string>>;
  readonly workloads: Readonly<Record<string, { readonly file: string; readonly bytes: number; readonly lines: number }>>;
  readonly baselineRssKiB: number | null;
  /** Peak RSS of a fresh process that only imports zod, which every profile's schemas load. */
  readonly zodRssKiB: number | null;
  readonly cases: readonly CaseResult[];
  readonly scans: readonly ScanResult[];
  /** `read-tool call` started beside `node -e 0`; `null` when not measured. */
  readonly startup: StartupResult | null;
  readonly concurrency: readonly (ConcurrencyResult & { readonly runs: number })[];
  readonly targets: readonly TargetResult[];
}
