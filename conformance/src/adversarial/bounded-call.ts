import { performance } from "node:perf_hooks";
import { startNode } from "./node-child.js";

/** How a bounded call ended: an answer (possibly too late), a rejection, or nothing within the bound. */
export type BoundedOutcome<T> =
  | { readonly kind: "answered"; readonly value: T; readonly ms: number }
  | { readonly kind: "rejected"; readonly error: unknown; readonly ms: number }
  | { readonly kind: "timeout"; readonly ms: number };

// After the bound, open every FIFO for writing without blocking and close it at once: a reader blocked in
// open(2) or read(2) then sees end-of-file. Opening fails (ENXIO) when no one has the FIFO open, so a tool
// that refused the FIFO is never disturbed. Repeated for a while, for readers that arrive late.
const WATCHDOG_SCRIPT = `
import fs from "node:fs";
const [bound, ...fifos] = process.argv.slice(1);
const release = () => {
  for (const fifo of fifos) {
    try { fs.closeSync(fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK)); } catch {}
  }
};
setTimeout(() => {
  const timer = setInterval(release, 20);
  setTimeout(() => { clearInterval(timer); process.exit(0); }, 3000);
}, Number(bound));
`;

/**
 * Runs `start()` and waits at most `boundMs` for it. A call that blocks its own thread (a synchronous
 * read of a FIFO in this process) cannot be interrupted from here, so FIFOs the call may hang on are
 * released by a watchdog process once the bound has passed: the call then returns late, and its
 * duration says it hung. A call that never settles is reported as a timeout.
 */
export async function boundedCall<T>(start: () => Promise<T>, boundMs: number, fifos: readonly string[] = []): Promise<BoundedOutcome<T>> {
  const watchdog = fifos.length === 0 ? undefined : startNode(WATCHDOG_SCRIPT, { args: [String(boundMs), ...fifos], quiet: true });
  watchdog?.unref();
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
