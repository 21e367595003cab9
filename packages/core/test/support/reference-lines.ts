/** One line of the in-memory reference model. */
export interface ReferenceLine {
  readonly text: string;
  readonly terminator: "" | "\n" | "\r\n";
  /** The line's bytes (terminator included) are valid UTF-8. */
  readonly valid: boolean;
  /** Byte offset just past the line's terminator. */
  readonly end: number;
}

const lenient = new TextDecoder("utf-8", { ignoreBOM: true });
const strict = new TextDecoder("utf-8", { ignoreBOM: true, fatal: true });

/**
 * The line model computed the simplest way, on the whole file in memory: split the bytes at every LF, a
 * CR right before an LF belongs to the terminator, no phantom line after a final LF, each line decoded on
 * its own (invalid sequences become U+FFFD). Core's streaming reader must agree with it on every file.
 */
export function referenceLines(bytes: Uint8Array): ReferenceLine[] {
  const lines: ReferenceLine[] = [];
  let start = 0;
  while (start < bytes.length) {
    const nl = bytes.indexOf(0x0a, start);
    const end = nl === -1 ? bytes.length : nl;
    const crlf = nl !== -1 && end > start && bytes[end - 1] === 0x0d;
    const content = bytes.subarray(start, crlf ? end - 1 : end);
    lines.push({
      text: lenient.decode(content),
      terminator: nl === -1 ? "" : crlf ? "\r\n" : "\n",
      valid: isValid(bytes.subarray(start, nl === -1 ? end : nl + 1)),
      end: nl === -1 ? end : nl + 1,
    });
    start = nl === -1 ? bytes.length : nl + 1;
  }
  return lines;
}

function isValid(bytes: Uint8Array): boolean {
  try {
    strict.decode(bytes);
    return true;
  } catch {
    return false;
  }
}
