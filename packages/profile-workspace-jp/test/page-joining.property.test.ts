import fc from "fast-check";
import { expect, test } from "vitest";
import { MTIME_MS, useSandbox } from "./sandbox.js";

const sandbox = useSandbox();

// Line text without LF or NUL, with lone CRs, tabs and multi-byte characters; a text ending in "\r"
// followed by an "\n" terminator makes a CRLF, as in real files.
const lineText = fc.string({ unit: fc.constantFrom("a", "z", " ", "\t", "\r", "é", "日", "😀"), maxLength: 12 });

/** A file of mixed LF and CRLF lines, with or without a final unterminated line. */
const rawFile = fc
  .tuple(fc.array(fc.tuple(lineText, fc.constantFrom("\n", "\r\n")), { maxLength: 30 }), lineText)
  .map(([lines, tail]) => lines.map(([text, terminator]) => `${text}${terminator}`).join("") + tail);

/** The lines of a file, each with its normalised terminator, computed independently of core. */
function modelLines(raw: string): string[] {
  return raw.replaceAll("\r\n", "\n").match(/[^\n]*\n|[^\n]+$/gu) ?? [];
}

test("JP-5.3 / JP-3.1.8: joining the pages next_start_line leads through reproduces the CRLF-normalised file", async () => {
  await fc.assert(
    fc.asyncProperty(rawFile, fc.integer({ min: 1, max: 6 }), async (raw, maxLines) => {
      sandbox().write("f.txt", raw);
      let joined = "";
      let start: number | null = 1;
      let pages = 0;
      while (start !== null) {
        const output = await sandbox().call({ path: "f.txt", start_line: start, max_lines: maxLines });
        if ("error" in output) throw new Error(`unexpected error ${output.error.code}: ${output.error.message}`);
        joined += output.content;
        expect(output.truncated).toBe(output.next_start_line !== null);
        start = output.next_start_line;
        pages++;
      }
      expect(joined).toBe(raw.replaceAll("\r\n", "\n"));
      expect(pages).toBe(Math.max(1, Math.ceil(modelLines(raw).length / maxLines)));
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
        content: window.join(""),
        truncated: more,
        next_start_line: more ? startLine + maxLines : null,
        meta: { byte_length: Buffer.byteLength(raw), line_count: lines.length, returned_line_count: window.length, mtime_ms: MTIME_MS },
      });
    }),
  );
});
