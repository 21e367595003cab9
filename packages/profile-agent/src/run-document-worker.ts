import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import type { DocumentAnswer, DocumentJob, ParsingStarted } from "./document-job.js";
import { documentWorkerUrl } from "./document-worker-url.js";

/** The most heap (old generation) a document worker may use, in MiB: a parse past it ends the worker. */
export const DOCUMENT_HEAP_MB = 192;

/**
 * The most resident memory a document worker process may hold, in bytes: what its heap limit does not
 * count (the array buffers of decoded PDF streams) is bounded by this (read from `/proc`, Linux).
 */
export const DOCUMENT_RSS_BYTES = 512 * 1024 * 1024;

/** Document workers running at once; further parses wait for one to end. */
export const MAX_DOCUMENT_WORKERS = 2;

const WATCH_INTERVAL_MS = 50;

/**
 * How long a worker may take to start and load its parser before the document's own time bound starts: no
 * input of the document's reaches it yet, so only a machine too loaded to run it ends there.
 */
export const PARSER_START_MS = 30_000;

// The last bytes of a worker's standard error kept: V8 writes its fatal out-of-memory message there.
const STDERR_TAIL_BYTES = 4096;

/** Why a document worker gave no answer. */
export type DocumentWorkerFailure = { readonly kind: "crashed"; readonly message: string };

/**
 * Parses a document in a child process (`document-worker.ts`, forked with a capped heap), sent `job` over
 * its IPC channel. A worker that answered is kept for {@link IDLE_WORKER_MS} for the next document (its
 * parser already loaded); it is killed `timeoutMs` after it starts parsing (once its parser is loaded,
 * within {@link PARSER_START_MS}), when its resident memory passes {@link DOCUMENT_RSS_BYTES}, or when
 * `signal` aborts (the promise then rejects with the signal's reason, as core's reads do). Nothing of it
 * is left running when the promise settles: a killed worker has exited. The worker's stdout is dropped
 * and its stderr read only for V8's fatal messages: a library's warning must never reach the host's
 * output (an MCP server's stdout is its protocol).
 */
export async function runDocumentWorker(job: DocumentJob, timeoutMs: number, signal?: AbortSignal): Promise<DocumentAnswer | DocumentWorkerFailure> {
  signal?.throwIfAborted();
  const release = await acquire(signal);
  try {
    return await runOne(job, timeoutMs, signal);
  } finally {
    release();
  }
}

function runOne(job: DocumentJob, timeoutMs: number, signal: AbortSignal | undefined): Promise<DocumentAnswer | DocumentWorkerFailure> {
  return new Promise((resolve, reject) => {
    // A test's script (documentWorkerScriptForTests) never takes a kept worker, which runs the real one.
    const worker = (documentWorkerScriptForTests.path === undefined ? idle.pop()?.take() : undefined) ?? startWorker();
    let settled = false;
    const finish = (outcome: () => void, keep = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      signal?.removeEventListener("abort", onAbort);
      worker.child.removeListener("message", onMessage);
      worker.child.removeListener("error", onError);
      worker.child.removeListener("close", onClose);
      if (keep) {
        park(worker);
        outcome();
        return;
      }
      // SIGKILL ends the process wherever it is; the outcome waits for its exit (none comes for a process
      // that never started).
      live.delete(worker);
      if (worker.child.pid === undefined || worker.child.exitCode !== null || worker.child.signalCode !== null) outcome();
      else {
        worker.child.once("exit", outcome);
        worker.child.kill("SIGKILL");
      }
    };
    let timer = setTimeout(() => finish(() => resolve({ kind: "crashed", message: `its parser did not start within ${PARSER_START_MS} ms` })), PARSER_START_MS);
    const watch = setInterval(() => {
      if (residentBytes(worker.child.pid) > DOCUMENT_RSS_BYTES) finish(() => resolve({ kind: "too-complex", message: `its parse used more than ${DOCUMENT_RSS_BYTES / 1024 / 1024} MiB of memory, and was stopped` }));
    }, WATCH_INTERVAL_MS);
    const onAbort = () => finish(() => reject(signal?.reason));
    // A worker that answered has nothing left running (a parse that threw was cleaned up): it is kept for the next document.
    const onMessage = (message: DocumentAnswer | ParsingStarted) => {
      if (message.kind !== "parsing") {
        finish(() => resolve(message), true);
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(() => finish(() => resolve({ kind: "too-complex", message: `its parse took longer than ${timeoutMs} ms (document_timeout_ms), and was stopped` })), timeoutMs);
    };
    const onError = (error: Error) => finish(() => resolve({ kind: "crashed", message: `its parser could not be run (${error.message})` }));
    // On `close`, not `exit`: the process's standard error, where V8 writes its fatal message, is read to its end by then.
    const onClose = (code: number | null, signalName: NodeJS.Signals | null) =>
      finish(() =>
        resolve(
          /heap out of memory|Reached heap limit/.test(worker.stderr())
            ? { kind: "too-complex", message: `its parse used more than the ${DOCUMENT_HEAP_MB} MiB of heap a document may use, and was stopped` }
            : { kind: "crashed", message: `its parser stopped (${signalName === null ? `exit code ${code}` : signalName})` },
        ),
      );
    signal?.addEventListener("abort", onAbort, { once: true });
    worker.child.on("message", onMessage);
    worker.child.once("error", onError);
    worker.child.once("close", onClose);
    worker.child.send(job, (error) => {
      if (error !== null) onError(error);
    });
  });
}

/** How long a worker that answered is kept for the next document, in milliseconds. */
export const IDLE_WORKER_MS = 30_000;

/** Document workers parsing now (idle ones kept for the next document excluded): for tests that check nothing is left running. */
export function documentWorkersBusy(): number {
  return live.size - idle.length;
}

interface Worker {
  readonly child: ChildProcess;
  /** The end of what the process wrote to its standard error. */
  stderr(): string;
}

interface IdleWorker {
  take(): Worker;
}

const live = new Set<Worker>();
const idle: IdleWorker[] = [];

/**
 * For tests only (the package does not export it): a script forked instead of `document-worker.js`, to
 * drive the worker's bounds (heap, memory, a crash) with a process that exceeds them at once.
 */
export const documentWorkerScriptForTests: { path?: string } = {};

function startWorker(): Worker {
  const child = fork(documentWorkerScriptForTests.path ?? fileURLToPath(documentWorkerUrl()), [], {
    // Flags of the worker's own: none of the host's (a debugger's, a test runner's) and none from NODE_OPTIONS.
    execArgv: [`--max-old-space-size=${DOCUMENT_HEAP_MB}`, "--max-semi-space-size=16"],
    env: {},
    serialization: "advanced",
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  let tail = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => (tail = (tail + chunk).slice(-STDERR_TAIL_BYTES)));
  const worker: Worker = { child, stderr: () => tail };
  live.add(worker);
  return worker;
}

// Keeps a worker for IDLE_WORKER_MS without holding the host open; it ends then, or when it exits.
function park(worker: Worker): void {
  setReferenced(worker.child, false);
  const entry: IdleWorker = {
    take() {
      clearTimeout(expiry);
      worker.child.removeListener("exit", onExit);
      setReferenced(worker.child, true);
      return worker;
    },
  };
  const drop = () => {
    const index = idle.indexOf(entry);
    if (index >= 0) idle.splice(index, 1);
    live.delete(worker);
  };
  const onExit = () => drop();
  const expiry = setTimeout(() => {
    drop();
    worker.child.kill("SIGKILL");
  }, IDLE_WORKER_MS).unref();
  worker.child.once("exit", onExit);
  idle.push(entry);
}

// A child process, its IPC channel and its stderr pipe each hold the event loop open while referenced.
function setReferenced(child: ChildProcess, referenced: boolean): void {
  const handles = [child, child.channel, child.stderr] as ({ ref?: () => void; unref?: () => void } | null | undefined)[];
  for (const handle of handles) (referenced ? handle?.ref : handle?.unref)?.call(handle);
}

// The process's resident bytes, from the `VmRSS:` line (in kB) of /proc/<pid>/status; 0 where there is none.
function residentBytes(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kilobytes === undefined ? 0 : Number(kilobytes) * 1024;
  } catch {
    return 0;
  }
}

let running = 0;
const waiting: (() => void)[] = [];

// A slot among MAX_DOCUMENT_WORKERS, waited for in order; an abort while waiting gives up the wait.
function acquire(signal: AbortSignal | undefined): Promise<() => void> {
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  if (running < MAX_DOCUMENT_WORKERS) {
    running++;
    return Promise.resolve(release);
  }
  return new Promise((resolve, reject) => {
    const start = () => {
      signal?.removeEventListener("abort", onAbort);
      running++;
      resolve(release);
    };
    const onAbort = () => {
      waiting.splice(waiting.indexOf(start), 1);
      reject(signal?.reason);
    };
    waiting.push(start);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
