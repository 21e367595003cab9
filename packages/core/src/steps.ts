/**
 * Work that may have to wait: a generator that yields each promise it waits for (through {@link waitFor})
 * and returns its result. {@link runSteps} runs it synchronously for as long as nothing waits, so a read
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

/** {@link runSteps} for a caller that wants a promise whatever happens. */
export function settleSteps<T>(steps: Steps<T>): Promise<T> {
  try {
    return Promise.resolve(runSteps(steps));
  } catch (error) {
    return Promise.reject(error);
  }
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
