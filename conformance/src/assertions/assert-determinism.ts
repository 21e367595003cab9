import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { textFile } from "../arbitraries.js";
import { assertProperty, callTool, expect, permissionAnswers, show, windowInput, withScratch, type SuiteContext } from "../suite-context.js";

/**
 * ALL-determinism: the same call on the same file, made twice, gives the same output once the
 * profile's time fields are masked; whatever the window asked for, in range or not.
 */
export async function assertDeterminism(ctx: SuiteContext): Promise<void> {
  const { oracle, read } = ctx;
  const maxCount = oracle.window.maxCount ?? 60;
  const request = fc.record({
    start: fc.option(fc.integer({ min: 0, max: 45 }), { nil: undefined }),
    count: fc.option(fc.integer({ min: 1, max: maxCount }), { nil: undefined }),
  });
  await assertProperty(ctx, [textFile({ maxLines: 40 }), request, fc.constantFrom("file.txt", "missing.txt", "."), permissionAnswers(oracle)], async (file, window, path, permission) => {
    await withScratch({ files: { "file.txt": { bytes: file.bytes } } }, async (workspace) => {
      const input = windowInput(oracle, path, window.start, window.count);
      const extras = permission === undefined ? {} : { permission };
      const first = await callTool(ctx, workspace, input, extras);
      const second = await callTool(ctx, workspace, input, extras);
      expect(isDeepStrictEqual(read.masked(first.output), read.masked(second.output)), `the same call gives the same output twice; the second was ${show(second.output)}`, first);
    });
  });
}
