/**
 * Most downscales running at once in a process. Each holds one of libuv's threads (four by default) for as
 * long as libvips works: two leave the others to the file reads of every other call.
 */
export const MAX_DOWNSCALES = 2;

let running = 0;
const waiting: (() => void)[] = [];

/**
 * Waits until fewer than {@link MAX_DOWNSCALES} downscales run (in the order they asked), then takes a
 * place and returns the function that gives it back: call it when libvips is done, not when the caller
 * stops waiting (an aborted call leaves libvips working until its time limit). An abort of `signal` while
 * waiting rejects with its reason and gives up the place in the queue.
 */
export async function acquireDownscaleSlot(signal: AbortSignal | undefined): Promise<() => void> {
  if (running >= MAX_DOWNSCALES) await turn(signal);
  running++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    running--;
    waiting.shift()?.();
  };
}

function turn(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const go = () => {
      signal?.removeEventListener("abort", abort);
      resolve();
    };
    const abort = () => {
      const index = waiting.indexOf(go);
      if (index !== -1) waiting.splice(index, 1);
      reject(signal?.reason);
    };
    waiting.push(go);
    signal?.addEventListener("abort", abort, { once: true });
  });
}
