import path from "node:path";
import { performance } from "node:perf_hooks";
import { makeSpecialFiles } from "../make-special-files.js";
import type { Oracle, Outcome } from "../oracle.js";
import { referenceLines, renderWindow } from "../reference-lines.js";
import { DEFAULT_RACE_MS } from "../run-settings.js";
import { denyIfAsked, show, windowInput } from "../suite-context.js";
import { type AdversarialBehaviour, type AdversarialCase, type CaseResult, type CaseRun } from "./adversarial-case.js";
import { boundedCall } from "./bounded-call.js";
import { INSIDE_TEXT, OUTSIDE_MARKER } from "./layouts.js";
import { collect, startNode, stopNode, waitForLine } from "./node-child.js";

/** What a race observes when every answer was inside content or a declared error. */
const RACE_HELD = "never outside content";

/** Concurrent readers in a race. */
const READERS = 4;

// The flipper: swaps a path as fast as it can until its time is up or it is told to stop, printing
// "ready" after the first swap and "flips N" at the end. Every swap is a rename(2), so the path is
// always one of its two states (or, for two-step swaps, briefly missing). At the end, readers blocked
// on a FIFO are released, as a writer that opens and closes it.
const FLIPPER_SCRIPT = `
import fs from "node:fs";
import path from "node:path";
const [mode, root, outside, duration] = process.argv.slice(1);
const at = (name) => path.join(root, name);
const deadline = Date.now() + Number(duration);
let flips = 0;
let stop = false;
process.on("SIGTERM", () => { stop = true; });
const inside = ${JSON.stringify(INSIDE_TEXT)};
const flip = {
  final() {
    fs.symlinkSync(path.join(outside, "data.txt"), at("race.link-tmp"));
    fs.renameSync(at("race.link-tmp"), at("race.txt"));
    fs.writeFileSync(at("race.file-tmp"), inside);
    fs.renameSync(at("race.file-tmp"), at("race.txt"));
  },
  parent() {
    fs.renameSync(at("racedir"), at("racedir.real"));
    fs.renameSync(at("racedir.link"), at("racedir"));
    fs.renameSync(at("racedir"), at("racedir.link"));
    fs.renameSync(at("racedir.real"), at("racedir"));
  },
  retarget() {
    fs.symlinkSync("../outside/data.txt", at("link.tmp"));
    fs.renameSync(at("link.tmp"), at("link"));
    fs.symlinkSync("inside.txt", at("link.tmp"));
    fs.renameSync(at("link.tmp"), at("link"));
  },
  fifo() {
    fs.renameSync(at("flip.txt"), at("flip.regular"));
    fs.renameSync(at("flip.fifo"), at("flip.txt"));
    fs.renameSync(at("flip.txt"), at("flip.fifo"));
    fs.renameSync(at("flip.regular"), at("flip.txt"));
  },
  grow() {
    fs.truncateSync(at("log.txt"), 0);
    for (let line = 1; line <= 200; line++) fs.appendFileSync(at("log.txt"), "grow " + line + "\\n");
  },
}[mode];
flip();
flips++;
process.stdout.write("ready\\n");
while (!stop && Date.now() < deadline) {
  for (let i = 0; i < 50; i++) { flip(); flips++; }
  await new Promise((resolve) => setImmediate(resolve));
}
for (const name of ["flip.txt", "flip.fifo"]) {
  try { fs.closeSync(fs.openSync(at(name), fs.constants.O_WRONLY | fs.constants.O_NONBLOCK)); } catch {}
}
process.stdout.write("flips " + flips + "\\n");
`;

type RaceMode = "final" | "parent" | "retarget" | "fifo" | "grow";

/** What a race accepts besides the content check: the error outcomes a racing read may meet. */
type Allowed = (oracle: Oracle, adversarial: AdversarialBehaviour) => readonly Outcome[];

interface Race {
  readonly mode: RaceMode;
  readonly target: string;
  /** Why a returned content is wrong, or null when it is one the file held. */
  readonly content: (oracle: Oracle, content: string) => string | null;
  readonly allowed: Allowed;
}

// A symlink swapped in as the last component is refused as such by a profile that never follows one.
const SWAP_ERRORS: Allowed = (oracle, adversarial) => [oracle.behaviour.outsideRoot, oracle.behaviour.notFound, adversarial.changedDuringRead, ...(oracle.behaviour.finalSymlink === null ? [] : [oracle.behaviour.finalSymlink])];

function exactly(text: string): Race["content"] {
  return (oracle, content) => (content === renderWindow(oracle, referenceLines(Buffer.from(text), oracle), 1) ? null : `content other than the inside file's: ${show(content)}`);
}

// A growing and shrinking log: line k always reads "grow k"; a read that meets a half-written last line
// may return a prefix of it. Numbers (if any) are taken off first.
function growingLog(oracle: Oracle, content: string): string | null {
  const numbers = oracle.output.numbers;
  const separator = numbers === null ? null : new RegExp(`^ *(\\d+)${numbers.separator.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&")}`, "u");
  const lines = content.split("\n");
  if (lines.at(-1) === "") lines.pop();
  for (const [index, line] of lines.entries()) {
    const expected = `grow ${index + 1}`;
    let text = line;
    if (separator !== null) {
      const match = separator.exec(line);
      if (match === null || Number(match[1]) !== index + 1) return `line ${index + 1} is not numbered ${index + 1}: ${show(line)}`;
      text = line.slice(match[0].length);
    }
    const last = index === lines.length - 1;
    if (text !== expected && !(last && expected.startsWith(text))) return `line ${index + 1} reads ${show(text)}, never written there`;
  }
  return null;
}

const RACES: Readonly<Record<RaceMode, Race>> = {
  final: { mode: "final", target: "race.txt", content: exactly(INSIDE_TEXT), allowed: SWAP_ERRORS },
  parent: { mode: "parent", target: "racedir/data.txt", content: exactly(INSIDE_TEXT), allowed: SWAP_ERRORS },
  retarget: { mode: "retarget", target: "link", content: exactly(INSIDE_TEXT), allowed: SWAP_ERRORS },
  fifo: { mode: "fifo", target: "flip.txt", content: exactly(INSIDE_TEXT), allowed: (oracle, adversarial) => [oracle.behaviour.fifo, oracle.behaviour.notFound, adversarial.changedDuringRead] },
  grow: {
    mode: "grow",
    target: "log.txt",
    content: growingLog,
    allowed: (oracle, adversarial) => [adversarial.changedDuringRead, ...(oracle.behaviour.sizeLimit === null ? [] : [oracle.behaviour.sizeLimit.outcome])],
  },
};

/**
 * Reads the race's path in a loop (several readers at once) for the run's race time (`raceMs`, 1 s by
 * default: {@link DEFAULT_RACE_MS}) while the flipper swaps
 * it: every answer must be content the file held inside the root, or an error the oracle declares for
 * what a swap can cause; never a byte from outside, never a hang, never a crash.
 */
async function runRace(race: Race, { ctx, adapter, root, workspace, boundMs }: CaseRun): Promise<CaseResult> {
  const { oracle, read } = ctx;
  const adversarial = oracle.adversarial;
  if (adversarial === undefined) throw new Error("no adversarial block");
  const allowed = new Set(race.allowed(oracle, adversarial).flatMap((outcome) => ("error" in outcome ? [outcome.error] : [])));
  // One read before the race starts whatever the adapter starts (a server), so the race is spent reading.
  await boundedCall(() => adapter.call({ root, input: windowInput(oracle, "inside.txt"), ...denyIfAsked(oracle) }), boundMs);
  const raceMs = ctx.properties.raceMs ?? DEFAULT_RACE_MS;
  const flipper = startNode(FLIPPER_SCRIPT, { args: [race.mode, root, workspace.outside, String(raceMs + boundMs)] });
  const printed = collect(flipper.stdout);
  const counts = new Map<string, number>();
  const problems: string[] = [];
  let observed = RACE_HELD;
  let safe = true;
  try {
    await waitForLine(flipper, "ready", 10_000);
    const input = windowInput(oracle, race.target);
    const deadline = performance.now() + raceMs;
    const reader = async () => {
      while (performance.now() < deadline && problems.length === 0) {
        // An in-process tool answers without waiting: yield, or the race would keep timers and I/O out.
        await new Promise((resolve) => setImmediate(resolve));
        // No watchdog per read: the flipper releases a reader blocked on its FIFO when its time is up.
        const ended = await boundedCall(() => adapter.call({ root, input, ...denyIfAsked(oracle) }), boundMs);
        if (ended.kind !== "answered" || ended.ms > boundMs) {
          observed = ended.kind === "rejected" ? "crash" : "hang";
          safe = false;
          problems.push(ended.kind === "rejected" ? `a read failed: ${String(ended.error)}` : `a read gave no answer within ${boundMs} ms`);
          return;
        }
        const output = ended.value;
        const label = read.isError(output) ? (read.errorCode(output) ?? "error") : "content";
        counts.set(label, (counts.get(label) ?? 0) + 1);
        if (JSON.stringify(output).includes(OUTSIDE_MARKER)) {
          observed = "LEAK";
          safe = false;
          problems.push(`LEAK: a read returned content from outside the root: ${show(workspace.placeholders(output))}`);
        } else if (!read.isError(output)) {
          const wrong = race.content(oracle, read.content(output));
          if (wrong !== null) {
            observed = "wrong content";
            problems.push(wrong);
          }
        } else if (oracle.output.code !== null && !allowed.has(read.errorCode(output) ?? "")) {
          observed = `untyped error ${label}`;
          problems.push(`an error none of ${show([...allowed])}: ${show(workspace.placeholders(output))}`);
        }
      }
    };
    await Promise.all(Array.from({ length: READERS }, reader));
  } finally {
    await stopNode(flipper);
  }
  const flips = /flips (\d+)/u.exec(printed())?.[1] ?? "?";
  const tally = [...counts].map(([label, count]) => `${count} × ${label}`).join(", ");
  if (problems.length === 0 && counts.size === 0) problems.push("no read completed during the race");
  const notes = [`${tally || "no reads"} while the path was swapped ${flips} times`];
  return problems.length === 0 ? { status: "pass", observed, safe, problems, notes } : { status: "fail", observed, safe, problems, notes };
}

const RACE_LAYOUT = {
  files: {
    "inside.txt": { text: INSIDE_TEXT },
    "race.txt": { text: INSIDE_TEXT },
    "racedir/data.txt": { text: INSIDE_TEXT },
    "racedir.link": { symlink: "${OUTSIDE}" },
    link: { symlink: "inside.txt" },
    "flip.txt": { text: INSIDE_TEXT },
    "log.txt": { text: "" },
  },
  outside: { "data.txt": { text: `${OUTSIDE_MARKER} data\n` } },
} as const;

function raceCase(mode: RaceMode, name: string, title: string, extra: Partial<AdversarialCase> = {}): AdversarialCase {
  const race = RACES[mode];
  return {
    group: "races",
    name,
    title,
    safety: "either",
    layout: RACE_LAYOUT,
    input: (_workspace, oracle) => windowInput(oracle, race.target),
    expect: () => ({ outcome: { content: true }, text: INSIDE_TEXT }),
    run: (run) => runRace(race, run),
    label: () => RACE_HELD,
    volatile: "an unsafe tool loses the race or not depending on when the swap lands",
    runDependent: true,
    exclusive: true,
    ...extra,
  };
}

/**
 * Races between check and open, driven from a child process (nothing hooks into the tool): the final
 * component swapped between a file and a symlink out, a parent directory swapped for a symlink out, a
 * symlink retargeted between inside and outside, a file swapped with a FIFO, and a file that grows and
 * shrinks while it is read.
 */
export const RACE_CASES: readonly AdversarialCase[] = [
  raceCase("final", "final-component-swap", "`race.txt` swapped between an inside file and a symlink out, thousands of times, while read"),
  raceCase("parent", "parent-directory-swap", "`racedir` swapped between a directory and a symlink to an outside directory while `racedir/data.txt` is read"),
  raceCase("retarget", "symlink-retarget", "the symlink `link` retargeted between `inside.txt` and an outside file while read"),
  raceCase("fifo", "file-replaced-by-fifo", "`flip.txt` swapped between a regular file and a FIFO while read", {
    prepare: (workspace) => makeSpecialFiles([{ fifo: path.join(workspace.root, "flip.fifo") }]),
  }),
  raceCase("grow", "file-grows-and-shrinks", "`log.txt` appended to and truncated in a loop while read"),
];
