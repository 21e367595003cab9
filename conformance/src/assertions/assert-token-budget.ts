import fc from "fast-check";
import { readWholeFile, type ReadPage } from "../read-whole-file.js";
import { referenceLines, type ReferenceLine } from "../reference-lines.js";
import { referenceLineTenths, referencePageTokens } from "../reference-token-estimate.js";
import { assertProperty, denyIfAsked, expect, withScratch, type SuiteContext } from "../suite-context.js";

/**
 * The pieces the estimate prices, each on its own between spaces: lower-case words (a capital first, at
 * times), runs of capitals, digits, consonants (random-looking), base64-like runs, punctuation (alone, or
 * right before a word), CJK characters, an emoji.
 */
const piece = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[A-Z]?[a-z]{0,3}[aeiou][a-z]{0,6}$/u) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Z]{2,6}$/u) },
  { weight: 2, arbitrary: fc.stringMatching(/^[0-9]{1,8}$/u) },
  { weight: 1, arbitrary: fc.stringMatching(/^[bcdfghjklmnpqrstvwxz]{8,14}$/u) },
  { weight: 1, arbitrary: fc.stringMatching(/^([A-Za-z]{1,3}[0-9]{1,2}){4,8}$/u) },
  { weight: 2, arbitrary: fc.stringMatching(/^[.,;:!?()[\]{}<>=+*/#'"-]{1,4}[a-z]{0,5}$/u) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom("日", "本", "語", "中", "文", "é"), minLength: 1, maxLength: 4 }) },
  { weight: 1, arbitrary: fc.constantFrom("😀", "🚀") },
);

/** A line of pieces: joined by one space, at times two, after an indentation at times. */
const line = fc
  .tuple(fc.constantFrom("", "", "", "  ", "\t"), fc.array(fc.tuple(piece, fc.constantFrom(" ", " ", " ", " ", "  ")), { maxLength: 16 }))
  .map(([indent, pieces]) => `${indent}${pieces.map(([text, space], index) => (index === pieces.length - 1 ? text : `${text}${space}`)).join("")}`);

/** A file of such lines, each ended by a line feed. */
const pricedText = fc.array(line, { minLength: 2, maxLength: 30 }).map((lines) => `${lines.join("\n")}\n`);

/**
 * The token budget (the oracle's `tokenBudget`), on files of the pieces AGENT-TOK-02 prices and budgets
 * from 60 to 700: reading each file whole, following the continuation with the budget, every answer's
 * content costs at most the budget by the harness's own reference estimate (the documented prices: a page
 * is its lines' costs and one token for each line break not after punctuation), unless it shows a single
 * character (every answer moves the reader on); a page stops where that estimate says: it holds every
 * line that fits the budget less the notice allowance, each with the line break after it, and not the
 * next one; only a page's first line is ever cut by the budget; and the pieces shown rebuild the file.
 */
export async function assertTokenBudget(ctx: SuiteContext): Promise<void> {
  const { oracle } = ctx;
  const tokens = oracle.tokenBudget;
  if (tokens === undefined) throw new Error("the oracle declares no token budget");
  await assertProperty(ctx, [pricedText, fc.integer({ min: 60, max: 700 })], async (text, budget) => {
    await withScratch({ files: { "priced.txt": { text } } }, async (workspace) => {
      const lines = referenceLines(Buffer.from(text), oracle);
      const pages = await readWholeFile(ctx, workspace, "priced.txt", lines, { [tokens.parameter]: budget }, denyIfAsked(oracle));
      for (const page of pages) expectWithinBudget(ctx, page, lines, budget, tokens.noticeAllowance);
    });
  });
}

function expectWithinBudget(ctx: SuiteContext, page: ReadPage, lines: readonly ReferenceLine[], budget: number, allowance: number): void {
  const { called, content, next, numbered } = page;
  const separator = ctx.oracle.output.numbers?.separator ?? "";
  const oneCharacter = numbered.length === 1 && [...(numbered[0]?.text ?? "")].length === 1;
  const estimate = referencePageTokens(content);
  expect(estimate <= budget || oneCharacter, `the content is estimated at ${estimate} tokens, over the budget of ${budget}`, called);
  if (next !== null && next.column > 1) {
    expect(numbered.length === 1 && numbered[0]?.line === next.line, `only a page's first line is cut by the budget, and the page holds it alone (next: line ${next.line}, column ${next.column})`, called);
    return;
  }
  const parts = content.split("\n");
  // A page stopped short ends with the notice saying where to go on; the lines before it are what it holds.
  const held = next === null ? parts : parts.slice(0, -1);
  if (next !== null) expect(!/^\d/u.test(parts.at(-1) ?? ""), "a page stopped by the budget ends with a notice", called);
  const room = (budget - allowance) * 10;
  const used = held.reduce((sum, part) => sum + referenceLineTenths(part), 0);
  expect(used <= room || oneCharacter, `the page holds ${used / 10} estimated tokens, over the budget of ${budget} less the notice allowance of ${allowance}`, called);
  const following = next === null ? undefined : lines[next.line - 1];
  if (next !== null && following !== undefined) {
    const cost = referenceLineTenths(`${next.line}${separator}${following.text}`);
    expect(used + cost > room, `the page stops before line ${next.line}, which fits (${used / 10} + ${cost / 10} estimated tokens, room for ${room / 10})`, called);
  }
}
