import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { countTokens as cl100k } from "gpt-tokenizer/encoding/cl100k_base";
import { countTokens as o200k } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { estimateTokenTenths } from "../src/estimate-tokens.js";
import { estimateTokens, type ReadSuccess } from "../src/index.js";
import { readText, sandbox } from "./helpers.js";

// The corpus the bench measures too: code, prose, CJK and minified files (fixtures/tokens/README.md).
const corpusDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../fixtures/tokens");
const corpus = fs
  .readdirSync(corpusDir)
  .filter((name) => name !== "README.md" && !name.endsWith(".LICENSE"))
  .sort();

/**
 * Every answer needed to read all of `name`: following `next`, and the column each cut line's notice
 * names. Returns the answers and the file's lines rebuilt from them (by line number, then column).
 */
async function readAll(root: string, name: string, extra: Record<string, unknown> = {}): Promise<{ answers: ReadSuccess[]; lines: string[] }> {
  const answers: ReadSuccess[] = [];
  const pieces = new Map<number, Map<number, string>>();
  const pending: { start_line: number; column?: number | undefined }[] = [{ start_line: 1 }];
  while (pending.length > 0) {
    expect(answers.length).toBeLessThan(1000);
    const at = pending.shift()!;
    const answer = await readText(root, { path: name, ...extra, ...at });
    answers.push(answer);
    let column = at.column ?? 1;
    for (const row of answer.content.split("\n")) {
      const from = /^\[line (\d+) from column (\d+)\]$/.exec(row);
      const cut = /^\[line (\d+) is cut after column \d+: read the rest with start_line \1, column (\d+)\]$/.exec(row);
      const numbered = /^(\d+)\t(.*)$/s.exec(row);
      if (from !== null) column = Number(from[2]);
      else if (cut !== null) pending.push({ start_line: Number(cut[1]), column: Number(cut[2]) });
      else if (numbered !== null) {
        const line = Number(numbered[1]);
        const seen = pieces.get(line) ?? new Map<number, string>();
        seen.set(column, numbered[2] ?? "");
        pieces.set(line, seen);
        column = 1;
      } else expect(row).toMatch(/^\[/);
    }
    if (answer.next !== null) pending.push(answer.next);
  }
  const lines = [...pieces.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, byColumn]) =>
      [...byColumn.entries()]
        .sort(([a], [b]) => a - b)
        .map(([, text]) => text)
        .join(""),
    );
  return { answers, lines };
}

function linesOf(text: string): string[] {
  return text.replace(/\n$/, "").split("\n");
}

describe("AGENT-TOK-03: the estimate against o200k and cl100k on the corpus", () => {
  it("the corpus has code, prose, CJK and minified files", () => {
    expect(corpus).toEqual(["chinese.md", "code.py", "code.ts", "japanese.md", "minified.js", "prose.md"]);
  });

  it.each(corpus)("%s: every answer's estimate is at least both real counts and at most a quarter over the larger", async (name) => {
    const text = fs.readFileSync(path.join(corpusDir, name), "utf8");
    const { root } = sandbox({ [name]: text });
    const { answers, lines } = await readAll(root, name);
    expect(lines).toEqual(linesOf(text));
    for (const { content } of answers) {
      const real = Math.max(o200k(content), cl100k(content));
      const estimate = estimateTokens(content);
      expect(estimate, content.slice(0, 80)).toBeGreaterThanOrEqual(real);
      expect(estimate / real, content.slice(0, 80)).toBeLessThanOrEqual(1.25);
    }
  });

  it.each(corpus)("%s: paging with max_tokens 250 reads the whole file, no answer over 250 real tokens (AGENT-TOK-01)", async (name) => {
    const text = fs.readFileSync(path.join(corpusDir, name), "utf8");
    const { root } = sandbox({ [name]: text });
    const { answers, lines } = await readAll(root, name, { max_tokens: 250 });
    expect(lines).toEqual(linesOf(text));
    expect(answers.length).toBeGreaterThan(1);
    for (const { content } of answers) {
      expect(estimateTokens(content)).toBeLessThanOrEqual(250);
      expect(o200k(content)).toBeLessThanOrEqual(250);
      expect(cl100k(content)).toBeLessThanOrEqual(250);
    }
  });

  it("ranges cut short by max_tokens keep both notices within the budget", async () => {
    const text = fs.readFileSync(path.join(corpusDir, "code.ts"), "utf8");
    const { root } = sandbox({ "code.ts": text });
    const answer = await readText(root, { path: "code.ts", ranges: [{ start_line: 1, limit: 100 }, { start_line: 120 }], max_tokens: 200 });
    expect(answer.content.split("\n").slice(-2)).toEqual([`[the answer's bound was reached: continue with start_line ${answer.next?.start_line}]`, "[ranges after this one were not read: ask for them again]"]);
    expect(estimateTokens(answer.content)).toBeLessThanOrEqual(200);
    expect(Math.max(o200k(answer.content), cl100k(answer.content))).toBeLessThanOrEqual(200);
  });

  // AGENT-TOK-02: a page adds its lines' estimates and one token for each line break not after punctuation
  // (an ASCII character that is not a letter, a digit or whitespace).
  const lineTenths = (part: string) => estimateTokenTenths(part) + (/[^A-Za-z0-9 \t\r\n\u0080-\uffff]$/.test(part) ? 0 : 10);

  it.each(corpus.filter((name) => name !== "minified.js"))("%s: a page under max_tokens holds every line that fits by the estimate, and stops at the first that does not", async (name) => {
    const text = fs.readFileSync(path.join(corpusDir, name), "utf8");
    const lines = linesOf(text);
    const { root } = sandbox({ [name]: text });
    for (const budget of [100, 250, 400, 1000, 3000]) {
      const answer = await readText(root, { path: name, max_tokens: budget });
      const parts = answer.content.split("\n");
      const room = (budget - 45) * 10;
      if (answer.next === null) {
        expect(parts.reduce((sum, part) => sum + lineTenths(part), 0), `${budget}`).toBeLessThanOrEqual(room);
        continue;
      }
      expect(parts.at(-1)).toBe(`[the answer's bound was reached: continue with start_line ${answer.next.start_line}]`);
      const shown = parts.slice(0, -1).reduce((sum, part) => sum + lineTenths(part), 0);
      expect(shown, `${budget}`).toBeLessThanOrEqual(room);
      expect(shown + lineTenths(`${answer.next.start_line}\t${lines[answer.next.start_line - 1]}`), `${budget}`).toBeGreaterThan(room);
    }
  });
});
