import fc from "fast-check";
import { textFile } from "../arbitraries.js";
import { referenceLines, renderWindow } from "../reference-lines.js";
import { assertProperty, callTool, expect, expectOutcome, permissionAnswers, windowInput, withScratch, type SuiteContext } from "../suite-context.js";

/**
 * ALL-start-boundary: on a non-empty file of `n` lines, with a drawn page size `c`: start 0 behaves as
 * declared; start 1 returns the first page; start `n` returns the last line alone; the window that ends
 * exactly at the end of the file (start `n - c + 1`) has no next page; `n + 1` and far past `n` behave
 * as the profile declares for a start past the end.
 */
export async function assertStartBoundaries(ctx: SuiteContext): Promise<void> {
  const { oracle, read } = ctx;
  const { startZero, pastEnd } = oracle.behaviour;
  const maxCount = Math.min(oracle.window.maxCount ?? 40, 40);
  const arbitraries = [textFile({ minLines: 1, maxLines: 40 }), fc.integer({ min: 1, max: maxCount }), fc.integer({ min: 2, max: 1_000_000 }), permissionAnswers(oracle)] as const;
  await assertProperty(ctx, [...arbitraries], async (file, drawn, far, permission) => {
    await withScratch({ files: { "bounds.txt": { bytes: file.bytes } } }, async (workspace) => {
      const lines = referenceLines(file.bytes);
      const n = lines.length;
      const count = oracle.request.count === null ? Math.min(oracle.window.defaultCount ?? n, n) : Math.min(drawn, n);
      const extras = permission === undefined ? {} : { permission };
      const at = (start: number) => callTool(ctx, workspace, windowInput(oracle, "bounds.txt", start, oracle.request.count === null ? undefined : count), extras);
      const windowFrom = async (start: number, what: string) => {
        const called = await at(start);
        expect(!read.isError(called.output), `${what} (start ${start} of ${n} lines) is not an error`, called);
        const window = lines.slice(start - 1, start - 1 + count);
        expect(read.content(called.output) === renderWindow(oracle, window, start), `${what} returns lines ${start}-${start + window.length - 1}`, called);
        const next = read.continuation(called.output);
        const end = start - 1 + window.length;
        expect(next === (end < n ? end + 1 : null), `${what} continues at ${end < n ? end + 1 : "nothing"}`, called);
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
