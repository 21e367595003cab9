import { describe, expect, it } from "vitest";
import { estimateTokens } from "../src/index.js";
import { readText, sandbox } from "./helpers.js";

describe("AGENT-IN-06, AGENT-TOK-01, AGENT-TOK-02: max_tokens", () => {
  // Each expected count is the sum of the documented prices, in tenths, rounded up once at the end.
  it.each([
    ["a common word is one token up to 4.5 letters, then one per 4.5", "function", Math.ceil(18 / 10)],
    ["a space before a word is carried by it", "the cat sat", 3],
    ["digits count one per 3", "1234567", 3],
    ["camel case is cut at its capitals", "readTextWindow", Math.ceil((10 + 10 + 14) / 10)],
    ["capitals count one per 2; one punctuation mark before a letter, half", "MAX_LINE", Math.ceil((20 + 5 + 20) / 10)],
    ["whitespace runs count one per 16", "\t\t\n        x", 1 + 1],
    ["punctuation runs count one per 2", "a(b);", Math.ceil((10 + 5 + 10 + 10) / 10)],
    ["a space before punctuation is carried; before digits it is not", " = 1", 0 + 1 + 1 + 1],
    ["a line break after punctuation is carried by it", "x;\n}", 1 + 1 + 0 + 1],
    ["other characters count 1.2 each, 3 outside the BMP", "漢字😀", Math.ceil((12 + 12 + 30) / 10)],
    ["a random-looking run of letters and digits counts 0.8 a character at least", "aGVsbG8gd29ybGQ=", Math.ceil((8 * 15 + 10) / 10)],
    ["a long lower-case run with few vowels counts 0.6 a letter", "xkcdqzptrvbnm", Math.ceil((6 * 13) / 10)],
    ["a numbered line", "12\tconst x = 1;", Math.ceil((10 + 10 + 12 + 0 + 10 + 0 + 10 + 10 + 10 + 10) / 10)],
  ])("AGENT-TOK-02: %s", (_name, text, tokens) => {
    expect(estimateTokens(text)).toBe(tokens);
  });

  it("issue 32: max_tokens ends the page on a whole line within the budget (AGENT-TOK-01)", async () => {
    const text = Array.from({ length: 200 }, (_, index) => `const value${index} = compute(${index}, "text");`).join("\n");
    const { root } = sandbox({ "a.ts": `${text}\n` });
    const output = await readText(root, { path: "a.ts", max_tokens: 300 });
    expect(estimateTokens(output.content)).toBeLessThanOrEqual(300);
    const lines = output.content.split("\n");
    const last = output.end_line!;
    expect(lines.slice(0, -1)).toEqual(text.split("\n").slice(0, last).map((line, index) => `${index + 1}\t${line}`));
    expect(lines.at(-1)).toBe(`[the answer's bound was reached: continue with start_line ${last + 1}]`);
    expect(output.next).toEqual({ start_line: last + 1 });
    const more = await readText(root, { path: "a.ts", max_tokens: 600 });
    expect(more.end_line).toBeGreaterThan(last);
  });

  it("a budget below one line's cost shows part of the first line, and next gives the column", async () => {
    const { root } = sandbox({ "a.txt": `${"word ".repeat(100)}\n` });
    const output = await readText(root, { path: "a.txt", max_tokens: 60 });
    expect(output.next).toMatchObject({ start_line: 1 });
    expect(output.next?.column).toBeGreaterThan(1);
    expect(output.content.split("\n")[0]).toBe(`1\t${"word ".repeat(100).slice(0, output.next!.column! - 1)}`);
  });
});
