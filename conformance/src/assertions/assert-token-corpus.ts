import fs from "node:fs";
import path from "node:path";
import { readWholeFile } from "../read-whole-file.js";
import { referenceLines } from "../reference-lines.js";
import { referencePageTokens } from "../reference-token-estimate.js";
import { TOKEN_CORPUS_DIR } from "../repo-paths.js";
import { ConformanceFailure, denyIfAsked, expect, withScratch, type SuiteContext } from "../suite-context.js";

/** The budget each corpus file is paged through with (as the agent profile's own corpus test does). */
const PAGING_BUDGET = 250;

/** How far over the larger real count the estimate may be. */
const MOST_OVER = 1.25;

/** A tokenizer's count of a text's tokens. */
type CountTokens = (text: string) => number;

/**
 * AGENT-TOK-03 on `fixtures/tokens/` (code, prose, Japanese, Chinese, minified JavaScript): every answer it
 * takes to read each file with the default bounds is estimated (by the harness's reference estimate, the
 * documented prices that the token-budget check holds the tool to) at least at its o200k and cl100k counts
 * and at most 1.25 times the larger; paging through each file with a budget of 250 keeps every answer's
 * real counts within it. The counts come from `gpt-tokenizer`, an optional peer of this package.
 */
export async function assertTokenCorpus(ctx: SuiteContext): Promise<readonly string[]> {
  const { oracle } = ctx;
  const tokens = oracle.tokenBudget;
  if (tokens === undefined) throw new Error("the oracle declares no token budget");
  const counters = await loadTokenizers();
  const names = fs
    .readdirSync(TOKEN_CORPUS_DIR)
    .filter((name) => name !== "README.md" && !name.endsWith(".LICENSE"))
    .sort();
  expect(names.length > 0, `the token corpus ${TOKEN_CORPUS_DIR} holds files`);
  const notes: string[] = [];
  for (const name of names) {
    const text = fs.readFileSync(path.join(TOKEN_CORPUS_DIR, name), "utf8");
    await withScratch({ files: { [name]: { text } } }, async (workspace) => {
      const lines = referenceLines(Buffer.from(text), oracle);
      let highest = 0;
      for (const page of await readWholeFile(ctx, workspace, name, lines, {}, denyIfAsked(oracle))) {
        const real = Math.max(counters.o200k(page.content), counters.cl100k(page.content));
        const estimate = referencePageTokens(page.content);
        expect(estimate >= real, `${name}: an answer is estimated at ${estimate} tokens, under its real count of ${real} (the larger of o200k and cl100k)`, page.called);
        expect(estimate <= MOST_OVER * real, `${name}: an answer is estimated at ${estimate} tokens, over ${MOST_OVER} times its real count of ${real}`, page.called);
        highest = Math.max(highest, estimate / real);
      }
      let pages = 0;
      for (const page of await readWholeFile(ctx, workspace, name, lines, { [tokens.parameter]: PAGING_BUDGET }, denyIfAsked(oracle))) {
        const o200k = counters.o200k(page.content);
        const cl100k = counters.cl100k(page.content);
        expect(o200k <= PAGING_BUDGET && cl100k <= PAGING_BUDGET, `${name}: an answer under a budget of ${PAGING_BUDGET} holds ${o200k} o200k and ${cl100k} cl100k tokens`, page.called);
        pages++;
      }
      notes.push(`${name}: the estimate at most ${highest.toFixed(2)} times the real count; ${pages} answers under a budget of ${PAGING_BUDGET}`);
    });
  }
  return notes;
}

/** o200k's and cl100k's counts, from `gpt-tokenizer` (loaded on demand: only this check needs it). */
async function loadTokenizers(): Promise<{ readonly o200k: CountTokens; readonly cl100k: CountTokens }> {
  try {
    const [o200k, cl100k] = await Promise.all([import("gpt-tokenizer/encoding/o200k_base"), import("gpt-tokenizer/encoding/cl100k_base")]);
    return { o200k: o200k.countTokens, cl100k: cl100k.countTokens };
  } catch (error) {
    throw new ConformanceFailure(`the token corpus is counted with gpt-tokenizer, an optional peer of @read/conformance: install it (npm install --save-dev gpt-tokenizer) (${error instanceof Error ? error.message : String(error)})`);
  }
}
