import { describe, expect, it } from "vitest";
import { createInProcessAdapter } from "../src/in-process-adapter.js";
import { loadOracles } from "../src/load-oracles.js";
import type { Oracle } from "../src/oracle.js";
import { withOutputField } from "../src/output-field.js";
import { outputViews } from "../src/output-views.js";
import { runSuite, type CheckResult } from "../src/run-suite.js";
import type { CallRequest, ToolAdapter } from "../src/tool-adapter.js";
import { UNIVERSAL_CHECKS } from "../src/universal-checks.js";

// Issue 31 case 7: commit b3e2a6d changed forge's unnumbered view of a CRLF file (it keeps `\r\n`) and no
// check noticed, since the CRLF property read every file whole, numbered. It now reads every output view
// of every profile, as the oracle's `request` block offers them.
const oracles = new Map(loadOracles().map((oracle) => [oracle.profile, oracle]));
const oracleOf = (profile: string): Oracle => oracles.get(profile) ?? fail(`no oracle for ${profile}`);
const lineEndings = UNIVERSAL_CHECKS.find((check) => check.id === "line-endings") ?? fail("no line-endings check");

function fail(message: string): never {
  throw new Error(message);
}

/** A real profile's adapter with its outputs rewritten where `when` says: a deliberately broken implementation. */
async function mutant(profile: string, when: (input: Record<string, unknown>) => boolean, rewrite: (content: string) => string): Promise<ToolAdapter> {
  const inner = await createInProcessAdapter(oracleOf(profile));
  return {
    kind: "mutant",
    call: async (request: CallRequest) => {
      const output = await inner.call(request);
      return when(request.input as Record<string, unknown>) ? withOutputField(output, "content", (value) => (typeof value === "string" ? rewrite(value) : value)) : output;
    },
  };
}

async function lineEndingsOf(profile: string, adapter: ToolAdapter): Promise<CheckResult> {
  const [result] = await runSuite({ oracle: oracleOf(profile), adapter, checks: [lineEndings], properties: { seed: 7, numRuns: 20, endOnFailure: true } });
  return result ?? fail("no result");
}

describe("issue 31 case 7: the CRLF property covers every output view of every profile", () => {
  it("the views each oracle's request block offers", () => {
    expect(outputViews(oracleOf("forge")).map((view) => view.name)).toEqual([
      "whole, numbered",
      "whole, unnumbered",
      "range, numbered",
      "range, unnumbered",
      "range-end, numbered",
      "range-end, unnumbered",
      "head, numbered",
      "head, unnumbered",
      "tail, numbered",
      "tail, unnumbered",
    ]);
    expect(outputViews(oracleOf("envelope")).map((view) => view.name)).toEqual(["whole", "range"]);
    expect(outputViews(oracleOf("workspace-jp")).map((view) => view.name)).toEqual(["whole", "range"]);
    expect(outputViews(oracleOf("guard")).map((view) => view.name)).toEqual(["whole"]);
  });

  it("forge's views ask for what they name, and the unnumbered ones keep CRLF as forge's README says", () => {
    const window = { start: 2, count: 3 };
    expect(Object.fromEntries(outputViews(oracleOf("forge")).map((view) => [view.name, view.input("f.txt", window)]))).toEqual({
      "whole, numbered": { path: "f.txt", show_line_numbers: true },
      "whole, unnumbered": { path: "f.txt", show_line_numbers: false },
      "range, numbered": { path: "f.txt", start_line: 2, limit: 3, show_line_numbers: true },
      "range, unnumbered": { path: "f.txt", start_line: 2, limit: 3, show_line_numbers: false },
      "range-end, numbered": { path: "f.txt", start_line: 2, end_line: 4, show_line_numbers: true },
      "range-end, unnumbered": { path: "f.txt", start_line: 2, end_line: 4, show_line_numbers: false },
      "head, numbered": { path: "f.txt", head: 3, show_line_numbers: true },
      "head, unnumbered": { path: "f.txt", head: 3, show_line_numbers: false },
      "tail, numbered": { path: "f.txt", tail: 3, show_line_numbers: true },
      "tail, unnumbered": { path: "f.txt", tail: 3, show_line_numbers: false },
    });
    expect(outputViews(oracleOf("forge")).map((view) => [view.rendering.output.numbers === null, view.rendering.output.crlf])).toEqual(
      Array.from({ length: 5 }, () => [[false, "fold"], [true, "preserve"]]).flat(),
    );
  });

  it("forge folding CRLF in its unnumbered view (its output before b3e2a6d) fails, naming the view", async () => {
    const folding = await mutant("forge", (input) => input.show_line_numbers === false, (content) => content.replaceAll("\r\n", "\n"));
    const result = await lineEndingsOf("forge", folding);
    expect(result.status).toBe("fail");
    expect(result.message).toMatch(/the whole, unnumbered view \(lines \d+, \d+ of \d+\) of a (crlf|mixed) file is the file's text, terminators as they are/u);
  });

  it("forge keeping CR in its numbered tail fails, naming the view", async () => {
    const keeping = await mutant("forge", (input) => input.tail !== undefined && input.show_line_numbers !== false, (content) => content.replaceAll("\n", "\r\n"));
    const result = await lineEndingsOf("forge", keeping);
    expect(result.status).toBe("fail");
    expect(result.message).toMatch(/no CRLF survives in the content of the tail, numbered view/u);
  });

  it("workspace-jp keeping CRLF in a range past line 1 fails, where a whole read alone never looked", async () => {
    const keeping = await mutant("workspace-jp", (input) => typeof input.start_line === "number" && input.start_line > 1, (content) => content.replaceAll("\n", "\r\n"));
    const result = await lineEndingsOf("workspace-jp", keeping);
    expect(result.status).toBe("fail");
    expect(result.message).toMatch(/no CRLF survives in the content of the range view \(lines [2-9]\d*, \d+ of \d+\)/u);
  });
});
