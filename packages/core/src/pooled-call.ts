/** What a file-system call on the thread pool came back with: its value, or the error it failed with. */
export type PooledOutcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: NodeJS.ErrnoException };

/** A Node callback-style file-system call (`fs.open(path, flags, done)` and the like), started on demand. */
export type PoolCall<T> = (done: (error: NodeJS.ErrnoException | null, value: T) => void) => void;

/**
 * How many calls that may wait (on a FUSE daemon, a network server) are on libuv's thread pool at once:
 * half of it (2 of the default 4 threads). An open that never returns keeps its thread for good, so
 * without a bound four of them would leave no thread for any other read of the process; the rest of the
 * pool always stays free for reads of files already open.
 */
export const POOLED_CALLS_AT_ONCE = Math.max(1, (Number(process.env["UV_THREADPOOL_SIZE"]) || 4) >> 1);

let running = 0;
const queued: (() => void)[] = [];

/**
 * Runs `call` on the thread pool once fewer than {@link POOLED_CALLS_AT_ONCE} such calls are running, and
 * resolves with its outcome. An abort of `signal` rejects at once with the signal's reason, whether the
 * call is still queued (it is then never started) or running (the kernel cannot take it back): `late`
 * then gets its outcome when it comes back, to release what it holds (close a descriptor it opened).
 */
export function pooledCall<T>(call: PoolCall<T>, signal: AbortSignal | undefined, late: (outcome: PooledOutcome<T>) => void): Promise<PooledOutcome<T>> {
  return new Promise((resolve, reject) => {
    let abandoned = false;
    const start = () => {
      running++;
      call((error, value) => {
        running--;
        queued.shift()?.();
        signal?.removeEventListener("abort", onAbort);
        const outcome: PooledOutcome<T> = error === null ? { ok: true, value } : { ok: false, error };
        if (abandoned) late(outcome);
        else resolve(outcome);
      });
    };
    const onAbort = () => {
      abandoned = true;
      const at = queued.indexOf(start);
      if (at !== -1) queued.splice(at, 1);
      reject(signal?.reason);
    };
    if (signal?.aborted === true) return reject(signal.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    if (running < POOLED_CALLS_AT_ONCE) start();
    else queued.push(start);
  });
}
