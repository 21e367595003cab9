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
      checks: profile.checks.map((row) =>
        row.runDependent === true ? { ...row, results: Object.fromEntries(Object.entries(row.results).map(([adapter, { notes: _notes, ...result }]) => [adapter, result])) } : row,
      ),
    })),
    runDependentNotes: "left out",
  };
}
