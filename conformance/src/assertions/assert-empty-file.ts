import { callTool, denyIfAsked, expect, expectOutcome, windowInput, withScratch, type SuiteContext } from "../suite-context.js";

/**
 * ALL-empty: an empty file is not an error: it reads as no lines, empty content and no next page,
 * asked for with the default window and with start line 1. Start line 2 is past its end.
 */
export async function assertEmptyFile(ctx: SuiteContext): Promise<void> {
  const { oracle, read } = ctx;
  await withScratch({ files: { "empty.txt": { text: "" } } }, async (workspace) => {
    const extras = denyIfAsked(oracle);
    for (const start of oracle.request.start === null ? [undefined] : [undefined, 1]) {
      const called = await callTool(ctx, workspace, windowInput(oracle, "empty.txt", start), extras);
      expect(!read.isError(called.output), "an empty file is not an error", called);
      expect(read.content(called.output) === "", "an empty file has empty content", called);
      expect(read.continuation(called.output) === null, "an empty file has no next page", called);
    }
    if (oracle.behaviour.pastEnd !== null) {
      const called = await callTool(ctx, workspace, windowInput(oracle, "empty.txt", 2), extras);
      expectOutcome(ctx, called, oracle.behaviour.pastEnd, "start line 2 of an empty file is past its end");
    }
  });
}
