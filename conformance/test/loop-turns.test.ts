import { describe, expect, it } from "vitest";
import { loopTurns } from "../src/adversarial/loop-turns.js";

// The load test's coroutines call an in-process tool that answers through microtasks alone; loopTurns is
// what lets timers and I/O of the same process (another check's child, a test's watchdog) run meanwhile.
// The clock is the tests' own: a step of a coroutine is 1 ms, whatever the machine's load.
describe("loopTurns: coroutines that never wait let the event loop turn", () => {
  it("once the time is up, every coroutine waits for the same turn, and the next time starts after it", async () => {
    let clock = 0;
    const turns = loopTurns(5, () => clock);
    clock = 4;
    const early = turns.yieldIfDue();
    expect(turns.yieldIfDue()).not.toBe(early);
    clock = 5;
    const first = turns.yieldIfDue();
    expect(turns.yieldIfDue()).toBe(first);
    await first;
    const next = turns.yieldIfDue();
    expect(next).not.toBe(first);
    expect(turns.yieldIfDue()).not.toBe(next);
  });

  it("64 coroutines taking 2,000 steps of 1 ms let the loop turn once each has taken a step past the 5 ms, about 30 times", async () => {
    let clock = 0;
    const turns = loopTurns(5, () => clock);
    let iterations = 0;
    let done = false;
    // Runs once per turn of the loop (its check phase), as long as the coroutines run.
    const probe = () => {
      iterations++;
      if (!done) setImmediate(probe);
    };
    setImmediate(probe);
    let steps = 0;
    const busy = async () => {
      while (steps < 2_000) {
        steps++;
        clock++;
        await Promise.resolve();
        await turns.yieldIfDue();
      }
    };
    await Promise.all(Array.from({ length: 64 }, busy));
    done = true;
    // Released together, the 64 each take a step before the next turn: a turn every 64 steps or so. A turn
    // after each coroutine's own 5 ms in turn (64 x 5 steps) would be some 7.
    expect(iterations).toBeGreaterThanOrEqual(25);
  });
});
