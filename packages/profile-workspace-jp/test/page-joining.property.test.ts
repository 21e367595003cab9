import fc from "fast-check";
import { expect, test } from "vitest";
import { MTIME_MS, useSandbox } from "./sandbox.js";

const sandbox = useSandbox();

// Line text without LF or NUL, with lone CRs, tabs, U+FEFF and multi-byte characters; a text ending in
// "\r" followed by an "\n" terminator makes a CRLF, as in real files.
const lineText = fc.string({ unit: fc.constantFrom("a", "z", " ", "\t", "\r", "é", "日", "😀", "\uFEFF"), maxLength: 12 });

/** A file of mixed LF and CRLF lines, with or without a final unterminated line, sometimes after a BOM. */
const rawFile = fc
  .tuple(fc.boolean(), fc.array(fc.tuple(lineText, fc.constantFrom("\n", "\r\n")), { maxLength: 30 }), lineText)
  .map(([bom, lines, tail]) => (bom ? "\uFEFF" : "") + lines.map(([text, terminator]) => `${text}${terminator}`).join("") + tail);

/**
 * The reference's model, computed independently of core (agent-tools-ts `toLines` on Bun's decoded text):
 * one leading BOM dropped, CRLF normalised, `""` no lines, otherwise the text split on `\n`.
 */
function modelText(raw: string): string {
  return (raw.startsWith("\uFEFF") ? raw.slice(1) : raw).replaceAll("\r\n", "\n");
}

function modelLines(raw: string): string[] {
  const text = modelText(raw);
  return text === "" ? [] : text.split("\n");
}

test("JP-5.3 / JP-3.1.8: joining with \\n the pages next_start_line leads through gives back the normalised file", async () => {
  await fc.assert(
    fc.asyncProperty(rawFile, fc.integer({ min: 1, max: 6 }), async (raw, maxLines) => {
      sandbox().write("f.txt", raw);
      const pages: string[] = [];
      let start: number | null = 1;
      while (start !== null) {
        const output = await sandbox().call({ path: "f.txt", start_line: start, max_lines: maxLines });
        if ("error" in output) throw new Error(`unexpected error ${output.error.code}: ${output.error.message}`);
        pages.push(output.content);
        expect(output.truncated).toBe(output.next_start_line !== null);
        start = output.next_start_line;
      }
      expect(pages.join("\n")).toBe(modelText(raw));
      expect(pages).toHaveLength(Math.max(1, Math.ceil(modelLines(raw).length / maxLines)));
    }),
  );
});

test("JP-11.3 / JP-11.6: any window holds at most max_lines lines and its counts match the real file", async () => {
  await fc.assert(
    fc.asyncProperty(rawFile, fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 500 }), async (raw, startLine, maxLines) => {
      sandbox().write("w.txt", raw);
      const lines = modelLines(raw);
      const window = lines.slice(startLine - 1, startLine - 1 + maxLines);
      const more = startLine - 1 + maxLines < lines.length;
      expect(await sandbox().call({ path: "w.txt", start_line: startLine, max_lines: maxLines })).toStrictEqual({
        path: "w.txt",
        content: window.join("\n"),
        truncated: more,
        next_start_line: more ? startLine + maxLines : null,
        meta: { byte_length: Buffer.byteLength(raw), line_count: lines.length, returned_line_count: window.length, mtime_ms: MTIME_MS },
      });
    }),
  );
});
