import fc from "fast-check";
import { textFile, type LineEndings } from "../arbitraries.js";
import { outputViews } from "../output-views.js";
import { referenceLines, renderWindow } from "../reference-lines.js";
import { assertProperty, callTool, expect, permissionAnswers, withScratch, type SuiteContext } from "../suite-context.js";

/**
 * ALL-crlf: files with LF, CRLF and mixed endings, with and without a final newline, read through every
 * output view the profile offers (the whole read, a range by count and by end line, head, tail, each
 * numbered and unnumbered where the profile can say: `outputViews`), over one drawn window per run: a
 * CRLF is one terminator (never an extra line, never a `\r` left at the end of a line). A view that
 * folds CRLF returns no `\r\n` at all; one that preserves terminators returns the file's text exactly.
 */
export async function assertLineEndings(ctx: SuiteContext): Promise<void> {
  const { oracle, read } = ctx;
  const styles: readonly LineEndings[] = ["lf", "crlf", "mixed"];
  const views = outputViews(oracle);
  const draws = [textFile({ minLines: 1, maxLines: 30, endings: styles }), fc.nat(), fc.nat(), permissionAnswers(oracle)] as const;
  await assertProperty(ctx, [...draws], async (file, startDraw, countDraw, permission) => {
    await withScratch({ files: { "endings.txt": { bytes: file.bytes } } }, async (workspace) => {
      const lines = referenceLines(file.bytes, oracle);
      const start = 1 + (startDraw % Math.max(lines.length, 1));
      const window = { start, count: 1 + (countDraw % Math.max(lines.length - start + 1, 1)) };
      for (const view of views) {
        const called = await callTool(ctx, workspace, view.input("endings.txt", window), permission === undefined ? {} : { permission });
        const what = `the ${view.name} view (lines ${window.start}, ${window.count} of ${lines.length}) of a ${file.endings} file`;
        expect(!read.isError(called.output), `${what} is read`, called);
        const content = read.content(called.output);
        const { crlf } = view.rendering.output;
        if (crlf === "fold") expect(!content.includes("\r\n"), `no CRLF survives in the content of ${what}`, called);
        else if (view.name.startsWith("whole")) expect(content === Buffer.from(file.bytes).toString("utf8"), `${what} is the file's text, terminators as they are`, called);
        const { shown, first } = view.lines(lines, window);
        expect(content === renderWindow(view.rendering, shown, first), `${what} has its ${shown.length} lines from line ${first}, each CRLF one terminator`, called);
      }
    });
  });
}
