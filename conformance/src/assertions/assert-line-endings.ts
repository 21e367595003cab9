import { textFile, type LineEndings } from "../arbitraries.js";
import { referenceLines, renderWindow } from "../reference-lines.js";
import { assertProperty, callTool, expect, permissionAnswers, windowInput, withScratch, type SuiteContext } from "../suite-context.js";

/**
 * ALL-crlf: files with LF, CRLF and mixed endings, with and without a final newline, read whole: a
 * CRLF is one terminator (never an extra line, never a `\r` left at the end of a line). A profile that
 * folds CRLF returns no `\r\n` at all; one that preserves terminators returns the file's text exactly.
 */
export async function assertLineEndings(ctx: SuiteContext): Promise<void> {
  const { oracle, read } = ctx;
  const styles: readonly LineEndings[] = ["lf", "crlf", "mixed"];
  await assertProperty(ctx, [textFile({ minLines: 1, maxLines: 30, endings: styles }), permissionAnswers(oracle)], async (file, permission) => {
    await withScratch({ files: { "endings.txt": { bytes: file.bytes } } }, async (workspace) => {
      const lines = referenceLines(file.bytes, oracle);
      const called = await callTool(ctx, workspace, windowInput(oracle, "endings.txt", 1, Math.max(lines.length, 1)), permission === undefined ? {} : { permission });
      expect(!read.isError(called.output), `a ${file.endings} file is read`, called);
      const content = read.content(called.output);
      if (oracle.output.crlf === "fold") {
        expect(!content.includes("\r\n"), "no CRLF survives in the content", called);
      } else {
        expect(content === Buffer.from(file.bytes).toString("utf8"), "the content is the file's text, terminators as they are", called);
      }
      expect(content === renderWindow(oracle, lines, 1), `the content has the file's ${lines.length} lines, each CRLF one terminator`, called);
    });
  });
}
