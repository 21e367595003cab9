import fs from "node:fs";
import path from "node:path";
import { KERNEL_PARENT_ESCAPES, KNOWN_ESCAPES } from "../arbitraries.js";
import type { ConformanceCheck } from "../conformance-check.js";
import { createInProcessAdapter } from "../in-process-adapter.js";
import { interpretOutput, type OutputReader } from "../interpret-output.js";
import type { Oracle, Outcome } from "../oracle.js";
import { referenceLines, renderWindow } from "../reference-lines.js";
import type { ScratchWorkspace } from "../scratch-workspace.js";
import { NotApplicable } from "../not-applicable.js";
import { ConformanceFailure, denyIfAsked, show, windowInput, withScratch, type SuiteContext } from "../suite-context.js";
import type { ToolAdapter } from "../tool-adapter.js";
import { DEFAULT_RUNS } from "../run-settings.js";
import { ADVERSARIAL_REQUIREMENTS } from "./adversarial-case.js";
import { OUTSIDE_MARKER, PATHS_LAYOUT } from "./layouts.js";
import { loopTurns } from "./loop-turns.js";
import { lowerDescriptorLimit } from "./lower-descriptor-limit.js";
import { collect, startNode, stopNode, waitForLine } from "./node-child.js";

/** Calls of the load test, in one process, at the suite's default number of property runs. */
const LOAD_CALLS = 10_000;

/** The calls of a load run: {@link LOAD_CALLS} at the default runs or more, proportionally fewer below (at least a tenth). */
function loadCalls(numRuns: number): number {
  return Math.max(LOAD_CALLS / 10, Math.round((LOAD_CALLS * Math.min(numRuns, DEFAULT_RUNS)) / DEFAULT_RUNS));
}

/** Every this many calls, one is hostile (a quarter). */
const HOSTILE_EVERY = 4;

/** Calls in flight at once. */
const CONCURRENCY = 64;

/** Crashed calls (a rejection: no answer, a dead process) after which the load test stops issuing calls. */
const MAX_CRASHES = 20;

const VALID_FILES = 40;
const MUTATING_FILES = 4;

/** The descriptor limit of the exhaustion child (`ulimit -n`). */
const EXHAUSTION_LIMIT = 64;

/** Every error code an oracle declares: a typed error carries one of these. */
function declaredCodes(oracle: Oracle): ReadonlySet<string> {
  const { behaviour } = oracle;
  const outcomes: (Outcome | null)[] = [
    behaviour.startZero,
    behaviour.pastEnd,
    behaviour.countOutOfRange,
    behaviour.notFound,
    behaviour.outsideRoot,
    behaviour.outsideRootAllowed,
    behaviour.directory,
    behaviour.fifo,
    behaviour.socket,
    behaviour.device,
    behaviour.sizeLimit?.outcome ?? null,
    ...adversarialOutcomes(oracle),
  ];
  const codes = outcomes.flatMap((outcome) => (outcome !== null && "error" in outcome && outcome.error !== null ? [outcome.error] : []));
  if ("error" in behaviour.invalidUtf8 && behaviour.invalidUtf8.error !== null) codes.push(behaviour.invalidUtf8.error);
  if ("error" in behaviour.binary.outcome && behaviour.binary.outcome.error !== null) codes.push(behaviour.binary.outcome.error);
  return new Set(codes);
}

/** Every outcome of the oracle's adversarial block (its flags and message fields are not outcomes). */
function adversarialOutcomes(oracle: Oracle): Outcome[] {
  const adversarial = oracle.adversarial;
  if (adversarial === undefined) return [];
  const { messageFields: _fields, lexicalClean: _clean, backslashSeparator: _backslash, blockedPatterns, unusualName, systemLocation, images, documents, ...always } = adversarial;
  return [
    ...Object.values(always),
    ...[unusualName, systemLocation, blockedPatterns?.outcome, images?.bomb, images?.truncated, documents?.invalid, documents?.tooComplex].filter((outcome) => outcome !== undefined),
  ];
}

/**
 * Tells whether an output is a typed error: an error with one of the oracle's codes (any error when its
 * errors carry none). The codes are gathered once, for the thousands of calls a check judges.
 */
export function typedErrorCheck(oracle: Oracle): (output: unknown) => boolean {
  const read = interpretOutput(oracle);
  const codes = declaredCodes(oracle);
  return (output) => read.isError(output) && (oracle.output.code === null || codes.has(read.errorCode(output) ?? ""));
}

const LOAD_LAYOUT = {
  ...PATHS_LAYOUT,
  files: {
    ...PATHS_LAYOUT.files,
    ...Object.fromEntries(Array.from({ length: VALID_FILES }, (_, index) => [`valid/f-${index}.txt`, { text: `valid file ${index}\n`.repeat(1 + (index % 7)) }])),
    ...Object.fromEntries(Array.from({ length: MUTATING_FILES }, (_, index) => [`mutating/m-${index}.txt`, { text: "mut 1\n" }])),
    "a-fifo": { fifo: true as const },
  },
};

/** Hostile arguments: the known escapes, input that is not a usable path, special files, loops, over-long names. */
function hostileInputs(workspace: ScratchWorkspace, oracle: Oracle): unknown[] {
  return [
    ...KNOWN_ESCAPES.filter((escape) => oracle.adversarial?.lexicalClean !== true || !KERNEL_PARENT_ESCAPES.has(escape)).map((escape) => windowInput(oracle, workspace.expand(escape))),
    ...["", "\u0000", "inside\u001b.txt", "x".repeat(5000), "n".repeat(300), "a-fifo", "sub", "loop-a", "dangling", "dangling-out", "loop-self", "/etc/passwd", "/proc/self/root/etc/passwd"].map((value) => windowInput(oracle, value)),
    windowInput(oracle, 42),
    windowInput(oracle, null),
  ];
}

// Rewrites, appends to, truncates and replaces (rename over) the mutating files until told to stop, or
// until its parent is gone (a test runner killed mid-run must not leave it spinning).
const MUTATOR_SCRIPT = `
import fs from "node:fs";
import path from "node:path";
const [dir, count] = process.argv.slice(1);
const parent = process.ppid;
let stop = false;
process.on("SIGTERM", () => { stop = true; });
setInterval(() => { if (process.ppid !== parent) process.exit(0); }, 200).unref();
process.stdout.write("ready\\n");
let round = 0;
while (!stop) {
  for (let i = 0; i < Number(count); i++) {
    const file = path.join(dir, "m-" + i + ".txt");
    switch (round % 4) {
      case 0: fs.writeFileSync(file, "mut 1\\nmut 2\\n"); break;
      case 1: fs.appendFileSync(file, "mut " + round + "\\n"); break;
      case 2: fs.truncateSync(file, 3); break;
      default: fs.writeFileSync(file + ".tmp", "mut 1\\n".repeat(50)); fs.renameSync(file + ".tmp", file);
    }
  }
  round++;
  if (round % 20 === 0) await new Promise((resolve) => setImmediate(resolve));
}
`;

/** A process's open descriptors (`self`: this one) that point into `dir`. */
function descriptorsInto(dir: string, pid: number | "self" = "self"): string[] {
  return fs.readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
    try {
      const target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
      return target.startsWith(`${dir}/`) || target === dir ? [`${pid === "self" ? "" : `pid ${pid}: `}${fd} -> ${target}`] : [];
    } catch {
      return [];
    }
  });
}

/**
 * The implementation the load test drives: the adapter itself when it runs in this process or talks to
 * long-running processes (JSONL, MCP: their descriptors are watched through /proc), else the oracle's
 * module in this process (a process per call could leak nothing); without one, the test cannot apply.
 */
async function loadTarget(ctx: SuiteContext): Promise<{ readonly adapter: ToolAdapter; readonly leaks: (dir: string) => string[] }> {
  const { adapter, oracle } = ctx;
  if (adapter.kind === "in-process") return { adapter, leaks: (dir) => descriptorsInto(dir) };
  if (adapter.processIds !== undefined) {
    const pids = adapter.processIds.bind(adapter);
    return { adapter, leaks: (dir) => pids().flatMap((pid) => descriptorsInto(dir, pid)) };
  }
  if (oracle.module === undefined) {
    throw new NotApplicable(
      "the load test drives one long-running process with thousands of calls: reach the implementation through JSONL, or MCP with roots (one server for every workspace), or name its module in the oracle",
    );
  }
  return { adapter: await createInProcessAdapter(oracle), leaks: (dir) => descriptorsInto(dir) };
}

/**
 * ADV-load: {@link LOAD_CALLS} calls to one process (at the default number of runs, see {@link loadCalls}),
 * {@link CONCURRENCY} in flight, a quarter of them hostile, while a child process rewrites, appends to,
 * truncates and replaces some of the files read.
 * Zero crashes (a call that rejects), zero descriptors left open on the workspace, every hostile call a
 * typed error, every valid call the file's exact content. See {@link loadTarget} for what it drives.
 */
async function runLoad(ctx: SuiteContext): Promise<readonly string[]> {
  const { oracle } = ctx;
  const { adapter, leaks } = await loadTarget(ctx);
  const { read } = ctx;
  const isTypedError = typedErrorCheck(oracle);
  const extras = denyIfAsked(oracle);
  const calls = loadCalls(ctx.properties.numRuns);
  return withScratch(LOAD_LAYOUT, async (workspace) => {
    const hostile = hostileInputs(workspace, oracle);
    const mutator = startNode(MUTATOR_SCRIPT, { args: [path.join(workspace.root, "mutating"), String(MUTATING_FILES)] });
    const before = fs.readdirSync("/proc/self/fd").length;
    const tally = { valid: 0, hostile: 0, mutating: 0, crashes: 0 };
    const problems: string[] = [];
    try {
      await waitForLine(mutator, "ready", 10_000);
      let next = 0;
      const turns = loopTurns();
      const worker = async () => {
        for (let index = next++; index < calls; index = next++) {
          const kind = index % HOSTILE_EVERY === 0 ? "hostile" : index % HOSTILE_EVERY === 1 ? "mutating" : "valid";
          const round = Math.floor(index / HOSTILE_EVERY);
          const file = kind === "valid" ? round % VALID_FILES : round % MUTATING_FILES;
          const input = kind === "hostile" ? hostile[round % hostile.length] : windowInput(oracle, kind === "valid" ? `valid/f-${file}.txt` : `mutating/m-${file}.txt`);
          // An implementation that crashes or hangs again and again has failed already: stop rather than wait out every call.
          if (tally.crashes > MAX_CRASHES) break;
          tally[kind]++;
          let output: unknown;
          try {
            output = await adapter.call({ root: workspace.root, input, ...extras });
          } catch (error) {
            tally.crashes++;
            if (problems.length < 5) problems.push(`call ${index} (${kind}) crashed: ${error instanceof Error ? error.message : String(error)}`);
            continue;
          }
          const problem = judgeLoadOutput(oracle, read, isTypedError, kind, file, output);
          if (problem !== null && problems.length < 5) problems.push(`call ${index} (${kind}, ${show(input)}): ${problem}: ${show(workspace.placeholders(output))}`);
          await turns.yieldIfDue();
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    } finally {
      await stopNode(mutator);
    }
    const leaked = leaks(workspace.dir);
    const after = fs.readdirSync("/proc/self/fd").length;
    if (leaked.length > 0) problems.push(`descriptors left open on the workspace: ${leaked.join(", ")}`);
    if (tally.crashes > MAX_CRASHES) problems.push(`stopped after ${tally.crashes} calls crashed`);
    else if (tally.hostile * 5 < calls) problems.push(`only ${tally.hostile} of ${calls} calls were hostile`);
    if (problems.length > 0) throw new ConformanceFailure(`the load test (${show(tally)}):\n${problems.join("\n")}`);
    return [`${calls} calls (${tally.valid} valid, ${tally.mutating} of files being rewritten, ${tally.hostile} hostile), ${CONCURRENCY} at once: 0 crashes, 0 descriptors left open (${before} open before, ${after} after)`];
  });
}

function judgeLoadOutput(oracle: Oracle, read: OutputReader, isTypedError: (output: unknown) => boolean, kind: "valid" | "hostile" | "mutating", file: number, output: unknown): string | null {
  if (JSON.stringify(output).includes(OUTSIDE_MARKER)) return "LEAK: content from outside the root";
  if (kind === "hostile") return isTypedError(output) ? null : "a hostile call not answered with a typed error";
  if (kind === "mutating") return read.isError(output) && !isTypedError(output) ? "an untyped error" : null;
  if (read.isError(output)) return "a valid call failed";
  const text = `valid file ${file}\n`.repeat(1 + (file % 7));
  return read.content(output) === renderWindow(oracle, referenceLines(Buffer.from(text), oracle), 1) ? null : "a valid call returned other content";
}

// Loads the profile and warms it up (whatever it loads lazily is loaded), says "loaded" and waits for "go"
// (meanwhile the parent lowers its descriptor limit), then takes every descriptor left and calls the tool:
// first with none free (every call must be a clear error, no crash), then with a few given back (valid
// calls must succeed). Reports the descriptors it held before and after as one JSON document.
const EXHAUSTION_SCRIPT = `
import fs from "node:fs";
const request = JSON.parse(process.argv[1]);
const { loadProfile } = await import("@read/profiles");
const profile = await loadProfile(request.module);
const tool = profile.createTool({ root: request.root, requester: async () => "deny" });
for (const input of request.warmUp) await tool.call(input);
process.stdout.write("loaded\\n");
for await (const chunk of process.stdin) if (String(chunk).includes("go")) break;
const count = () => fs.readdirSync("/proc/self/fd").length;
const before = count();
const hoard = [];
try {
  for (;;) hoard.push(fs.openSync("/dev/null", "r"));
} catch (error) {
  if (error.code !== "EMFILE") throw error;
}
const call = (input) => tool.call(input).then((output) => ({ output }), (error) => ({ crash: String(error) }));
const exhausted = await Promise.all(request.inputs.map(call));
for (const fd of hoard.splice(0, 16)) fs.closeSync(fd);
const recovered = await Promise.all(request.valid.map(call));
for (const fd of hoard.splice(0)) fs.closeSync(fd);
process.stdout.write("report " + JSON.stringify({ before, after: count(), exhausted, recovered }) + "\\n");
process.exit(0);
`;

interface ExhaustionReport {
  readonly before: number;
  readonly after: number;
  readonly exhausted: readonly { readonly output?: unknown; readonly crash?: string }[];
  readonly recovered: readonly { readonly output?: unknown; readonly crash?: string }[];
}

/**
 * ADV-load, descriptor exhaustion: a child process under `ulimit -n` {@link EXHAUSTION_LIMIT} takes every
 * descriptor left and makes 100 calls at once (valid and hostile): each must be a typed error (for a
 * valid path, the oracle's `tooManyOpenFiles`), none a crash; given 16 descriptors back, 100 valid calls
 * at once must read the file; and the child must hold as many descriptors after as before.
 */
async function runExhaustion(ctx: SuiteContext): Promise<readonly string[]> {
  const { oracle } = ctx;
  const adversarial = oracle.adversarial;
  if (oracle.module === undefined || adversarial === undefined) throw new Error("the exhaustion test needs the oracle's module and adversarial block");
  const { read } = ctx;
  const isTypedError = typedErrorCheck(oracle);
  const text = "valid under exhaustion\n";
  return withScratch({ ...PATHS_LAYOUT, files: { ...PATHS_LAYOUT.files, "valid.txt": { text } } }, async (workspace) => {
    const valid = windowInput(oracle, "valid.txt");
    const hostile = hostileInputs(workspace, oracle);
    const inputs = Array.from({ length: 100 }, (_, index) => (index % 2 === 0 ? valid : hostile[index % hostile.length]));
    const request = { module: oracle.module, root: workspace.root, warmUp: [valid, ...hostile], inputs, valid: Array.from({ length: 100 }, () => valid) };
    const report = await exhaust(JSON.stringify(request));
    const problems: string[] = [];
    const wanted = renderWindow(oracle, referenceLines(Buffer.from(text), oracle), 1);
    report.exhausted.forEach((result, index) => {
      if (result.crash !== undefined) problems.push(`call ${index} with no descriptor left crashed: ${result.crash}`);
      else if (!isTypedError(result.output)) problems.push(`call ${index} with no descriptor left is not a typed error: ${show(result.output)}`);
      else if (index % 2 === 0 && "error" in adversarial.tooManyOpenFiles && adversarial.tooManyOpenFiles.error !== null && read.errorCode(result.output) !== adversarial.tooManyOpenFiles.error) {
        problems.push(`a valid call with no descriptor left is not ${adversarial.tooManyOpenFiles.error}: ${show(result.output)}`);
      }
    });
    report.recovered.forEach((result, index) => {
      if (result.crash !== undefined) problems.push(`call ${index} after descriptors came back crashed: ${result.crash}`);
      else if (read.isError(result.output) || read.content(result.output) !== wanted) problems.push(`call ${index} after descriptors came back did not read the file: ${show(result.output)}`);
    });
    if (report.after !== report.before) problems.push(`the child held ${report.before} descriptors before and ${report.after} after`);
    if (problems.length > 0) throw new ConformanceFailure(`descriptor exhaustion under ulimit -n ${EXHAUSTION_LIMIT}:\n${problems.slice(0, 8).join("\n")}`);
    return [`under ulimit -n ${EXHAUSTION_LIMIT} with no descriptor left: 100 calls at once, all typed errors; with 16 back: 100 valid calls read; descriptors ${report.before} before, ${report.after} after`];
  });
}

// The limit is lowered once the child has loaded the profile (loading a module graph opens many files at
// once), with prlimit(1): the same as starting it under `ulimit -n`, minus the loader's needs.
async function exhaust(request: string): Promise<ExhaustionReport> {
  const child = startNode(EXHAUSTION_SCRIPT, { args: [request] });
  const stdout = collect(child.stdout);
  const stderr = collect(child.stderr);
  const closed = new Promise<number | null>((resolve) => child.once("close", resolve));
  try {
    await waitForLine(child, "loaded", 30_000);
    if (child.pid === undefined) throw new ConformanceFailure(`the child under ulimit -n ${EXHAUSTION_LIMIT} did not start: ${stderr().slice(0, 300)}`);
    await lowerDescriptorLimit(child.pid, EXHAUSTION_LIMIT);
    child.stdin?.end("go\n");
    let timer: NodeJS.Timeout | undefined;
    const code = await Promise.race([closed, new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), 30_000)))]);
    clearTimeout(timer);
    if (code !== 0) throw new ConformanceFailure(`the child under ulimit -n ${EXHAUSTION_LIMIT} ended with ${String(code)}: ${stderr().slice(0, 1_000)}`);
  } finally {
    await stopNode(child);
  }
  const line = stdout().split("\n").find((candidate) => candidate.startsWith("report "));
  if (line === undefined) throw new ConformanceFailure(`the child under ulimit -n ${EXHAUSTION_LIMIT} printed no report: ${stdout().slice(0, 500)}`);
  return JSON.parse(line.slice("report ".length)) as ExhaustionReport;
}

const needsAdversarial = (oracle: Oracle): string | null => (oracle.adversarial === undefined ? "the oracle declares no adversarial outcomes" : null);

const needsModule = (oracle: Oracle): string | null =>
  needsAdversarial(oracle) ?? (oracle.module === undefined ? "the exhaustion test runs the implementation's module in a child under a descriptor limit: the oracle names no module" : null);

/** The load tests as checks of the suite. */
export const LOAD_CHECKS: readonly ConformanceCheck[] = [
  {
    id: "adversarial/load/mixed-calls",
    title: `${LOAD_CALLS.toLocaleString("en")} concurrent calls in one process, a quarter hostile, files rewritten while read`,
    requirements: () => [ADVERSARIAL_REQUIREMENTS.load],
    notApplicable: needsAdversarial,
    runDependent: true,
    run: runLoad,
  },
  {
    id: "adversarial/load/descriptor-exhaustion",
    title: `No descriptor left (ulimit -n ${EXHAUSTION_LIMIT}): clear errors, no crash, recovery, no leak`,
    requirements: () => [ADVERSARIAL_REQUIREMENTS.load],
    notApplicable: needsModule,
    runDependent: true,
    run: runExhaustion,
  },
];

