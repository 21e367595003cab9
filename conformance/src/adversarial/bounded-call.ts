import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import { startNode } from "./node-child.js";

/** How a bounded call ended: an answer (possibly too late), a rejection, or nothing within the bound. */
export type BoundedOutcome<T> =
  | { readonly kind: "answered"; readonly value: T; readonly ms: number }
  | { readonly kind: "rejected"; readonly error: unknown; readonly ms: number }
  | { readonly kind: "timeout"; readonly ms: number };

// After the bound, open every FIFO for writing without blocking and close it at once: a reader blocked in
// open(2) or read(2) then sees end-of-file. Repeated for a while, for readers that arrive late. Each FIFO's
// read end is opened (non-blocking) by the caller before the call starts and inherited as descriptor 3, 4,
// ...; the watchdog reopens it through /proc for writing. The suite may delete the scratch directory before
// the bound has passed, and a loaded machine may start the watchdog later than that: a FIFO reached by its
// path alone would then leave a reader blocked on the unlinked FIFO for good. A tool that refused the FIFO
// holds no end of it and is never disturbed.
const WATCHDOG_SCRIPT = `
import fs from "node:fs";
const [bound, count] = process.argv.slice(1).map(Number);
const held = Array.from({ length: count }, (_, index) => 3 + index);
const release = () => {
  for (const fd of held) {
    try { fs.closeSync(fs.openSync("/proc/self/fd/" + fd, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK)); } catch {}
  }
};
setTimeout(() => {
  const timer = setInterval(release, 20);
  setTimeout(() => { clearInterval(timer); process.exit(0); }, 3000);
}, bound);
`;

/**
 * Runs `start()` and waits at most `boundMs` for it. A call that blocks its own thread (a synchronous
 * read of a FIFO in this process) cannot be interrupted from here, so FIFOs the call may hang on are
 * released by a watchdog process once the bound has passed: the call then returns late, and its
 * duration says it hung. A call that never settles is reported as a timeout.
 */
export async function boundedCall<T>(start: () => Promise<T>, boundMs: number, fifos: readonly string[] = []): Promise<BoundedOutcome<T>> {
  const watchdog = fifos.length === 0 ? undefined : startWatchdog(boundMs, fifos);
  const started = performance.now();
  const outcome = await new Promise<BoundedOutcome<T>>((resolve) => {
    const timer = setTimeout(() => resolve({ kind: "timeout", ms: performance.now() - started }), boundMs);
    let promise: Promise<T>;
    try {
      promise = start();
    } catch (error) {
      promise = Promise.reject(error);
    }
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve({ kind: "answered", value, ms: performance.now() - started });
      },
      (error: unknown) => {
        clearTimeout(timer);
        resolve({ kind: "rejected", error, ms: performance.now() - started });
      },
    );
  });
  // A call that hung keeps the watchdog: it releases the FIFOs and exits by itself.
  if (outcome.kind !== "timeout" && outcome.ms < boundMs) watchdog?.kill("SIGKILL");
  return outcome;
}

function startWatchdog(boundMs: number, fifos: readonly string[]): ChildProcess | undefined {
  const held = fifos.flatMap((fifo) => {
    try {
      return [fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK)];
    } catch {
      return [];
    }
  });
  if (held.length === 0) return undefined;
  try {
    const watchdog = startNode(WATCHDOG_SCRIPT, { args: [String(boundMs), String(held.length)], quiet: true, descriptors: held });
    watchdog.unref();
    return watchdog;
  } finally {
    for (const fd of held) fs.closeSync(fd);
  }
}
