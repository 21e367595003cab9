import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { DEFAULT_SECRET_SCANNER, redactWindowSteps, settleSteps, type Line, type LineWindow } from "../src/index.js";
import { SECRET_FAMILIES } from "./support/secret-samples.js";

// A window made by hand from lines: redaction only reads `lines` and `text`, and returns the rest as is.
function windowOf(lines: readonly Line[]): LineWindow {
  return {
    lines,
    text: lines.map((line) => line.text + line.terminator).join(""),
    firstLine: lines.length > 0 ? 1 : null,
    totalLines: lines.length,
    hasMore: false,
    finalNewline: lines.at(-1)?.terminator === "\n",
    nextLine: null,
    cut: null,
    replaced: false,
    fileReplaced: null,
    astral: false,
    bom: false,
    bytesScanned: 0,
    textPieces: undefined,
  };
}

// Ordinary lines: code-like words that hold none of the scanner's keywords.
const ordinaryLine = fc.array(fc.constantFrom("const", "value", "=", "return", "(", ")", ";", "path", "lines", "index", "// note", "-----BEGIN", "process.env.API_KEY"), { maxLength: 12 }).map((words) => words.join(" "));
const terminator = fc.constantFrom<Line["terminator"]>("\n", "\r\n");
const secretLine = fc.constantFrom(...SECRET_FAMILIES.filter(({ text }) => text.split("\n").length === 2).map(({ text, redacted }) => ({ text: text.slice(0, -1), redacted: redacted.slice(0, -1) })));

describe("issue 30 case 6: redaction keeps the window's shape", () => {
  test("ordinary lines come back as the very window; secrets pasted among them are replaced on their own lines only", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.oneof(ordinaryLine.map((text) => ({ text, redacted: text })), secretLine), terminator), { maxLength: 30 }), async (rows) => {
        const lines = rows.map(([{ text }, end], index) => ({ number: index + 1, text, terminator: end }));
        const window = windowOf(lines);
        const redacted = await settleSteps(redactWindowSteps(window, DEFAULT_SECRET_SCANNER, "/w/notes.txt"));
        expect(redacted.lines).toEqual(rows.map(([{ redacted: text }, end], index) => ({ number: index + 1, text, terminator: end })));
        expect(redacted.text).toBe(redacted.lines.map((line) => line.text + line.terminator).join(""));
        if (rows.every(([row]) => row.text === row.redacted)) expect(redacted).toBe(window);
      }),
      { numRuns: 60 },
    );
  });
});
