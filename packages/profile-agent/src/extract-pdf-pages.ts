import type { PdfPageText } from "./document-job.js";

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

let loaded: Promise<PdfJs> | undefined;

/**
 * The text of pages `first` to `last` (clamped to the PDF's) of a PDF, page by page, with pdf.js (Mozilla's
 * PDF library, its build for Node) in the worker process it runs in: its "worker" runs in this same thread, and
 * nothing of the PDF can run code: no JavaScript of the PDF is ever run (pdf.js runs it only in its viewer's
 * scripting sandbox, which is not loaded), `isEvalSupported: false` keeps pdf.js from compiling the PDF's
 * functions to JavaScript, and no font or CMap is fetched or loaded into the process. A page's text joins its
 * text items, a line break where pdf.js finds a line's end; a page with no text at all has `text: null`.
 */
export async function extractPdfPages(bytes: Uint8Array, first: number, last: number, maxPageChars: number): Promise<{ totalPages: number; pages: PdfPageText[] }> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    enableXfa: false,
    disableAutoFetch: true,
    disableStream: true,
    disableRange: true,
    stopAtErrors: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  try {
    const document = await task.promise;
    const pages: PdfPageText[] = [];
    for (let number = first; number <= Math.min(last, document.numPages); number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = "";
      for (const item of content.items) {
        if (!("str" in item)) continue;
        text += item.hasEOL ? `${item.str}\n` : item.str;
        if (text.length > maxPageChars) break;
      }
      page.cleanup();
      const cut = text.length > maxPageChars;
      pages.push({ number, text: text.trim() === "" ? null : (cut ? text.slice(0, maxPageChars) : text).trimEnd(), cut });
    }
    return { totalPages: document.numPages, pages };
  } finally {
    await task.destroy();
  }
}

/**
 * Loads pdf.js once per worker process. pdf.js looks for its worker's message handler on
 * `globalThis.pdfjsWorker` before it would import it by URL: imported here, it runs in this thread.
 */
export function loadPdfJs(): Promise<PdfJs> {
  loaded ??= (async () => {
    const worker: unknown = await import("pdfjs-dist/legacy/build/pdf.worker.min.mjs" as string);
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return import("pdfjs-dist/legacy/build/pdf.min.mjs" as string) as Promise<PdfJs>;
  })();
  return loaded;
}
