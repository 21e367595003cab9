import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildReport, type ConformanceReport } from "../src/build-report.js";
import { judgeResults } from "../src/expected-failures.js";
import { loadGoldenCases } from "../src/golden-case.js";
import { createInProcessAdapter } from "../src/in-process-adapter.js";
import { loadOracles } from "../src/load-oracles.js";
import { loadRequirements } from "../src/load-requirements.js";
import { renderMarkdown } from "../src/render-markdown.js";
import { reportDestinations } from "../src/report-destinations.js";
import { FIXTURES_DIR, REPORT_JSON_FILE, REPORT_MD_FILE, RUNS_DIR } from "../src/repo-paths.js";
import { checksFor } from "../src/run-conformance.js";
import { CI_SEED, DEFAULT_RACE_MS, DEFAULT_RUNS, isReportRun, resolveRunSettings } from "../src/run-settings.js";
import { runSuite } from "../src/run-suite.js";
import { stableReport } from "../src/stable-report.js";

// Issue 31 item 6: `pnpm conformance` with no arguments must reproduce the tracked docs/conformance.{md,json}
// byte for byte. The full run takes minutes; these tests run the same steps (seed, checks, report, stable
// form, destinations) on a slice of the suite that holds run-dependent checks.
const tracked = { json: REPORT_JSON_FILE, md: REPORT_MD_FILE };
const requirements = loadRequirements();

describe("issue 31 case 6: pnpm conformance leaves the tracked report as it was", () => {
  it("with no seed given, read-conformance runs with the pinned seed; 'random' draws one; the report's settings are the defaults only", () => {
    const unset = resolveRunSettings({}, {}, "pinned");
    expect(unset).toEqual({ seed: CI_SEED, runs: DEFAULT_RUNS, subprocessRuns: 2, raceMs: DEFAULT_RACE_MS });
    expect(isReportRun(unset)).toBe(true);
    const drawn = resolveRunSettings({ seed: "random" }, { CI: "true" }, "pinned");
    expect(Number.isInteger(drawn.seed) && drawn.seed >= 0 && drawn.seed < 2 ** 31).toBe(true);
    expect(resolveRunSettings({}, { READ_CONFORMANCE_SEED: "random" }, "pinned").seed).not.toBe(CI_SEED);
    expect(isReportRun(resolveRunSettings({ seed: "5" }, {}, "pinned"))).toBe(false);
    expect(isReportRun(resolveRunSettings({ runs: "21" }, {}, "pinned"))).toBe(false);
    expect(isReportRun(resolveRunSettings({ subprocessRuns: "3" }, {}, "pinned"))).toBe(false);
    expect(isReportRun(resolveRunSettings({}, { READ_CONFORMANCE_RACE_MS: "250" }, "pinned"))).toBe(false);
    // A seed given as the pinned one is the report's run too: it writes the same bytes.
    expect(isReportRun(resolveRunSettings({ seed: String(CI_SEED) }, {}, "pinned"))).toBe(true);
  });

  it("a complete run with the report's settings writes its own report to conformance/.runs/seed-N/ and the stable one to docs/; any other seed only the former", () => {
    const own = path.join(RUNS_DIR, `seed-${CI_SEED}`);
    expect(path.relative(path.dirname(RUNS_DIR), RUNS_DIR)).toBe(".runs");
    expect(reportDestinations({ settings: resolveRunSettings({}, {}, "pinned"), complete: true, noWrite: false, tracked, runsDir: RUNS_DIR })).toEqual([
      { file: path.join(own, "conformance.json"), format: "json", form: "full" },
      { file: path.join(own, "conformance.md"), format: "md", form: "full" },
      { file: REPORT_JSON_FILE, format: "json", form: "stable" },
      { file: REPORT_MD_FILE, format: "md", form: "stable" },
    ]);
    expect(reportDestinations({ settings: resolveRunSettings({ seed: "1234" }, {}, "pinned"), complete: true, noWrite: false, tracked, runsDir: RUNS_DIR })).toEqual([
      { file: path.join(RUNS_DIR, "seed-1234", "conformance.json"), format: "json", form: "full" },
      { file: path.join(RUNS_DIR, "seed-1234", "conformance.md"), format: "md", form: "full" },
    ]);
    expect(reportDestinations({ settings: resolveRunSettings({}, {}, "pinned"), complete: false, noWrite: false, tracked, runsDir: RUNS_DIR })).toEqual([]);
    expect(reportDestinations({ settings: resolveRunSettings({}, {}, "pinned"), complete: true, noWrite: true, tracked, runsDir: RUNS_DIR })).toEqual([]);
    expect(reportDestinations({ settings: resolveRunSettings({}, {}, "pinned"), complete: true, noWrite: false, reportMd: "/tmp/m.md", tracked, runsDir: RUNS_DIR })).toEqual([
      { file: "/tmp/m.md", format: "md", form: "full" },
    ]);
  });

  it("two runs with the same seed give the same stable report, byte for byte, though their race tallies differ", async () => {
    const oracle = loadOracles().find((candidate) => candidate.profile === "forge");
    if (oracle === undefined) throw new Error("no forge oracle");
    const wanted = new Set(["line-endings", "paging", "adversarial/races/final-component-swap", "adversarial/races/symlink-retarget", "golden/forge/raw-view-keeps-crlf"]);
    const checks = checksFor(oracle, loadGoldenCases(FIXTURES_DIR)).filter((check) => wanted.has(check.id));
    expect(checks.map((check) => check.id).sort()).toEqual([...wanted].sort());
    expect(checks.filter((check) => check.runDependent === true).length).toBe(2);
    const once = async (): Promise<ConformanceReport> => {
      const adapter = await createInProcessAdapter(oracle);
      const results = await runSuite({ oracle, adapter, checks, properties: { seed: CI_SEED, numRuns: 3, endOnFailure: false, raceMs: 150 } });
      expect(results.map((result) => [result.check, result.status, result.message])).toEqual([...wanted].map((id) => [expect.any(String), "pass", undefined]));
      const judged = judgeResults(results, []);
      return buildReport({ seed: CI_SEED, runs: { "in-process": 3 }, adapters: ["in-process"], oracles: [oracle], requirements, results: judged.results, stale: judged.stale });
    };
    const [first, second] = [await once(), await once()];
    const races = (report: ConformanceReport) => report.profiles[0]?.checks.filter((row) => row.runDependent === true) ?? [];
    expect(races(first).map((row) => row.results["in-process"]?.notes?.[0])).toEqual([expect.stringMatching(/ while the path was swapped \d+ times$/u), expect.stringMatching(/ while the path was swapped \d+ times$/u)]);
    const [stableFirst, stableSecond] = [stableReport(first), stableReport(second)];
    expect(races(stableFirst).map((row) => row.results["in-process"])).toEqual([{ status: "pass" }, { status: "pass" }]);
    expect(`${JSON.stringify(stableSecond, null, 2)}\n`).toBe(`${JSON.stringify(stableFirst, null, 2)}\n`);
    expect(renderMarkdown(stableSecond, requirements)).toBe(renderMarkdown(stableFirst, requirements));
    expect(renderMarkdown(stableFirst, requirements)).toContain("so they are left out here: a run writes its own report, notes included, to `conformance/.runs/seed-<seed>/`.");
    expect(renderMarkdown(first, requirements)).toMatch(/- `adversarial\/races\/final-component-swap` \(in-process\): .* while the path was swapped \d+ times/u);
    expect(renderMarkdown(stableFirst, requirements)).not.toContain("while the path was swapped");
  }, 120_000);
});

describe("issue 31 case 6: a failure quoting the run's scratch directory reads the same in every run", () => {
  it("the stable report writes the scratch directory's random name as ${DIR}; the run's own report keeps it", () => {
    const message = 'output: {"error":"file too large: \\"/tmp/read-conformance-aimAWO/ws/big-0.txt\\" is big"} (config /tmp/read-conformance-config-x8Yz2Q/a.toml)';
    const report = {
      seed: 1,
      runs: {},
      adapters: ["in-process"],
      stale: [],
      ok: true,
      profiles: [{ checks: [{ results: { "in-process": { status: "xfail", message } } }] }],
    } as unknown as ConformanceReport;
    const stable = stableReport(report);
    expect(stable.profiles[0]?.checks[0]?.results["in-process"]?.message).toBe('output: {"error":"file too large: \\"${DIR}/ws/big-0.txt\\" is big"} (config ${DIR}/a.toml)');
    expect(report.profiles[0]?.checks[0]?.results["in-process"]?.message).toBe(message);
  });
});
