import { coreFailure } from "./core-failure.js";
import { countLineFeeds } from "./count-line-feeds.js";
import { decodeWindow, wholeCharacterEnd, wholeCharacterStart } from "./decode-lines.js";
import { quoteText } from "./escape-text.js";
import { JsonBudget, jsonTailStart } from "./json-budget.js";
import { countLineEnds, lastLineEnd, lineEndsTo, pastLineEnds, type LineBreaks } from "./line-ends.js";
import { lineIndexOf, type ScanPoint } from "./line-index.js";
import type { OpenFile } from "./open-file.js";
import { grewFailure, scanLimitFailure, shrankFailure, windowFailure } from "./read-failures.js";
import { endOfFile, tailBytes, type TailBytes } from "./read-tail.js";
import { fail, ok, type Result } from "./result.js";
import { settleSteps, type Steps } from "./steps.js";
import type { FileReader } from "./file-reader.js";
import { chunkWithin, countRange, countToEnd, endsWithNewline, linesOf, pastFileLimit, seekLine, stopAt, type ScanLimits, type ScanMode, type Stop } from "./scan-lines.js";
import { redactWindowSteps, type SecretScanner } from "./secret-scanner.js";
import { Utf8Check } from "./utf8-check.js";
import { WindowBytes } from "./window-bytes.js";
import { fromOsError } from "./workspace.js";

const LF = 0x0a;
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
      /**
       * What ends a line (default `lf`). `universal` also ends lines at a lone CR, as Python's text mode
       * does; it needs `countTotal` and no `maxScanBytes`.
       */
      readonly lineBreaks?: LineBreaks;
      /**
       * Also find out whether the whole file is valid UTF-8 ({@link LineWindow.fileReplaced}), for a
       * profile whose encoding fallback is decided per file. Every byte of the file is checked once per
       * file identity (the line index remembers the answer); needs `countTotal` and no `maxScanBytes`.
       */
      readonly wholeFileUtf8?: boolean;
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
  /**
   * What a window that does not fit does. `fail` (the default): lines holding more than `maxWindowBytes`
   * fail with `TOO_LARGE` (`cause: "window"`), and a forward window running past `maxScanBytes` with
   * `SCAN_LIMIT`. `cut`: the window returns what fits and says where it was cut ({@link LineWindow.cut}):
   * whole lines while they fit, and when not even its first line fits (its last, for a tail), that line
   * in part, cut at a UTF-8 character boundary (a forward window keeps the line's start, a tail its end).
   * A forward window whose first line starts at or past `maxScanBytes` still fails with `SCAN_LIMIT`:
   * nothing of it can be read.
   */
  readonly overflow?: "fail" | "cut";
  /**
   * The secrets policy's content check: the returned window's text (never the rest of the file) is
   * scanned, and every secret found is replaced by `[REDACTED kind]` in its lines and its text, line ends
   * kept (see `redactWindowSteps`). Absent: the window is returned as read.
   */
  readonly redact?: SecretScanner | undefined;
  /**
   * The window's text may take at most this many bytes as a JSON string (UTF-8, escapes counted: a C0
   * control byte takes six, `\u0001`). A window that would take more is cut to fit, whatever `overflow`
   * says ({@link WindowCut}, `limit: "answer"`): whole lines while they fit, else its first line in part
   * (a tail: its last line's end), at a character boundary. The bytes read for the window stay within it
   * and one chunk, so a call's memory follows its answer. Unbounded when absent.
   */
  readonly maxAnswerBytes?: number;
  /**
   * Bytes the caller adds to each line of its answer (a line number prefix), counted toward
   * `maxAnswerBytes` for every line (default 0).
   */
  readonly answerLineBytes?: number;
}

/** Where a window read with `overflow: "cut"` stopped short of the lines asked for, and why. */
export interface WindowCut {
  /**
   * The limit that cut it: `maxWindowBytes` (`window`), `maxScanBytes` (`scan`, forward windows only) or
   * `maxAnswerBytes` (`answer`).
   */
  readonly limit: "window" | "scan" | "answer";
  /**
   * `false`: the window holds whole lines and leaves out those that did not fit (after it for a forward
   * window, before it for a tail). `true`: its one line did not fit on its own and is returned in part,
   * without a terminator in a forward window (its start), from a character boundary in a tail (its end);
   * when not one character fits, the line is there with empty text.
   */
  readonly partial: boolean;
  /** The byte offset in the file of the cut: where a forward window ends, where a tail starts. */
  readonly offset: number;
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
  /** `""` only for a last line without a final newline; `"\r"` only under universal line breaks. */
  readonly terminator: "" | "\n" | "\r\n" | "\r";
}

/** A window of lines and what was learnt about the file while reading it. */
export interface LineWindow {
  readonly lines: readonly Line[];
  /**
   * The window's lines as one string: each line's `text` followed by its `terminator`, in order (`""`
   * without lines). It is the decoded text the lines were cut from, so a caller that wants the window as
   * it stands in the file (its line ends included) takes it here instead of joining the lines again.
   */
  readonly text: string;
  /** Number of the first returned line; `null` when no line was returned or it could not be counted. */
  readonly firstLine: number | null;
  /**
   * The file's line count (`"a\nb\n"` and `"a\nb"` have 2, `""` 0, `"\n"` 1). Known whenever the read
   * reached the end of the file; otherwise counted only with `countTotal`, and `null` when that count
   * would exceed the scan budget.
   */
  readonly totalLines: number | null;
  /**
   * Lines follow the window, or may (a count that stopped at the scan budget cannot tell); never after a
   * tail, which ends at the end of the file. The rest of a line cut in part is not a line that follows.
   */
  readonly hasMore: boolean;
  /**
   * The file ends with a line feed (its last line is terminated; `false` for an empty file). Known
   * whenever the read reached the end of the file (always for a tail, and with `countTotal` whenever
   * `totalLines` is known); `null` otherwise.
   */
  readonly finalNewline: boolean | null;
  /**
   * The number of the line after a forward window, when one follows and starts within `maxScanBytes`: a
   * window from it returns at least part of it (with `overflow: "cut"`). `null` when no line follows, when
   * the next line lies at or past the scan budget (or where it starts was not found within it), and for
   * tails.
   */
  readonly nextLine: number | null;
  /** Where the window was cut short of the lines asked for (`overflow: "cut"` only), else `null`. */
  readonly cut: WindowCut | null;
  /** Invalid UTF-8 in the window was replaced by U+FFFD. */
  readonly replaced: boolean;
  /**
   * Some bytes of the file, in the window or not, are not valid UTF-8 (decoding the whole file would
   * replace them). Known when the request asked for `wholeFileUtf8` and the read reached the end of the
   * file; `null` otherwise.
   */
  readonly fileReplaced: boolean | null;
  /**
   * Some line may hold a character outside the Basic Multilingual Plane (a UTF-16 surrogate pair). When
   * false, none does: every line's `text.length` is its number of Unicode code points.
   */
  readonly astral: boolean;
  /** The file starts with a UTF-8 byte order mark (kept as U+FEFF at the start of line 1's text). */
  readonly bom: boolean;
  /**
   * {@link text} as it was decoded, in pieces (of at most 32 KiB of the file's bytes for a window of at most
   * 1 MiB, `DECODE_PIECE_BYTES`), when it took more than one; `undefined` otherwise. `text` is their
   * concatenation as V8 concatenates strings: reading it (a search, a slice) first copies it into one
   * string, which V8 gives memory of its own when it is over 128 KiB, mapped afresh, each page faulting in.
   * A caller that can work a piece at a time reads the pieces. A piece never ends inside a character.
   */
  readonly textPieces: readonly string[] | undefined;
  /** Bytes of the file that were read to produce this window (counting included). */
  readonly bytesScanned: number;
}

/**
 * Reads a window of lines from an open file, streaming: memory is bounded by the window, never by the
 * file. A forward window counts newlines up to its start without decoding them; a tail reads backwards
 * from the end. A start past the last line yields an empty window (with `totalLines`). The first MiB of
 * reading is synchronous, the rest asynchronous (see `FileReader`); the open file's signal aborts it
 * (the promise rejects with the signal's reason).
 */
export function readLines(file: OpenFile, options: ReadLinesOptions): Promise<Result<LineWindow>> {
  return settleSteps(readLinesSteps(file, options));
}

/** {@link readLines} as {@link Steps}, for a caller that runs steps itself. */
export function* readLinesSteps(file: OpenFile, options: ReadLinesOptions): Steps<Result<LineWindow>> {
  const invalid = invalidWindow(options);
  if (invalid !== undefined) {
    return fail(coreFailure({ code: "INVALID_INPUT", message: `The line window is invalid: ${invalid}.`, path: file.path.input, reason: "window" }));
  }
  try {
    const read = options.window.from === "start" ? yield* readForward(file, options, options.window) : yield* readTail(file, options, options.window.lines);
    if (!read.ok || options.redact === undefined) return read;
    return ok(yield* redactWindowSteps(read.value, options.redact, file.path.absolute));
  } catch (error) {
    if (file.reader.aborted(error)) throw error;
    return fail(fromOsError(error, file.path.input, `The file ${quoteText(file.path.input)}`));
  }
}

function invalidWindow(options: ReadLinesOptions): string | undefined {
  const { window } = options;
  if (window.from === "end") return isCount(window.lines) ? undefined : `lines must be an integer of at least 0, got ${window.lines}`;
  if (!Number.isSafeInteger(window.startLine) || window.startLine < 1) return `startLine must be an integer of at least 1, got ${window.startLine}`;
  if (window.maxLines !== null && !isCount(window.maxLines)) return `maxLines must be null or an integer of at least 0, got ${window.maxLines}`;
  // Both read the whole file from its start: a scan budget would leave part of it unread (a cut window
  // does not: the count after it goes on from where it was cut).
  const wholeFile = [window.lineBreaks === "universal" ? "universal line breaks" : undefined, window.wholeFileUtf8 === true ? "wholeFileUtf8" : undefined].filter((name) => name !== undefined);
  if (wholeFile.length > 0 && (!options.countTotal || options.maxScanBytes !== undefined)) {
    return `${wholeFile.join(" and ")} need countTotal and no maxScanBytes`;
  }
  return undefined;
}

function isCount(value: number): boolean {
  return value === Number.POSITIVE_INFINITY || (Number.isSafeInteger(value) && value >= 0);
}

// Reads never go past this offset: the scan budget, or one byte past the file limit (enough to see it).
function limitsOf(options: ReadLinesOptions): ScanLimits {
  const fileLimit = options.maxFileBytes;
  return { budget: Math.min(options.maxScanBytes ?? Number.POSITIVE_INFINITY, fileLimit === undefined ? Number.POSITIVE_INFINITY : fileLimit + 1), fileLimit };
}

function scanLimit(file: OpenFile, options: ReadLinesOptions, limits: ScanLimits, subject: string, startLine: number) {
  return scanLimitFailure(file, options.maxScanBytes ?? limits.budget, subject, startLine);
}

function* readForward(file: OpenFile, options: ReadLinesOptions, window: Extract<LineWindowRequest, { from: "start" }>): Steps<Result<LineWindow>> {
  const { reader } = file;
  const limits = limitsOf(options);
  const cutting = options.overflow === "cut";
  const breaks = window.lineBreaks ?? "lf";
  const grew = () => fail(grewFailure(file, limits.fileLimit ?? Number.MAX_SAFE_INTEGER));
  const startsBeyond = () => fail(scanLimit(file, options, limits, `Line ${window.startLine} of ${quoteText(file.path.input)} lies`, window.startLine));
  const scan: ScanPoint = { newlines: 0, position: 0, lastByte: -1 };
  const index = window.startLine > 1 || options.countTotal ? lineIndexOf(file, breaks) : undefined;
  // A file's validity is checked once per identity: until the index knows it, every byte is read from the
  // start, so neither a checkpoint nor the indexed count may skip any.
  const knownValid = window.wholeFileUtf8 === true ? index?.utf8Valid : undefined;
  const check = window.wholeFileUtf8 === true && knownValid === undefined ? new Utf8Check() : undefined;
  const mode: ScanMode = { breaks, check };
  if (window.startLine > 1 && check === undefined) index?.seekNewlines(scan, window.startLine - 1, limits.budget);
  const sought = yield* seekLine(reader, scan, window.startLine - 1, limits, index, mode);
  if (sought === "too-large") return grew();
  if (sought === "scan-limit") return startsBeyond();
  const fileReplaced = (): boolean | null => {
    if (knownValid !== undefined) return !knownValid;
    if (check === undefined) return null;
    index?.completeUtf8(check.valid);
    return !check.valid;
  };
  // The whole first chunk, not just three bytes: a window at line 1 starts with the same read.
  const bom = yield* readBomFlag(file, Math.max(3, Math.min(reader.chunkSize, limits.budget)));
  if (sought === "eof") {
    index?.complete(scan);
    return ok({
      lines: [],
      text: "",
      firstLine: null,
      totalLines: linesOf(scan),
      hasMore: false,
      finalNewline: endsWithNewline(scan, breaks),
      nextLine: null,
      cut: null,
      replaced: false,
      fileReplaced: fileReplaced(),
      astral: false,
      bom,
      bytesScanned: scan.position,
      textPieces: undefined,
    });
  }
  const windowStart = scan.position;
  const maxWindow = options.maxWindowBytes ?? DEFAULT_MAX_WINDOW_BYTES;
  const answer = options.maxAnswerBytes === undefined ? undefined : new JsonBudget(options.maxAnswerBytes, options.answerLineBytes);
  const wanted = window.maxLines ?? Number.POSITIVE_INFINITY;
  // A byte takes at least one byte of its JSON form: the answer bound bounds the bytes kept too.
  const collected = new WindowBytes(reader, file.stat.size - windowStart, Math.min(maxWindow, options.maxAnswerBytes ?? maxWindow));
  let taken = 0;
  // Bytes of `collected` that end with a line end: the whole lines kept, found only when a cut needs them.
  let whole = 0;
  let position = windowStart;
  // The byte before `position` (decides a universal CR at the end of a chunk).
  let before = scan.lastByte;
  let reachedEnd = false;
  let cutBy: WindowCut["limit"] | undefined;
  while (taken < wanted) {
    const { buffer, bytes } = yield* collected.readAt(position, limits.budget);
    if (bytes === 0) {
      if (position >= limits.budget) collected.detach();
      const stop = yield* stopAt(reader, limits, position);
      if (stop === "too-large") return grew();
      if (stop === "scan-limit") {
        if (!cutting) return fail(scanLimit(file, options, limits, `The lines of ${quoteText(file.path.input)} from line ${window.startLine} run`, window.startLine));
        if (collected.length === 0) return startsBeyond();
        whole = wholeLines(collected.bytes(), undefined, breaks);
        cutBy = "scan";
        break;
      }
      reachedEnd = true;
      break;
    }
    const part = takeLines(buffer, bytes, wanted - taken, before, breaks);
    const windowRoom = maxWindow - collected.length;
    const answerRoom = answer?.fit(buffer, part.bytes, () => collected.bytes()) ?? part.bytes;
    if (part.bytes > windowRoom || answerRoom < part.bytes) {
      const byWindow = windowRoom < answerRoom;
      if (byWindow && !cutting) return fail(windowFailure(file, maxWindow));
      // The whole lines of this chunk that still fit, then nothing more.
      const room = Math.max(0, Math.min(windowRoom, answerRoom));
      const chunk = buffer.subarray(0, bytes);
      const fitting = lastLineEnd(chunk, room, breaks);
      whole = wholeLines(collected.bytes(), chunk[0], breaks);
      taken += lineEndsTo(chunk, fitting, before, breaks);
      collected.keep(buffer, fitting > 0 ? fitting : room);
      if (fitting > 0) whole = collected.length;
      cutBy = byWindow ? "window" : "answer";
      break;
    }
    taken += part.lines;
    collected.keep(buffer, part.bytes);
    position += part.bytes;
    if (part.bytes > 0) before = buffer[part.bytes - 1] ?? -1;
  }
  let cut: WindowCut | null = null;
  if (cutBy !== undefined) {
    // Whole lines when there are any, else the first line in part, never ending inside a character or a CRLF.
    const partial = whole === 0;
    let keep = whole;
    if (partial) {
      const kept = collected.bytes();
      keep = wholeCharacterEnd(kept, kept.length);
      if (keep > 0 && kept[keep - 1] === CR) keep--;
    }
    collected.truncate(keep);
    cut = { limit: cutBy, partial, offset: windowStart + keep };
  }
  const endOffset = windowStart + collected.length;
  // The window's last newline may be the byte just past the file limit.
  if (pastFileLimit(limits, endOffset)) return grew();
  const bytes = collected.bytes();
  check?.feed(bytes);
  const lastByte = bytes[bytes.length - 1];
  // The window's buffer is given back as it is decoded: nothing reads `bytes` after this.
  const decoded = yield* decodeWindow(file, bytes, window.startLine, options.decode, breaks, { release: true });
  collected.release();
  if (!decoded.ok) return decoded;
  scan.newlines += taken;
  scan.position = endOffset;
  // A CR that ends a window short of the end of the file ended its last line and was counted.
  if (lastByte !== undefined) scan.lastByte = !reachedEnd && lastByte === CR ? LF : lastByte;
  // Where the line after the window starts: right after it, or after the newline that ends a line cut in part.
  let nextStart: number | null = endOffset;
  let hasMore = false;
  let lastLine = false;
  if (cut?.partial === true) {
    const past = yield* pastNewline(reader, endOffset, limits, breaks);
    if (past === "too-large") return grew();
    nextStart = typeof past === "number" ? past : null;
    hasMore = typeof past === "number" ? !(yield* reader.atEnd(past)) : past === "scan-limit";
    lastLine = !hasMore;
  }
  if (!reachedEnd && options.countTotal) {
    const stop = yield* countToEnd(reader, scan, limits, index, mode);
    if (stop === "too-large") return grew();
    reachedEnd = stop === "eof";
    if (cut?.partial !== true) hasMore = !reachedEnd || scan.position > endOffset;
  } else if (!reachedEnd && cut?.partial !== true) {
    reachedEnd = yield* reader.atEnd(endOffset);
    hasMore = !reachedEnd;
  }
  if (reachedEnd) index?.complete(scan);
  const { text, replaced, astral, textPieces } = decoded.value;
  const lines = cut?.partial === true ? partialLine(decoded.value.lines, window.startLine) : decoded.value.lines;
  const maxScan = options.maxScanBytes ?? Number.POSITIVE_INFINITY;
  const known = reachedEnd ? linesOf(scan) : lastLine ? window.startLine : null;
  return ok({
    lines,
    text,
    replaced,
    fileReplaced: reachedEnd ? fileReplaced() : null,
    astral,
    firstLine: lines.length > 0 ? window.startLine : null,
    totalLines: known,
    hasMore,
    finalNewline: reachedEnd ? endsWithNewline(scan, breaks) : null,
    nextLine: hasMore && nextStart !== null && nextStart < maxScan ? window.startLine + taken + (cut?.partial === true ? 1 : 0) : null,
    cut,
    bom,
    bytesScanned: scan.position,
    textPieces,
  });
}

// Where the whole lines of a window's bytes end (0: none), `next` being the byte after them when it was
// read: a universal CR at their end ends a line unless an LF follows it.
function wholeLines(kept: Buffer, next: number | undefined, breaks: LineBreaks): number {
  if (breaks === "universal" && kept[kept.length - 1] === CR && next !== undefined && next !== LF) return kept.length;
  return lastLineEnd(kept, kept.length, breaks);
}

// The offset just past the first line end at or after `from`, or why none was found within the limits.
function* pastNewline(reader: FileReader, from: number, limits: ScanLimits, breaks: LineBreaks): Steps<number | Stop> {
  for (let position = from; ; ) {
    const { buffer, bytes } = yield* chunkWithin(reader, position, limits);
    if (bytes === 0) return yield* stopAt(reader, limits, position);
    const chunk = buffer.subarray(0, bytes);
    const nl = chunk.indexOf(LF);
    const cr = breaks === "universal" ? chunk.subarray(0, nl === -1 ? bytes : nl).indexOf(CR) : -1;
    if (cr === -1 && nl !== -1) return position + nl + 1;
    if (cr !== -1) {
      // A CR ends the line, with the LF right after it when there is one (read on when it lies past the chunk).
      if (cr + 1 < bytes) return position + cr + 1 + (chunk[cr + 1] === LF ? 1 : 0);
      const after = yield* chunkWithin(reader, position + bytes, limits);
      return position + bytes + (after.bytes > 0 && after.buffer[0] === LF ? 1 : 0);
    }
    position += bytes;
  }
}

// How much of a chunk the window keeps: all of it when the window's last line end lies further on (a
// count beats a walk), else up to and including that line end.
function takeLines(buffer: Buffer, bytes: number, wanted: number, before: number, breaks: LineBreaks): { lines: number; bytes: number } {
  const chunk = buffer.subarray(0, bytes);
  const inChunk = countLineEnds(chunk, before, breaks);
  if (inChunk < wanted) return { lines: inChunk, bytes };
  return { lines: wanted, bytes: pastLineEnds(chunk, before, breaks, wanted) };
}

function* readTail(file: OpenFile, options: ReadLinesOptions, count: number): Steps<Result<LineWindow>> {
  const { reader } = file;
  const limits = limitsOf(options);
  // Before the end is sought: the sniff's chunk of the file's start is still the reader's.
  const bom = yield* readBomFlag(file, 3);
  const end = yield* endOfFile(reader, file.stat.size, options.maxFileBytes);
  if (pastFileLimit(limits, end)) return fail(grewFailure(file, limits.fileLimit ?? Number.MAX_SAFE_INTEGER));
  const maxWindow = options.maxWindowBytes ?? DEFAULT_MAX_WINDOW_BYTES;
  const maxAnswer = options.maxAnswerBytes ?? Number.POSITIVE_INFINITY;
  // The answer bound cuts whatever `overflow` says; a byte takes at least one byte of its JSON form.
  const bound = maxAnswer < maxWindow ? { bytes: maxAnswer, overflow: "cut" as const, limit: "answer" as const } : { bytes: maxWindow, overflow: options.overflow ?? "fail", limit: "window" as const };
  const found = yield* tailBytes(file, reader, end, count, bound.bytes, bound.overflow);
  if (!found.ok) return found;
  const fitted = fitTailAnswer(found.value, maxAnswer, options.answerLineBytes ?? 0);
  const { start, bytes } = fitted;
  const tailCut = fitted.cut;
  // A tail that reaches the start of the file is numbered for free; otherwise only by counting up to it.
  const numbered = start === 0 || (options.countTotal && end <= limits.budget);
  const before: ScanPoint = { newlines: 0, position: 0, lastByte: -1 };
  const index = numbered ? lineIndexOf(file) : undefined;
  index?.seekPosition(before, start);
  if (numbered && !(yield* countRange(reader, before, start, index))) return fail(shrankFailure(file));
  // The newlines before the start: a tail cut inside its line starts in the middle of that line.
  const firstNumber = numbered ? before.newlines + 1 : null;
  const decoded = yield* decodeWindow(file, bytes, firstNumber, options.decode);
  if (!decoded.ok) return decoded;
  const lines = tailCut === "line" ? partialLine(decoded.value.lines, firstNumber) : decoded.value.lines;
  return ok({
    ...decoded.value,
    lines,
    firstLine: lines.length > 0 ? firstNumber : null,
    totalLines: firstNumber === null ? null : lines.length > 0 ? firstNumber + lines.length - 1 : linesOf(before),
    hasMore: false,
    fileReplaced: null,
    finalNewline: bytes.length > 0 ? bytes[bytes.length - 1] === LF : yield* endsAtNewline(reader, end),
    nextLine: null,
    cut: tailCut === null ? null : { limit: fitted !== found.value || bound.limit === "answer" ? "answer" : "window", partial: tailCut === "line", offset: start },
    bom,
    bytesScanned: numbered ? end : end - start,
  });
}

// A tail cut further to fit `maxAnswer` as a JSON string: its last whole lines that fit, else its last
// line's end from a character boundary. The tail itself when it fits.
function fitTailAnswer(tail: TailBytes, maxAnswer: number, lineBytes: number): TailBytes {
  if (!Number.isFinite(maxAnswer)) return tail;
  const from = jsonTailStart(tail.bytes, maxAnswer, lineBytes);
  if (from === 0) return tail;
  // A line starts after each LF but the one that ends the tail.
  const nl = tail.bytes.subarray(0, tail.bytes.length - 1).indexOf(LF, from - 1);
  const at = nl === -1 ? wholeCharacterStart(tail.bytes, from, tail.bytes.length) : nl + 1;
  return { start: tail.start + at, bytes: tail.bytes.subarray(at), cut: nl === -1 ? "line" : "lines" };
}

function* endsAtNewline(reader: OpenFile["reader"], end: number): Steps<boolean> {
  if (end === 0) return false;
  const last = yield* reader.chunk(end - 1, 1, "none");
  return last.bytes === 1 && last.buffer[0] === LF;
}

// A line cut in part is a line of the window even when not one character of it fits (a limit smaller
// than its first character): the window still says which line it is.
function partialLine(lines: Line[], number: number | null): Line[] {
  return lines.length > 0 ? lines : [{ number, text: "", terminator: "" }];
}

function* readBomFlag(file: OpenFile, length: number): Steps<boolean> {
  const { buffer, bytes } = yield* file.reader.chunk(0, length, "none");
  return bytes >= 3 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf;
}

/** Number of LF bytes in `bytes` (with WebAssembly SIMD where it is available). */
export function countNewlines(bytes: Uint8Array): number {
  return countLineFeeds(bytes);
}
