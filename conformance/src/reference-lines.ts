import type { Oracle } from "./oracle.js";

/** A line of the reference model: its text and the terminator that ended it in the file. */
export interface ReferenceLine {
  readonly text: string;
  readonly terminator: "" | "\n" | "\r\n";
}

const decoder = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

/**
 * The line model every profile shares, computed independently of `@read/core`: lines end at `\n`
 * (`\r\n` is one terminator), a last line without a newline has terminator `""`, a trailing newline
 * adds no empty line, and `""` has no lines. Each line is decoded on its own with U+FFFD replacement
 * (a newline byte never occurs inside a UTF-8 sequence, so this equals decoding the whole file).
 */
export function referenceLines(bytes: Uint8Array): ReferenceLine[] {
  const lines: ReferenceLine[] = [];
  let start = 0;
  while (start < bytes.length) {
    const newline = bytes.indexOf(0x0a, start);
    if (newline === -1) {
      lines.push({ text: decoder.decode(bytes.subarray(start)), terminator: "" });
      break;
    }
    const crlf = newline > start && bytes[newline - 1] === 0x0d;
    lines.push({ text: decoder.decode(bytes.subarray(start, crlf ? newline - 1 : newline)), terminator: crlf ? "\r\n" : "\n" });
    start = newline + 1;
  }
  return lines;
}

/**
 * The exact text a profile returns for a window of lines, as its oracle declares it: an optional
 * line-number prefix, the text, and the terminator (folded to `\n` or kept; always `\n`, or as in the file).
 * `firstNumber` is the file line number of `lines[0]`.
 */
export function renderWindow(oracle: Oracle, lines: readonly ReferenceLine[], firstNumber: number): string {
  const { numbers, crlf, finalNewline } = oracle.output;
  const widest = String(firstNumber + lines.length - 1).length;
  return lines
    .map((line, index) => {
      const prefix = numbers === null ? "" : `${String(firstNumber + index).padStart(numbers.width === "widest" ? widest : numbers.width)}${numbers.separator}`;
      const terminator = finalNewline === "always" ? "\n" : crlf === "fold" && line.terminator === "\r\n" ? "\n" : line.terminator;
      return `${prefix}${line.text}${terminator}`;
    })
    .join("");
}
