import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { estimateTokens } from "../src/index.js";
import { readText, sandbox } from "./helpers.js";

// Lines of printable ASCII, multi-byte characters (2, 3 and 4 bytes), tabs and control bytes, some far
// longer than the line bound; LF or CRLF endings, with or without a final newline.
const character = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)) },
  { weight: 2, arbitrary: fc.constantFrom("é", "日", "😀", "\t", "\u0001", "\u2028") },
);
const line = fc.oneof({ weight: 4, arbitrary: fc.string({ unit: character, maxLength: 30 }) }, { weight: 1, arbitrary: fc.string({ unit: character, minLength: 40, maxLength: 200 }) });
const file = fc.record({ lines: fc.array(line, { minLength: 1, maxLength: 25 }), crlf: fc.boolean(), finalNewline: fc.boolean() });
const bounds = fc.record({ max_line_chars: fc.integer({ min: 8, max: 60 }), max_content_bytes: fc.integer({ min: 1024, max: 2048 }), limit: fc.integer({ min: 1, max: 10 }), max_tokens: fc.option(fc.integer({ min: 1, max: 400 }), { nil: undefined }) });

describe("AGENT-OUT-07, AGENT-BND-03, AGENT-BND-04: paging with next and the cut notices", () => {
  it("issue 32: following next, and the column of each cut line's notice, reads every character of every line once", async () => {
    const { root } = sandbox();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(file, bounds, async ({ lines, crlf, finalNewline }, { limit, max_tokens, ...options }) => {
        const name = `f${run++}.txt`;
        const text = lines.join(crlf ? "\r\n" : "\n") + (finalNewline ? (crlf ? "\r\n" : "\n") : "");
        fs.writeFileSync(path.join(root, name), text);
        // The line model: a final terminator starts no line, and "" has none.
        const expected = text === "" ? [] : text.split(/\r?\n/).slice(0, text.endsWith("\n") ? -1 : undefined);
        const seen = new Map<number, string>();
        // `side`: the rest of a line cut at max_line_chars, read alone; the main pass follows next.
        const pending: { start_line: number; column?: number | undefined; side?: boolean }[] = [{ start_line: 1 }];
        for (let calls = 0; pending.length > 0; calls++) {
          expect(calls).toBeLessThan(2000);
          const { side = false, ...at } = pending.shift()!;
          const answer = await readText(root, { path: name, limit: side ? 1 : limit, ...(max_tokens === undefined ? {} : { max_tokens }), ...at }, options);
          expect(Buffer.byteLength(JSON.stringify(answer.content)) - 2).toBeLessThanOrEqual(options.max_content_bytes);
          for (const row of answer.content === "" ? [] : answer.content.split("\n")) {
            if (row.startsWith("[")) {
              const cut = /^\[line (\d+) is cut after column \d+: read the rest with start_line \1, column (\d+)\]$/.exec(row);
              if (cut !== null) pending.push({ start_line: Number(cut[1]), column: Number(cut[2]), side: true });
              continue;
            }
            const tab = row.indexOf("\t");
            const number = Number(row.slice(0, tab));
            seen.set(number, (seen.get(number) ?? "") + row.slice(tab + 1));
          }
          if (answer.next !== null && (!side || answer.next.start_line === at.start_line)) pending.push({ ...answer.next, side });
          if (max_tokens !== undefined && answer.start_line !== null && answer.content.split("\n").filter((row) => !row.startsWith("[")).length > 1) {
            expect(estimateTokens(answer.content)).toBeLessThanOrEqual(max_tokens);
          }
        }
        expect([...seen.keys()].sort((a, b) => a - b)).toEqual(expected.map((_, index) => index + 1));
        expect(expected.map((_, index) => seen.get(index + 1))).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
