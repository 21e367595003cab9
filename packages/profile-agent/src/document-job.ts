/**
 * What the host asks the document worker (`document-worker.ts`, a child process) to parse, and what it
 * answers: plain data, sent over the worker's IPC channel. The file's bytes travel with the job.
 */
export type DocumentJob =
  | {
      readonly kind: "pdf";
      readonly bytes: Uint8Array;
      /** The 1-based pages wanted, `first` to `last` (clamped to the PDF's pages). */
      readonly first: number;
      readonly last: number;
      /** Most characters of one page's text returned: no answer shows more. */
      readonly maxPageChars: number;
    }
  | {
      readonly kind: "notebook";
      readonly bytes: Uint8Array;
      /** Most characters of one text output shown before it is cut with a marker. */
      readonly maxOutputChars: number;
    };

/** One PDF page's text; `text` is `null` when the page has no text layer (a scanned page, a drawing). */
export interface PdfPageText {
  readonly number: number;
  readonly text: string | null;
  /** The page held more than `maxPageChars` characters; `text` is its first ones. */
  readonly cut: boolean;
}

/**
 * What the worker posts once its parser is loaded, before it parses the document: the document's time
 * bound counts from here (loading pdf.js is the tool's cost, not the document's).
 */
export interface ParsingStarted {
  readonly kind: "parsing";
}

/** The worker's answer to a {@link DocumentJob}. */
export type DocumentAnswer =
  | { readonly kind: "pdf"; readonly totalPages: number; readonly pages: readonly PdfPageText[] }
  | { readonly kind: "notebook"; readonly text: string; readonly cells: number; readonly language: string | null }
  | { readonly kind: "invalid"; readonly message: string }
  | { readonly kind: "too-complex"; readonly message: string };
