import fc from "fast-check";
import { interpretOutput, type OutputReader } from "./interpret-output.js";
import type { Oracle, Outcome } from "./oracle.js";
import { createScratchWorkspace, type ScratchLayout, type ScratchWorkspace } from "./scratch-workspace.js";
import type { CallRequest, ToolAdapter } from "./tool-adapter.js";

/** How property checks run: the seed (printed on failure by fast-check) and the number of runs. */
export interface PropertySettings {
  readonly seed: number;
  readonly numRuns: number;
  /** Stop at the first counterexample without shrinking (shrinking through a subprocess is slow). */
  readonly endOnFailure: boolean;
  /** How long each adversarial race runs, in milliseconds (default `DEFAULT_RACE_MS`, 1 s). */
  readonly raceMs?: number;
}

/** What every check receives: the oracle, the adapter, an output reader and the property settings. */
export interface SuiteContext {
  readonly oracle: Oracle;
  readonly adapter: ToolAdapter;
  readonly read: OutputReader;
  readonly properties: PropertySettings;
}

/** Builds a {@link SuiteContext}. */
export function createSuiteContext(oracle: Oracle, adapter: ToolAdapter, properties: PropertySettings): SuiteContext {
  return { oracle, adapter, read: interpretOutput(oracle), properties };
}

/** A call's extras besides root and input. */
export type CallExtras = Pick<CallRequest, "permission" | "tool" | "options">;

/**
 * A window request in the profile's parameter names, with its fixed parameters; `start`/`count` are left
 * out when the tool has none. `path` may be any JSON value (the adversarial suite sends hostile ones).
 */
export function windowInput(oracle: Oracle, path: unknown, start?: number, count?: number): Record<string, unknown> {
  const { request } = oracle;
  return {
    ...request.fixed,
    [request.path]: path,
    ...(start !== undefined && request.start !== null ? { [request.start]: start } : {}),
    ...(count !== undefined && request.count !== null ? { [request.count]: count } : {}),
  };
}

/** The lines a window request returns at most: `asked` when the profile takes a count, else its default (every line when it has none). */
export function pageSize(oracle: Oracle, asked: number): number {
  return oracle.request.count === null ? (oracle.window.defaultCount ?? Number.POSITIVE_INFINITY) : asked;
}

/** The permission answer example checks give: `deny` when the profile asks, none otherwise. */
export function denyIfAsked(oracle: Oracle): CallExtras {
  return oracle.permissionModes.includes("deny") ? { permission: "deny" } : {};
}

/** The permission answers a property draws from (`undefined` alone when the profile never asks). */
export function permissionAnswers(oracle: Oracle): fc.Arbitrary<"allow" | "deny" | undefined> {
  return oracle.permissionModes.length === 0 ? fc.constant(undefined) : fc.constantFrom(...oracle.permissionModes);
}

/** One call through the adapter, remembered with its output for failure messages. */
export interface Called {
  readonly input: unknown;
  readonly output: unknown;
  readonly extras: CallExtras;
}

/** Calls the tool on a scratch workspace. */
export async function callTool(ctx: SuiteContext, workspace: ScratchWorkspace, input: unknown, extras: CallExtras = {}): Promise<Called> {
  const output = await ctx.adapter.call({ root: workspace.root, input, ...extras });
  return { input, output, extras };
}

/** A check's finding: what was expected, and the call that did not deliver it. */
export class ConformanceFailure extends Error {
  constructor(expectation: string, called?: Called) {
    super(called === undefined ? expectation : `${expectation}\n  input: ${show(called.input)}${called.extras.permission === undefined ? "" : ` (permission: ${called.extras.permission})`}\n  output: ${show(called.output)}`);
    this.name = "ConformanceFailure";
  }
}

/** Throws a {@link ConformanceFailure} unless `condition` holds. */
export function expect(condition: boolean, expectation: string, called?: Called): asserts condition {
  if (!condition) throw new ConformanceFailure(expectation, called);
}

/**
 * Asserts an outcome: an error (with the declared code), an empty window, or the expected content
 * with no next page. `expectedContent` is asked for only when the outcome is `content`.
 */
export function expectOutcome(ctx: SuiteContext, called: Called, outcome: Outcome, what: string, expectedContent?: () => string): void {
  const { read } = ctx;
  if ("error" in outcome) {
    expect(read.isError(called.output), `${what}: expected an error${outcome.error === null ? "" : ` with code ${outcome.error}`}`, called);
    if (outcome.error !== null) {
      const code = read.errorCode(called.output);
      expect(code === outcome.error, `${what}: expected the error code ${outcome.error}, got ${String(code)}`, called);
    }
    return;
  }
  expect(!read.isError(called.output), `${what}: expected no error`, called);
  const content = read.content(called.output);
  if ("empty" in outcome) {
    expect(content === "", `${what}: expected empty content`, called);
    expect(read.flagsHold(called.output, outcome.flags), `${what}: expected ${show(outcome.flags)}`, called);
  } else {
    if (expectedContent === undefined) throw new Error(`${what}: a content outcome needs the expected content`);
    const expected = expectedContent();
    expect(content === expected, `${what}: expected the content ${show(expected)}`, called);
  }
  const next = read.continuation(called.output);
  expect(next === null, `${what}: expected no next page, got ${String(next)}`, called);
}

/** Runs `body` on a fresh scratch workspace and removes it afterwards, whatever happens. */
export async function withScratch<T>(layout: ScratchLayout, body: (workspace: ScratchWorkspace) => Promise<T>): Promise<T> {
  const workspace = await createScratchWorkspace(layout);
  try {
    return await body(workspace);
  } finally {
    await workspace.dispose();
  }
}

/** Runs an async property with the suite's seed and number of runs (fast-check prints the seed on failure). */
export async function assertProperty<Ts extends [unknown, ...unknown[]]>(
  ctx: SuiteContext,
  arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> },
  predicate: (...values: Ts) => Promise<void>,
): Promise<void> {
  const { seed, numRuns, endOnFailure } = ctx.properties;
  await fc.assert(fc.asyncProperty(...arbitraries, predicate), { seed, numRuns, endOnFailure, includeErrorInReport: true });
}

/** A JSON value shown in a failure message, cut to a readable length. */
export function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 600 ? `${text.slice(0, 600)}... (${text.length} characters)` : text;
}
