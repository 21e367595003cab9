import type { Oracle } from "./oracle.js";

/** A line of the reference model: its text and the terminator that ended it in the file. */
export interface ReferenceLine {
  readonly text: string;
  readonly terminator: "" | "\n" | "\r\n" | "\r";
}

const decoder = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

/**
 * The lines of a file as the oracle's profile counts them, computed independently of `@read/core`: lines
 * end at `\n` (`\r\n` is one terminator; with `lineBreaks: "universal"` a lone `\r` ends a line too), a
 * last line without a line end has terminator `""`, and `""` has no lines. A trailing newline adds no empty line, except for a profile that splits the text on `\n`
 * (`finalNewline: "separator"`), where it starts a last, empty one. A leading BOM is kept as U+FEFF, or
 * dropped (`bom: "strip"`). Each line is decoded on its own with U+FFFD replacement (a newline byte never
 * occurs inside a UTF-8 sequence, so this equals decoding the whole file).
 */
export function referenceLines(bytes: Uint8Array, oracle: Pick<Oracle, "output">): ReferenceLine[] {
  const { finalNewline, bom, lineBreaks } = oracle.output;
  const lines = terminatedLines(bytes, lineBreaks);
  const first = lines[0];
  if (bom === "strip" && first !== undefined && first.text.startsWith("\uFEFF")) {
    lines[0] = { ...first, text: first.text.slice(1) };
    // A file that was only a BOM has no text, so no line.
    if (lines.length === 1 && first.text === "\uFEFF" && first.terminator === "") lines.pop();
  }
  if (finalNewline === "separator" && lines.length > 0 && lines[lines.length - 1]?.terminator !== "") lines.push({ text: "", terminator: "" });
  return lines;
}

function terminatedLines(bytes: Uint8Array, lineBreaks: "lf" | "universal"): ReferenceLine[] {
  const lines: ReferenceLine[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = start;
    while (end < bytes.length && bytes[end] !== 0x0a && !(lineBreaks === "universal" && bytes[end] === 0x0d)) end++;
    if (end === bytes.length) {
      lines.push({ text: decoder.decode(bytes.subarray(start)), terminator: "" });
      break;
    }
    if (bytes[end] === 0x0d) {
      const crlf = bytes[end + 1] === 0x0a;
      lines.push({ text: decoder.decode(bytes.subarray(start, end)), terminator: crlf ? "\r\n" : "\r" });
      start = end + (crlf ? 2 : 1);
      continue;
    }
    const crlf = end > start && bytes[end - 1] === 0x0d;
    lines.push({ text: decoder.decode(bytes.subarray(start, crlf ? end - 1 : end)), terminator: crlf ? "\r\n" : "\n" });
    start = end + 1;
  }
  return lines;
}

/**
 * The exact text a profile returns for a window of lines, as its oracle declares it: an optional
 * line-number prefix, the text, and the terminator (folded to `\n` or kept; always `\n`, or as in the
 * file), or, for `finalNewline: "separator"` and `"none"`, the lines joined with `\n`. `firstNumber` is the file line
 * number of `lines[0]`.
 */
export function renderWindow(oracle: Oracle, lines: readonly ReferenceLine[], firstNumber: number): string {
  const { numbers, crlf, finalNewline } = oracle.output;
  const widest = String(firstNumber + lines.length - 1).length;
  const rendered = lines.map((line, index) => {
    const prefix = numbers === null ? "" : `${String(firstNumber + index).padStart(numbers.width === "widest" ? widest : numbers.width)}${numbers.separator}`;
    if (finalNewline === "separator" || finalNewline === "none") return `${prefix}${line.text}`;
    const terminator = finalNewline === "always" ? "\n" : crlf === "fold" && line.terminator === "\r\n" ? "\n" : line.terminator;
    return `${prefix}${line.text}${terminator}`;
  });
  return rendered.join(finalNewline === "separator" || finalNewline === "none" ? "\n" : "");
}
