import { MAX_JSON_BYTES_PER_BYTE, countNewlines, decodeUtf8, jsonBytesOf, numberLines, type OpenFile, type SecretScanner, type Steps } from "@read/core";
import type { AgentConfig } from "./config-schema.js";
import type { ReadInput } from "./input-schema.js";
import { fitsBytes, fitsTenths, type Next } from "./page-builder.js";

/** A page of a file's first lines, every one shown whole. */
export interface LeadingPage {
  /** The lines, each as `<number>\t<text>`, joined by line feeds. */
  readonly content: string;
  /** The number of the last line shown. */
  readonly end_line: number;
  /** Where the next read starts; `null` after the file's last line. */
  readonly next: Next | null;
}

const LF = 0x0a;
const PIECE_BYTES = 32 * 1024;

// The buffer windows are read into, kept for later calls (a fresh one's page faults cost as much as the
// read); a call that finds it in use (another call's read is waiting) reads into one of its own. Windows
// are at most this large.
const KEPT_BYTES = 1024 * 1024;
let kept = Buffer.allocUnsafeSlow(0);
let keptBusy = false;

/**
 * The page of a read from the first line of a UTF-8 file (no `start_line` past 1, `tail`, `ranges` or
 * `column`) when all the lines it asks for fit it whole, within `max_tokens` by its upper bound too: the window's bytes read once,
 * numbered in one pass (core's `numberLines`) and decoded once, exactly the page `pageLinesSteps` builds
 * line by line. `undefined` when it may differ: a line longer than `max_line_chars` bytes (perhaps cut),
 * lines that do not all fit `max_content_bytes`, or a text the secrets policy's scanner may find a secret
 * in; the caller then builds the page line by line. It is the most common read, and building its page
 * line by line took most of its time.
 */
export function* leadingPageSteps(file: OpenFile, input: ReadInput, config: AgentConfig, totalLines: number, bomBytes: number, redact: SecretScanner | undefined): Steps<LeadingPage | undefined> {
  if ((input.start_line ?? 1) !== 1 || input.tail !== undefined || input.ranges !== undefined || input.column !== undefined || totalLines === 0) return undefined;
  const wanted = Math.min(input.limit ?? config.max_lines, config.max_lines, totalLines);
  // A line's bytes cost at least as many in JSON: a window that fits has at most max_content_bytes of them.
  // A larger window (a raised bound) is left to the line-by-line page, whose memory follows the page.
  const cap = Math.min(file.stat.size - bomBytes, config.max_content_bytes, KEPT_BYTES);
  if (cap <= 0) return undefined;
  const target = keptBusy ? Buffer.allocUnsafe(cap) : keptBuffer(cap);
  const own = keptBusy;
  keptBusy = true;
  try {
    // Read a chunk at a time until the lines wanted are in, or the file ends (a read gets nothing: the file
    // may have grown since it was opened). The bytes of the chunk the sniff read are copied from it.
    let length = 0;
    let lineFeeds = 0;
    let atEnd = false;
    while (lineFeeds < wanted) {
      if (length === cap) {
        atEnd = yield* file.reader.atEnd(bomBytes + length);
        break;
      }
      const bytes = yield* file.reader.into(target, length, Math.min(cap - length, file.reader.chunkSize), bomBytes + length);
      if (bytes === 0) {
        atEnd = true;
        break;
      }
      lineFeeds += countNewlines(target.subarray(length, length + bytes));
      length += bytes;
    }
    return pageOf(target.subarray(0, length), atEnd, input, config, totalLines, wanted, redact);
  } finally {
    if (!own) keptBusy = false;
  }
}

// The page of the first `wanted` lines of `window` (the file's bytes from its first line; `atEnd`: the file
// ends with them), or `undefined` where the line-by-line page may differ.
function pageOf(window: Buffer, atEnd: boolean, input: ReadInput, config: AgentConfig, totalLines: number, wanted: number, redact: SecretScanner | undefined): LeadingPage | undefined {
  const numbered = numberLines(window, 1, wanted, atEnd);
  if (numbered === undefined || numbered.lines < wanted || numbered.longest > config.max_line_chars) return undefined;
  // Counted only when the most the bytes can cost in JSON does not fit: each costly byte six (a C0 control
  // escaped as \u0001), each line's tab and the line feed before it two, the quotes around the text two.
  const most = numbered.bytes.length + (MAX_JSON_BYTES_PER_BYTE - 1) * numbered.costly + 2 * numbered.lines + 2;
  if (!fitsBytes(config.max_content_bytes, most) && !fitsBytes(config.max_content_bytes, jsonBytesOf(numbered.bytes) + 2)) return undefined;
  // The page's UTF-16 units are at most its bytes, less the line feeds that join its lines.
  if (input.max_tokens !== undefined && !fitsTenths(input.max_tokens, (numbered.bytes.length - (wanted - 1)) * 15 + wanted * 10)) return undefined;
  if (redact !== undefined) {
    // The bytes of the lines' texts joined by line feeds, which the scanner's check reads; a CR before a
    // line feed, which the texts leave out, is in no keyword.
    const texts = window.subarray(0, numbered.consumed - (window[numbered.consumed - 1] === LF ? 1 : 0));
    if (redact.mayFind?.(texts) !== false) return undefined;
  }
  return { content: decodePieces(numbered.bytes), end_line: wanted, next: wanted < totalLines ? { start_line: wanted + 1 } : null };
}

function keptBuffer(size: number): Buffer {
  if (kept.length < size) kept = Buffer.allocUnsafeSlow(Math.max(size, 64 * 1024));
  return kept;
}

// Decoded in pieces of at most 32 KiB, each ending after a line feed, joined as V8 joins strings (a rope):
// V8 maps memory of its own for a string of over 128 KiB, whose every page faults in, which took longer
// than the rest of the page (core decodes windows in such pieces too). Where no line feed falls in a piece
// (a line of over 32 KiB, with max_line_chars raised that far) the rest is decoded as one string. Invalid
// UTF-8 becomes U+FFFD as the line-by-line page has it: a line feed, a CR or a line's number ends no
// sequence, and every line starts a new one.
function decodePieces(bytes: Buffer): string {
  let text = "";
  for (let start = 0; start < bytes.length; ) {
    let end = bytes.length;
    if (end - start > PIECE_BYTES) {
      const lf = bytes.lastIndexOf(LF, start + PIECE_BYTES - 1);
      if (lf >= start) end = lf + 1;
    }
    text += decodeUtf8(bytes.subarray(start, end));
    start = end;
  }
  return text;
}
