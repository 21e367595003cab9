import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { createTool, maskTime, type EnvelopeOutput } from "../src/index.js";
import { makeWorkspace } from "./workspace.js";

// A line's text: ASCII, multi-byte and astral characters, tabs and lone carriage returns.
const lineText = fc.array(fc.constantFrom("a", "Z", " ", "\t", "é", "✓", "😀", "\r", "|"), { maxLength: 6 }).map((chars) => chars.join(""));
const file = fc
  .tuple(fc.array(fc.tuple(lineText, fc.constantFrom("\n", "\r\n", "\r")), { maxLength: 12 }), fc.option(lineText, { nil: undefined }))
  .map(([lines, unterminated]) => lines.map(([text, end]) => text + end).join("") + (unterminated ?? ""));

// The line model of Python's text mode (MyCodeAgent's readlines): an LF, a CRLF or a lone CR ends a line,
// and a final line end adds no empty line.
function expectedLines(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/u);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

// `chars_read` of a page: the length of its content in code points, `"%4d | "` prefixes and newlines included.
function charsOf(lines: readonly string[], first: number): number {
  return lines.reduce((sum, line, index) => sum + `${String(first + index).padStart(4)} | `.length + [...line].length + 1, 0);
}

function parseContent(content: string): { number: number; text: string }[] {
  if (content === "") return [];
  expect(content.endsWith("\n")).toBe(true);
  return content
    .slice(0, -1)
    .split("\n")
    .map((row) => {
      const match = /^ *(\d+) \| (.*)$/su.exec(row);
      expect(row.endsWith("\r")).toBe(false);
      if (match === null) throw new Error(`not a numbered line: ${JSON.stringify(row)}`);
      return { number: Number(match[1]), text: match[2] ?? "" };
    });
}

describe("properties", () => {
  test("ENV-2.3.1-content: paging with start_line/limit reproduces the file's lines, numbered, for random files with LF, CRLF and lone CR endings", async () => {
    const ws = makeWorkspace();
    const tool = createTool({ root: ws.root });
    await fc.assert(
      fc.asyncProperty(file, fc.integer({ min: 1, max: 5 }), async (text, limit) => {
        ws.write("f.txt", text);
        const expected = expectedLines(text);
        const bytes = Buffer.byteLength(text);
        if (expected.length === 0) {
          const output = maskTime(await tool.call({ path: "f.txt", limit }));
          expect(output).toMatchObject({ status: "success", data: { content: "", truncated: false }, text: "Read 0 lines from 'f.txt' (file is empty)." });
          return;
        }
        const seen: { number: number; text: string }[] = [];
        let chars = 0;
        let start = 1;
        for (;;) {
          const output: EnvelopeOutput = maskTime(await tool.call({ path: "f.txt", start_line: start, limit }));
          if (output.status === "error") throw new Error(output.error.message);
          const rows = parseContent(output.data.content);
          const last = start + rows.length - 1;
          const more = last < expected.length;
          expect(output.status).toBe(more ? "partial" : "success");
          expect(output.data).toEqual({ content: output.data.content, truncated: more });
          expect(output.stats).toMatchObject({ lines_read: rows.length, total_lines: expected.length, file_size_bytes: bytes });
          expect(output.text).toBe(
            `Read ${rows.length} lines from 'f.txt' (Lines ${start}-${last}).\n(Took 0ms)` +
              (more ? `\n[Truncated: Showing first ${rows.length} of ${expected.length} lines. Use start_line=${last + 1} to continue.]` : ""),
          );
          seen.push(...rows);
          chars += output.stats.chars_read;
          if (!more) break;
          start = last + 1;
        }
        expect(seen).toEqual(expected.map((line, index) => ({ number: index + 1, text: line })));
        expect(chars).toBe(charsOf(expected, 1));
      }),
    );
  });

  test("ENV-5.1: any start_line past the last line is INVALID_PARAM stating the total and the range; the same call gives the same output", async () => {
    const ws = makeWorkspace();
    const tool = createTool({ root: ws.root });
    await fc.assert(
      fc.asyncProperty(file, fc.integer({ min: 1, max: 50 }), async (text, beyond) => {
        ws.write("g.txt", text);
        const total = expectedLines(text).length;
        // An empty file still accepts start_line 1 (spec 001 §5.1): past its last line means from 2.
        const startLine = Math.max(total, 1) + beyond;
        const input = { path: "g.txt", start_line: startLine };
        const output = maskTime(await tool.call(input));
        const message =
          total === 0
            ? `Invalid start_line: start_line (${startLine}) exceeds file length (file is empty). Valid start_line is 1. Omit start_line to read the file.`
            : `Invalid start_line: start_line (${startLine}) exceeds file length (${total} lines). Valid range: 1 to ${total}. Use start_line=1 to read from the start.`;
        expect(output).toMatchObject({ status: "error", data: {}, text: message, error: { code: "INVALID_PARAM", message }, context: { path_resolved: "g.txt", total_lines: total } });
        expect(maskTime(await tool.call(input))).toEqual(output);
        const read = { path: "g.txt", start_line: 1, limit: 3 };
        expect(maskTime(await tool.call(read))).toEqual(maskTime(await tool.call(read)));
      }),
    );
  });
});
