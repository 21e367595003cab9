import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import type { ToolAdapter } from "./tool-adapter.js";

/** A process whose threads are watched: a process id, or `self` (this process, the asking thread left out). */
export type WatchedProcess = number | "self";

// Processes the harness started for itself (an adapter's server, a check's child): never counted as
// processes `self` started to serve a call, whatever they run.
const harnessChildren = new Set<number>();

/** Marks `child`, started by the harness, as its own until it exits: not one of `self`'s serving processes. */
export function ownChild<T extends ChildProcess>(child: T): T {
  const pid = child.pid;
  if (pid !== undefined) {
    harnessChildren.add(pid);
    child.once("exit", () => harnessChildren.delete(pid));
  }
  return child;
}

/**
 * How many threads of `processes` and of every process under them are running or ready to run: state `R`
 * in `/proc/<pid>/task/<tid>/stat` (Linux). A thread waiting for a core is `R` too, so a thread that
 * computes is counted however busy the machine is; an idle one (waiting for I/O, a timer, a message) is
 * not. The processes under one are counted because a parse may run in a process the server started (a
 * worker process, as the agent profile's); under `self`, the processes the harness started ({@link ownChild})
 * are left out, and so is the thread that asks. A thread that ends while it is read is not counted.
 */
export function runningThreads(processes: readonly WatchedProcess[]): number {
  if (!fs.existsSync("/proc/self/task")) throw new Error("threads are watched through /proc/<pid>/task (Linux): this system has none");
  const asking = fs.readlinkSync("/proc/thread-self").split("/").at(-1);
  const children = childrenByParent();
  let running = 0;
  for (const watched of processes) {
    const root = watched === "self" ? process.pid : watched;
    for (const pid of [root, ...descendants(children, root, watched === "self" ? harnessChildren : new Set())]) {
      const dir = `/proc/${pid}/task`;
      let threads: string[];
      try {
        threads = fs.readdirSync(dir);
      } catch {
        continue;
      }
      for (const thread of threads) {
        if (pid === process.pid && thread === asking) continue;
        try {
          const stat = fs.readFileSync(`${dir}/${thread}/stat`, "utf8");
          // The state follows the command name, which is in parentheses and may hold any character.
          if (stat.charAt(stat.lastIndexOf(")") + 2) === "R") running++;
        } catch {
          // The thread ended meanwhile.
        }
      }
    }
  }
  return running;
}

// Every process's children, from the parent field of /proc/<pid>/stat.
function childrenByParent(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
    } catch {
      continue;
    }
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    const siblings = children.get(parent);
    if (siblings === undefined) children.set(parent, [Number(name)]);
    else siblings.push(Number(name));
  }
  return children;
}

// The processes under `root`, those in `left` and everything under them left out.
function descendants(children: ReadonlyMap<number, readonly number[]>, root: number, left: ReadonlySet<number>): number[] {
  const found: number[] = [];
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      if (left.has(child)) continue;
      found.push(child);
      visit(child);
    }
  };
  visit(root);
  return found;
}

/**
 * The processes whose threads serve the adapter's calls (`self` in-process, the long-running process of
 * JSONL or MCP), or why they cannot be watched (one process per call).
 */
export function servingProcesses(adapter: ToolAdapter): readonly WatchedProcess[] | string {
  if (adapter.kind === "in-process") return ["self"];
  const ids = adapter.processIds?.();
  if (ids === undefined) return `the ${adapter.kind} adapter keeps no process serving calls whose threads could be watched`;
  return ids;
}

/**
 * {@link servingProcesses} once the adapter serves (after its warm-up): throws where there is no process
 * to watch, since a check that watched none would see nothing running whatever ran.
 */
export function watchedProcesses(adapter: ToolAdapter): readonly WatchedProcess[] {
  const processes = servingProcesses(adapter);
  if (typeof processes === "string") throw new Error(processes);
  if (processes.length === 0) throw new Error(`the ${adapter.kind} adapter names no process serving calls after its warm-up`);
  return processes;
}

/**
 * Samples `sample` every `intervalMs` until `holds` is true of `times` samples in a row, or `timeoutMs`
 * passed; resolves to the milliseconds it took, or `null` on a timeout.
 */
export async function sampleUntil<T>(sample: () => T, holds: (value: T) => boolean, options: { readonly times?: number; readonly intervalMs?: number; readonly timeoutMs: number }): Promise<number | null> {
  const started = performance.now();
  const times = options.times ?? 1;
  let streak = 0;
  for (;;) {
    streak = holds(sample()) ? streak + 1 : 0;
    if (streak >= times) return performance.now() - started;
    if (performance.now() - started > options.timeoutMs) return null;
    await sleep(options.intervalMs ?? 20);
  }
}
