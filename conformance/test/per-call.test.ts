import { describe, it } from "vitest";
import { judgeResults, loadExpectedFailures } from "../src/expected-failures.js";
import { loadGoldenCases } from "../src/golden-case.js";
import { loadOracles } from "../src/load-oracles.js";
import { readToolCommand } from "../src/read-tool-command.js";
import { FIXTURES_DIR, REPO_ROOT } from "../src/repo-paths.js";
import { checksFor, createAdapter, propertySettings } from "../src/run-conformance.js";
import { resolveRunSettings } from "../src/run-settings.js";
import { runSuite } from "../src/run-suite.js";

// A smoke test of one process per call (`read-tool call`, the contract most implementations start with):
// for every profile, a few checks that cover the contract's parts: paging (the input on stdin, the
// continuation), the size limit (--config with the options as TOML), outside paths (--permission
// answers), the tool's names (--tool), a golden case (the exact output), and the definition, which this
// contract cannot ask for (n/a). The whole suite runs through JSONL in test/describe-conformance.ts and each
// check's planted bug through all three protocols in test/planted-bugs.test.ts.
const SMOKE = ["paging", "size-limit", "outside-root", "tool-names", "definition"];
const settings = resolveRunSettings();
const goldenCases = loadGoldenCases(FIXTURES_DIR);

// The profiles run side by side: each call waits on a process of its own.
describe("read-tool call, one process per call", () => {
  it.concurrent.for(loadOracles())(`$profile: passes ${SMOKE.join(", ")} and its first golden case (the definition: n/a)`, { timeout: 300_000 }, async (oracle, { expect }) => {
    const checks = checksFor(oracle, goldenCases);
    const golden = checks.find((check) => check.id.startsWith(`golden/${oracle.profile}/`));
    const chosen = checks.filter((check) => SMOKE.includes(check.id) || check === golden);
    const adapter = await createAdapter("subprocess", oracle, (target, kind) => readToolCommand(REPO_ROOT, target, kind));
    try {
      const results = await runSuite({ oracle, adapter, checks: chosen, properties: propertySettings(settings, "subprocess") });
      const judged = judgeResults(results, loadExpectedFailures()).results;
      expect(judged.filter((result) => result.status === "fail" || result.status === "xpass").map((result) => `${result.check}: ${result.message ?? ""}`)).toEqual([]);
      expect(results.find((result) => result.check === "definition")).toMatchObject({ status: "n/a", message: "the subprocess protocol has no way to ask for the tool's definition" });
      expect(results.filter((result) => result.status === "pass").map((result) => result.check)).toEqual(expect.arrayContaining(["paging", "tool-names", golden?.id]));
    } finally {
      await adapter.close?.();
    }
  });
});
