import { isUtf8 } from "node:buffer";
import { coreFailure } from "./core-failure.js";
import { CHUNK_SIZE, readChunk } from "./chunk-buffer.js";
import type { OpenFile } from "./open-file.js";
import { fail, ok, type Result } from "./result.js";
import { fromOsError } from "./workspace.js";

const LF = 0x0a;

/** Which lines to return: a window from a 1-based start line, or the last lines of the file. */
export type LineWindowRequest =
  | {
      readonly from: "start";
      /** 1-based number of the first line to return. */
      readonly startLine: number;
      /** How many lines at most; `null` reads to the end of the file. */
      readonly maxLines: number | null;
    }
  | { readonly from: "end"; readonly lines: number };

/** Options of {@link readLines}. */
export interface ReadLinesOptions {
  readonly window: LineWindowRequest;
  /** Count every line of the file (streamed, never loaded), for `totalLines` and tail numbering. */
  readonly countTotal: boolean;
  /**
   * `strict`: invalid UTF-8 in the window is an `INVALID_UTF8` failure. `replace`: it decodes to U+FFFD
   * and the result says `replaced: true` (never silently).
   */
  readonly decode: "strict" | "replace";
  /**
   * At most this many bytes are scanned from the start of the file (to find a window, or to count).
   * A window that cannot be found within it fails with `SCAN_LIMIT`; a count that cannot finish within
   * it leaves `totalLines` `null`. Unlimited when absent.
   */
  readonly maxScanBytes?: number;
  /** A file found to be longer than this while it is read fails with `TOO_LARGE` (it grew after `stat`). */
  readonly maxFileBytes?: number;
  /** The returned window may hold at most this many bytes (default {@link DEFAULT_MAX_WINDOW_BYTES}). */
  readonly maxWindowBytes?: number;
}

/** Bytes a single window may hold unless the caller says otherwise: memory follows the window, never the file. */
export const DEFAULT_MAX_WINDOW_BYTES = 64 * 1024 * 1024;

/** One line of a window. `text` never contains its terminator; a CRLF is reported, never left as `\r`. */
export interface Line {
  /** Absolute 1-based line number, or `null` when it could not be counted (a tail beyond the scan budget). */
  readonly number: number | null;
  readonly text: string;
  /** `""` only for a last line without a final newline. */
  readonly terminator: "" | "\n" | "\r\n";
}

/** A window of lines and what was learnt about the file while reading it. */
export interface LineWindow {
  readonly lines: readonly Line[];
  /** Number of the first returned line; `null` when no line was returned or it could not be counted. */
  readonly firstLine: number | null;
  /**
   * The file's line count (`"a\nb\n"` and `"a\nb"` have 2, `""` 0, `"\n"` 1); `null` when not asked
   * for, or when counting would exceed the scan budget.
   */
  readonly totalLines: number | null;
  /** Lines follow the window. */
  readonly hasMore: boolean;
  /** Invalid UTF-8 in the window was replaced by U+FFFD. */
  readonly replaced: boolean;
  /** The file starts with a UTF-8 byte order mark (kept as U+FEFF at the start of line 1's text). */
  readonly bom: boolean;
  /** Bytes of the file that were read to produce this window. */
  readonly bytesScanned: number;
}

/**
 * Reads a window of lines from an open file, streaming: memory is bounded by the window, never by the
 * file. A forward window counts newlines up to its start without decoding them; a tail reads backwards
 * from the end. A start past the last line yields an empty window (with `totalLines`).
 */
export function readLines(file: OpenFile, options: ReadLinesOptions): Result<LineWindow> {
  try {
    return options.window.from === "start" ? readForward(file, options, options.window) : readTail(file, options, options.window.lines);
  } catch (error) {
    return fail(fromOsError(error, file.path.input, `The file '${file.path.input}'`));
  }
}

interface Scan {
  /** Newlines seen in [0, position). */
  newlines: number;
  position: number;
  lastByte: number;
  eof: boolean;
}

function budgetOf(options: ReadLinesOptions): number {
  return Math.min(options.maxScanBytes ?? Number.POSITIVE_INFINITY, options.maxFileBytes === undefined ? Number.POSITIVE_INFINITY : options.maxFileBytes + 1);
}

function readForward(file: OpenFile, options: ReadLinesOptions, window: { startLine: number; maxLines: number | null }): Result<LineWindow> {
  const budget = budgetOf(options);
  const scan: Scan = { newlines: 0, position: 0, lastByte: -1, eof: false };
  const startOffset = seekLine(file, scan, window.startLine - 1, budget);
  if (startOffset === undefined) return fail(overBudget(file, options, window.startLine));
  const head = readBomFlag(file);
  if (scan.eof && startOffset === scan.position) {
    return ok({ lines: [], firstLine: null, totalLines: linesOf(scan), hasMore: false, replaced: false, bom: head, bytesScanned: scan.position });
  }
  const maxWindow = options.maxWindowBytes ?? DEFAULT_MAX_WINDOW_BYTES;
  const parts: Buffer[] = [];
  let windowBytes = 0;
  let taken = 0;
  const wanted = window.maxLines ?? Number.POSITIVE_INFINITY;
  let position = startOffset;
  let endOffset = -1;
  while (endOffset === -1) {
    const { buffer, bytes } = readWithin(file, position, budget);
    if (bytes === 0) {
      if (position >= budget && !atEnd(file, position)) return fail(overBudget(file, options, window.startLine));
      endOffset = position;
      scan.eof = true;
      break;
    }
    let cut = bytes;
    let from = 0;
    while (taken < wanted) {
      const nl = buffer.indexOf(LF, from);
      if (nl === -1 || nl >= bytes) break;
      taken++;
      from = nl + 1;
      if (taken === wanted) cut = from;
    }
    if (windowBytes + cut > maxWindow) return fail(windowTooLarge(file, maxWindow));
    parts.push(Buffer.from(buffer.subarray(0, cut)));
    windowBytes += cut;
    scan.lastByte = buffer[bytes - 1] ?? -1;
    position += cut;
    if (cut < bytes || taken === wanted) endOffset = position;
  }
  const bytes = Buffer.concat(parts, windowBytes);
  const decoded = decodeLines(file, bytes, window.startLine, options.decode);
  if (!decoded.ok) return decoded;
  scan.newlines += countNewlines(bytes);
  scan.position = endOffset;
  if (bytes.length > 0) scan.lastByte = bytes[bytes.length - 1] ?? -1;
  let totalLines: number | null = null;
  let hasMore: boolean;
  if (scan.eof) {
    totalLines = linesOf(scan);
    hasMore = false;
  } else if (options.countTotal) {
    const counted = countToEnd(file, scan, budget);
    if (!counted && fileLimitReached(options, scan.position)) return fail(tooLargeWhileRead(file, options));
    totalLines = counted ? linesOf(scan) : null;
    hasMore = counted ? scan.position > endOffset : true;
  } else {
    hasMore = !atEnd(file, endOffset);
  }
  return ok({ ...decoded.value, firstLine: decoded.value.lines.length > 0 ? window.startLine : null, totalLines, hasMore, bom: head, bytesScanned: scan.position });
}

// Advances `scan` to the start of line `skip + 1`, counting newlines without keeping bytes. Returns the
// byte offset of that line (the end of the file when it has fewer lines), or undefined when the budget
// ran out first.
function seekLine(file: OpenFile, scan: Scan, skip: number, budget: number): number | undefined {
  if (skip === 0) return 0;
  for (;;) {
    const { buffer, bytes } = readWithin(file, scan.position, budget);
    if (bytes === 0) {
      if (scan.position >= budget && !atEnd(file, scan.position)) return undefined;
      scan.eof = true;
      return scan.position;
    }
    let from = 0;
    for (;;) {
      const nl = buffer.indexOf(LF, from);
      if (nl === -1 || nl >= bytes) break;
      scan.newlines++;
      from = nl + 1;
      if (scan.newlines === skip) {
        scan.lastByte = LF;
        scan.position += from;
        return scan.position;
      }
    }
    scan.lastByte = buffer[bytes - 1] ?? -1;
    scan.position += bytes;
  }
}

// Counts the rest of the file into `scan`. True when the end was reached within the budget.
function countToEnd(file: OpenFile, scan: Scan, budget: number): boolean {
  for (;;) {
    const { buffer, bytes } = readWithin(file, scan.position, budget);
    if (bytes === 0) {
      scan.eof = budget > scan.position || atEnd(file, scan.position);
      return scan.eof;
    }
    scan.newlines += countNewlines(buffer.subarray(0, bytes));
    scan.lastByte = buffer[bytes - 1] ?? -1;
    scan.position += bytes;
  }
}

// Reads the next chunk at `position` without passing `budget`; 0 bytes at the budget means "stopped
// there", which `atEnd` tells apart from the end of the file.
function readWithin(file: OpenFile, position: number, budget: number): { buffer: Buffer; bytes: number } {
  if (position >= budget) return { buffer: Buffer.alloc(0), bytes: 0 };
  return readChunk(file.fd, position, Math.min(CHUNK_SIZE, budget - position));
}

function atEnd(file: OpenFile, position: number): boolean {
  return readChunk(file.fd, position, 1).bytes === 0;
}

function readTail(file: OpenFile, options: ReadLinesOptions, count: number): Result<LineWindow> {
  const maxWindow = options.maxWindowBytes ?? DEFAULT_MAX_WINDOW_BYTES;
  const end = endOfFile(file);
  const bom = readBomFlag(file);
  if (end === 0 || count === 0) {
    return ok({ lines: [], firstLine: null, totalLines: end === 0 ? 0 : null, hasMore: end > 0, replaced: false, bom, bytesScanned: 0 });
  }
  const last = readChunk(file.fd, end - 1, 1).buffer[0];
  let searchEnd = last === LF ? end - 1 : end;
  let found = 0;
  let start = 0;
  const parts: Buffer[] = [];
  let collected = end - searchEnd;
  if (collected > 0) parts.push(Buffer.from([LF]));
  while (searchEnd > 0) {
    const from = Math.max(0, searchEnd - CHUNK_SIZE);
    const { buffer, bytes } = readChunk(file.fd, from, searchEnd - from);
    let index = bytes;
    let cut = -1;
    while (index > 0) {
      const nl = buffer.lastIndexOf(LF, index - 1);
      if (nl === -1) break;
      found++;
      if (found === count) {
        cut = nl + 1;
        break;
      }
      index = nl;
    }
    const keepFrom = cut === -1 ? 0 : cut;
    if (collected + bytes - keepFrom > maxWindow) return fail(windowTooLarge(file, maxWindow));
    parts.unshift(Buffer.from(buffer.subarray(keepFrom, bytes)));
    collected += bytes - keepFrom;
    if (cut !== -1) {
      start = from + cut;
      break;
    }
    searchEnd = from;
  }
  const bytes = Buffer.concat(parts, collected);
  let firstLine: number | null = null;
  let totalLines: number | null = null;
  const budget = budgetOf(options);
  if (options.countTotal && end <= budget) {
    const scan: Scan = { newlines: 0, position: 0, lastByte: -1, eof: false };
    while (scan.position < start) {
      const { buffer, bytes: n } = readChunk(file.fd, scan.position, Math.min(CHUNK_SIZE, start - scan.position));
      if (n === 0) break;
      scan.newlines += countNewlines(buffer.subarray(0, n));
      scan.position += n;
    }
    firstLine = scan.newlines + 1;
  }
  const decoded = decodeLines(file, bytes, firstLine, options.decode);
  if (!decoded.ok) return decoded;
  if (firstLine !== null) totalLines = firstLine - 1 + decoded.value.lines.length;
  return ok({ ...decoded.value, firstLine: decoded.value.lines.length > 0 ? firstLine : null, totalLines, hasMore: false, bom, bytesScanned: end - start });
}

// The real end of the file: `stat.size` unless reading past it finds more (a file that grew, or one
// whose size reads 0).
function endOfFile(file: OpenFile): number {
  let end = file.stat.size;
  for (;;) {
    const { bytes } = readChunk(file.fd, end);
    if (bytes === 0) return end;
    end += bytes;
  }
}

function readBomFlag(file: OpenFile): boolean {
  const { buffer, bytes } = readChunk(file.fd, 0, 3);
  return bytes === 3 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf;
}

function decodeLines(file: OpenFile, bytes: Buffer, firstNumber: number | null, policy: "strict" | "replace"): Result<{ lines: Line[]; replaced: boolean }> {
  const valid = isUtf8(bytes);
  if (!valid && policy === "strict") {
    return fail(coreFailure("INVALID_UTF8", `The file '${file.path.input}' is not valid UTF-8.`, file.path.input));
  }
  const text = bytes.toString("utf8");
  const lines: Line[] = [];
  if (text.length > 0) {
    const pieces = text.split("\n");
    const terminated = text.endsWith("\n");
    if (terminated) pieces.pop();
    pieces.forEach((piece, index) => {
      const isLast = index === pieces.length - 1;
      const hasNewline = !isLast || terminated;
      const crlf = hasNewline && piece.endsWith("\r");
      lines.push({
        number: firstNumber === null ? null : firstNumber + index,
        text: crlf ? piece.slice(0, -1) : piece,
        terminator: hasNewline ? (crlf ? "\r\n" : "\n") : "",
      });
    });
  }
  return ok({ lines, replaced: !valid });
}

/** Number of LF bytes in `bytes`. */
export function countNewlines(bytes: Uint8Array): number {
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let count = 0;
  let from = 0;
  for (;;) {
    const nl = buffer.indexOf(LF, from);
    if (nl === -1) return count;
    count++;
    from = nl + 1;
  }
}

function fileLimitReached(options: ReadLinesOptions, position: number): boolean {
  return options.maxFileBytes !== undefined && position > options.maxFileBytes;
}

function linesOf(scan: Scan): number {
  return scan.newlines + (scan.position > 0 && scan.lastByte !== LF ? 1 : 0);
}

function overBudget(file: OpenFile, options: ReadLinesOptions, startLine: number) {
  if (options.maxFileBytes !== undefined && (options.maxScanBytes === undefined || options.maxFileBytes < options.maxScanBytes)) {
    return tooLargeWhileRead(file, options);
  }
  const limit = options.maxScanBytes ?? 0;
  return coreFailure(
    "SCAN_LIMIT",
    `Line ${startLine} of '${file.path.input}' lies beyond the first ${limit} bytes, the most one read may scan.`,
    file.path.input,
    { max_scan_bytes: limit, start_line: startLine },
  );
}

function tooLargeWhileRead(file: OpenFile, options: ReadLinesOptions) {
  return coreFailure("TOO_LARGE", `The file '${file.path.input}' grew past the limit of ${options.maxFileBytes} bytes while it was read.`, file.path.input, {
    limit: options.maxFileBytes ?? null,
  });
}

function windowTooLarge(file: OpenFile, limit: number) {
  return coreFailure("TOO_LARGE", `The requested lines of '${file.path.input}' hold more than ${limit} bytes; request fewer lines.`, file.path.input, {
    window_limit: limit,
  });
}
