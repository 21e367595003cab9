import { referenceLines, renderWindow } from "../reference-lines.js";
import { callTool, denyIfAsked, expect, windowInput, withScratch, type SuiteContext } from "../suite-context.js";

/** Lines past the line bound in the file read against it. */
const PAST_THE_BOUND = 7;

/** A line of 1,000 quotes and 500 control characters: 1,500 bytes as UTF-8, 5,000 once JSON-escaped. */
const ESCAPED_LINE = `${'"'.repeat(1000)}${"\u0001".repeat(500)}`;

/**
 * The answer bounds of the oracle's `answerBounds`, at the profile's defaults: a count past the line bound
 * shows exactly the first `lines` lines of the file, the continuation at the line after them; and a page of
 * lines that JSON escapes (a file of four fifths of the bound, more than twice the bound once escaped)
 * holds at most `contentBytes` bytes of content once JSON-escaped, ends on a
 * whole line followed by a notice (a content line that is not a numbered line of the file), and continues
 * at the line after it. Notices are the content lines that do not start with a digit, as no numbered line
 * does.
 */
export async function assertAnswerBounds(ctx: SuiteContext): Promise<void> {
  const { oracle, read } = ctx;
  const bounds = oracle.answerBounds;
  if (bounds === undefined) throw new Error("the oracle declares no answer bounds");
  const many = Array.from({ length: bounds.lines + PAST_THE_BOUND }, (_, index) => `line ${index + 1}\n`).join("");
  // Four fifths of the bound as the file's bytes: more than twice the bound once escaped.
  const escapedLines = Math.floor((0.8 * bounds.contentBytes) / (Buffer.byteLength(ESCAPED_LINE) + 1));
  const escaped = `${ESCAPED_LINE}\n`.repeat(escapedLines);
  await withScratch({ files: { "many.txt": { text: many }, "escaped.txt": { text: escaped } } }, async (workspace) => {
    const lines = referenceLines(Buffer.from(many), oracle);
    const byLines = await callTool(ctx, workspace, windowInput(oracle, "many.txt", 1, lines.length), denyIfAsked(oracle));
    expect(!read.isError(byLines.output), `a count of ${lines.length} lines is served`, byLines);
    expect(numbered(read.content(byLines.output)) === renderWindow(oracle, lines.slice(0, bounds.lines), 1), `a count of ${lines.length} shows exactly lines 1-${bounds.lines}`, byLines);
    expect(read.continuation(byLines.output) === bounds.lines + 1, `the next page starts at line ${bounds.lines + 1}`, byLines);

    const escapedFile = referenceLines(Buffer.from(escaped), oracle);
    const byBytes = await callTool(ctx, workspace, windowInput(oracle, "escaped.txt", 1, escapedFile.length), denyIfAsked(oracle));
    expect(!read.isError(byBytes.output), `${escapedFile.length} lines of escaped characters are served`, byBytes);
    const content = read.content(byBytes.output);
    const bytes = Buffer.byteLength(JSON.stringify(content)) - 2;
    expect(bytes <= bounds.contentBytes, `the content is at most ${bounds.contentBytes} bytes JSON-escaped, not ${bytes}`, byBytes);
    const shown = numbered(content).split("\n").length;
    expect(shown < escapedFile.length && numbered(content) === renderWindow(oracle, escapedFile.slice(0, shown), 1), `the page holds whole lines from line 1 and stops before the bound`, byBytes);
    expect(!/^\d/u.test(content.split("\n").at(-1) ?? ""), "the page stopped by the bound ends with a notice", byBytes);
    expect(read.continuation(byBytes.output) === shown + 1, `the next page starts at line ${shown + 1}, after the last line shown`, byBytes);
  });
}

// The content's numbered lines, its notices left out.
function numbered(content: string): string {
  return content
    .split("\n")
    .filter((line) => /^\d/u.test(line))
    .join("\n");
}
