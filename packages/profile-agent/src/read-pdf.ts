import { ok, quoteText, redactTextSteps, type OpenFile, type Result, type Steps } from "@read/core";
import type { AgentConfig } from "./config-schema.js";
import type { PdfPageText } from "./document-job.js";
import { estimateTokens } from "./estimate-tokens.js";
import { jsonBytes } from "./json-bytes.js";
import type { ReadInput } from "./input-schema.js";
import { readError, type PdfSuccess, type ReadOutput } from "./output.js";
import type { ParseDocument } from "./read-document.js";
import type { ReadGuards } from "./read-file.js";

// Room kept for the notice that ends a cut page, so that adding it never breaks a bound.
const NOTICE_BYTES = 200;
const NOTICE_TOKENS = 30;
const HEADER_WINDOW = 1024;

/**
 * Reads a PDF's text by pages (AGENT-PDF): `pages` ("3", "1-5"; default from page 1) served up to
 * `max_pages` pages, `max_content_bytes` and the `max_tokens` budget, each page after a line
 * `--- page N of T ---`, a page without a text layer said so; `next` gives the pages that follow the last
 * one shown (at most `max_pages` of them), as a text file's `next` gives the line after its window.
 */
export function* readPdfSteps(file: OpenFile, bytes: Uint8Array, input: ReadInput, config: AgentConfig, version: string | null, guards: ReadGuards, parse: ParseDocument): Steps<Result<ReadOutput>> {
  // "3" is page 3 alone; without `pages`, the read starts at page 1 and goes as far as the bounds allow.
  const [first, given] = (input.pages ?? "1").split("-").map(Number) as [number, number | undefined];
  const end = given ?? (input.pages === undefined ? undefined : first);
  if (end !== undefined && end < first) return ok(readError("INVALID_ARGUMENT", `\`pages\` "${input.pages}" ends before it starts: give a range from its first page to its last, such as "${end}-${first}".`));
  const last = Math.min(end ?? first + config.max_pages - 1, first + config.max_pages - 1);
  if (!hasPdfHeader(bytes)) {
    return ok(readError("INVALID_DOCUMENT", `${quoteText(file.path.input)} could not be read as a PDF: it has no PDF header (\`%PDF-\`) in its first ${HEADER_WINDOW} bytes. It may be damaged or not a PDF; read cannot show it.`));
  }
  const answer = yield* parse({ kind: "pdf", bytes, first, last, maxPageChars: config.max_content_bytes });
  if ("error" in answer) return ok(answer);
  if (answer.kind !== "pdf") throw new Error(`the document worker answered a PDF with ${answer.kind}`);
  const total = answer.totalPages;
  if (total > 0 && first > total) {
    return ok(readError("PAGE_OUT_OF_RANGE", `\`pages\` starts at page ${first}, after the last page: ${quoteText(file.path.input)} has ${total} page${total === 1 ? "" : "s"}. Ask for pages from 1 to ${total}.`));
  }
  const blocks: string[] = [];
  let bytesUsed = 0;
  let tokensUsed = 0;
  let shownLast: number | null = null;
  let cut = false;
  let stopped = false;
  const byteRoom = config.max_content_bytes - NOTICE_BYTES;
  const tokenRoom = input.max_tokens === undefined ? Infinity : input.max_tokens - NOTICE_TOKENS;
  for (const page of answer.pages) {
    const separator = blocks.length === 0 ? 0 : 2;
    let block = pageBlock(page, total);
    let size = jsonBytes(block);
    let tokens = estimateTokens(block);
    if (bytesUsed + separator + size > byteRoom || tokensUsed + tokens > tokenRoom) {
      if (blocks.length > 0) {
        stopped = true;
        break;
      }
      block = cutToFit(page, total, byteRoom, tokenRoom);
      size = jsonBytes(block);
      tokens = estimateTokens(block);
      cut = true;
    }
    blocks.push(block);
    bytesUsed += separator + size;
    tokensUsed += tokens;
    shownLast = page.number;
    cut ||= page.cut;
    if (cut) break;
  }
  // As for a text file's window, next names the pages that follow the last one shown, whatever was asked.
  const next = shownLast !== null && shownLast < total ? { pages: rangeOf(shownLast + 1, Math.min(total, shownLast + config.max_pages)) } : null;
  if (next !== null && stopped) blocks.push(`[the answer's bound was reached: continue with pages "${next.pages}"]`);
  const joined = blocks.join("\n");
  const content = guards.redact === undefined ? joined : yield* redactTextSteps(joined, guards.redact, file.path.absolute);
  const output: PdfSuccess = {
    path: file.path.relative,
    format: "pdf",
    content,
    pages: shownLast === null ? null : rangeOf(first, shownLast),
    total_pages: total,
    truncated: next !== null || cut,
    next,
    version,
  };
  return ok(output);
}

function pageBlock(page: PdfPageText, total: number): string {
  const header = `--- page ${page.number} of ${total} ---`;
  if (page.text === null) return `${header}\n[page ${page.number} has no text layer (a scanned page or a drawing): read shows text only]`;
  const notice = page.cut ? `\n[page ${page.number} is cut: its text is longer than the answer's bound]` : "";
  return `${header}\n${page.text}${notice}`;
}

// A page too large for the answer on its own: its first characters that fit, and a notice.
function cutToFit(page: PdfPageText, total: number, maxBytes: number, maxTokens: number): string {
  const text = page.text ?? "";
  let keep = text.length;
  const fits = (count: number) => {
    const block = `--- page ${page.number} of ${total} ---\n${text.slice(0, count)}`;
    return jsonBytes(block) <= maxBytes && estimateTokens(block) <= maxTokens;
  };
  let low = 0;
  while (low < keep) {
    const middle = Math.ceil((low + keep) / 2);
    if (fits(middle)) low = middle;
    else keep = middle - 1;
  }
  return `--- page ${page.number} of ${total} ---\n${text.slice(0, low)}\n[page ${page.number} is cut after ${low} characters: its text is longer than the answer's bound or budget]`;
}

// A PDF's header may follow some junk, within its first 1024 bytes (as readers have always allowed): a file
// without one is refused here, without starting a parser.
function hasPdfHeader(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, HEADER_WINDOW)).includes("%PDF-", 0, "latin1");
}

function rangeOf(first: number, last: number): string {
  return first === last ? String(first) : `${first}-${last}`;
}
