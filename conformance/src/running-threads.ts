import fs from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import type { ToolAdapter } from "./tool-adapter.js";

/** A process whose threads are watched: a process id, or `self` (this process, the asking thread left out). */
export type WatchedProcess = number | "self";

/**
 * How many threads of `processes` are running or ready to run: state `R` in `/proc/<pid>/task/<tid>/stat`
 * (Linux). A thread waiting for a core is `R` too, so a thread that computes is counted however busy the
 * machine is; an idle one (waiting for I/O, a timer, a message) is not. In `self` the thread that asks is
 * left out. A thread that ends while it is read is not counted.
 */
export function runningThreads(processes: readonly WatchedProcess[]): number {
  if (!fs.existsSync("/proc/self/task")) throw new Error("threads are watched through /proc/<pid>/task (Linux): this system has none");
  const asking = fs.readlinkSync("/proc/thread-self").split("/").at(-1);
  let running = 0;
  for (const pid of processes) {
    const dir = `/proc/${pid}/task`;
    let threads: string[];
    try {
      threads = fs.readdirSync(dir);
    } catch {
      continue;
    }
    for (const thread of threads) {
      if (pid === "self" && thread === asking) continue;
      try {
        const stat = fs.readFileSync(`${dir}/${thread}/stat`, "utf8");
        // The state follows the command name, which is in parentheses and may hold any character.
        if (stat.charAt(stat.lastIndexOf(")") + 2) === "R") running++;
      } catch {
        // The thread ended meanwhile.
      }
    }
  }
  return running;
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
