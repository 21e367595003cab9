import fc from "fast-check";
import { textFile } from "../arbitraries.js";
import { expectPage } from "../expect-page.js";
import { referenceLines } from "../reference-lines.js";
import { assertProperty, callTool, expectOutcome, pageSize, permissionAnswers, windowInput, withScratch, type SuiteContext } from "../suite-context.js";

/**
 * ALL-start-boundary: on a non-empty file of `n` lines, with a drawn page size `c`: start 0 behaves as
 * declared; start 1 returns the first page; start `n` returns the last line alone; the window that ends
 * exactly at the end of the file (start `n - c + 1`) has no next page; `n + 1` and far past `n` behave
 * as the profile declares for a start past the end.
 */
export async function assertStartBoundaries(ctx: SuiteContext): Promise<void> {
  const { oracle } = ctx;
  const { startZero, pastEnd } = oracle.behaviour;
  const maxCount = Math.min(oracle.window.maxCount ?? 40, 40);
  const arbitraries = [textFile({ minLines: 1, maxLines: 40 }), fc.integer({ min: 1, max: maxCount }), fc.integer({ min: 2, max: 1_000_000 }), permissionAnswers(oracle)] as const;
  await assertProperty(ctx, [...arbitraries], async (file, drawn, far, permission) => {
    await withScratch({ files: { "bounds.txt": { bytes: file.bytes } } }, async (workspace) => {
      const lines = referenceLines(file.bytes, oracle);
      const n = lines.length;
      const count = Math.min(pageSize(oracle, drawn), n);
      const extras = permission === undefined ? {} : { permission };
      const at = (start: number) => callTool(ctx, workspace, windowInput(oracle, "bounds.txt", start, count), extras);
      const windowFrom = async (start: number, what: string) => {
        expectPage(ctx, await at(start), lines, start, count, what);
      };
      if (startZero !== null) expectOutcome(ctx, await at(0), startZero, "start line 0");
      await windowFrom(1, "the first page");
      await windowFrom(n, "the last line");
      await windowFrom(n - count + 1, "the window ending exactly at the end");
      if (pastEnd !== null) {
        expectOutcome(ctx, await at(n + 1), pastEnd, `start line ${n + 1}, one past the last`);
        expectOutcome(ctx, await at(n + far), pastEnd, `start line ${n + far}, far past the last`);
      }
    });
  });
}
