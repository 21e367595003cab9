import { deflateSync } from "node:zlib";

/**
 * A minimal, valid PDF made byte by byte: one page per entry of `pages`, each page's lines drawn in
 * Helvetica (a standard font, not embedded), a page of `null` drawing nothing (a page without a text
 * layer, as a scanned page is). The same pages always give the same bytes: tests, golden cases and the
 * bench make their PDFs with it instead of committing binaries they could not review. `openActionScript`
 * is JavaScript the PDF asks a viewer to run when it is opened (an `/OpenAction`), as hostile PDFs do;
 * `linkUri` puts a link to that URI over the first page's text (a `/Link` annotation with a `/URI` action).
 */
export function makePdf(pages: readonly (readonly string[] | null)[], options: { readonly openActionScript?: string; readonly linkUri?: string } = {}): Uint8Array {
  return pdfOf(
    pages.map((lines) => ({ stream: lines === null ? "0 0 1 rg 72 72 100 100 re f" : textStream(lines), filter: undefined })),
    options.openActionScript,
    options.linkUri,
  );
}

/**
 * A one-page PDF whose page's content is `operators` (a content stream's text, such as `"0 0 m\n"`)
 * repeated `times` times, stored deflated: a few hundred kilobytes that a reader must inflate to
 * `operators.length * times` bytes and interpret, operator by operator, to find the page's text. The
 * pathological PDF of the adversarial suite and of the document worker's tests.
 */
export function makeInflatingPdf(operators: string, times: number): Uint8Array {
  const deflated = deflateSync(Buffer.from(operators.repeat(times), "latin1"), { level: 9 });
  return pdfOf([{ stream: deflated.toString("latin1"), filter: "/FlateDecode" }]);
}

function pdfOf(pages: readonly { readonly stream: string; readonly filter: string | undefined }[], openActionScript?: string, linkUri?: string): Uint8Array {
  const objects: string[] = [];
  const count = pages.length;
  // 1: catalog, 2: page tree, 3: font, then a page and its content stream for each page.
  const openAction = openActionScript === undefined ? "" : ` /OpenAction << /S /JavaScript /JS (${escapePdfString(openActionScript)}) >>`;
  objects.push(`<< /Type /Catalog /Pages 2 0 R${openAction} >>`);
  const kids = pages.map((_, index) => `${4 + index * 2} 0 R`).join(" ");
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${count} >>`);
  objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  for (const [index, { stream, filter }] of pages.entries()) {
    const contentRef = `${5 + index * 2} 0 R`;
    const annots = linkUri === undefined || index > 0 ? "" : ` /Annots [<< /Type /Annot /Subtype /Link /Rect [72 700 300 730] /A << /S /URI /URI (${escapePdfString(linkUri)}) >> >>]`;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentRef}${annots} >>`);
    objects.push(`<< /Length ${Buffer.byteLength(stream, "latin1")}${filter === undefined ? "" : ` /Filter ${filter}`} >>\nstream\n${stream}\nendstream`);
  }
  let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  for (const [index, object] of objects.entries()) {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, "latin1"));
}

function textStream(lines: readonly string[]): string {
  const shown = lines.map((line, index) => `${index === 0 ? "" : "0 -16 Td "}(${escapePdfString(line)}) Tj`).join("\n");
  return `BT\n/F1 12 Tf\n72 720 Td\n${shown}\nET`;
}

function escapePdfString(text: string): string {
  return text.replace(/[\\()]/g, (character) => `\\${character}`);
}
