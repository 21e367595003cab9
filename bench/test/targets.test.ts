import { expect, test } from "vitest";
import type { BenchResults, CaseResult } from "../src/results.js";
import { summarize } from "../src/stats.js";
import { checkTargets } from "../src/targets.js";

function timed(id: string, fields: Omit<CaseResult, "id" | "call" | "mode" | "expect" | "outcome" | "unexpected" | "timeNs">, medianNs: number): CaseResult {
  return { id, call: id, mode: "repeat", expect: "ok", outcome: "ok", unexpected: false, timeNs: summarize([medianNs]), ...fields };
}

function results(cases: readonly CaseResult[]): BenchResults {
  return {
    generatedAt: "2026-11-22T00:00:00.000Z",
    quick: true,
    durationSeconds: 1,
    machine: { cpu: "test", cores: 2, memoryBytes: 1, os: "test", node: "v20", uvThreadpoolSize: "4" },
    packages: {},
    workloads: {},
    baselineRssKiB: null,
    cases,
    scans: [],
    concurrency: [],
    targets: [],
  };
}

test("the small-file target states the ceiling the floor itself sets when it is under 10x a peer", () => {
  const cases = [
    timed("1m:floor", { workload: "1m", kind: "floor", subject: "floor" }, 100),
    timed("1m:envelope", { workload: "1m", kind: "profile", subject: "envelope", floor: "1m:floor" }, 200),
    timed("1m:mcp", { workload: "1m", kind: "peer", subject: "MCP fs" }, 400),
    timed("1m:gemini", { workload: "1m", kind: "peer", subject: "gemini-cli" }, 4000),
  ];
  const [envelope] = checkTargets(results(cases));
  expect(envelope).toEqual({
    target: "envelope: default window of 4 KiB-1 MiB files (first and repeated calls) at most 10x its floor and at least 10x faster than MCP fs and gemini-cli",
    measured: "worst 2.0x its floor; at least 2.0x faster than MCP fs, 20x than gemini-cli; the floor itself is only 4.0x faster than MCP fs and 40x than gemini-cli on some file",
    met: false,
  });
});

test("no ceiling is stated when the floor leaves room for 10x", () => {
  const cases = [
    timed("4k:floor", { workload: "4k", kind: "floor", subject: "floor" }, 10),
    timed("4k:envelope", { workload: "4k", kind: "profile", subject: "envelope", floor: "4k:floor" }, 20),
    timed("4k:mcp", { workload: "4k", kind: "peer", subject: "MCP fs" }, 400),
    timed("4k:gemini", { workload: "4k", kind: "peer", subject: "gemini-cli" }, 400),
  ];
  expect(checkTargets(results(cases))[0]).toMatchObject({ measured: "worst 2.0x its floor; at least 20x faster than MCP fs, 20x than gemini-cli", met: true });
});
