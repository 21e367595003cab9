import type { ConformanceReport } from "./build-report.js";

/**
 * The report as the repository tracks it: the same, less the notes of run-dependent checks (how often a
 * race saw which answer, how many descriptors were open), which differ from run to run even with the same
 * seed. With them out, a run with the pinned seed writes `docs/conformance.{md,json}` byte for byte as
 * the last such run did; the run's own report, notes included, goes to `conformance/.runs/`.
 */
export function stableReport(report: ConformanceReport): ConformanceReport {
  return {
    ...report,
    profiles: report.profiles.map((profile) => ({
      ...profile,
      checks: profile.checks.map((row) => ({
        ...row,
        results: Object.fromEntries(
          Object.entries(row.results).map(([adapter, result]) => [
            adapter,
            Object.fromEntries(
              Object.entries(result)
                .filter(([key]) => key !== "notes" || row.runDependent !== true)
                .map(([key, value]) => [key, key === "message" && typeof value === "string" ? value.replace(SCRATCH_DIR, "${DIR}") : value]),
            ) as typeof result,
          ]),
        ),
      })),
    })),
    runDependentNotes: "left out",
  };
}

// A failure's message may quote an output that names the run's scratch directory, which is made afresh
// with a random name (`/tmp/read-conformance-aimAWO`): it is written `${DIR}`, as golden cases write it.
const SCRATCH_DIR = /[^\s"'`\\]*read-conformance-(?:[a-z]+-)?[A-Za-z0-9]{6}/g;
