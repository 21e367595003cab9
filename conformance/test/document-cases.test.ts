import { describe, expect, it } from "vitest";
import { caseCheck, runCase } from "../src/adversarial/adversarial-case.js";
import { DOCUMENT_CASES } from "../src/adversarial/document-cases.js";
import { createInProcessAdapter } from "../src/in-process-adapter.js";
import { loadOracles } from "../src/load-oracles.js";
import { createSuiteContext } from "../src/suite-context.js";

// Issue 33's hostile documents, run here on the agent profile in process (the suite runs them through
// every adapter): each ends in the oracle's error, well within the bound, but the PDF that calls out, which
// is read as its text with nothing fetched.
const oracles = loadOracles();
const agent = oracles.find((oracle) => oracle.profile === "agent") ?? (() => { throw new Error("no agent oracle"); })();

describe("adversarial/special-files: hostile documents (ADV-special-files)", () => {
  for (const documentCase of DOCUMENT_CASES) {
    it(`agent: ${documentCase.name}: ${documentCase.title}`, async () => {
      const adapter = await createInProcessAdapter(agent);
      try {
        const result = await runCase(createSuiteContext(agent, adapter, { seed: 7, numRuns: 1, endOnFailure: true }), documentCase);
        expect(result).toMatchObject({ status: "pass", safe: true, problems: [] });
        expect(result.observed).toBe({ "inflating-pdf": "DOCUMENT_TOO_COMPLEX", "calling-pdf": "content" }[documentCase.name] ?? "INVALID_DOCUMENT");
      } finally {
        await adapter.close?.();
      }
    });
  }

  it("do not apply to a profile that parses no documents", () => {
    for (const oracle of oracles.filter((candidate) => candidate.profile !== "agent")) {
      for (const documentCase of DOCUMENT_CASES) expect(caseCheck(documentCase).notApplicable(oracle)).toMatch(/^the profile parses no documents/);
    }
  });
});
