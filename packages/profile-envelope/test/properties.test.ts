import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { createTool, maskTime, type EnvelopeOutput } from "../src/index.js";
import { makeWorkspace } from "./workspace.js";

// A line's text: ASCII, multi-byte and astral characters, tabs and lone carriage returns.
const lineText = fc.array(fc.constantFrom("a", "Z", " ", "\t", "é", "✓", "😀", "\r", "|"), { maxLength: 6 }).map((chars) => chars.join(""));
const file = fc
  .tuple(fc.array(fc.tuple(lineText, fc.constantFrom("\n", "\r\n")), { maxLength: 12 }), fc.option(lineText, { nil: undefined }))
  .map(([lines, unterminated]) => lines.map(([text, end]) => text + end).join("") + (unterminated ?? ""));

// The line model: LF or CRLF ends a line, a final newline adds no empty line, and carriage returns at
// the end of a line belong to its terminator (no content line ends in \r).
function expectedLines(text: string): { text: string; chars: number }[] {
  if (text === "") return [];
  const pieces = text.split("\n");
  const terminated = text.endsWith("\n");
  if (terminated) pieces.pop();
  return pieces.map((piece, index) => {
    const hasNewline = index < pieces.length - 1 || terminated;
    const shown = piece.replace(/\r+$/u, "");
    return { text: shown, chars: [...shown].length + (hasNewline ? 1 : 0) };
  });
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
  test("ENV-2.3.1-content: paging with start_line/limit reproduces the file's lines, numbered, for random files with mixed endings", async () => {
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
        expect(seen).toEqual(expected.map((line, index) => ({ number: index + 1, text: line.text })));
        expect(chars).toBe(expected.reduce((sum, line) => sum + line.chars, 0));
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
            ? `Invalid start_line: ${startLine}. File 'g.txt' is empty (0 lines); start_line must be 1.`
            : `Invalid start_line: ${startLine}. File 'g.txt' has ${total} lines; start_line must be from 1 to ${total}.`;
        expect(output).toMatchObject({ status: "error", data: null, text: message, error: { code: "INVALID_PARAM", message } });
        expect(maskTime(await tool.call(input))).toEqual(output);
        const read = { path: "g.txt", start_line: 1, limit: 3 };
        expect(maskTime(await tool.call(read))).toEqual(maskTime(await tool.call(read)));
      }),
    );
  });
});
