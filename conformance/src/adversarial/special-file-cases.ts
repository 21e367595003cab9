import fs from "node:fs";
import path from "node:path";
import { makeSpecialFiles } from "../make-special-files.js";
import { denyIfAsked, windowInput } from "../suite-context.js";
import { failed, judgeOutput, outcomeLabel, type AdversarialCase, type CaseResult, type CaseRun, type Expect, type Expectation, type Safety } from "./adversarial-case.js";
import { boundedCall } from "./bounded-call.js";
import { INSIDE_TEXT } from "./layouts.js";
import { byCleaning, DIRECTORY, lastIsLink, NOT_FOUND, OUTSIDE, pathCase, reads } from "./path-case.js";

/** The text at the start of the sparse file: 10,000 short lines, then a hole up to {@link SPARSE_BYTES}. */
const SPARSE_TEXT = Array.from({ length: 10_000 }, (_, index) => `line ${index + 1}\n`).join("");

/**
 * 32 GiB: a sparse file this large takes no space, and says so in `stat.size`. Walking it takes a tool
 * many seconds on any machine (8 GiB took 3 s here), far past the bound, so the case never flips.
 */
const SPARSE_BYTES = 32 * 1024 ** 3;

/**
 * The bound of the sparse-file cases, beyond what reading a small file takes: a tool that reads a window
 * or checks a limit answers in milliseconds, one that walks the whole file takes many seconds.
 */
export const SPARSE_BOUND_MS = 2_000;

/** FIFOs opened at once by the swarm case: more than libuv's default pool of 4 threads. */
const SWARM_FIFOS = 16;

const SPECIAL_LAYOUT = {
  files: {
    "inside.txt": { text: INSIDE_TEXT },
    "sub/nested.txt": { text: "nested\n" },
    "secret.txt": { text: "readable by its owner only\n" },
    "locked/inside-locked.txt": { text: "in a directory no one else may enter\n" },
    "zero-link": { symlink: "/dev/zero" },
    "proc-status-link": { symlink: "/proc/self/status" },
  },
  outside: { "data.txt": { text: "outside\n" } },
} as const;

// What varies for a tool that reads an endless device instead of refusing it.
const ENDLESS = "a tool that reads an endless device fails when a buffer limit is hit or outlasts the bound, depending on the machine's speed";

const FIFO = (oracle: Parameters<Expect>[0]): Expectation => ({ outcome: oracle.behaviour.fifo });
const DEVICE: Expect = (oracle) => ({ outcome: oracle.behaviour.device });
const DENIED_BY_OS: Expect = (_oracle, adversarial) => ({ outcome: adversarial.permissionDenied });
/** Refused by the OS once a person allowed the outside read; refused as outside by a profile that never asks. */
const AFTER_ALLOW_DENIED_BY_OS: Expect = (oracle, adversarial) => ({ outcome: oracle.permissionModes.includes("allow") ? adversarial.permissionDenied : oracle.behaviour.outsideRoot });

function special(name: string, title: string, safety: Safety, target: string, expect: Expect, extra: Partial<AdversarialCase> = {}): AdversarialCase {
  return pathCase("special-files", name, title, safety, target, expect, { layout: SPECIAL_LAYOUT, ...extra });
}

// mknod needs CAP_MKNOD (in practice root): where it fails, the case says so instead of passing silently.
function mknod(kind: "c" | "b", major: number, minor: number, name: string): (workspace: { root: string }) => Promise<void> {
  return async (workspace) => {
    try {
      await makeSpecialFiles([{ device: path.join(workspace.root, name), kind, major, minor }]);
    } catch (error) {
      throw new Error(`this process cannot create device nodes (mknod needs CAP_MKNOD): ${String(error)}`);
    }
  };
}

function sparse(workspace: { root: string }): void {
  const file = path.join(workspace.root, "sparse.txt");
  fs.writeFileSync(file, SPARSE_TEXT);
  fs.truncateSync(file, SPARSE_BYTES);
}

/** The whole-file read of the sparse file: the size limit where one applies, else the default window. */
const SPARSE_WHOLE: Expect = (oracle) => {
  const limit = oracle.behaviour.sizeLimit;
  const count = oracle.window.defaultCount;
  if (limit !== null && (!limit.wholeFileOnly || count === null)) return { outcome: limit.outcome };
  // Without a limit, a tool that reads whole files must refuse 32 GiB somehow; a windowed one returns its window.
  return count === null ? { outcome: { error: null } } : { window: { text: SPARSE_TEXT, start: 1, count } };
};

/** Lines 2-4 of the sparse file. */
const SPARSE_WINDOW: Expect = (oracle) => {
  if (oracle.request.start === null || oracle.request.count === null) return "the tool has no window parameters";
  const limit = oracle.behaviour.sizeLimit;
  if (limit !== null && !limit.wholeFileOnly) return { outcome: limit.outcome };
  return { window: { text: SPARSE_TEXT, start: 2, count: 3 } };
};

/**
 * Sixteen FIFOs read at once, then a regular file: every FIFO is refused and the file is read, all
 * within the bound (a tool that blocked a thread per FIFO would starve libuv's pool of four).
 */
async function runSwarm({ ctx, adapter, workspace, root, boundMs }: CaseRun): Promise<CaseResult> {
  const { oracle } = ctx;
  const names = Array.from({ length: SWARM_FIFOS }, (_, index) => `fifo-${index}`);
  await makeSpecialFiles(names.map((name) => ({ fifo: path.join(root, name) })));
  const extras = denyIfAsked(oracle);
  const inputs = [...names, "inside.txt"].map((name) => windowInput(oracle, name));
  const ended = await boundedCall(
    () => Promise.all(inputs.map((input) => adapter.call({ root, input, ...extras }))),
    boundMs,
    names.map((name) => path.join(root, name)),
  );
  if (ended.kind === "timeout") return failed("hang", [`${SWARM_FIFOS} FIFOs and a file read at once: not all answered within ${boundMs} ms`]);
  if (ended.kind === "rejected") return failed("crash", [`a call failed: ${ended.error instanceof Error ? ended.error.message : String(ended.error)}`]);
  if (ended.ms > boundMs) return failed("hang", [`${SWARM_FIFOS} FIFOs and a file read at once took ${Math.round(ended.ms)} ms, over the bound of ${boundMs} ms`]);
  const results = ended.value.map((output, index) =>
    index < SWARM_FIFOS
      ? judgeOutput(ctx, SWARM, FIFO(oracle), workspace, inputs[index], output)
      : judgeOutput(ctx, { ...SWARM, safety: "read" }, { outcome: { content: true }, text: INSIDE_TEXT }, workspace, inputs[index], output),
  );
  const fifoLabels = [...new Set(results.slice(0, SWARM_FIFOS).map((result) => result.observed))];
  const observed = swarmLabel(fifoLabels.join("/"), results[SWARM_FIFOS]?.observed ?? "no answer");
  const problems = results.flatMap((result) => result.problems);
  return { status: problems.length === 0 ? "pass" : "fail", observed, safe: results.every((result) => result.safe), problems };
}

const SWARM: AdversarialCase = special("fifo-swarm", `${SWARM_FIFOS} FIFOs read at once, then a regular file`, "refuse", "", FIFO, {
  run: runSwarm,
  // The calls run at once: the order they end in varies.
  runDependent: true,
  label: (oracle) => swarmLabel(outcomeLabel(oracle.behaviour.fifo), "content"),
});

function swarmLabel(fifos: string, file: string): string {
  return `${SWARM_FIFOS} × ${fifos}; the file: ${file}`;
}

/**
 * Special files: a FIFO with no writer (one, and sixteen at once), a listening socket, character and
 * block devices (inside the root, and `/dev` as the root, `/dev/tty` included), links to `/dev/zero` and `/proc` files, a
 * `/proc` file whose size reads 0 (with `/proc/self` as the root), directories, a 32 GiB sparse file,
 * and files the operating system refuses to an unprivileged user (run as `nobody` in a child process),
 * inside the root and outside it once a person allowed the read.
 */
export const SPECIAL_FILE_CASES: readonly AdversarialCase[] = [
  special("fifo", "a FIFO with no writer", "refuse", "a-fifo", FIFO, { layout: { ...SPECIAL_LAYOUT, files: { ...SPECIAL_LAYOUT.files, "a-fifo": { fifo: true } } }, fifos: ["a-fifo"] }),
  SWARM,
  special("socket", "a listening Unix socket", "refuse", "a-socket", (oracle) => ({ outcome: oracle.behaviour.socket }), {
    layout: { ...SPECIAL_LAYOUT, files: { ...SPECIAL_LAYOUT.files, "a-socket": { socket: true } } },
  }),
  special("character-device", "a character device inside the root (`/dev/zero`'s numbers)", "refuse", "zero", DEVICE, { prepare: mknod("c", 1, 5, "zero"), volatile: ENDLESS }),
  special("block-device", "a block device inside the root", "refuse", "block", DEVICE, { prepare: mknod("b", 7, 200, "block") }),
  special("dev-zero", "`zero` with `/dev` as the root", "refuse", "zero", DEVICE, { root: () => "/dev", volatile: ENDLESS }),
  special("dev-null", "`null` with `/dev` as the root", "refuse", "null", DEVICE, { root: () => "/dev" }),
  special("dev-zero-link", "a link to `/dev/zero` (a link out, whatever its target: issue 30 case 7)", "refuse", "zero-link", lastIsLink(OUTSIDE)),
  special("dev-tty", "`tty` with `/dev` as the root (a character device, never opened as a terminal)", "refuse", "tty", DEVICE, { root: () => "/dev" }),
  special("proc-file-size-zero", "`status` with `/proc/self` as the root (its size reads 0)", "read", "status", () => ({ includes: ["Name:", "Pid:"] }), { root: () => "/proc/self", runDependent: true }),
  special("proc-file-link", "a link to `/proc/self/status` (a link out, whatever its target: issue 30 case 7)", "refuse", "proc-status-link", lastIsLink(OUTSIDE), { runDependent: true }),
  special("directory", "a directory", "refuse", "sub", DIRECTORY),
  special("directory-root", "`.`, the root itself", "refuse", ".", DIRECTORY),
  special("directory-trailing-slash", "`sub/`", "refuse", "sub/", DIRECTORY),
  special("file-as-directory", "`inside.txt/`, a file used as a directory (cleaned lexically: `inside.txt`)", "either", "inside.txt/", byCleaning(NOT_FOUND, reads(INSIDE_TEXT))),
  special("sparse-32gib", "a 32 GiB sparse file (10,000 lines, then a hole), read without a window", "either", "sparse.txt", SPARSE_WHOLE, { prepare: sparse, boundMs: SPARSE_BOUND_MS, calibrated: true, isolated: true }),
  special("sparse-32gib-window", "lines 2-4 of the 32 GiB sparse file", "either", "sparse.txt", SPARSE_WINDOW, {
    prepare: sparse,
    boundMs: SPARSE_BOUND_MS,
    calibrated: true,
    isolated: true,
    input: (_workspace, oracle) => windowInput(oracle, "sparse.txt", 2, 3),
  }),
  special("unreadable-file", "a file of mode 000, read as an unprivileged user", "refuse", "secret.txt", DENIED_BY_OS, {
    unprivileged: true,
    prepare: (workspace) => fs.chmodSync(path.join(workspace.root, "secret.txt"), 0o000),
  }),
  special("unreadable-directory", "a file in a directory of mode 000, read as an unprivileged user", "refuse", "locked/inside-locked.txt", DENIED_BY_OS, {
    unprivileged: true,
    prepare(workspace) {
      const locked = path.join(workspace.root, "locked");
      fs.chmodSync(locked, 0o000);
      return () => fs.chmodSync(locked, 0o755);
    },
  }),
  special("readable-as-unprivileged", "an ordinary file read as the unprivileged user (the control case)", "read", "inside.txt", reads(INSIDE_TEXT), { unprivileged: true }),
  special("unreadable-outside-allowed", "a file of mode 000 outside the root, allowed by the person, read as an unprivileged user: refused access, not missing", "refuse", "../outside/data.txt", AFTER_ALLOW_DENIED_BY_OS, {
    unprivileged: true,
    permission: "allow",
    prepare(workspace) {
      fs.chmodSync(workspace.outside, 0o755);
      fs.chmodSync(path.join(workspace.outside, "data.txt"), 0o000);
    },
  }),
];

