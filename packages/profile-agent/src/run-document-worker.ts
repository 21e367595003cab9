import { Worker } from "node:worker_threads";
import type { DocumentAnswer, DocumentJob, ParsingStarted } from "./document-job.js";
import { documentWorkerUrl } from "./document-worker-url.js";

/** The most heap (old generation) a document worker may use, in MiB: a parse past it ends the worker. */
export const DOCUMENT_HEAP_MB = 192;

/**
 * The most the process's resident memory may grow while a document worker runs, in bytes: what a worker's
 * heap limit does not count (the array buffers of decoded PDF streams) is bounded by this instead.
 */
export const DOCUMENT_RSS_GROWTH_BYTES = 512 * 1024 * 1024;

/** Document workers running at once; further parses wait for one to end. */
export const MAX_DOCUMENT_WORKERS = 2;

const WATCH_INTERVAL_MS = 50;

/**
 * How long a worker may take to start and load its parser before the document's own time bound starts: no
 * input of the document's reaches it yet, so only a machine too loaded to run it ends there.
 */
export const PARSER_START_MS = 30_000;

/** Why a document worker gave no answer. */
export type DocumentWorkerFailure = { readonly kind: "crashed"; readonly message: string };

/**
 * Parses a document off the main thread: a worker thread (`document-worker.ts`) with a capped heap gets
 * `job` (its bytes transferred). A worker that answered is kept for {@link IDLE_WORKER_MS} for the next
 * document (its parser already loaded); it is terminated `timeoutMs` after it starts parsing (once its
 * parser is loaded, within {@link PARSER_START_MS}), when the process's
 * memory grows by more than {@link DOCUMENT_RSS_GROWTH_BYTES}, or when `signal` aborts (the promise then
 * rejects with the signal's reason, as core's reads do). Nothing of it is left running when the promise
 * settles. The worker's own stdout and stderr are dropped: a library's warning must never reach the host's
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
    const worker = idle.pop()?.take() ?? startWorker();
    const baseline = process.memoryUsage.rss();
    let settled = false;
    const finish = (outcome: () => void, keep = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      signal?.removeEventListener("abort", onAbort);
      worker.removeListener("message", onMessage);
      worker.removeListener("error", onError);
      worker.removeListener("exit", onExit);
      if (keep) {
        park(worker);
        outcome();
        return;
      }
      // terminate() stops the worker's JavaScript wherever it is; its promise settles once the thread is gone.
      live.delete(worker);
      void worker.terminate().then(outcome, outcome);
    };
    let timer = setTimeout(() => finish(() => resolve({ kind: "crashed", message: `its parser did not start within ${PARSER_START_MS} ms` })), PARSER_START_MS);
    const watch = setInterval(() => {
      if (process.memoryUsage.rss() - baseline > DOCUMENT_RSS_GROWTH_BYTES) finish(() => resolve({ kind: "too-complex", message: `its parse used more than ${DOCUMENT_RSS_GROWTH_BYTES / 1024 / 1024} MiB of memory, and was stopped` }));
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
    const onError = (error: Error & { code?: string }) =>
      finish(() =>
        resolve(
          error.code === "ERR_WORKER_OUT_OF_MEMORY"
            ? { kind: "too-complex", message: `its parse used more than the ${DOCUMENT_HEAP_MB} MiB of heap a document may use, and was stopped` }
            : { kind: "crashed", message: `its parser failed (${error.message})` },
        ),
      );
    const onExit = (code: number) => finish(() => resolve({ kind: "crashed", message: `its parser stopped (exit code ${code})` }));
    signal?.addEventListener("abort", onAbort, { once: true });
    worker.on("message", onMessage);
    worker.once("error", onError);
    worker.once("exit", onExit);
    const data = new Uint8Array(job.bytes);
    worker.postMessage({ ...job, bytes: data }, [data.buffer]);
  });
}

/** How long a worker that answered is kept for the next document (its parser loaded), in milliseconds. */
export const IDLE_WORKER_MS = 30_000;

/** Document workers parsing now (idle ones kept for the next document excluded): for tests that check nothing is left running. */
export function documentWorkersBusy(): number {
  return live.size - idle.length;
}

interface IdleWorker {
  take(): Worker;
}

const live = new Set<Worker>();
const idle: IdleWorker[] = [];

function startWorker(): Worker {
  const worker = new Worker(documentWorkerUrl(), {
    resourceLimits: { maxOldGenerationSizeMb: DOCUMENT_HEAP_MB, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    // The worker silences its own stdout and stderr (document-worker.ts): piping them here instead would
    // hold the process open while an idle worker is kept (Node keeps a worker with piped stdio referenced).
    env: {},
    argv: [],
    execArgv: [],
  });
  live.add(worker);
  return worker;
}

// Keeps a worker for IDLE_WORKER_MS without holding the process open; it ends then, or when it exits.
function park(worker: Worker): void {
  worker.unref();
  const entry: IdleWorker = {
    take() {
      clearTimeout(expiry);
      worker.removeListener("exit", onExit);
      worker.ref();
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
    void worker.terminate();
  }, IDLE_WORKER_MS).unref();
  worker.once("exit", onExit);
  idle.push(entry);
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
