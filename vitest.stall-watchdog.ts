import fs from "node:fs";
import type { Reporter, TestCase, TestModule } from "vitest/node";

/** Options of {@link StallWatchdog}, as vitest passes them from `reporters: [[path, options]]`. */
export interface StallWatchdogOptions {
  /** Seconds a test file may run before the watchdog ends the run; `READ_TEST_STALL_S` when set, else 1200. */
  readonly boundSeconds?: number;
}

/**
 * Ends a test run in which one test file has run for longer than a bound, after printing what it was
 * doing. A test blocked in a synchronous call (a child that never exits, an open that never returns) holds
 * its worker where no vitest timeout can reach it, and the run would wait until CI's own limit, printing
 * nothing that says which file it was. At a quarter of the bound it names each file not yet ended; at the
 * bound it prints the file, its tests still running, and every process under the run with its state and
 * what it waits in, then kills those processes (the workers too), so vitest reports the files they held as
 * failed. If the run has not ended 30 s later, it exits with status 1.
 */
export default class StallWatchdog implements Reporter {
  private readonly boundMs: number;
  private readonly modules = new Map<TestModule, { started: number; active: boolean; noticed: boolean }>();
  private readonly cases = new Map<TestCase, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(options: StallWatchdogOptions = {}) {
    const seconds = options.boundSeconds ?? Number(process.env["READ_TEST_STALL_S"] ?? 1200);
    if (!(seconds > 0)) throw new Error(`StallWatchdog: the bound must be a positive number of seconds, got ${seconds} (READ_TEST_STALL_S)`);
    this.boundMs = seconds * 1000;
  }

  onTestRunStart(): void {
    this.timer = setInterval(() => this.check(), Math.min(10_000, this.boundMs / 4));
    this.timer.unref();
  }

  onTestRunEnd(): void {
    clearInterval(this.timer);
  }

  // Queued is when a worker takes the file, before it imports it: an import that never ends is counted too.
  // A worker that shares its process between files (isolate: false) takes several at once and runs them
  // one after another, so a file that has shown no progress yet (collected, or a test started) may still
  // be waiting for another: its clock starts again whenever a file ends. A worker blocked synchronously
  // sends nothing, so the blocked file may look as idle as those waiting behind it: at the bound, a file
  // that showed progress is named first, else the one queued first.
  onTestModuleQueued(module: TestModule): void {
    this.modules.set(module, { started: performance.now(), active: false, noticed: false });
  }

  onTestModuleCollected(module: TestModule): void {
    const state = this.modules.get(module);
    if (state !== undefined) state.active = true;
  }

  onTestModuleEnd(module: TestModule): void {
    this.modules.delete(module);
    const now = performance.now();
    for (const state of this.modules.values()) {
      if (state.active) continue;
      state.started = now;
      state.noticed = false;
    }
  }

  onTestCaseReady(test: TestCase): void {
    this.cases.set(test, performance.now());
    const state = this.modules.get(test.module);
    if (state !== undefined) state.active = true;
  }

  onTestCaseResult(test: TestCase): void {
    this.cases.delete(test);
  }

  private check(): void {
    const now = performance.now();
    // A file that made progress and then stopped is the one to name; one that never started may be waiting for it.
    const overdue = [...this.modules].filter(([, state]) => now - state.started >= this.boundMs).sort(([, a], [, b]) => Number(b.active) - Number(a.active));
    const [stalled] = overdue;
    if (stalled !== undefined) return this.stall(stalled[0], Math.round((now - stalled[1].started) / 1000));
    for (const [module, state] of this.modules) {
      const seconds = Math.round((now - state.started) / 1000);
      if (!state.noticed && now - state.started >= this.boundMs / 4) {
        state.noticed = true;
        console.error(`stall watchdog: ${module.relativeModuleId} has not ended ${seconds} s after it could start (the run ends at ${this.boundMs / 1000} s)`);
      }
    }
  }

  private stall(module: TestModule, seconds: number): void {
    clearInterval(this.timer);
    const now = performance.now();
    const running = [...this.cases].filter(([test]) => test.module === module).map(([test, started]) => `  ${test.fullName} (for ${Math.round((now - started) / 1000)} s)`);
    const tree = descendants(process.pid);
    console.error(
      [
        `stall watchdog: ${module.relativeModuleId} has run for ${seconds} s, past the bound of ${this.boundMs / 1000} s (READ_TEST_STALL_S); ending the run.`,
        running.length > 0 ? "Its tests that started and have not finished:" : "None of its tests is known to have started (a worker blocked synchronously sends no updates).",
        ...running,
        "The processes under this run (pid, parent, seconds running, state, what it waits in, command):",
        ...tree.map((p) => `  ${p.pid} ${p.ppid} ${p.seconds} ${p.state} ${p.wchan} ${p.command}`),
      ].join("\n"),
    );
    // Deepest first, so that no parent reaps and replaces a child between the kills.
    for (const p of tree.reverse()) {
      try {
        process.kill(p.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
    setTimeout(() => process.exit(1), 30_000).unref();
  }
}

interface ProcessRow {
  readonly pid: number;
  readonly ppid: number;
  readonly seconds: number;
  readonly state: string;
  readonly wchan: string;
  readonly command: string;
}

// Every process under `root`, parents before their children, from /proc (nothing on a system without it).
function descendants(root: number): ProcessRow[] {
  const uptime = Number(read("/proc/uptime").split(" ")[0]);
  const rows: ProcessRow[] = [];
  for (const name of safeReaddir("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    // The command name in parentheses may hold spaces and parentheses: the fields follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (fields.length < 20) continue;
    rows.push({
      pid: Number(name),
      ppid: Number(fields[1]),
      // The start time is in clock ticks since boot: 100 a second on Linux (USER_HZ).
      seconds: Math.round(uptime - Number(fields[19]) / 100),
      state: fields[0] ?? "?",
      wchan: read(`/proc/${name}/wchan`) || "-",
      command: read(`/proc/${name}/cmdline`).replaceAll("\0", " ").trim().slice(0, 400),
    });
  }
  const children = new Map<number, ProcessRow[]>();
  for (const row of rows) {
    const siblings = children.get(row.ppid);
    if (siblings === undefined) children.set(row.ppid, [row]);
    else siblings.push(row);
  }
  const ordered: ProcessRow[] = [];
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      ordered.push(child);
      visit(child.pid);
    }
  };
  visit(root);
  return ordered;
}

function read(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}
