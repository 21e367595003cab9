import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { loadOracles } from "../src/load-oracles.js";
import type { Oracle } from "../src/oracle.js";
import { readToolCommand } from "../src/read-tool-command.js";
import { REPO_ROOT } from "../src/repo-paths.js";
import { createAdapter, type CommandKind } from "../src/run-conformance.js";
import { CI_SEED } from "../src/run-settings.js";
import { runSuite, type CheckResult } from "../src/run-suite.js";
import type { ToolAdapter } from "../src/tool-adapter.js";
import { UNIVERSAL_CHECKS } from "../src/universal-checks.js";

// One planted bug per check of the universal suite, in the workspace-jp profile (planted-bugs.mjs, chosen by
// its option `bug`), reached through the CLI by each protocol: one process per call (`read-tool call`),
// JSONL (`read-tool jsonl`) and MCP (`read-tool mcp --client-roots`), at 5 property runs (2 per call).
// Through JSONL the whole universal suite runs against each bug: the check it is planted for fails, and no
// other (but those a bug is listed for, with why). MCP and one process per call run the planted check
// alone, which must fail (through MCP the whole suite per bug cost CI a quarter of a minute of two busy
// cores, for what the JSONL runs already show: which checks a bug trips is the harness's logic, not the
// protocol's; one process per call would take minutes), but for a bug that cannot live there (its title
// says so, and the check costs a process per call for nothing). The clean profile passes every check
// through each protocol, so no failure is the harness's own.
const MUTANT = path.join(path.dirname(fileURLToPath(import.meta.url)), "planted-bugs.mjs");
const { ALIAS } = (await import(MUTANT)) as { ALIAS: string };
const base = loadOracles().find((candidate) => candidate.profile === "workspace-jp");
if (base === undefined) throw new Error("no workspace-jp oracle");
const oracle: Oracle = { ...base, module: MUTANT, configTable: ["mutant"], aliases: [ALIAS] };

/**
 * Each bug, the check it is planted for, the message that check fails with, and the other checks that
 * may catch it too, with why (a CRLF kept shows in any exact content of a CRLF file). The suite must fail
 * the planted check and nothing outside these.
 */
interface Planted {
  readonly bug: string;
  readonly check: string;
  readonly message: RegExp;
  readonly also?: readonly string[];
  /**
   * Why one process per call cannot show this bug, when it cannot: the contract cannot ask for what the
   * bug changes (the check is n/a there, with this reason), or a bug that cannot live across calls, which
   * is not run through that protocol (the reason is given).
   */
  readonly perCall?: { readonly notApplicable: string } | { readonly notRun: string };
  /** JSONL cannot show this bug either: the check is n/a there, with this reason. */
  readonly jsonl?: { readonly notApplicable: string };
}
const PLANTED: readonly Planted[] = [
  { bug: "continuation-skips", check: "paging", message: /continues at line/u },
  { bug: "mtime-is-now", check: "determinism", message: /the same call gives the same output twice/u },
  { bug: "outside-message-leaks", check: "containment", message: /no content from outside the root reaches the output/u },
  // Paging and the start-line boundaries compare the exact content of drawn files, some of them all CRLF.
  { bug: "crlf-kept", check: "line-endings", message: /no CRLF survives in the content/u, also: ["paging", "start-boundary"] },
  { bug: "stale-cache", check: "large-files", message: /the same read returns the new lines/u, perCall: { notRun: "a cache in the process cannot outlive a call that is a process of its own" } },
  { bug: "empty-as-one-line", check: "empty-file", message: /an empty file has empty content/u },
  { bug: "far-start-refused", check: "start-boundary", message: /far past the last: expected no error/u },
  { bug: "replacement-as-question-mark", check: "invalid-utf8", message: /each invalid sequence is replaced by U\+FFFD/u },
  { bug: "binary-as-not-file", check: "binary-sniff", message: /expected the error code BINARY_NOT_SUPPORTED, got NOT_FILE/u },
  { bug: "special-as-internal", check: "special-files", message: /expected the error code NOT_FILE, got INTERNAL/u },
  { bug: "missing-as-internal", check: "not-found", message: /expected the error code NOT_FOUND, got INTERNAL/u },
  { bug: "outside-as-not-found", check: "outside-root", message: /expected the error code OUTSIDE_WORKSPACE, got NOT_FOUND/u },
  { bug: "limit-off-by-one", check: "size-limit", message: /a file of exactly 1048576 bytes is read/u },
  { bug: "absolute-echo", check: "path-echo", message: /'path' is "sub\/echo\.txt"/u },
  { bug: "default-window-199", check: "default-window", message: /the default window holds lines 1-200/u },
  { bug: "count-clamped", check: "count-range", message: /a count of 501: expected an error/u },
  // Asked for by that name, the call fails (JSONL, one process per call) or is refused as invalid params (MCP).
  { bug: "alias-missing", check: "tool-names", message: new RegExp(`unknown tool '${ALIAS}'|the name '${ALIAS}' reaches the same tool`, "u") },
  // The per-call contract has no way to ask for a definition.
  { bug: "definition-changed", check: "definition", message: /the definition's description is exactly/u, perCall: { notApplicable: "the subprocess protocol has no way to ask for the tool's definition" } },
  // JSONL and the per-call contract carry the output alone, not the text a model receives.
  {
    bug: "model-text-content-only",
    check: "model-text",
    message: /first text block does not carry its structuredContent/u,
    perCall: { notApplicable: "the subprocess protocol carries the output alone, not the text a model receives" },
    jsonl: { notApplicable: "the jsonl protocol carries the output alone, not the text a model receives" },
  },
];

/** The checks of the universal suite that apply to workspace-jp (permission-asks-again does not). */
const CHECKS = UNIVERSAL_CHECKS.filter((check) => check.notApplicable(oracle) === null);
const PROPERTIES = { seed: CI_SEED, numRuns: 5, endOnFailure: true };

/** An adapter whose every call (and definition) carries the option `bug`. */
function planted(inner: ToolAdapter, bug: string | undefined): ToolAdapter {
  const withBug = <T extends { readonly options?: Readonly<Record<string, unknown>> }>(request: T): T => (bug === undefined ? request : { ...request, options: { ...request.options, bug } });
  return {
    kind: inner.kind,
    call: (request) => inner.call(withBug(request)),
    ...(inner.definition === undefined ? {} : { definition: (request = {}) => inner.definition?.(withBug(request)) ?? Promise.reject(new Error("no definition")) }),
    ...(inner.callWithText === undefined ? {} : { callWithText: (request) => inner.callWithText?.(withBug(request)) ?? Promise.reject(new Error("no text")) }),
    ...(inner.asUser === undefined ? {} : { asUser: (user, extra) => planted(inner.asUser?.(user, extra) ?? inner, bug) }),
    ...(inner.processIds === undefined ? {} : { processIds: () => inner.processIds?.() ?? [] }),
    ...(inner.warmUp === undefined ? {} : { warmUp: (request) => inner.warmUp?.(withBug(request)) ?? Promise.resolve() }),
  };
}

async function run(kind: CommandKind, adapter: ToolAdapter, bug: string | undefined, checks = CHECKS): Promise<readonly CheckResult[]> {
  return runSuite({ oracle, adapter: planted(adapter, bug), checks, properties: kind === "subprocess" ? { ...PROPERTIES, numRuns: 2 } : PROPERTIES });
}

const failures = (results: readonly CheckResult[]) => results.filter((result) => result.status === "fail").map((result) => result.check);

describe.each(["jsonl", "mcp"] as const)("planted bugs through %s: the check each is planted for fails (through jsonl the whole universal suite runs, and no other check fails)", (kind) => {
  let adapter: ToolAdapter;
  beforeAll(async () => {
    adapter = await createAdapter(kind, oracle, (target, command) => readToolCommand(REPO_ROOT, target, command));
    return () => adapter.close?.();
  });

  // What the protocol cannot show is n/a through it, and only that.
  const notApplicable = PLANTED.flatMap((planted) => (kind === "jsonl" && planted.jsonl !== undefined ? [`${planted.check}: n/a ${planted.jsonl.notApplicable}`] : []));

  it("the clean profile passes every check", async () => {
    const results = await run(kind, adapter, undefined);
    expect(results.filter((result) => result.status !== "pass").map((result) => `${result.check}: ${result.status} ${result.message ?? ""}`)).toEqual(notApplicable);
  }, 300_000);

  const whole = kind === "jsonl";
  it.concurrent.for(PLANTED)(`$bug: fails $check${whole ? ", and nothing it is not listed for" : ""}`, { timeout: 300_000 }, async ({ bug, check, message, also = [], jsonl }, { expect }) => {
    const results = await run(kind, adapter, bug, whole ? CHECKS : CHECKS.filter((candidate) => candidate.id === check));
    expect(results.map((result) => result.check)).toEqual(whole ? CHECKS.map((candidate) => candidate.id) : [check]);
    const failed = failures(results);
    expect(failed.filter((id) => id !== check && !also.includes(id))).toEqual([]);
    if (kind === "jsonl" && jsonl !== undefined) {
      expect(results.find((result) => result.check === check)).toMatchObject({ status: "n/a", message: jsonl.notApplicable });
      return;
    }
    expect(failed).toContain(check);
    expect(results.find((result) => result.check === check)?.message).toMatch(message);
  });
});

const PER_CALL = PLANTED.filter((planted) => planted.perCall === undefined || !("notRun" in planted.perCall));
const notRunPerCall = PLANTED.flatMap(({ bug, perCall }) => (perCall !== undefined && "notRun" in perCall ? [`${bug} (${perCall.notRun})`] : []));

describe(`planted bugs through one process per call (read-tool call): the check each is planted for fails; not run: ${notRunPerCall.join(", ")}`, () => {
  let adapter: ToolAdapter;
  beforeAll(async () => {
    adapter = await createAdapter("subprocess", oracle, (target, command) => readToolCommand(REPO_ROOT, target, command));
    return () => adapter.close?.();
  });

  it.concurrent.for(PER_CALL)("$bug: fails $check", { timeout: 300_000 }, async ({ bug, check, message, perCall }, { expect }) => {
    const target = CHECKS.filter((candidate) => candidate.id === check);
    const [result] = await run("subprocess", adapter, bug, target);
    if (perCall !== undefined && "notApplicable" in perCall) expect(result).toMatchObject({ status: "n/a", message: perCall.notApplicable });
    else {
      expect(result?.status).toBe("fail");
      expect(result?.message).toMatch(message);
    }
  });
});
