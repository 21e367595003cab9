import fs from "node:fs";
import type { ConformanceCheck } from "../conformance-check.js";
import type { Oracle, Outcome } from "../oracle.js";
import { referenceLines, renderWindow } from "../reference-lines.js";
import type { ScratchLayout, ScratchWorkspace } from "../scratch-workspace.js";
import { ConformanceFailure, denyIfAsked, show, windowInput, withScratch, type CallExtras, type SuiteContext } from "../suite-context.js";
import type { OsUser, ToolAdapter } from "../tool-adapter.js";
import { boundedCall } from "./bounded-call.js";
import { OUTSIDE_MARKER } from "./layouts.js";

/** The groups of the adversarial suite, as issue 10 lists them. */
export type AdversarialGroup = "path-syntax" | "symlinks" | "races" | "special-files" | "sensitive-names" | "output-integrity";

/** The requirement (conformance/requirements.json) each group, the load test and the fuzzing property prove. */
export const ADVERSARIAL_REQUIREMENTS = {
  "path-syntax": "ADV-path-syntax",
  symlinks: "ADV-symlinks",
  races: "ADV-races",
  "special-files": "ADV-special-files",
  "sensitive-names": "ADV-sensitive-names",
  "output-integrity": "ADV-output-integrity",
  load: "ADV-load",
  fuzz: "ADV-fuzz",
} as const;

/** The oracle's `adversarial` block. */
export type AdversarialBehaviour = NonNullable<Oracle["adversarial"]>;

/**
 * What a case expects of one implementation: an outcome of its oracle (for a `content` outcome, the first
 * window of `text`), a given window of `text` (a next page allowed), or content holding each of `includes`.
 */
export type Expectation =
  | { readonly outcome: Outcome; readonly text?: string }
  | { readonly window: { readonly text: string; readonly start: number; readonly count: number } }
  | { readonly includes: readonly string[] };

/** What a case expects of a profile, from its oracle: an {@link Expectation}, or why the case does not apply. */
export type Expect = (oracle: Oracle, adversarial: AdversarialBehaviour) => Expectation | string;

/**
 * What any safe tool does, whatever its profile: `refuse` (never content: the path leaves the root, names
 * a special file, ...), `read` (content: the path is an ordinary file inside the root), or `either` (a
 * profile's own decision: a sensitive name, a literal `~`).
 */
export type Safety = "refuse" | "read" | "either";

/** One adversarial case: a workspace, one call (or a custom run), and what each profile must answer. */
export interface AdversarialCase {
  readonly group: AdversarialGroup;
  /** Unique within the group; the check is `adversarial/<group>/<name>`. */
  readonly name: string;
  /** What the case does, in a few words (shown in reports). */
  readonly title: string;
  readonly safety: Safety;
  /** Set when the case documents a residual risk rather than a guarantee (the text says which). */
  readonly residualRisk?: string;
  readonly layout: ScratchLayout;
  /** Changes after the layout is created (FIFOs, devices, modes, sparse files); may return a cleanup. */
  readonly prepare?: (workspace: ScratchWorkspace) => void | (() => void) | Promise<void | (() => void)>;
  /** The root given to the tool (default: the workspace root). */
  readonly root?: (workspace: ScratchWorkspace) => string;
  /** The arguments object. */
  readonly input: (workspace: ScratchWorkspace, oracle: Oracle) => unknown;
  /** The profile's options for the call (its config table), from the workspace and the oracle. */
  readonly options?: (workspace: ScratchWorkspace, oracle: Oracle) => Readonly<Record<string, unknown>>;
  /** The answer to a pending read, for a profile that asks (default: `deny`, see `denyIfAsked`). */
  readonly permission?: "allow" | "deny";
  /** What the profile must answer, or why the case does not apply to it. */
  readonly expect: Expect;
  /** The time bound of the case in this process (default {@link CASE_BOUND_MS}). */
  readonly boundMs?: number;
  /**
   * The bound is tight: `boundMs` beyond one and a half times what a control call (reading `inside.txt`)
   * takes through the same adapter, so that starting a process or a server does not count against the tool.
   */
  readonly calibrated?: boolean;
  /** Run as an unprivileged user (the adapter's `asUser`), for files only root may read. */
  readonly unprivileged?: boolean;
  /**
   * Run the implementation in a process of its own, killed once the bound has long passed (the adapter's
   * `asUser` with this process's user): an in-process call that takes seconds would block this thread,
   * and every run sharing it, and an unbounded one would run on after the case.
   */
  readonly isolated?: boolean;
  /** FIFOs (relative to the root) a call that hangs is released from once the bound has passed. */
  readonly fifos?: readonly string[];
  /** Text that must never occur raw in the oracle's message fields (forged lines, escape sequences). */
  readonly forbidInMessages?: readonly string[];
  /** A line number a name spells as a continuation hint: the output must never announce it as the next page. */
  readonly forgedContinuation?: number;
  /**
   * Why an unsafe tool's answer may differ from run to run (when a swap lands, how fast an endless device
   * is read); a safe tool's never does. Reports show the run that generated them for such cases.
   */
  readonly volatile?: string;
  /**
   * Its calls or outputs differ from run to run (a race, what belongs to the process that runs the tool):
   * see {@link ConformanceCheck.runDependent}.
   */
  readonly runDependent?: boolean;
  /** Timing-sensitive (a race): run alone, before the cases that may run side by side. */
  readonly exclusive?: boolean;
  /** What a run that meets the expectation observes (default: the expected error code, or `content`). */
  readonly label?: (oracle: Oracle, adversarial: AdversarialBehaviour) => string;
  /** A run that is not one call (races, many calls at once); the default makes one call and judges it. */
  readonly run?: (run: CaseRun) => Promise<CaseResult>;
}

/** What a custom run receives. */
export interface CaseRun {
  readonly ctx: SuiteContext;
  readonly adapter: ToolAdapter;
  readonly workspace: ScratchWorkspace;
  readonly root: string;
  readonly expectation: Expectation;
  readonly boundMs: number;
}

/** How a case ended for one implementation. */
export interface CaseResult {
  readonly status: "pass" | "fail";
  /** What was answered, shortly: an error code, `content`, `hang`, `LEAK`, ... */
  readonly observed: string;
  /** No leak, no hang, no crash, no content where any safe tool refuses, no forged message. */
  readonly safe: boolean;
  /** Why it failed (empty when it passed). */
  readonly problems: readonly string[];
  readonly notes?: readonly string[];
}

/**
 * The per-case time bound in this process: nothing the suite asks for may take longer. It is long enough
 * for a call that waits its turn on a loaded machine (a CI runner running tests side by side), since only
 * a tool that hangs ever reaches it.
 */
export const CASE_BOUND_MS = 15_000;

/** The unprivileged user of unreadable-file cases (`nobody`). */
export const NOBODY: OsUser = { uid: 65_534, gid: 65_534 };

// Adapters that start a process for every call: the bound also pays for starting it.
const PROCESS_PER_CALL = new Set(["subprocess", "module-child"]);

/** The bound for an adapter (three times as long through one that starts a process per call). */
export function boundFor(ctx: SuiteContext, boundMs: number = CASE_BOUND_MS): number {
  return PROCESS_PER_CALL.has(ctx.adapter.kind) ? boundMs * 3 : boundMs;
}

/** Whether an outcome is a refusal. */
export function refuses(outcome: Outcome): boolean {
  return "error" in outcome;
}

/** Runs a case against the implementation behind `ctx` (its oracle must have an `adversarial` block). */
export async function runCase(ctx: SuiteContext, adversarialCase: AdversarialCase): Promise<CaseResult> {
  const adversarial = ctx.oracle.adversarial;
  if (adversarial === undefined) throw new Error(`the oracle of '${ctx.oracle.profile}' has no adversarial block`);
  const expectation = adversarialCase.expect(ctx.oracle, adversarial);
  if (typeof expectation === "string") throw new Error(`the case does not apply: ${expectation}`);
  return withScratch(adversarialCase.layout, async (workspace) => {
    const cleanup = await adversarialCase.prepare?.(workspace);
    let adapter = ctx.adapter;
    try {
      if (adversarialCase.unprivileged === true && process.getuid?.() === 0) {
        if (ctx.adapter.asUser === undefined) return failed("crash", [`the ${ctx.adapter.kind} adapter cannot run the tool as another user`]);
        fs.chmodSync(workspace.dir, 0o755);
        adapter = ctx.adapter.asUser(NOBODY);
      } else if (adversarialCase.isolated === true && ctx.adapter.asUser !== undefined) {
        const timeoutMs = boundFor(ctx, adversarialCase.boundMs) + 8_000;
        adapter = ctx.adapter.asUser({ uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 }, { timeoutMs });
      }
      const root = adversarialCase.root?.(workspace) ?? workspace.root;
      // Starting a process or a server for this case (another user, an isolated run, a server per
      // workspace) must not count against its bound: only the tool's answer does.
      await adapter.warmUp?.({ root, ...denyIfAsked(ctx.oracle) }).catch(() => undefined);
      const boundMs = boundFor(ctx, adversarialCase.boundMs);
      const run = { ctx, adapter, workspace, root, expectation, boundMs };
      return await (adversarialCase.run ?? runOneCall(adversarialCase))(run);
    } finally {
      if (adapter !== ctx.adapter) await adapter.close?.();
      cleanup?.();
    }
  });
}

function runOneCall(adversarialCase: AdversarialCase): (run: CaseRun) => Promise<CaseResult> {
  return async ({ ctx, adapter, workspace, root, expectation, boundMs: caseBound }) => {
    const input = adversarialCase.input(workspace, ctx.oracle);
    const fifos = (adversarialCase.fifos ?? []).map((name) => `${root}/${name}`);
    const extras = caseExtras(adversarialCase, workspace, ctx.oracle);
    let boundMs = caseBound;
    if (adversarialCase.calibrated === true) {
      const control = await boundedCall(() => adapter.call({ root, input: windowInput(ctx.oracle, "inside.txt"), ...extras }), caseBound);
      boundMs = Math.round((adversarialCase.boundMs ?? CASE_BOUND_MS) + 1.5 * control.ms);
    }
    const ended = await boundedCall(() => adapter.call({ root, input, ...extras }), boundMs, fifos);
    if (ended.kind === "timeout") return failed("hang", [`no answer within ${boundMs} ms`]);
    if (ended.kind === "rejected") return failed("crash", [`the call failed: ${ended.error instanceof Error ? ended.error.message : String(ended.error)}`]);
    if (ended.ms > boundMs) return failed("hang", [`the answer took ${Math.round(ended.ms)} ms, over the bound of ${boundMs} ms`]);
    return judgeOutput(ctx, adversarialCase, expectation, workspace, input, ended.value);
  };
}

/** What a case's call carries besides root and input: its options and its answer to a pending read. */
function caseExtras(adversarialCase: AdversarialCase, workspace: ScratchWorkspace, oracle: Oracle): CallExtras {
  const permission = adversarialCase.permission;
  const answer = permission !== undefined && oracle.permissionModes.includes(permission) ? { permission } : denyIfAsked(oracle);
  const options = adversarialCase.options?.(workspace, oracle);
  return { ...answer, ...(options === undefined ? {} : { options }) };
}

/** Judges one output against a case: safety first (leak, forged messages, content where refusal is due), then the expectation. */
export function judgeOutput(ctx: SuiteContext, adversarialCase: AdversarialCase, expectation: Expectation, workspace: ScratchWorkspace, input: unknown, output: unknown): CaseResult {
  const unsafe = safetyProblems(ctx, adversarialCase, output);
  const mismatch = expectationProblems(ctx, expectation, output);
  const label = observedLabel(ctx, workspace, output);
  const observed = unsafe.some((problem) => problem.startsWith("LEAK")) ? "LEAK" : unsafe.some((problem) => problem.endsWith(FORGES)) ? `forged message line (${label})` : label;
  const problems = [...unsafe, ...mismatch].map((problem) => `${problem}\n  input: ${show(input)}\n  output: ${show(workspace.placeholders(output))}`);
  return { status: problems.length === 0 ? "pass" : "fail", observed, safe: unsafe.length === 0, problems };
}

const FORGES = ": an echoed name forges output";

function safetyProblems(ctx: SuiteContext, adversarialCase: AdversarialCase, output: unknown): string[] {
  const { read } = ctx;
  const problems: string[] = [];
  if (JSON.stringify(output).includes(OUTSIDE_MARKER)) problems.push("LEAK: the output carries content of a file outside the root");
  if (adversarialCase.safety === "refuse" && !read.isError(output)) problems.push("the tool returned content where any safe tool refuses");
  const fields = ctx.oracle.adversarial?.messageFields ?? [];
  for (const field of fields) {
    const value = fieldText(output, field);
    for (const forbidden of adversarialCase.forbidInMessages ?? []) {
      if (value.includes(forbidden)) problems.push(`the message field '${field}' carries ${JSON.stringify(forbidden)} raw${FORGES}`);
    }
  }
  const forged = adversarialCase.forgedContinuation;
  if (forged !== undefined && safeContinuation(ctx, output) === forged) problems.push(`the output announces a next page at line ${forged}, spelt in a file name`);
  return problems;
}

function expectationProblems(ctx: SuiteContext, expectation: Expectation, output: unknown): string[] {
  const { read, oracle } = ctx;
  if ("outcome" in expectation) {
    const { outcome } = expectation;
    if ("error" in outcome) {
      if (!read.isError(output)) return [`expected an error${outcome.error === null ? "" : ` with code ${outcome.error}`}, got content`];
      const code = read.errorCode(output);
      return outcome.error === null || code === outcome.error ? [] : [`expected the error code ${outcome.error}, got ${String(code)}`];
    }
    if (read.isError(output)) return [`expected ${"empty" in outcome ? "an empty window" : "the file's content"}, got the error ${String(read.errorCode(output))}`];
    const content = read.content(output);
    if ("empty" in outcome) return content === "" && read.flagsHold(output, outcome.flags) ? [] : [`expected an empty window with ${show(outcome.flags)}`];
    const lines = referenceLines(Buffer.from(expectation.text ?? "", "utf8"), oracle);
    const wanted = renderWindow(oracle, lines.slice(0, oracle.window.defaultCount ?? undefined), 1);
    return content === wanted ? [] : [`expected the content ${show(wanted)}`];
  }
  if (read.isError(output)) return [`expected content, got the error ${String(read.errorCode(output))}`];
  const content = read.content(output);
  if ("window" in expectation) {
    const { text, start, count } = expectation.window;
    const lines = referenceLines(Buffer.from(text, "utf8"), oracle).slice(start - 1, start - 1 + count);
    const wanted = renderWindow(oracle, lines, start);
    return content === wanted ? [] : [`expected lines ${start}-${start + count - 1}: ${show(wanted)}`];
  }
  const missing = expectation.includes.filter((part) => !content.includes(part));
  return missing.length === 0 ? [] : [`expected content holding ${show(missing)}`];
}

// The continuation of a non-error output, or null when the output does not say (or says it unreadably).
function safeContinuation(ctx: SuiteContext, output: unknown): number | null {
  try {
    return ctx.read.continuation(output);
  } catch {
    return null;
  }
}

/** A short label of an output: its error code (or the gist of its message when errors carry none), or `content`. */
function observedLabel(ctx: SuiteContext, workspace: ScratchWorkspace, output: unknown): string {
  const { read, oracle } = ctx;
  if (!read.isError(output)) return "content";
  const code = read.errorCode(output);
  if (code !== null) return code;
  const field = oracle.adversarial?.messageFields[0];
  const message = field === undefined ? "" : String(workspace.placeholders(fieldText(output, field)));
  const gist = message.replace(/^(Error: )+/u, "").split(/: |\n/u)[0]?.trim() ?? "";
  return gist === "" ? "error" : `error: ${gist.length > 60 ? `${gist.slice(0, 57)}...` : gist}`;
}

function fieldText(output: unknown, field: string): string {
  let value: unknown = output;
  for (const key of field.split(".")) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return "";
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === "string" ? value : "";
}

/** The label an outcome is observed as: its error code (`error` when errors carry none), `content` or `empty`. */
export function outcomeLabel(outcome: Outcome): string {
  if ("error" in outcome) return outcome.error ?? "error";
  return "empty" in outcome ? "empty" : "content";
}

/**
 * What an implementation that meets the case observes, from its oracle alone (`null`: the case does not
 * apply). The suite verifies it; reports show it.
 */
export function expectedLabel(adversarialCase: AdversarialCase, oracle: Oracle): string | null {
  const adversarial = oracle.adversarial;
  if (adversarial === undefined) return null;
  const expectation = adversarialCase.expect(oracle, adversarial);
  if (typeof expectation === "string") return null;
  if (adversarialCase.label !== undefined) return adversarialCase.label(oracle, adversarial);
  return "outcome" in expectation ? outcomeLabel(expectation.outcome) : "content";
}

/** A failed result with no output to judge. */
export function failed(observed: string, problems: readonly string[]): CaseResult {
  return { status: "fail", observed, safe: false, problems };
}

/** A case's check ID. */
export function caseId(adversarialCase: AdversarialCase): string {
  return `adversarial/${adversarialCase.group}/${adversarialCase.name}`;
}

/**
 * A case as a check of the conformance suite: `adversarial/<group>/<name>`, proving its group's
 * requirement, not applicable when the oracle has no adversarial block or the case says so.
 */
export function caseCheck(adversarialCase: AdversarialCase): ConformanceCheck {
  return {
    id: caseId(adversarialCase),
    title: adversarialCase.title,
    requirements: () => [ADVERSARIAL_REQUIREMENTS[adversarialCase.group]],
    notApplicable(oracle) {
      if (oracle.adversarial === undefined) return "the oracle declares no adversarial outcomes";
      const expectation = adversarialCase.expect(oracle, oracle.adversarial);
      return typeof expectation === "string" ? expectation : null;
    },
    runDependent: adversarialCase.runDependent === true,
    async run(ctx) {
      const result = await runCase(ctx, adversarialCase);
      if (result.status === "fail") throw new ConformanceFailure(`${adversarialCase.title}: ${result.observed}\n${result.problems.join("\n")}`);
      return result.notes ?? [];
    },
  };
}
