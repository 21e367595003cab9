import { constants as bufferConstants, isAscii, isUtf8 } from "node:buffer";
import fs from "node:fs";
import { coreFailure } from "./core-failure.js";
import { quoteText } from "./escape-text.js";
import { CHUNK_SIZE, knownToEnd, readChunk } from "./chunk-buffer.js";
import { countLineFeeds } from "./count-line-feeds.js";
import { decodeUtf8 } from "./decode-utf8.js";
import { lineIndexOf, type LineIndex } from "./line-index.js";
import type { OpenFile } from "./open-file.js";
import { fail, ok, type Result } from "./result.js";
import { fromOsError } from "./workspace.js";

const LF = 0x0a;
const { MAX_LENGTH } = bufferConstants;
const CR = 0x0d;

/**
 * Which lines to return: a window from a 1-based start line, or the last lines of the file. A request
 * outside these ranges fails with `INVALID_INPUT` (`reason: "window"`).
 */
export type LineWindowRequest =
  | {
      readonly from: "start";
      /** 1-based number of the first line to return: an integer of at least 1. */
      readonly startLine: number;
      /** How many lines at most: an integer of at least 0; `null` (or `Infinity`) reads to the end of the file. */
      readonly maxLines: number | null;
    }
  | {
      readonly from: "end";
      /** How many lines at most, counted back from the end: an integer of at least 0 (or `Infinity`). */
      readonly lines: number;
    };

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
   * A forward window that does not lie wholly within it fails with `SCAN_LIMIT`; a count that cannot
   * finish within it leaves `totalLines` `null` (and a tail's line numbers with it). A tail itself is
   * read backwards from the end and is bounded by `maxWindowBytes`, not by this. Unlimited when absent.
   */
  readonly maxScanBytes?: number;
  /**
   * A file found to be longer than this while it is read fails with `TOO_LARGE` (it grew after `stat`):
   * no read goes past byte `maxFileBytes + 1`.
   */
  readonly maxFileBytes?: number;
  /** The returned window may hold at most this many bytes (default {@link DEFAULT_MAX_WINDOW_BYTES}). */
  readonly maxWindowBytes?: number;
}

/** Bytes a single window may hold unless the caller says otherwise: memory follows the window, never the file. */
export const DEFAULT_MAX_WINDOW_BYTES = 64 * 1024 * 1024;

/** One line of a window. `text` never contains its terminator; a CRLF is reported, never left as `\r`. */
export interface Line {
  /**
   * Absolute 1-based line number, or `null` when it was not counted: a tail that does not reach the start
   * of the file, without `countTotal` or beyond the scan budget.
   */
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
   * The file's line count (`"a\nb\n"` and `"a\nb"` have 2, `""` 0, `"\n"` 1). Known whenever the read
   * reached the end of the file; otherwise counted only with `countTotal`, and `null` when that count
   * would exceed the scan budget.
   */
  readonly totalLines: number | null;
  /** Lines follow the window (never after a tail, which ends at the end of the file). */
  readonly hasMore: boolean;
  /** Invalid UTF-8 in the window was replaced by U+FFFD. */
  readonly replaced: boolean;
  /**
   * Some line may hold a character outside the Basic Multilingual Plane (a UTF-16 surrogate pair). When
   * false, none does: every line's `text.length` is its number of Unicode code points.
   */
  readonly astral: boolean;
  /** The file starts with a UTF-8 byte order mark (kept as U+FEFF at the start of line 1's text). */
  readonly bom: boolean;
  /** Bytes of the file that were read to produce this window (counting included). */
  readonly bytesScanned: number;
}

/**
 * Reads a window of lines from an open file, streaming: memory is bounded by the window, never by the
 * file. A forward window counts newlines up to its start without decoding them; a tail reads backwards
 * from the end. A start past the last line yields an empty window (with `totalLines`).
 */
export function readLines(file: OpenFile, options: ReadLinesOptions): Result<LineWindow> {
  const invalid = invalidWindow(options.window);
  if (invalid !== undefined) {
    return fail(coreFailure({ code: "INVALID_INPUT", message: `The line window is invalid: ${invalid}.`, path: file.path.input, reason: "window" }));
  }
  try {
    return options.window.from === "start" ? readForward(file, options, options.window) : readTail(file, options, options.window.lines);
  } catch (error) {
    return fail(fromOsError(error, file.path.input, `The file ${quoteText(file.path.input)}`));
  }
}

function invalidWindow(window: LineWindowRequest): string | undefined {
  if (window.from === "end") return isCount(window.lines) ? undefined : `lines must be an integer of at least 0, got ${window.lines}`;
  if (!Number.isSafeInteger(window.startLine) || window.startLine < 1) return `startLine must be an integer of at least 1, got ${window.startLine}`;
  if (window.maxLines !== null && !isCount(window.maxLines)) return `maxLines must be null or an integer of at least 0, got ${window.maxLines}`;
  return undefined;
}

function isCount(value: number): boolean {
  return value === Number.POSITIVE_INFINITY || (Number.isSafeInteger(value) && value >= 0);
}

interface Scan {
  /** Newlines seen in [0, position). */
  newlines: number;
  position: number;
  lastByte: number;
}

/** Why a read stopped: the end of the file, the file limit (it grew), or the scan budget. */
type Stop = "eof" | "too-large" | "scan-limit";

// Reads never go past this offset: the scan budget, or one byte past the file limit (enough to see it).
function budgetOf(options: ReadLinesOptions): number {
  return Math.min(options.maxScanBytes ?? Number.POSITIVE_INFINITY, options.maxFileBytes === undefined ? Number.POSITIVE_INFINITY : options.maxFileBytes + 1);
}

// A read that got no bytes at `position`: below the budget that is the end of the file; at the budget,
// a position past the file limit means the file is too large, otherwise one probed byte tells the end of
// the file from the scan budget.
function stopAt(file: OpenFile, options: ReadLinesOptions, position: number, budget: number): Stop {
  if (position < budget) return "eof";
  if (fileLimitReached(options, position)) return "too-large";
  return atEnd(file, position) ? "eof" : "scan-limit";
}

function readForward(file: OpenFile, options: ReadLinesOptions, window: { startLine: number; maxLines: number | null }): Result<LineWindow> {
  const budget = budgetOf(options);
  const scan: Scan = { newlines: 0, position: 0, lastByte: -1 };
  const index = window.startLine > 1 || options.countTotal ? lineIndexOf(file) : undefined;
  if (window.startLine > 1) index?.seekNewlines(scan, window.startLine - 1, budget);
  const sought = seekLine(file, options, scan, window.startLine - 1, budget, index);
  if (sought === "too-large") return fail(tooLargeWhileRead(file, options));
  if (sought === "scan-limit") return fail(scanLimit(file, options, budget, `Line ${window.startLine} of ${quoteText(file.path.input)} lies`, window.startLine));
  // The whole first chunk, not just three bytes: a window at line 1 starts with the same read.
  const bom = readBomFlag(file, Math.max(3, Math.min(CHUNK_SIZE, budget)));
  if (sought === "eof") {
    index?.complete(scan);
    return ok({ lines: [], firstLine: null, totalLines: linesOf(scan), hasMore: false, replaced: false, astral: false, bom, bytesScanned: scan.position });
  }
  const maxWindow = options.maxWindowBytes ?? DEFAULT_MAX_WINDOW_BYTES;
  const wanted = window.maxLines ?? Number.POSITIVE_INFINITY;
  const collected = new WindowBytes(file.stat.size - scan.position, maxWindow);
  let taken = 0;
  let position = scan.position;
  let reachedEnd = false;
  while (taken < wanted) {
    const { buffer, bytes } = collected.readAt(file, position, budget);
    if (bytes === 0) {
      if (position >= budget) collected.detach();
      const stop = stopAt(file, options, position, budget);
      if (stop === "too-large") return fail(tooLargeWhileRead(file, options));
      if (stop === "scan-limit") return fail(scanLimit(file, options, budget, `The lines of ${quoteText(file.path.input)} from line ${window.startLine} run`, window.startLine));
      reachedEnd = true;
      break;
    }
    let from = 0;
    // A chunk that ends before the window's last newline is taken whole: counting beats a walk.
    const inChunk = countNewlines(buffer.subarray(0, bytes));
    if (taken + inChunk < wanted) {
      taken += inChunk;
    } else {
      while (taken < wanted) {
        const nl = buffer.indexOf(LF, from);
        if (nl === -1 || nl >= bytes) break;
        taken++;
        from = nl + 1;
      }
    }
    const cut = taken === wanted ? from : bytes;
    if (collected.length + cut > maxWindow) return fail(windowTooLarge(file, maxWindow));
    collected.keep(buffer, cut);
    position += cut;
  }
  const endOffset = position;
  // The window's last newline may be the byte just past the file limit.
  if (fileLimitReached(options, endOffset)) return fail(tooLargeWhileRead(file, options));
  const bytes = collected.bytes();
  const decoded = decodeLines(file, bytes, window.startLine, options.decode);
  if (!decoded.ok) return decoded;
  scan.newlines += taken;
  scan.position = endOffset;
  if (bytes.length > 0) scan.lastByte = bytes[bytes.length - 1] ?? -1;
  let hasMore = false;
  if (!reachedEnd && options.countTotal) {
    const stop = countToEnd(file, options, scan, budget, index);
    if (stop === "too-large") return fail(tooLargeWhileRead(file, options));
    reachedEnd = stop === "eof";
    hasMore = !reachedEnd || scan.position > endOffset;
  } else if (!reachedEnd) {
    reachedEnd = atEnd(file, endOffset);
    hasMore = !reachedEnd;
  }
  if (reachedEnd) index?.complete(scan);
  const { lines, replaced, astral } = decoded.value;
  return ok({
    lines,
    replaced,
    astral,
    firstLine: lines.length > 0 ? window.startLine : null,
    totalLines: reachedEnd ? linesOf(scan) : null,
    hasMore,
    bom,
    bytesScanned: scan.position,
  });
}

/**
 * The bytes of a forward window, copied at most once. The first chunk is read through the shared chunk
 * buffer and kept there as a view: a small file's window is decoded straight from the read that sniffed
 * it. Once a window runs past that chunk, the view is copied into one buffer sized for the rest of the
 * file as `fstat` saw it (never more than the window limit) and later chunks are read straight into it.
 * Pages of it that no read reaches are never touched, so memory follows the window: a window of one
 * 5 MiB line holds 5 MiB, not its chunks and then their concatenation.
 */
class WindowBytes {
  private target: Buffer | undefined;
  // A view of the shared chunk buffer: valid only until the next read into it.
  private shared: Buffer | undefined;
  length = 0;

  constructor(
    private readonly expected: number,
    private readonly maxWindow: number,
  ) {}

  /** Reads the chunk at `position` (at most {@link CHUNK_SIZE} bytes, never past `budget`). */
  readAt(file: OpenFile, position: number, budget: number): { buffer: Buffer; bytes: number } {
    if (this.target === undefined && this.shared === undefined) return readWithin(file, position, budget);
    if (position >= budget) return { buffer: Buffer.alloc(0), bytes: 0 };
    if (this.shared !== undefined && knownToEnd(file.fd, position)) return { buffer: Buffer.alloc(0), bytes: 0 };
    // Into whatever room is left (the byte past the size `fstat` gave is there to meet the end of the
    // file): a full chunk of room would double the buffer just to learn that nothing follows.
    const target = this.room(1);
    const wanted = Math.min(CHUNK_SIZE, budget - position, target.length - this.length);
    const bytes = fs.readSync(file.fd, target, this.length, wanted, position);
    return { buffer: target.subarray(this.length, this.length + bytes), bytes };
  }

  /**
   * Keeps the first `cut` bytes of the chunk {@link readAt} just returned: the first chunk as a view, every
   * later one already in place (it was read into the buffer, right after the bytes kept).
   */
  keep(chunk: Buffer, cut: number): void {
    if (this.target === undefined && this.shared === undefined) this.shared = chunk.subarray(0, cut);
    this.length += cut;
  }

  /** Copies the bytes out of the shared chunk buffer, before anything else may read into it. */
  detach(): void {
    if (this.shared !== undefined) this.room(0);
  }

  /** The window's bytes (a view of the shared chunk buffer until {@link detach}). */
  bytes(): Buffer {
    return (this.target ?? this.shared)?.subarray(0, this.length) ?? Buffer.alloc(0);
  }

  // A buffer with room for `more` bytes after `length`, the bytes kept so far at its start.
  private room(more: number): Buffer {
    const needed = this.length + more;
    if (this.target !== undefined && this.target.length >= needed) return this.target;
    const fromStat = this.expected + 1;
    const size = Math.max(needed, Math.min(this.maxWindow + CHUNK_SIZE, MAX_LENGTH, this.target === undefined ? fromStat : this.target.length * 2));
    const grown = Buffer.allocUnsafe(size);
    (this.target ?? this.shared)?.copy(grown, 0, 0, this.length);
    this.target = grown;
    this.shared = undefined;
    return grown;
  }
}

// Advances `scan` to the start of line `skip + 1`, counting newlines without keeping bytes: "found" (at
// `scan.position`), "eof" when the file has fewer lines, or the limit that stopped it first.
function seekLine(file: OpenFile, options: ReadLinesOptions, scan: Scan, skip: number, budget: number, index: LineIndex | undefined): "found" | Stop {
  if (skip === 0) return "found";
  for (;;) {
    const { buffer, bytes } = readWithin(file, scan.position, budget);
    if (bytes === 0) return stopAt(file, options, scan.position, budget);
    // A chunk that ends before the sought newline is only counted, which SIMD does far faster than a walk.
    const inChunk = countNewlines(buffer.subarray(0, bytes));
    if (scan.newlines + inChunk < skip) {
      scan.newlines += inChunk;
      scan.lastByte = buffer[bytes - 1] ?? -1;
      scan.position += bytes;
      index?.note(scan);
      continue;
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
        return "found";
      }
    }
    scan.lastByte = buffer[bytes - 1] ?? -1;
    scan.position += bytes;
    index?.note(scan);
  }
}

// Counts the rest of the file into `scan`, until its end or a limit. An indexed count of the whole file
// stands in for the scan when that scan would have reached the end within the budget.
function countToEnd(file: OpenFile, options: ReadLinesOptions, scan: Scan, budget: number, index: LineIndex | undefined): Stop {
  const end = index?.end;
  if (end !== undefined && end.position < budget && end.position >= scan.position) {
    Object.assign(scan, end);
    return "eof";
  }
  for (;;) {
    const { buffer, bytes } = readWithin(file, scan.position, budget);
    if (bytes === 0) return stopAt(file, options, scan.position, budget);
    scan.newlines += countNewlines(buffer.subarray(0, bytes));
    scan.lastByte = buffer[bytes - 1] ?? -1;
    scan.position += bytes;
    index?.note(scan);
  }
}

// Reads the next chunk at `position` without passing `budget`; 0 bytes at the budget means "stopped
// there", which `stopAt` tells apart from the end of the file.
function readWithin(file: OpenFile, position: number, budget: number): { buffer: Buffer; bytes: number } {
  if (position >= budget) return { buffer: Buffer.alloc(0), bytes: 0 };
  return readChunk(file.fd, position, Math.min(CHUNK_SIZE, budget - position));
}

function atEnd(file: OpenFile, position: number): boolean {
  return readChunk(file.fd, position, 1).bytes === 0;
}

function readTail(file: OpenFile, options: ReadLinesOptions, count: number): Result<LineWindow> {
  const end = endOfFile(file, options.maxFileBytes);
  if (fileLimitReached(options, end)) return fail(tooLargeWhileRead(file, options));
  const bom = readBomFlag(file, 3);
  const found = tailBytes(file, end, count, options.maxWindowBytes ?? DEFAULT_MAX_WINDOW_BYTES);
  if (!found.ok) return found;
  const { start, bytes } = found.value;
  // A tail that reaches the start of the file is numbered for free; otherwise only by counting up to it.
  const numbered = start === 0 || (options.countTotal && end <= budgetOf(options));
  const before: Scan = { newlines: 0, position: 0, lastByte: -1 };
  const index = numbered ? lineIndexOf(file) : undefined;
  index?.seekPosition(before, start);
  if (numbered && !countRange(file, before, start, index)) return fail(shrankWhileRead(file));
  const firstNumber = numbered ? linesOf(before) + 1 : null;
  const decoded = decodeLines(file, bytes, firstNumber, options.decode);
  if (!decoded.ok) return decoded;
  const { lines } = decoded.value;
  return ok({
    ...decoded.value,
    firstLine: lines.length > 0 ? firstNumber : null,
    totalLines: numbered ? linesOf(before) + lines.length : null,
    hasMore: false,
    bom,
    bytesScanned: numbered ? end : end - start,
  });
}

// The bytes of the last `count` lines of [0, end), read backwards in chunks, and where they start. With
// no line asked for, the window is empty and starts at `end`.
function tailBytes(file: OpenFile, end: number, count: number, maxWindow: number): Result<{ start: number; bytes: Buffer }> {
  if (count === 0 || end === 0) return ok({ start: end, bytes: Buffer.alloc(0) });
  const last = readChunk(file.fd, end - 1, 1);
  if (last.bytes !== 1) return fail(shrankWhileRead(file));
  const finalNewline = last.buffer[0] === LF;
  const parts: Buffer[] = finalNewline ? [Buffer.from([LF])] : [];
  let collected = parts.length;
  let searchEnd = finalNewline ? end - 1 : end;
  let found = 0;
  while (searchEnd > 0) {
    const from = Math.max(0, searchEnd - CHUNK_SIZE);
    const { buffer, bytes } = readChunk(file.fd, from, searchEnd - from);
    if (bytes !== searchEnd - from) return fail(shrankWhileRead(file));
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
    if (cut !== -1) return ok({ start: from + cut, bytes: Buffer.concat(parts, collected) });
    searchEnd = from;
  }
  return ok({ start: 0, bytes: Buffer.concat(parts, collected) });
}

// Counts [0, end) into `scan`; false when the file ended first (it shrank while it was read).
function countRange(file: OpenFile, scan: Scan, end: number, index: LineIndex | undefined): boolean {
  while (scan.position < end) {
    const { buffer, bytes } = readChunk(file.fd, scan.position, Math.min(CHUNK_SIZE, end - scan.position));
    if (bytes === 0) return false;
    scan.newlines += countNewlines(buffer.subarray(0, bytes));
    scan.lastByte = buffer[bytes - 1] ?? -1;
    scan.position += bytes;
    index?.note(scan);
  }
  return true;
}

// The real end of the file, never trusting `stat.size`: a file that grew is read on to its end (or just
// past `limit`), one that shrank is measured from its start.
function endOfFile(file: OpenFile, limit: number | undefined): number {
  let end = file.stat.size;
  if (end > 0 && readChunk(file.fd, end - 1, 1).bytes === 0) end = 0;
  const stopPast = limit ?? Number.POSITIVE_INFINITY;
  while (end <= stopPast) {
    const { bytes } = readChunk(file.fd, end);
    if (bytes === 0) break;
    end += bytes;
  }
  return end;
}

function readBomFlag(file: OpenFile, length: number): boolean {
  const { buffer, bytes } = readChunk(file.fd, 0, length);
  return bytes >= 3 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf;
}

function decodeLines(
  file: OpenFile,
  bytes: Buffer,
  firstNumber: number | null,
  policy: "strict" | "replace",
): Result<{ lines: Line[]; replaced: boolean; astral: boolean }> {
  const ascii = isAscii(bytes);
  const valid = ascii || isUtf8(bytes);
  if (!valid && policy === "strict") {
    return fail(coreFailure({ code: "INVALID_UTF8", message: `The file ${quoteText(file.path.input)} is not valid UTF-8.`, path: file.path.input }));
  }
  const text = decodeUtf8(bytes, { ascii, valid });
  const lines: Line[] = [];
  let start = 0;
  let number = firstNumber;
  while (start < text.length) {
    const nl = text.indexOf("\n", start);
    if (nl === -1) {
      lines.push({ number, text: text.slice(start), terminator: "" });
      break;
    }
    const crlf = nl > start && text.charCodeAt(nl - 1) === CR;
    lines.push({ number, text: text.slice(start, crlf ? nl - 1 : nl), terminator: crlf ? "\r\n" : "\n" });
    start = nl + 1;
    if (number !== null) number++;
  }
  return ok({ lines, replaced: !valid, astral: !ascii && hasFourByteLead(bytes) });
}

// A character outside the BMP decodes only from a four-byte sequence, whose lead byte is 0xF0-0xF4
// (a stray one in invalid input becomes U+FFFD, so this may say yes where no such character is).
function hasFourByteLead(bytes: Buffer): boolean {
  for (let lead = 0xf0; lead <= 0xf4; lead++) if (bytes.includes(lead)) return true;
  return false;
}

/** Number of LF bytes in `bytes` (with WebAssembly SIMD where it is available). */
export function countNewlines(bytes: Uint8Array): number {
  return countLineFeeds(bytes);
}

function fileLimitReached(options: ReadLinesOptions, position: number): boolean {
  return options.maxFileBytes !== undefined && position > options.maxFileBytes;
}

function linesOf(scan: Scan): number {
  return scan.newlines + (scan.position > 0 && scan.lastByte !== LF ? 1 : 0);
}

function scanLimit(file: OpenFile, options: ReadLinesOptions, budget: number, subject: string, startLine: number) {
  const limit = options.maxScanBytes ?? budget;
  return coreFailure({
    code: "SCAN_LIMIT",
    message: `${subject} beyond the first ${limit} bytes, the most one read may scan.`,
    path: file.path.input,
    maxScanBytes: limit,
    startLine,
  });
}

function tooLargeWhileRead(file: OpenFile, options: ReadLinesOptions) {
  const limit = options.maxFileBytes ?? Number.MAX_SAFE_INTEGER;
  return coreFailure({
    code: "TOO_LARGE",
    cause: "grew",
    message: `The file ${quoteText(file.path.input)} grew past the limit of ${limit} bytes while it was read.`,
    path: file.path.input,
    limit,
  });
}

function shrankWhileRead(file: OpenFile) {
  return coreFailure({
    code: "CHANGED_DURING_READ",
    message: `The file ${quoteText(file.path.input)} shrank while it was read. Retry the read.`,
    path: file.path.input,
    reason: "shrank",
  });
}

function windowTooLarge(file: OpenFile, limit: number) {
  return coreFailure({
    code: "TOO_LARGE",
    cause: "window",
    message: `The requested lines of ${quoteText(file.path.input)} hold more than ${limit} bytes; request fewer lines.`,
    path: file.path.input,
    limit,
  });
}
