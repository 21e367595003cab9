import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { loopTurns } from "../src/adversarial/loop-turns.js";

// The load test's coroutines call an in-process tool that answers through microtasks alone; loopTurns is
// what lets timers and I/O of the same process (another check's child, a test's watchdog) run meanwhile.
describe("loopTurns: coroutines that never wait let the event loop turn", () => {
  it("once the time is up, every coroutine waits for the same turn", async () => {
    const turns = loopTurns(1);
    await sleep(5);
    const first = turns.yieldIfDue();
    expect(turns.yieldIfDue()).toBe(first);
    await first;
    const next = turns.yieldIfDue();
    expect(next).not.toBe(first);
    await next;
  });

  it("a 1 ms interval keeps ticking while 64 coroutines busy the loop for 200 ms", async () => {
    const turns = loopTurns(5);
    let ticks = 0;
    const interval = setInterval(() => ticks++, 1);
    const end = performance.now() + 200;
    const busy = async () => {
      while (performance.now() < end) {
        // A step that answers without waiting: some synchronous work, then only microtasks.
        const until = performance.now() + 0.2;
        while (performance.now() < until);
        await Promise.resolve();
        await turns.yieldIfDue();
      }
    };
    await Promise.all(Array.from({ length: 64 }, busy));
    clearInterval(interval);
    // A turn every 5 ms is some 40 ticks; a turn per coroutine in turn (64 x 5 ms) would leave one or two.
    expect(ticks).toBeGreaterThanOrEqual(10);
  });
});
