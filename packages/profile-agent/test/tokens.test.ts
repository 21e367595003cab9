import { describe, expect, it } from "vitest";
import { estimateTokens } from "../src/index.js";
import { readText, sandbox } from "./helpers.js";

describe("AGENT-IN-06, AGENT-TOK-01, AGENT-TOK-02: max_tokens", () => {
  it.each([
    ["a letter run counts one per 4 letters", "function", 2],
    ["a space before a word is carried by it", "the cat sat", 3],
    ["digits count one per 3", "1234567", 3],
    ["whitespace runs count one per 4", "\t\t\n        x", 1 + 2 + 1],
    ["punctuation counts one each", "a(b);", 1 + 1 + 1 + 1 + 1],
    ["other characters count one each, two outside the BMP", "漢字😀", 4],
    ["a numbered line", "12\tconst x = 1;", 1 + 1 + 2 + 1 + 1 + 1 + 1 + 1],
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
    const output = await readText(root, { path: "a.txt", max_tokens: 40 });
    expect(output.next).toMatchObject({ start_line: 1 });
    expect(output.next?.column).toBeGreaterThan(1);
    expect(output.content.split("\n")[0]).toBe(`1\t${"word ".repeat(100).slice(0, output.next!.column! - 1)}`);
  });
});
