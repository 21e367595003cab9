import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { ConformanceReport } from "../src/build-report.js";
import { judgeResults, loadExpectedFailures } from "../src/expected-failures.js";
import { loadGoldenCases } from "../src/golden-case.js";
import { interpretOutput } from "../src/interpret-output.js";
import { loadOracles, PROFILES_DIR } from "../src/load-oracles.js";
import { main } from "../src/main.js";
import type { Oracle } from "../src/oracle.js";
import { recordCalls, type RecordedCall } from "../src/recording-adapter.js";
import { FIXTURES_DIR, REPO_ROOT } from "../src/repo-paths.js";
import { ADVERSARIAL_CHECKS } from "../src/adversarial/adversarial-checks.js";
import { checksFor, createAdapter, type AdapterKind } from "../src/run-conformance.js";
import { resolveRunSettings } from "../src/run-settings.js";
import { runSuite, type CheckResult } from "../src/run-suite.js";
import { readToolCommand } from "../src/read-tool-command.js";

// The whole suite, for every profile, through `read-tool call` in a subprocess and in-process, with the
// same seed: every check must end the same way, and every call must get the same output (time masked,
// scratch paths as ${ROOT}) whichever way the tool is reached. Each call through the CLI starts a Node
// process, so the properties run `subprocessRuns` times (READ_CONFORMANCE_SUBPROCESS_RUNS). The
// adversarial checks (thousands of calls, races, load) run in-process for every profile; through a
// subprocess they run in the outside-implementation test below, for one profile.
const agreementChecks = (oracle: Oracle) => {
  const adversarial = new Set(ADVERSARIAL_CHECKS.map((check) => check.id));
  return checksFor(oracle, goldenCases).filter((check) => !adversarial.has(check.id));
};
const settings = resolveRunSettings();
const goldenCases = loadGoldenCases(FIXTURES_DIR);
const expectedFailures = loadExpectedFailures();

beforeAll(() => {
  // The CLI runs from dist/: build it and everything it references (incremental, quick when up to date),
  // so the subprocess never runs stale code.
  const tsc = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
  try {
    execFileSync(process.execPath, [tsc, "-b", path.join("packages", "cli", "tsconfig.build.json")], { cwd: REPO_ROOT, stdio: "pipe" });
  } catch (error) {
    const output = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`building packages/cli for the subprocess adapter failed (tsc -b packages/cli/tsconfig.build.json):\n${String(output.stdout ?? "")}${String(output.stderr ?? "")}`);
  }
}, 600_000);

async function record(oracle: Oracle, kind: AdapterKind) {
  const adapter = recordCalls(await createAdapter(kind, oracle, (target) => readToolCommand(REPO_ROOT, target)), interpretOutput(oracle));
  try {
    const results = await runSuite({
      oracle,
      adapter,
      checks: agreementChecks(oracle),
      properties: { seed: settings.seed, numRuns: settings.subprocessRuns, endOnFailure: true },
      onResult: (result) => adapter.mark(result.check),
    });
    return { results, transcript: adapter.transcript };
  } finally {
    await adapter.close?.();
  }
}

function firstDifference(left: readonly RecordedCall[], right: readonly RecordedCall[]): string | undefined {
  const length = Math.max(left.length, right.length);
  for (let index = 0; index < length; index++) {
    if (!isDeepStrictEqual(left[index], right[index])) {
      return `call ${index + 1} of ${left.length} in-process / ${right.length} subprocess:\n  in-process: ${JSON.stringify(left[index])}\n  subprocess: ${JSON.stringify(right[index])}`;
    }
  }
  return undefined;
}

const statusOf = (results: readonly CheckResult[]) => Object.fromEntries(results.map((result) => [result.check, result.status]));

describe(`read-tool call agrees with the in-process run (seed ${settings.seed}, ${settings.subprocessRuns} runs per property)`, () => {
  for (const oracle of loadOracles()) {
    it(`${oracle.profile}: every conformance check passes through read-tool call, with the same outputs call for call as in-process`, async () => {
      const [inProcess, subprocess] = await Promise.all([record(oracle, "in-process"), record(oracle, "subprocess")]);
      const judged = judgeResults(subprocess.results, expectedFailures).results;
      expect(judged.filter((result) => result.status === "fail" || result.status === "xpass").map((result) => `${result.check}: ${result.status}\n${result.message ?? ""}`)).toEqual([]);
      expect(statusOf(subprocess.results)).toEqual(statusOf(inProcess.results));
      // A check whose calls differ from run to run (races, load, /proc/self) is compared by its result only.
      const runDependent = new Set(agreementChecks(oracle).filter((check) => check.runDependent === true).map((check) => check.id));
      const differences = [...inProcess.transcript].flatMap(([check, calls]) => {
        if (runDependent.has(check)) return [];
        const difference = firstDifference(calls, subprocess.transcript.get(check) ?? []);
        return difference === undefined ? [] : [`${check}: ${difference}`];
      });
      expect(differences).toEqual([]);
      expect([...subprocess.transcript.values()].reduce((sum, calls) => sum + calls.length, 0)).toBeGreaterThan(agreementChecks(oracle).length);
    }, 900_000);
  }
});

describe("an outside implementation", () => {
  it("is checked with nothing but an oracle file (no module) and a command line, and gets the matrix of its profile", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "read-conformance-outside-"));
    try {
      const { module: _module, ...oracle } = JSON.parse(fs.readFileSync(path.join(PROFILES_DIR, "workspace-jp.json"), "utf8")) as Record<string, unknown>;
      const oracleFile = path.join(dir, "oracle.json");
      fs.writeFileSync(oracleFile, JSON.stringify(oracle));
      const report = path.join(dir, "report.json");
      const command = `${process.execPath} ${path.join(REPO_ROOT, "packages", "cli", "bin", "read-tool.js")} call --profile workspace-jp`;
      const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
      let code: number;
      try {
        code = await main(["--oracle", oracleFile, "--command", command, "--subprocess-runs", "1", "--seed", String(settings.seed), "--report-json", report]);
      } finally {
        out.mockRestore();
      }
      const written = JSON.parse(fs.readFileSync(report, "utf8")) as ConformanceReport;
      // n/a: the checks that drive the implementation in this process (the load tests) need its module.
      const failures = written.profiles.flatMap((profile) => profile.checks.filter((row) => row.results["subprocess"]?.status !== "pass" && row.results["subprocess"]?.status !== "n/a").map((row) => `${row.check}: ${row.results["subprocess"]?.message ?? ""}`));
      expect(failures).toEqual([]);
      expect(written).toMatchObject({ adapters: ["subprocess"], runs: { subprocess: 1 }, ok: true });
      expect(written.profiles.map((profile) => profile.profile)).toEqual(["workspace-jp"]);
      expect(code).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 900_000);
});
