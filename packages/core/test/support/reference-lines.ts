/** One line of the in-memory reference model. */
export interface ReferenceLine {
  readonly text: string;
  readonly terminator: "" | "\n" | "\r\n" | "\r";
  /** The line's bytes (terminator included) are valid UTF-8. */
  readonly valid: boolean;
  /** Byte offset just past the line's terminator. */
  readonly end: number;
}

const lenient = new TextDecoder("utf-8", { ignoreBOM: true });
const strict = new TextDecoder("utf-8", { ignoreBOM: true, fatal: true });

/**
 * The line model computed the simplest way, on the whole file in memory: split the bytes at every LF, a
 * CR right before an LF belonging to the terminator (`universal`: also at a lone CR), no phantom line
 * after a final line end, each line decoded on its own (invalid sequences become U+FFFD). Core's streaming
 * reader must agree with it on every file.
 */
export function referenceLines(bytes: Uint8Array, breaks: "lf" | "universal" = "lf"): ReferenceLine[] {
  const lines: ReferenceLine[] = [];
  let start = 0;
  while (start < bytes.length) {
    let at = start;
    while (at < bytes.length && bytes[at] !== 0x0a && !(breaks === "universal" && bytes[at] === 0x0d)) at++;
    let line: { contentEnd: number; end: number; terminator: ReferenceLine["terminator"] };
    if (at === bytes.length) line = { contentEnd: at, end: at, terminator: "" };
    else if (bytes[at] === 0x0d) line = bytes[at + 1] === 0x0a ? { contentEnd: at, end: at + 2, terminator: "\r\n" } : { contentEnd: at, end: at + 1, terminator: "\r" };
    else line = at > start && bytes[at - 1] === 0x0d ? { contentEnd: at - 1, end: at + 1, terminator: "\r\n" } : { contentEnd: at, end: at + 1, terminator: "\n" };
    lines.push({ text: lenient.decode(bytes.subarray(start, line.contentEnd)), terminator: line.terminator, valid: isValid(bytes.subarray(start, line.end)), end: line.end });
    start = line.end;
  }
  return lines;
}

/** Whether `bytes` are valid UTF-8 as a whole. */
export function isValid(bytes: Uint8Array): boolean {
  try {
    strict.decode(bytes);
    return true;
  } catch {
    return false;
  }
}
