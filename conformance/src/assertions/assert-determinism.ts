import { setTimeout as sleep } from "node:timers/promises";
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { textFile } from "../arbitraries.js";
import { assertProperty, callTool, expect, permissionAnswers, show, windowInput, withScratch, type SuiteContext } from "../suite-context.js";

/** The pause between the two calls of a pair: long enough that a clock read by the tool has moved on. */
const PAUSE_MS = 5;

/**
 * ALL-determinism: the same call on the same file, made twice a few milliseconds apart, gives the same
 * output once the profile's time fields are masked; whatever the window asked for, in range or not. Every
 * run reads the real file (and then the drawn path, a missing file or the root itself, when it is
 * another), so even a run of two catches a field that takes the current time.
 */
export async function assertDeterminism(ctx: SuiteContext): Promise<void> {
  const { oracle, read } = ctx;
  const maxCount = oracle.window.maxCount ?? 60;
  const request = fc.record({
    start: fc.option(fc.integer({ min: 0, max: 45 }), { nil: undefined }),
    count: fc.option(fc.integer({ min: 1, max: maxCount }), { nil: undefined }),
  });
  await assertProperty(ctx, [textFile({ minLines: 1, maxLines: 40 }), request, fc.constantFrom("file.txt", "missing.txt", "."), permissionAnswers(oracle)], async (file, window, drawn, permission) => {
    await withScratch({ files: { "file.txt": { bytes: file.bytes } } }, async (workspace) => {
      const extras = permission === undefined ? {} : { permission };
      for (const path of new Set(["file.txt", drawn])) {
        const input = windowInput(oracle, path, window.start, window.count);
        const first = await callTool(ctx, workspace, input, extras);
        await sleep(PAUSE_MS);
        const second = await callTool(ctx, workspace, input, extras);
        expect(isDeepStrictEqual(read.masked(first.output), read.masked(second.output)), `the same call gives the same output twice; the second was ${show(second.output)}`, first);
      }
    });
  });
}
