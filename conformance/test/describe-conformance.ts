import { isDeepStrictEqual } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { judgeResults, loadExpectedFailures } from "../src/expected-failures.js";
import { loadGoldenCases } from "../src/golden-case.js";
import { createInProcessAdapter } from "../src/in-process-adapter.js";
import { interpretOutput } from "../src/interpret-output.js";
import { loadOracles } from "../src/load-oracles.js";
import { readToolCommand } from "../src/read-tool-command.js";
import { recordCalls, type RecordedCall, type RecordingAdapter } from "../src/recording-adapter.js";
import { FIXTURES_DIR, REPO_ROOT } from "../src/repo-paths.js";
import { checksFor, createAdapter } from "../src/run-conformance.js";
import { resolveRunSettings } from "../src/run-settings.js";
import { runSuite, type CheckResult } from "../src/run-suite.js";
import { createSuiteContext, type PropertySettings } from "../src/suite-context.js";

// The whole suite, in-process, for every profile that has an oracle (shared between the test files
// conformance-1 and conformance-2, half of the profiles each): one test per check, named after the
// requirement IDs it proves. A check listed in conformance/expected-failures.json must fail (`it.fails`),
// so an entry that starts passing turns this run red. A check that cannot apply to a profile (its oracle
// says the tool has no such parameter or limit) is not a test; the describe title names it, and the matrix
// in docs/conformance.md shows it as n/a with the reason.
//
// Then the same suite, with the same seed and runs, through `read-tool jsonl` (one long-running process):
// every check must end the same way, and every call must get the same output (time masked, scratch paths
// as ${ROOT}) whichever way the tool is reached. The in-process run is recorded for that comparison, so it
// runs once. test/per-call.test.ts covers one process per call; test/planted-bugs.test.ts all three protocols.
//
// READ_TEST_JSONL_AGREEMENT=off leaves the JSONL run and its comparison out, and every describe title says
// so: CI sets it for its second Node version, where the in-process suite runs again and the comparison,
// which tests the CLI's JSONL protocol and the harness rather than the runtime, would double the CPU time.
const settings = resolveRunSettings();
const AGREEMENT = process.env.READ_TEST_JSONL_AGREEMENT ?? "on";
if (AGREEMENT !== "on" && AGREEMENT !== "off") throw new Error(`READ_TEST_JSONL_AGREEMENT must be on or off, got '${AGREEMENT}'`);
const goldenCases = loadGoldenCases(FIXTURES_DIR);
const expectedFailures = loadExpectedFailures();
const properties: PropertySettings = { seed: settings.seed, numRuns: settings.runs, endOnFailure: false, raceMs: settings.raceMs };
// Races differ from run to run (a race check is compared by its result only), and they hold both cores for
// their whole time: through JSONL, which tests the transport, they run 50 ms each.
const jsonlProperties: PropertySettings = { ...properties, raceMs: Math.min(settings.raceMs, 50) };

function firstDifference(left: readonly RecordedCall[], right: readonly RecordedCall[]): string | undefined {
  const length = Math.max(left.length, right.length);
  for (let index = 0; index < length; index++) {
    if (!isDeepStrictEqual(left[index], right[index])) {
      return `call ${index + 1} of ${left.length} in-process / ${right.length} through jsonl:\n  in-process: ${JSON.stringify(left[index])}\n  jsonl:      ${JSON.stringify(right[index])}`;
    }
  }
  return undefined;
}

/**
 * Declares the suite's tests for one share of the profiles (`part` of `parts`, by their order in
 * `conformance/profiles`), so that the shares run side by side in separate test files.
 */
export function describeConformance(part: number, parts: number): void {
    for (const oracle of loadOracles().filter((_, index) => index % parts === part)) {
    const checks = checksFor(oracle, goldenCases);
    const notApplicable = checks.filter((check) => check.notApplicable(oracle) !== null).map((check) => check.id);
    const protocols = AGREEMENT === "on" ? "in-process, then read-tool jsonl" : "in-process only: READ_TEST_JSONL_AGREEMENT=off";
    const title = `${oracle.profile} (${protocols}; seed ${settings.seed}, ${settings.runs} runs${notApplicable.length === 0 ? "" : `; n/a: ${notApplicable.join(", ")}`})`;
    describe(title, () => {
      const read = interpretOutput(oracle);
      const statuses = new Map<string, CheckResult["status"]>();
      let recorder: Promise<RecordingAdapter> | undefined;
      const recorded = () => (recorder ??= createInProcessAdapter(oracle).then((adapter) => recordCalls(adapter, read)));
      afterAll(async () => (await recorder)?.close?.());
      // The JSONL run starts with the profile's tests and runs beside them (most of a check's time is waiting).
      let jsonlRun: Promise<{ readonly results: readonly CheckResult[]; readonly transcript: RecordingAdapter["transcript"] }>;
      beforeAll(() => {
        if (AGREEMENT === "off") return;
        jsonlRun = (async () => {
          const jsonl = recordCalls(await createAdapter("jsonl", oracle, (target, kind) => readToolCommand(REPO_ROOT, target, kind)), read);
          try {
            const results = await runSuite({ oracle, adapter: jsonl, checks, properties: jsonlProperties, onResult: (result) => jsonl.mark(result.check) });
            return { results, transcript: jsonl.transcript };
          } finally {
            await jsonl.close?.();
          }
        })();
        // Awaited by the last test; a failure is reported there.
        jsonlRun.catch(() => undefined);
      });

      for (const check of checks.filter((candidate) => candidate.notApplicable(oracle) === null)) {
        const name = `${check.id} [${check.requirements(oracle).join(" ") || "no requirement ID"}]: ${check.title}`;
        const listed = expectedFailures.some((entry) => entry.profile === oracle.profile && entry.check === check.id && (entry.adapter ?? "in-process") === "in-process");
        const body = async () => {
          const adapter = await recorded();
          try {
            await check.run(createSuiteContext(oracle, adapter, properties));
            statuses.set(check.id, "pass");
          } catch (error) {
            statuses.set(check.id, "fail");
            throw error;
          } finally {
            adapter.mark(check.id);
          }
        };
        if (listed) it.fails(name, body);
        else it(name, body);
      }

      if (AGREEMENT === "on") it("through read-tool jsonl, every check ends as it did in-process, and every call gets the same output", async () => {
        const inProcess = await recorded();
        const jsonl = await jsonlRun;
        const { results } = jsonl;
        const judged = judgeResults(results, expectedFailures).results;
        expect(judged.filter((result) => result.status === "fail" || result.status === "xpass").map((result) => `${result.check}: ${result.status}\n${result.message ?? ""}`)).toEqual([]);
        const ran = results.filter((result) => result.status !== "n/a");
        expect(Object.fromEntries(ran.map((result) => [result.check, result.status]))).toEqual(Object.fromEntries(ran.map((result) => [result.check, statuses.get(result.check)])));
        // A check whose calls differ from run to run (races, load, /proc/self) is compared by its result only.
        const runDependent = new Set(checks.filter((check) => check.runDependent === true).map((check) => check.id));
        const differences = [...inProcess.transcript].flatMap(([check, calls]) => {
          if (runDependent.has(check)) return [];
          const difference = firstDifference(calls, jsonl.transcript.get(check) ?? []);
          return difference === undefined ? [] : [`${check}: ${difference}`];
        });
        expect(differences).toEqual([]);
        expect([...jsonl.transcript.values()].reduce((sum, calls) => sum + calls.length, 0)).toBeGreaterThan(checks.length);
      }, 600_000);
    });
  }
}
