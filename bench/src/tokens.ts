import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ReadTool } from "@read/core";
import { estimateTokens } from "@read/profile-agent";
import { loadProfile } from "@read/profiles";
import { countTokens as cl100k } from "gpt-tokenizer/encoding/cl100k_base";
import { countTokens as o200k } from "gpt-tokenizer/encoding/o200k_base";
import { peerModule } from "./peers.js";

/** The source file of issue 32's token targets, and how many of its first lines are read. */
export const TOKENS_FILE = "packages/core/src/read-lines.ts";
export const TOKENS_LINES = 200;

/** The profiles whose answers the table counts: it is measured only when all of them are compared. */
export const TOKENS_PROFILES = ["agent", "envelope", "forge"] as const;

/** The corpus the `max_tokens` estimate is measured on (`fixtures/tokens/README.md`). */
export const CORPUS_DIR = "fixtures/tokens";

/** Tokens of one text in both vocabularies. */
export interface TokenCount {
  readonly o200k: number;
  readonly cl100k: number;
}

/** What a model receives for one answer, and its tokens. */
export interface AnswerTokens extends TokenCount {
  /** `raw`, `cat -n`, a profile's name, `MCP fs` or `gemini-cli`. */
  readonly subject: string;
  /** What was counted. */
  readonly what: string;
  readonly characters: number;
}

/** The estimate against the real counts for one corpus file, read whole through the agent profile. */
export interface EstimateAccuracy extends TokenCount {
  readonly file: string;
  readonly bytes: number;
  /** Answers it takes to read the file with the default bounds (following `next` and the cut notices). */
  readonly answers: number;
  /** Sum of `estimateTokens(content)` over those answers. */
  readonly estimate: number;
  /** The least and the most of estimate / max(o200k, cl100k) over those answers. */
  readonly least: number;
  readonly most: number;
}

/** The bench's tokens table (issue 32): deterministic counts, not timed. */
export interface TokensResult {
  readonly file: string;
  readonly lines: number;
  readonly answers: readonly AnswerTokens[];
  /** The agent profile's answer to a conditional read of the same file, unchanged since. */
  readonly unchanged: AnswerTokens;
  readonly estimates: readonly EstimateAccuracy[];
  /** The estimate's time per KiB of corpus content, beside the JSON escaping a page also measures per line (medians). */
  readonly cost: { readonly estimateNsPerKiB: number; readonly jsonNsPerKiB: number };
}

interface McpLib {
  setAllowedDirectories(directories: string[]): void;
  headFile(file: string, lines: number): Promise<string>;
}

interface GeminiFileUtils {
  processSingleFileContent(filePath: string, rootDirectory: string, fileSystemService: unknown, startLine?: number, endLine?: number): Promise<{ llmContent: unknown; isTruncated?: boolean; originalLineCount?: number; linesShown?: [number, number] }>;
}

const count = (text: string): TokenCount => ({ o200k: o200k(text), cl100k: cl100k(text) });

/**
 * Counts what a model receives for the first {@link TOKENS_LINES} lines of {@link TOKENS_FILE}: the raw
 * text, `cat -n`'s numbering, each profile's whole answer as a model gets it (its `modelContent` text
 * parts), and the peers' answers (MCP fs `read_text_file` with `head`: its text block; gemini-cli's
 * `read_file`: the function response it sends, `{"output": llmContent}`). Then the `max_tokens` estimate
 * against both tokenizers on every answer that reads the corpus.
 */
export async function measureTokens(repoRoot: string): Promise<TokensResult> {
  // The file in a workspace of its own, at its path in the repository: no workspace configuration applies.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "read-bench-tokens-"));
  try {
    const source = fs.readFileSync(path.join(repoRoot, TOKENS_FILE), "utf8");
    const file = path.join(root, TOKENS_FILE);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, source);
    const lines = source.split("\n").slice(0, TOKENS_LINES);
    const raw = `${lines.join("\n")}\n`;
    const numbered = lines.map((line, index) => `${String(index + 1).padStart(6)}\t${line}`).join("\n");
    const answers: AnswerTokens[] = [
      { subject: "raw", what: "the lines' text", characters: raw.length, ...count(raw) },
      { subject: "cat -n", what: "numbered as `cat -n` does (6 columns, a tab)", characters: numbered.length, ...count(numbered) },
    ];

    const agent = await tool("agent", root);
    const agentAnswer = await agent.call({ path: TOKENS_FILE, limit: TOKENS_LINES });
    answers.push(modelAnswer("agent", `{path, limit: ${TOKENS_LINES}}`, agent, agentAnswer));
    const envelope = await tool("envelope", root);
    answers.push(modelAnswer("envelope", `{path, limit: ${TOKENS_LINES}}`, envelope, await envelope.call({ path: TOKENS_FILE, limit: TOKENS_LINES })));
    const forge = await tool("forge", root);
    answers.push(modelAnswer("forge", `{path, head: ${TOKENS_LINES}}`, forge, await forge.call({ path: TOKENS_FILE, head: TOKENS_LINES })));

    const mcp = (await import(peerModule("@modelcontextprotocol/server-filesystem/dist/lib.js"))) as McpLib;
    mcp.setAllowedDirectories([fs.realpathSync(root)]);
    const head = await mcp.headFile(fs.realpathSync(file), TOKENS_LINES);
    answers.push({ subject: "MCP fs", what: `read_text_file {path, head: ${TOKENS_LINES}}: its text block`, characters: head.length, ...count(head) });

    const gemini = (await import(peerModule("@google/gemini-cli-core/dist/src/utils/fileUtils.js"))) as GeminiFileUtils;
    const read = await gemini.processSingleFileContent(file, root, undefined, 1, TOKENS_LINES);
    const response = JSON.stringify({ output: geminiReadFileOutput(read) });
    answers.push({ subject: "gemini-cli", what: `read_file {file_path, start_line: 1, end_line: ${TOKENS_LINES}}: the function response \`{"output": ...}\``, characters: response.length, ...count(response) });

    const version = (agentAnswer as { version?: unknown }).version;
    const unchangedAnswer = await agent.call({ path: TOKENS_FILE, limit: TOKENS_LINES, if_version: version });
    const unchanged = modelAnswer("agent", "the same call with `if_version` of the first answer", agent, unchangedAnswer);

    const estimates: EstimateAccuracy[] = [];
    const contents: string[] = [];
    for (const name of corpusFiles(repoRoot)) {
      const bytes = fs.readFileSync(path.join(repoRoot, CORPUS_DIR, name));
      fs.writeFileSync(path.join(root, name), bytes);
      const pages = await readWhole(agent, name);
      contents.push(...pages);
      let least = Infinity;
      let most = 0;
      const total = { o200k: 0, cl100k: 0, estimate: 0 };
      for (const page of pages) {
        const real = count(page);
        const estimate = estimateTokens(page);
        total.o200k += real.o200k;
        total.cl100k += real.cl100k;
        total.estimate += estimate;
        least = Math.min(least, estimate / Math.max(real.o200k, real.cl100k));
        most = Math.max(most, estimate / Math.max(real.o200k, real.cl100k));
      }
      estimates.push({ file: name, bytes: bytes.length, answers: pages.length, ...total, least, most });
    }
    return { file: TOKENS_FILE, lines: TOKENS_LINES, answers, unchanged, estimates, cost: estimateCost(contents) };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** The corpus's files: every file of {@link CORPUS_DIR} but its README and license files. */
export function corpusFiles(repoRoot: string): string[] {
  return fs
    .readdirSync(path.join(repoRoot, CORPUS_DIR))
    .filter((name) => name !== "README.md" && !name.endsWith(".LICENSE"))
    .sort();
}

async function tool(name: string, root: string): Promise<ReadTool> {
  return (await loadProfile(name)).createTool({ root, requester: async () => "allow" });
}

// What a model receives for `output`: the text parts of the tool's model content (its JSON where the
// profile has no form of its own), each counted as the content block it is.
function modelAnswer(subject: string, what: string, readTool: ReadTool, output: unknown): AnswerTokens {
  const texts = readTool.modelContent === undefined ? [JSON.stringify(output)] : readTool.modelContent(output).flatMap((part) => (part.type === "text" ? [part.text] : []));
  return {
    subject,
    what,
    characters: texts.reduce((sum, text) => sum + text.length, 0),
    o200k: texts.reduce((sum, text) => sum + o200k(text), 0),
    cl100k: texts.reduce((sum, text) => sum + cl100k(text), 0),
  };
}

/**
 * gemini-cli's `read_file` output for a window, as its `ReadFileTool.execute` (tools/read-file.js of
 * @google/gemini-cli-core 0.61.0) builds it around `processSingleFileContent`'s text: reproduced here,
 * since running the tool needs gemini-cli's whole `Config`.
 */
function geminiReadFileOutput(read: Awaited<ReturnType<GeminiFileUtils["processSingleFileContent"]>>): string {
  const text = typeof read.llmContent === "string" ? read.llmContent : "";
  if (read.isTruncated !== true || read.linesShown === undefined) return text;
  const [start, end] = read.linesShown;
  return `
IMPORTANT: The file content has been truncated.
Status: Showing lines ${start}-${end} of ${read.originalLineCount} total lines.
Action: To read more of the file, you can use the 'start_line' and 'end_line' parameters in a subsequent 'read_file' call. For example, to read the next section of the file, use start_line: ${end + 1}.

--- FILE CONTENT (truncated) ---
${text}`;
}

/** The `content` of every answer that reads all of `name`: following `next`, and each cut line's notice. */
async function readWhole(agent: ReadTool, name: string): Promise<string[]> {
  const pages: string[] = [];
  const pending: { start_line: number; column?: number }[] = [{ start_line: 1 }];
  while (pending.length > 0) {
    if (pages.length >= 1000) throw new Error(`reading ${name} took over 1000 answers`);
    const at = pending.shift() as { start_line: number; column?: number };
    const answer = (await agent.call({ path: name, ...at })) as { content?: string; next?: { start_line: number; column?: number } | null };
    if (answer.content === undefined) throw new Error(`the agent profile refused ${name}: ${JSON.stringify(answer).slice(0, 300)}`);
    pages.push(answer.content);
    for (const cut of answer.content.matchAll(/^\[line (\d+) is cut after column \d+: read the rest with start_line \1, column (\d+)\]$/gm)) {
      pending.push({ start_line: Number(cut[1]), column: Number(cut[2]) });
    }
    if (answer.next !== null && answer.next !== undefined) pending.push(answer.next);
  }
  return pages;
}

// Medians of 15 rounds over the corpus's contents, line by line as a page costs its lines.
function estimateCost(contents: readonly string[]): TokensResult["cost"] {
  const lines = contents.flatMap((content) => content.split("\n"));
  const kib = lines.reduce((sum, line) => sum + Buffer.byteLength(line), 0) / 1024;
  const median = (work: () => void): number => {
    const times: number[] = [];
    for (let round = 0; round < 15; round++) {
      const start = process.hrtime.bigint();
      work();
      times.push(Number(process.hrtime.bigint() - start));
    }
    return (times.sort((a, b) => a - b)[7] ?? Number.NaN) / kib;
  };
  let sink = 0;
  const estimateNsPerKiB = median(() => {
    for (const line of lines) sink += estimateTokens(line);
  });
  const jsonNsPerKiB = median(() => {
    for (const line of lines) sink += Buffer.byteLength(JSON.stringify(line));
  });
  // Uses the results, so that no call can be dropped as dead code.
  if (sink < 0) throw new Error("a negative token count");
  return { estimateNsPerKiB, jsonNsPerKiB };
}
