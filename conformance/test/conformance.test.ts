import { describe, it } from "vitest";
import { loadExpectedFailures } from "../src/expected-failures.js";
import { loadGoldenCases } from "../src/golden-case.js";
import { createInProcessAdapter } from "../src/in-process-adapter.js";
import { loadOracles } from "../src/load-oracles.js";
import { FIXTURES_DIR } from "../src/repo-paths.js";
import { checksFor } from "../src/run-conformance.js";
import { resolveRunSettings } from "../src/run-settings.js";
import { createSuiteContext } from "../src/suite-context.js";
import type { ToolAdapter } from "../src/tool-adapter.js";

// The whole suite, in-process, for every profile that has an oracle: one test per check, named after the
// requirement IDs it proves. A check listed in conformance/expected-failures.json must fail (`it.fails`),
// so an entry that starts passing turns this run red. A check that cannot apply to a profile (its oracle
// says the tool has no such parameter or limit) is not a test; the describe title names it, and the matrix
// in docs/conformance.md shows it as n/a with the reason.
const settings = resolveRunSettings();
const goldenCases = loadGoldenCases(FIXTURES_DIR);
const expectedFailures = loadExpectedFailures();

for (const oracle of loadOracles()) {
  const checks = checksFor(oracle, goldenCases);
  const notApplicable = checks.filter((check) => check.notApplicable(oracle) !== null).map((check) => check.id);
  const title = `${oracle.profile} (in-process; seed ${settings.seed}, ${settings.runs} runs${notApplicable.length === 0 ? "" : `; n/a: ${notApplicable.join(", ")}`})`;
  describe(title, () => {
    let adapter: Promise<ToolAdapter> | undefined;
    const context = async () => {
      adapter ??= createInProcessAdapter(oracle);
      return createSuiteContext(oracle, await adapter, { seed: settings.seed, numRuns: settings.runs, endOnFailure: false });
    };
    for (const check of checks.filter((candidate) => candidate.notApplicable(oracle) === null)) {
      const name = `${check.id} [${check.requirements(oracle).join(" ") || "no requirement ID"}]: ${check.title}`;
      const listed = expectedFailures.some((entry) => entry.profile === oracle.profile && entry.check === check.id && (entry.adapter ?? "in-process") === "in-process");
      const body = async () => {
        await check.run(await context());
      };
      if (listed) it.fails(name, body);
      else it(name, body);
    }
  });
}
