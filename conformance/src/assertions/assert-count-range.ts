import { referenceLines, renderWindow } from "../reference-lines.js";
import { callTool, denyIfAsked, expect, expectOutcome, windowInput, withScratch, type SuiteContext } from "../suite-context.js";
import { textOfSize } from "./assert-size-limit.js";

/**
 * The count parameter's range: 0 and one more than the maximum get the declared outcome (never a
 * silent clamp); 1 and the maximum itself are accepted and return that many lines.
 */
export async function assertCountRange(ctx: SuiteContext): Promise<void> {
  const { oracle, read } = ctx;
  const outOfRange = oracle.behaviour.countOutOfRange;
  if (outOfRange === null) throw new Error("the profile declares no count range");
  const maxCount = oracle.window.maxCount;
  const text = textOfSize(64 * ((maxCount ?? 50) + 5));
  await withScratch({ files: { "many.txt": { text } } }, async (workspace) => {
    const extras = denyIfAsked(oracle);
    const lines = referenceLines(Buffer.from(text), oracle);
    for (const count of maxCount === null ? [0, -1] : [0, -1, maxCount + 1]) {
      expectOutcome(ctx, await callTool(ctx, workspace, windowInput(oracle, "many.txt", 1, count), extras), outOfRange, `a count of ${count}`);
    }
    for (const count of maxCount === null ? [1] : [1, maxCount]) {
      const called = await callTool(ctx, workspace, windowInput(oracle, "many.txt", 1, count), extras);
      expect(!read.isError(called.output), `a count of ${count} is accepted`, called);
      expect(read.content(called.output) === renderWindow(oracle, lines.slice(0, count), 1), `a count of ${count} returns ${count} lines`, called);
    }
  });
}
