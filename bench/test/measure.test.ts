import { expect, test } from "vitest";
import { prepareSampler } from "../src/measure.js";

test("the warm-up makes its minimum of calls, then goes on until warmUntil's calls or time runs out", async () => {
  let calls = 0;
  const op = () => {
    calls++;
  };
  // One probing call and one sizing call come on top of the warm-up.
  await prepareSampler(op, { warmup: 3, minSampleNs: 1, maxBatch: 1 });
  expect(calls).toBe(3 + 2);
  calls = 0;
  await prepareSampler(op, { warmup: 3, warmUntil: { calls: 500, ns: 60_000_000_000 }, minSampleNs: 1, maxBatch: 1 });
  expect(calls).toBe(500 + 2);
  calls = 0;
  await prepareSampler(op, { warmup: 3, warmUntil: { calls: 500, ns: 0 }, minSampleNs: 1, maxBatch: 1 });
  expect(calls).toBe(3 + 2);
});
