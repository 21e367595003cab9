import fc from "fast-check";
import { textFile } from "../arbitraries.js";
import { referenceLines, renderWindow } from "../reference-lines.js";
import { pageThrough } from "../page-through.js";
import { assertProperty, callTool, expect, pageSize, permissionAnswers, windowInput, withScratch, type SuiteContext } from "../suite-context.js";

/**
 * ALL-paging: paging through a file of at least three lines with the profile's continuation, from line 1
 * with a drawn page size small enough for three pages or more, returns every page exactly (the profile's
 * rendering of those lines) and then stops: the pages together reproduce the file's lines. A tool
 * without a window returns the whole file at once.
 */
export async function assertPaging(ctx: SuiteContext): Promise<void> {
  const { oracle, read } = ctx;
  const windowed = oracle.request.start !== null;
  const pageLimit = Math.min(oracle.window.maxCount ?? 40, 40);
  await assertProperty(ctx, [textFile({ minLines: 3, maxLines: 40 }), fc.integer({ min: 1, max: pageLimit }), permissionAnswers(oracle)], async (file, drawn, permission) => {
    await withScratch({ files: { "src/paged.txt": { bytes: file.bytes } } }, async (workspace) => {
      const lines = referenceLines(file.bytes, oracle);
      const extras = permission === undefined ? {} : { permission };
      if (!windowed) {
        const called = await callTool(ctx, workspace, windowInput(oracle, "src/paged.txt"), extras);
        expect(!read.isError(called.output), "a whole-file read of a text file succeeds", called);
        expect(read.content(called.output) === renderWindow(oracle, lines, 1), `the content is the file's ${lines.length} lines`, called);
        expect(read.continuation(called.output) === null, "a whole-file read has no next page", called);
        return;
      }
      // Every run pages at least three times, so the continuation of a middle page is always checked.
      const asked = Math.min(drawn, Math.max(1, Math.floor(lines.length / 3)));
      await pageThrough(ctx, workspace, "src/paged.txt", lines, pageSize(oracle, asked), extras);
    });
  });
}
