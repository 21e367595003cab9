import { isAscii, isUtf8 } from "node:buffer";
import { coreFailure } from "./core-failure.js";
import { decodeUtf8 } from "./decode-utf8.js";
import { quoteText } from "./escape-text.js";
import { countLineEnds, type LineBreaks } from "./line-ends.js";
import type { OpenFile } from "./open-file.js";
import type { Line } from "./read-lines.js";
import { fail, ok, type Result } from "./result.js";
import { shrinkBuffer } from "./shrinkable-buffer.js";
import type { Steps } from "./steps.js";

const CR = 0x0d;

/** A window's bytes decoded and split into lines. */
export interface DecodedLines {
  readonly lines: Line[];
  /** The decoded text the lines were split from: each line's `text` then its `terminator`, in order. */
  readonly text: string;
  /** Invalid UTF-8 was replaced by U+FFFD. */
  readonly replaced: boolean;
  /** Some line may hold a character outside the BMP. */
  readonly astral: boolean;
  /** {@link text} in the pieces it was decoded in, when it took more than one (see `LineWindow.textPieces`). */
  readonly textPieces: readonly string[] | undefined;
}

/**
 * Decodes a window's bytes (`strict`: invalid UTF-8 is `INVALID_UTF8`; `replace`: it becomes U+FFFD) and
 * splits them into lines under `breaks`: at LF, a CR before the LF belonging to the terminator, and for
 * `universal` also at a lone CR. Lines are numbered from `firstNumber` (`null`: not numbered).
 */
export function decodeLines(file: OpenFile, bytes: Buffer, firstNumber: number | null, policy: "strict" | "replace", breaks: LineBreaks = "lf"): Result<DecodedLines> {
  const ascii = isAscii(bytes);
  const valid = ascii || isUtf8(bytes);
  if (!valid && policy === "strict") {
    return fail(coreFailure({ code: "INVALID_UTF8", message: `The file ${quoteText(file.path.input)} is not valid UTF-8.`, path: file.path.input }));
  }
  const text = decodeUtf8(bytes, { ascii, valid });
  // Without a CR byte, universal line breaks are the LF ones; `includes` finds that out far faster than
  // a search of the decoded text (V8's `indexOf` walks a string whose every character must be compared).
  const lines = breaks === "universal" && bytes.includes(CR) ? splitUniversal(text, firstNumber) : splitAtLf(text, firstNumber);
  return ok({ lines, text, replaced: !valid, astral: !ascii && hasFourByteLead(bytes), textPieces: undefined });
}

/** Window bytes decoded in one go; a larger window is decoded in slices of this size, yielding between them. */
export const DECODE_SLICE_BYTES = 1024 * 1024;

/**
 * Bytes of a window of at most a slice decoded into one string: a larger one is decoded in pieces of this
 * size, its text their concatenation. V8 gives a string of over 128 KiB memory of its own, mapped afresh for
 * it, whose every page faults in (and so does the transcoder's UTF-16 buffer of a larger piece); 32 KiB of
 * UTF-8 decode to at most 64 KiB of UTF-16. A window larger than a slice is decoded a slice at a time:
 * pieces this small would pass all of its text through V8's young generation, held twice over there.
 */
export const DECODE_PIECE_BYTES = 32 * 1024;

/** How {@link decodeWindow} slices a window. */
export interface DecodeWindowOptions {
  /** Bytes decoded between two turns of the event loop (default {@link DECODE_SLICE_BYTES}). */
  readonly sliceBytes?: number;
  /**
   * The window's bytes are the start of a buffer made by `shrinkableBuffer`, and nothing reads them after
   * this call: each slice's memory is given back once it is decoded, so the window's bytes and its text
   * are never held whole at once (a window of at most a slice is held whole until it is decoded).
   */
  readonly release?: boolean;
}

/**
 * {@link decodeLines} for a window of any size without holding the event loop: a window over the slice
 * size is decoded a slice at a time, with a turn of the event loop and a check of the call's signal between
 * slices, and a smaller one over {@link DECODE_PIECE_BYTES} a piece at a time (each slice or piece ending
 * after an LF, or on a character boundary inside a longer line, never between a CR and what follows it).
 * They are decoded from the last to the first, so that with `release` the buffer shrinks as its text grows.
 * The result is the one {@link decodeLines} gives for the whole window, but that its text is the
 * concatenation of the slices' or pieces' texts (`textPieces`).
 */
export function* decodeWindow(
  file: OpenFile,
  bytes: Buffer,
  firstNumber: number | null,
  policy: "strict" | "replace",
  breaks: LineBreaks = "lf",
  options: DecodeWindowOptions = {},
): Steps<Result<DecodedLines>> {
  const sliceBytes = options.sliceBytes ?? DECODE_SLICE_BYTES;
  const pieceBytes = bytes.length > sliceBytes ? sliceBytes : DECODE_PIECE_BYTES;
  if (bytes.length <= pieceBytes) return decodeLines(file, bytes, firstNumber, policy, breaks);
  const slices: { readonly start: number; readonly end: number; readonly number: number | null }[] = [];
  let number = firstNumber;
  for (let start = 0; start < bytes.length; ) {
    const end = sliceEnd(bytes, start, Math.min(bytes.length, start + pieceBytes));
    slices.push({ start, end, number });
    if (number !== null) number += endedLines(bytes.subarray(start, end), breaks);
    start = end;
  }
  const { buffer, byteOffset } = bytes;
  const decoded: Line[][] = [];
  // The slices' texts joined back to front: a rope of them, so the window's text is never copied whole.
  let text = "";
  const textPieces: string[] = [];
  // The lines of the slices decoded so far whose first line a line running on from an earlier slice joins.
  let after: Line[] | undefined;
  let replaced = false;
  let astral = false;
  for (let k = slices.length - 1; k >= 0; k--) {
    const { start, end, number: first } = slices[k] as (typeof slices)[number];
    // A fresh view: once the buffer shrank, views made before it no longer reach these bytes.
    const slice = decodeLines(file, Buffer.from(buffer, byteOffset + start, end - start), first, policy, breaks);
    if (!slice.ok) return slice;
    replaced ||= slice.value.replaced;
    astral ||= slice.value.astral;
    const lines = slice.value.lines;
    const last = lines.at(-1);
    const next = after?.[0];
    if (after !== undefined && next !== undefined && last !== undefined && last.terminator === "") {
      lines.pop();
      after[0] = { ...next, number: last.number, text: last.text + next.text };
    }
    decoded[k] = lines;
    text = slice.value.text + text;
    textPieces[k] = slice.value.text;
    if (lines.length > 0) after = lines;
    // Pieces of a window of at most a slice are not given back one by one: a shrink of a resizable buffer
    // cost more than decoding a piece.
    if (options.release === true && pieceBytes === sliceBytes) shrinkBuffer(bytes, start);
    if (k > 0 && pieceBytes === sliceBytes) yield* file.reader.pause();
  }
  // Not decoded.flat(): on an array filled from its end (holey to V8) it took longer than the decoding.
  return ok({ lines: ([] as Line[]).concat(...decoded), text, replaced, astral, textPieces: textPieces.length > 1 ? textPieces : undefined });
}

// Lines a slice ends: its line ends, and under universal line breaks a CR that ends it (a slice never ends
// between a CR and an LF, so that CR is a line end of its own).
function endedLines(slice: Buffer, breaks: LineBreaks): number {
  const ends = countLineEnds(slice, -1, breaks);
  return breaks === "universal" && slice[slice.length - 1] === CR ? ends + 1 : ends;
}

// Where a slice of the window ends: after its last LF, else (one long line) on a character boundary (one
// character past the slice when not even one fits), never between a CR and the LF after it.
function sliceEnd(bytes: Buffer, start: number, limit: number): number {
  if (limit >= bytes.length) return bytes.length;
  const lf = bytes.lastIndexOf(0x0a, limit - 1);
  if (lf >= start) return lf + 1;
  let end = start + wholeCharacterEnd(bytes.subarray(start, limit), limit - start);
  if (end === start) end = wholeCharacterStart(bytes, start + 1, bytes.length);
  if (bytes[end - 1] === CR && bytes[end] === 0x0a) end++;
  return end;
}

function splitAtLf(text: string, firstNumber: number | null): Line[] {
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
  return lines;
}

// Line ends are CRLF, a lone CR or LF, the first that starts at each point. The next CR and the next LF
// are found with `indexOf`: a match object per line cost more than the split. Only for text that holds a
// CR (decodeLines splits the rest at LF), so the search for the next CR ends soon.
function splitUniversal(text: string, firstNumber: number | null): Line[] {
  const lines: Line[] = [];
  let number = firstNumber;
  let start = 0;
  let cr = text.indexOf("\r");
  let lf = text.indexOf("\n");
  while (start < text.length) {
    if (cr !== -1 && cr < start) cr = text.indexOf("\r", start);
    if (lf !== -1 && lf < start) lf = text.indexOf("\n", start);
    const end = cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf);
    if (end === -1) {
      lines.push({ number, text: text.slice(start), terminator: "" });
      break;
    }
    const terminator = end === lf ? "\n" : lf === end + 1 ? "\r\n" : "\r";
    lines.push({ number, text: text.slice(start, end), terminator });
    start = end + terminator.length;
    if (number !== null) number++;
  }
  return lines;
}

// A character outside the BMP decodes only from a four-byte sequence, whose lead byte is 0xF0-0xF4
// (a stray one in invalid input becomes U+FFFD, so this may say yes where no such character is).
function hasFourByteLead(bytes: Buffer): boolean {
  for (let lead = 0xf0; lead <= 0xf4; lead++) if (bytes.includes(lead)) return true;
  return false;
}

/**
 * The longest prefix of `bytes[0, length)` that does not end inside a UTF-8 sequence: a cut there never
 * splits a character (bytes that are no valid sequence are left to the decoder, which replaces them).
 */
export function wholeCharacterEnd(bytes: Uint8Array, length: number): number {
  let lead = length - 1;
  while (lead >= 0 && length - lead < 4 && isContinuation(bytes[lead] ?? 0)) lead--;
  if (lead < 0) return length;
  const first = bytes[lead] ?? 0;
  const needed = first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : first >= 0xc0 ? 2 : 1;
  return length - lead >= needed ? length : lead;
}

/**
 * The first offset at or after `start` (and before `end`) where a UTF-8 character starts: continuation
 * bytes of a character that begins before `start` are skipped, at most three of them.
 */
export function wholeCharacterStart(bytes: Uint8Array, start: number, end: number): number {
  let at = start;
  while (at < end && at - start < 3 && isContinuation(bytes[at] ?? 0)) at++;
  return at;
}

function isContinuation(byte: number): boolean {
  return (byte & 0xc0) === 0x80;
}
