/**
 * Work that may have to wait: a generator that yields each promise it waits for (through {@link waitFor})
 * and returns its result. {@link settleSteps} runs it synchronously for as long as nothing waits, so a read
 * served by synchronous `pread`s (a window in a file's first chunks, the common case) costs no promise and
 * no microtask turn, while a read that waits on the thread pool yields the event loop exactly as `await`
 * does.
 */
export type Steps<T> = Generator<PromiseLike<unknown>, T, unknown>;

/** Waits for `promise` inside {@link Steps}: `const value = yield* waitFor(promise)`. */
export function* waitFor<T>(promise: PromiseLike<T>): Steps<T> {
  return (yield promise) as T;
}

/**
 * Runs `steps` to its end: its result itself when nothing waited, else a promise of it. An error thrown
 * before the first wait is thrown here; one thrown after it rejects the promise. A rejected wait is thrown
 * into the steps at the point that waited, as `await` would.
 */
export function runSteps<T>(steps: Steps<T>): T | Promise<T> {
  const first = steps.next();
  return first.done === true ? first.value : finish(steps, first.value);
}

/**
 * How long steps run synchronously by one run of calls may hold the event loop, counted from the first of
 * them since the loop last turned, before the next call waits for a turn of the loop.
 */
export const LOOP_SLICE_MS = 5;

/**
 * Runs `steps` to its end and returns a promise of its result: synchronously for as long as nothing waits
 * (an error thrown then rejects the promise), then resuming the steps after each wait as `await` would,
 * a rejected wait thrown into them where they waited. Calls that each answer without waiting, awaited one
 * after another (or thousands started at once), follow each other in microtasks alone, and the event loop
 * would not turn until the last one ends: once such calls have held it for {@link LOOP_SLICE_MS}, the next
 * one starts after a turn, so timers and I/O (an MCP `ping`, a cancellation) are served at least that often.
 */
export function settleSteps<T>(steps: Steps<T>): Promise<T> {
  if (sliceSpent()) return nextTurn().then(() => settleSteps(steps));
  try {
    return Promise.resolve(runSteps(steps));
  } catch (error) {
    return Promise.reject(error);
  }
}

let sliceStarted: number | undefined;
let turn: Promise<void> | undefined;

// The first call since the loop last turned starts a slice, which the loop's next check phase ends.
function sliceSpent(): boolean {
  const now = performance.now();
  if (sliceStarted === undefined) {
    sliceStarted = now;
    setImmediate(endSlice).unref();
    return false;
  }
  return now - sliceStarted >= LOOP_SLICE_MS;
}

function endSlice(): void {
  sliceStarted = undefined;
}

// Every call that finds the slice spent waits for the same turn, and they resume in the order they were
// made (a turn each would let the loop turn once per waiting call); each looks at the new slice again, so
// thousands started at once are spread over as many turns as their time needs.
function nextTurn(): Promise<void> {
  turn ??= new Promise((resolve) =>
    setImmediate(() => {
      turn = undefined;
      endSlice();
      resolve();
    }),
  );
  return turn;
}

async function finish<T>(steps: Steps<T>, waiting: PromiseLike<unknown>): Promise<T> {
  for (;;) {
    let outcome: { readonly value: unknown } | { readonly error: unknown };
    try {
      outcome = { value: await waiting };
    } catch (error) {
      outcome = { error };
    }
    const step = "error" in outcome ? steps.throw(outcome.error) : steps.next(outcome.value);
    if (step.done === true) return step.value;
    waiting = step.value;
  }
}
