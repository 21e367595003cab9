/** How long coroutines may keep the event loop before they let it turn. */
const TURN_MS = 5;

/** What the coroutines of a busy run call after each step: it resolves at once, or after the next turn. */
export interface LoopTurns {
  yieldIfDue(): Promise<void>;
}

/**
 * Lets the event loop turn every `turnMs` ms (default {@link TURN_MS}) while many coroutines call a tool
 * that answers without waiting, in this process (the load test's 64): as long as one of them has a
 * microtask queued, timers and I/O wait. Once the time is up, every coroutine waits for the same
 * `setImmediate`, so the loop turns once and the next `turnMs` start for all of them together: the loop is
 * held for `turnMs` or one step of each coroutine, whichever is longer (64 calls of a few hundred µs).
 * (When a coroutine yielded on every 64th call of the run, the others kept the microtask queue busy until
 * all 64 had yielded, thousands of calls later: the loop was held for 1.7-2.6 s at a time on an idle
 * machine, and a check running beside the load test in the same process timed out waiting for its
 * child's "ready" on a loaded one. Each coroutine waiting for an immediate of its own is no cure either:
 * each then takes `turnMs` after the one before, 64 x 5 ms per turn.) `now` is the clock (tests pass one
 * of their own).
 */
export function loopTurns(turnMs = TURN_MS, now: () => number = () => performance.now()): LoopTurns {
  let turned = now();
  let turn: Promise<void> | undefined;
  return {
    yieldIfDue() {
      if (turn === undefined && now() - turned < turnMs) return Promise.resolve();
      turn ??= new Promise((resolve) =>
        setImmediate(() => {
          turned = now();
          turn = undefined;
          resolve();
        }),
      );
      return turn;
    },
  };
}
