import fs from "node:fs";
import path from "node:path";
import { escapeText } from "@read/core";
import { describe, expect, it } from "vitest";
import { runCase, type AdversarialCase } from "../src/adversarial/adversarial-case.js";
import { ADVERSARIAL_CASES } from "../src/adversarial/adversarial-checks.js";
import { PATH_SYNTAX_CASES } from "../src/adversarial/path-syntax-cases.js";
import { loadOracles } from "../src/load-oracles.js";
import type { Oracle } from "../src/oracle.js";
import type { ScratchWorkspace } from "../src/scratch-workspace.js";
import { createSuiteContext } from "../src/suite-context.js";
import type { ToolAdapter } from "../src/tool-adapter.js";

// Issue 31 case 8: two holes of the gate. An implementation that echoes an unsafe path raw in its message
// passed the path-syntax cases (they checked that such a path is refused, not how it is echoed), and one
// whose gitignore matcher drops `!` lines passed every gitignore case (each negation there is spelt so
// that git still ignores the file).
const oracles = new Map(loadOracles().map((oracle) => [oracle.profile, oracle]));
const oracleOf = (profile: string): Oracle => oracles.get(profile) ?? fail(`no ${profile} oracle`);
const caseOf = (id: string): AdversarialCase => ADVERSARIAL_CASES.find((candidate) => `${candidate.group}/${candidate.name}` === id) ?? fail(`no case ${id}`);
const context = (adapter: ToolAdapter, oracle: Oracle) => createSuiteContext(oracle, adapter, { seed: 7, numRuns: 10, endOnFailure: true });

function fail(message: string): never {
  throw new Error(message);
}

// escapeText's set, the characters that must never be echoed raw.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** The path a path-syntax case asks for, as workspace-jp's request holds it. */
function askedPath(adversarialCase: AdversarialCase): unknown {
  const jp = oracleOf("workspace-jp");
  const workspace = { expand: (text: string) => text } as unknown as ScratchWorkspace;
  return (adversarialCase.input(workspace, jp) as Record<string, unknown>)[jp.request.path];
}

const unsafeCases = PATH_SYNTAX_CASES.filter((candidate) => {
  const asked = askedPath(candidate);
  return typeof asked === "string" && UNSAFE.test(asked);
});

/** workspace-jp's refusal of an unusual name, its message echoing the path as `echo` shows it. */
function refusing(echo: (asked: string) => string): ToolAdapter {
  return {
    kind: "in-process",
    async call(request) {
      const asked = String((request.input as { path?: unknown }).path);
      const code = asked.includes("\u0000") ? "INVALID_ARGUMENT" : "NOT_FOUND";
      return { error: { code, message: `Cannot read '${echo(asked)}': no such file.` } };
    },
  };
}

describe("issue 31 case 8: the gate checks how an unsafe path is echoed", () => {
  it("every path-syntax case whose path holds a control, bidi or separator character forbids it raw in messages", () => {
    expect(unsafeCases.map((candidate) => candidate.name)).toEqual([
      "whitespace-controls",
      "nul-embedded",
      "nul-only",
      "control-escape",
      "control-delete",
      "control-c1",
      "bidi-override",
      "bidi-isolate",
      "line-separator",
      "paragraph-separator",
    ]);
    for (const candidate of unsafeCases) {
      const asked = String(askedPath(candidate));
      expect(candidate.forbidInMessages?.length ?? 0, candidate.name).toBeGreaterThan(0);
      for (const raw of candidate.forbidInMessages ?? []) expect(asked.includes(raw) && UNSAFE.test(raw), candidate.name).toBe(true);
    }
  });

  it.each(unsafeCases.map((candidate) => [candidate.name, candidate] as const))("%s: a refusal that echoes the path raw fails; the same refusal escaped passes", async (_, adversarialCase) => {
    const jp = oracleOf("workspace-jp");
    const raw = await runCase(context(refusing((asked) => asked), jp), adversarialCase);
    expect(raw.status).toBe("fail");
    expect(raw.observed).toMatch(/^forged message line \((NOT_FOUND|INVALID_ARGUMENT)\)$/u);
    expect(raw.problems.map((problem) => problem.split("\n  input: ")[0])).toEqual((adversarialCase.forbidInMessages ?? []).map((forbidden) => `the message field 'error.message' carries ${JSON.stringify(forbidden)} raw: an echoed name forges output`));
    const escaped = await runCase(context(refusing((asked) => escapeText(asked)), jp), adversarialCase);
    expect(escaped).toMatchObject({ status: "pass", problems: [] });
  });
});

describe("issue 31 case 8: the gate checks that a gitignore negation re-includes", () => {
  /** The guard's answers, from a matcher that reads `*.log` and drops the `!keep.log` after it. */
  const withoutNegation: ToolAdapter = {
    kind: "in-process",
    async call(request) {
      const asked = String((request.input as { path?: unknown }).path);
      const file = path.resolve(request.root, asked);
      if (file.endsWith(".log")) return { error: `permission denied by policy: ${escapeText(asked)} is ignored by .gitignore` };
      return { path: file, content: fs.readFileSync(file, "utf8") };
    },
  };

  it("the cases: `*.log` then `!keep.log`; the guard refuses app.log and reads keep.log, every other profile reads both", () => {
    const other = caseOf("sensitive-names/gitignored-negation-other-file");
    const reincluded = caseOf("sensitive-names/gitignored-negation-reincluded");
    const guard = oracleOf("guard");
    const adversarial = guard.adversarial ?? fail("no adversarial block");
    expect(other.expect(guard, adversarial)).toEqual({ outcome: { error: "permission denied by policy" } });
    expect(reincluded.expect(guard, adversarial)).toEqual({ outcome: { content: true }, text: "kept log\n" });
    for (const profile of ["envelope", "forge", "workspace-jp"]) {
      const oracle = oracleOf(profile);
      expect(other.expect(oracle, oracle.adversarial ?? fail("no adversarial block"))).toEqual({ outcome: { content: true }, text: "app log\n" });
      expect(reincluded.expect(oracle, oracle.adversarial ?? fail("no adversarial block"))).toEqual({ outcome: { content: true }, text: "kept log\n" });
    }
  });

  it("a matcher that ignores `!` passes app.log and fails keep.log, refusing what the negation re-includes", async () => {
    const guard = oracleOf("guard");
    expect(await runCase(context(withoutNegation, guard), caseOf("sensitive-names/gitignored-negation-other-file"))).toMatchObject({ status: "pass" });
    const reincluded = await runCase(context(withoutNegation, guard), caseOf("sensitive-names/gitignored-negation-reincluded"));
    expect(reincluded.status).toBe("fail");
    expect(reincluded.problems.join("\n")).toContain("permission denied by policy");
  });
});
