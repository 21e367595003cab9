import type { ConformanceCheck } from "../conformance-check.js";
import { ConformanceFailure, denyIfAsked, show, windowInput, withScratch, type SuiteContext } from "../suite-context.js";
import type { Oracle } from "../oracle.js";
import { ADVERSARIAL_REQUIREMENTS } from "./adversarial-case.js";
import { typedErrorCheck } from "./load-checks.js";
import { collect, startNode, stopNode } from "./node-child.js";

const MIB = 1024 * 1024;

/** The line: 60 MiB of `\x01`, each byte six once escaped as JSON (`\u0001`): 360 MiB unbounded. */
const LINE_BYTES = 60 * MIB;

/** The most content an answer may carry (issue 30: Claude Code's `Read` answers at most 256 KB). */
export const ANSWER_BOUND_BYTES = 256 * 1024;

/** What an answer may hold besides its content: its fields, a line number prefix, a notice of the cut. */
const ANSWER_OVERHEAD_BYTES = 4096;

/** The memory target of one call: Node with the profile imported, plus this many times the answer, plus {@link MEMORY_SLACK_BYTES}. */
const ANSWER_MEMORY_FACTOR = 4;
const MEMORY_SLACK_BYTES = 16 * MIB;

// Loads the profile, makes one call on a small file (whatever it loads lazily is loaded), takes the peak
// RSS so far as the baseline (Node with the profile imported), then makes the call on the huge line and
// serialises its answer, as every front end does, and reports the peak RSS after it and the answer's size.
const MEMORY_SCRIPT = `
import fs from "node:fs";
const request = JSON.parse(process.argv[1]);
const { loadProfile } = await import("@read/profiles");
const profile = await loadProfile(request.module);
const tool = profile.createTool({ root: request.root, requester: async () => "deny" });
await tool.call(request.warmUp);
const peak = () => Number(/VmHWM:\\s+(\\d+) kB/u.exec(fs.readFileSync("/proc/self/status", "utf8"))[1]) * 1024;
const before = peak();
const answer = Buffer.byteLength(JSON.stringify(await tool.call(request.input)));
process.stdout.write("report " + JSON.stringify({ before, after: peak(), answer }) + "\\n");
`;

interface MemoryReport {
  readonly before: number;
  readonly after: number;
  readonly answer: number;
}

const mib = (bytes: number) => `${(bytes / MIB).toFixed(1)} MiB`;

/**
 * ADV-load, one huge line (issue 30 case 5): `a\n` and a line of 60 MiB of `\x01`, asked for line 2 (one
 * line where the profile takes a count). The serialised answer must stay within {@link ANSWER_BOUND_BYTES}
 * plus its fields, and be a typed error or show part of the line. With the oracle's module, a child
 * process makes the same call and its peak RSS must stay within the baseline (Node with the profile
 * imported) plus four times the answer plus 16 MiB.
 */
async function runHugeLine(ctx: SuiteContext): Promise<readonly string[]> {
  const { oracle, adapter, read } = ctx;
  const isTypedError = typedErrorCheck(oracle);
  const layout = { files: { "huge.txt": { bytes: Buffer.concat([Buffer.from("a\n"), Buffer.alloc(LINE_BYTES, 1)]) }, "small.txt": { text: "one\ntwo\n" } } };
  return withScratch(layout, async (workspace) => {
    const input = windowInput(oracle, "huge.txt", 2, 1);
    const output = await adapter.call({ root: workspace.root, input, ...denyIfAsked(oracle) });
    const serialised = JSON.stringify(output);
    const bytes = Buffer.byteLength(serialised);
    const problems: string[] = [];
    if (bytes > ANSWER_BOUND_BYTES + ANSWER_OVERHEAD_BYTES) problems.push(`the answer is ${bytes} bytes as JSON, over ${ANSWER_BOUND_BYTES} + ${ANSWER_OVERHEAD_BYTES}`);
    if (read.isError(output) ? !isTypedError(output) : !serialised.includes("\\u0001")) {
      problems.push(`the answer is neither a typed error nor part of the line: ${show(serialised.slice(0, 300))}`);
    }
    const notes = [`line 2 (${LINE_BYTES} bytes of \\x01) answered in ${bytes} bytes of JSON (${read.isError(output) ? "an error" : "part of the line"})`];
    if (oracle.module !== undefined) {
      const report = await measure(JSON.stringify({ module: oracle.module, root: workspace.root, warmUp: windowInput(oracle, "small.txt"), input }));
      const target = report.before + ANSWER_MEMORY_FACTOR * report.answer + MEMORY_SLACK_BYTES;
      if (report.after > target) {
        problems.push(`peak RSS ${mib(report.after)}, over ${mib(target)} (${mib(report.before)} with the profile imported + ${ANSWER_MEMORY_FACTOR} x ${report.answer} bytes + 16 MiB)`);
      }
      notes.push(`peak RSS ${mib(report.after)} in a child, ${mib(report.before)} with the profile imported (target at most ${mib(target)})`);
    }
    if (problems.length > 0) throw new ConformanceFailure(`a 60 MiB line of \\x01:\n${problems.join("\n")}`);
    return notes;
  });
}

async function measure(request: string): Promise<MemoryReport> {
  const child = startNode(MEMORY_SCRIPT, { args: [request] });
  const stdout = collect(child.stdout);
  const stderr = collect(child.stderr);
  const closed = new Promise<number | null>((resolve) => child.once("close", resolve));
  let timer: NodeJS.Timeout | undefined;
  try {
    const code = await Promise.race([closed, new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), 60_000)))]);
    if (code !== 0) throw new ConformanceFailure(`the memory child ended with ${String(code)}: ${stderr().slice(0, 1_000)}`);
  } finally {
    clearTimeout(timer);
    await stopNode(child);
  }
  const line = stdout().split("\n").find((candidate) => candidate.startsWith("report "));
  if (line === undefined) throw new ConformanceFailure(`the memory child printed no report: ${stdout().slice(0, 500)}`);
  return JSON.parse(line.slice("report ".length)) as MemoryReport;
}

const needsAdversarial = (oracle: Oracle): string | null => (oracle.adversarial === undefined ? "the oracle declares no adversarial outcomes" : null);

/** The huge-line check of the suite. */
export const HUGE_LINE_CHECK: ConformanceCheck = {
  id: "adversarial/load/huge-line",
  title: "A 60 MiB line of \\x01: the answer stays within 256 KiB as JSON, and the call's peak memory within 4 x its answer + 16 MiB",
  requirements: () => [ADVERSARIAL_REQUIREMENTS.load],
  notApplicable: needsAdversarial,
  runDependent: true,
  run: runHugeLine,
};
