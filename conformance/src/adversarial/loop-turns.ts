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
 * `setImmediate`, so the loop turns once and the next `turnMs` start for all of them together. (With an
 * immediate of its own, each coroutine took a turn's time after the one before: 64 held the loop for some
 * 350 ms again and again, and whatever else ran in the process, such as another check's child printing
 * "ready", timed out.)
 */
export function loopTurns(turnMs = TURN_MS): LoopTurns {
  let turned = performance.now();
  let turn: Promise<void> | undefined;
  return {
    yieldIfDue() {
      if (turn === undefined && performance.now() - turned < turnMs) return Promise.resolve();
      turn ??= new Promise((resolve) =>
        setImmediate(() => {
          turned = performance.now();
          turn = undefined;
          resolve();
        }),
      );
      return turn;
    },
  };
}
