import { clearLineIndexes, type ProfileModule } from "@read/core";
import { loadProfile } from "@read/profiles";
import { collectGarbage } from "./measure.js";
import type { PairMeasurement, PairSpec } from "./pairs.js";
import { summarize } from "./stats.js";

// Child entry: `node --expose-gc dist/pair-child.js '<PairSpec JSON>'` prints one PairMeasurement as JSON.
const spec = JSON.parse(process.argv[2] ?? "{}") as PairSpec;
const baselineCore = (await import(spec.baselineCore)) as { clearLineIndexes(): void };
const sides = [
  { tool: (await loadProfile(spec.profile)).createTool({ root: spec.root, requester: async () => "allow" }), forget: clearLineIndexes, samples: [] as number[] },
  { tool: ((await import(spec.baselineProfile)) as ProfileModule).createTool({ root: spec.root, requester: async () => "allow" }), forget: () => baselineCore.clearLineIndexes(), samples: [] as number[] },
];
const call = async (side: (typeof sides)[number]) => {
  if (spec.mode === "first") side.forget();
  const output = await side.tool.call(spec.input);
  if (side.tool.isError(output)) throw new Error(`the call failed: ${JSON.stringify(output).slice(0, 300)}`);
};
// Both sides call in turn, so that neither finds Node's own code (fs, Buffer) compiled by the other alone.
const inTurn = async (maxCalls: number, maxNs: number) => {
  const spent = sides.map(() => 0n);
  let calls = 0;
  while (calls < maxCalls && spent.every((ns) => ns < BigInt(maxNs))) {
    for (const [index, side] of sides.entries()) {
      const start = process.hrtime.bigint();
      await call(side);
      spent[index] = (spent[index] ?? 0n) + (process.hrtime.bigint() - start);
    }
    calls++;
  }
  return { calls, perCallNs: spent.map((ns) => Number(ns) / Math.max(calls, 1)) };
};
// The first calls run while V8 still interprets and compiles the code; a process that makes few calls
// (an agent's session) pays that. The rounds come after a warm-up, as every other row of the bench.
const early = await inTurn(spec.earlyCalls, spec.earlyNs);
await inTurn(spec.warmCalls, spec.warmNs);
for (let round = 0; round < spec.rounds; round++) {
  // Each side goes first in every other round: neither always runs right after the other's garbage.
  for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
    collectGarbage();
    let calls = 0;
    const start = process.hrtime.bigint();
    let elapsed = 0n;
    do {
      await call(side);
      calls++;
      elapsed = process.hrtime.bigint() - start;
    } while (elapsed < BigInt(spec.batchNs));
    side.samples.push(Number(elapsed) / calls);
  }
}
const [today, baseline] = sides.map((side) => summarize(side.samples).median);
const measured: PairMeasurement = {
  todayNs: today ?? Number.NaN,
  baselineNs: baseline ?? Number.NaN,
  early: { calls: early.calls, todayNs: early.perCallNs[0] ?? Number.NaN, baselineNs: early.perCallNs[1] ?? Number.NaN },
};
process.stdout.write(`${JSON.stringify(measured)}\n`);
