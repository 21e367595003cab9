import fc from "fast-check";
import { lineText } from "../arbitraries.js";
import { referenceLines, renderWindow } from "../reference-lines.js";
import { assertProperty, callTool, expect, permissionAnswers, windowInput, withScratch, type SuiteContext } from "../suite-context.js";

/**
 * The default window: a call with only a path returns the declared default number of lines from line 1
 * (the whole file when there is none), with a next page exactly when more lines follow. Files are drawn
 * around the default: one line fewer, exactly as many, one more, and more.
 */
export async function assertDefaultWindow(ctx: SuiteContext): Promise<void> {
  const { oracle, read } = ctx;
  const fallback = 60;
  const size = fc.integer({ min: -1, max: 30 }).map((delta) => Math.max(0, (oracle.window.defaultCount ?? fallback) + delta));
  await assertProperty(ctx, [size, lineText, fc.boolean(), permissionAnswers(oracle)], async (lineCount, text, finalNewline, permission) => {
    const body = Array.from({ length: lineCount }, (_, index) => `${index + 1}:${text}`).join("\n") + (finalNewline && lineCount > 0 ? "\n" : "");
    await withScratch({ files: { "default.txt": { text: body } } }, async (workspace) => {
      const lines = referenceLines(Buffer.from(body), oracle);
      const called = await callTool(ctx, workspace, windowInput(oracle, "default.txt"), permission === undefined ? {} : { permission });
      expect(!read.isError(called.output), `a file of ${lines.length} lines is read with the default window`, called);
      const shown = lines.slice(0, oracle.window.defaultCount ?? undefined);
      expect(read.content(called.output) === renderWindow(oracle, shown, 1), `the default window holds lines 1-${shown.length}`, called);
      const next = read.continuation(called.output);
      expect(next === (shown.length < lines.length ? shown.length + 1 : null), `the next page is ${shown.length < lines.length ? shown.length + 1 : "none"}`, called);
    });
  });
}
