import type { WorkloadId } from "./cases.js";
import type { ConcurrencyResult } from "./concurrency.js";
import type { DocumentBenchResult } from "./documents.js";
import type { LongReadResult } from "./long-read.js";
import type { McpResponsivenessResult } from "./mcp-responsiveness.js";
import type { PairResult } from "./pairs.js";
import type { StartupResult } from "./startup.js";
import type { Summary } from "./stats.js";
import type { TokensResult } from "./tokens.js";

/** One case's line of the report, as written to `bench/results/latest.json`. */
export interface CaseResult {
  readonly id: string;
  readonly workload: WorkloadId;
  readonly kind: "floor" | "limit" | "core" | "profile" | "baseline" | "peer";
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
  /** Minor page faults per timed call, over all its samples (see `Sampler.faultsPerCall`). */
  readonly faultsPerCall?: number;
  readonly batch?: number;
  readonly floor?: string;
  /** See `BenchCase.partialFloor`. */
  readonly partialFloor?: string;
  /** For a `baseline` row: the id of today's row it repeats. */
  readonly baselineOf?: string;
  /** Peak RSS of a fresh process making this one call, in KiB (read when a profile call returns). */
  readonly maxRssKiB?: number;
  /** That call's answer serialised as JSON, in bytes (profile calls). */
  readonly answerBytes?: number;
  /** A profile call's own growth: its process's peak when it returned minus the peak just before it, in KiB. */
  readonly callGrowthKiB?: number;
  /** For a `baseline` row: today's call and the baseline's compared again in fresh processes. */
  readonly pair?: PairResult;
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
  /** What one minor page fault costs on this machine, in nanoseconds (`pageFaultCostNs`); `null` when not measured. */
  readonly pageFaultNs?: number | null;
  /** Peak RSS of a fresh process that only imports zod, which every profile's schemas load. */
  readonly zodRssKiB: number | null;
  /** Peak RSS of a fresh process that imports each profile and creates its tool, making no call. */
  readonly importedRssKiB?: Readonly<Record<string, number>>;
  readonly cases: readonly CaseResult[];
  readonly scans: readonly ScanResult[];
  /** `read-tool call` started beside `node -e 0`; `null` when not measured. */
  readonly startup: StartupResult | null;
  readonly concurrency: readonly (ConcurrencyResult & { readonly runs: number })[];
  /** The commit the `baseline` rows were made with, or why there are none; `null` when not asked for. */
  readonly baseline: { readonly commit: string } | { readonly unavailable: string } | null;
  /** One first call scanning the 1 GiB log: timer lateness, time against the baseline, abort. */
  readonly longRead: LongReadResult | null;
  /** `read-mcp` answering pings during that call, and stopping it on cancellation. */
  readonly mcpResponsiveness: McpResponsivenessResult | null;
  /** The tokens table (issue 32); `null` or absent when not measured. */
  readonly tokens?: TokensResult | null;
  /** The agent profile's PDF scenarios (issue 33); absent or `null` when not run. */
  readonly documents?: DocumentBenchResult | null;
  readonly targets: readonly TargetResult[];
}
