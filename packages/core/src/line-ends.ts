import { countLineFeeds, countLineFeedsIn } from "./count-line-feeds.js";

const LF = 0x0a;
const CR = 0x0d;

/**
 * What ends a line. `lf`: a line feed, a CR right before it belonging to the terminator (CRLF is one
 * terminator, a lone CR an ordinary character). `universal`: an LF, a CRLF or a lone CR, as Python's
 * text mode (universal newlines) reads a file.
 */
export type LineBreaks = "lf" | "universal";

/**
 * The line ends within `bytes`, given the byte before them (`before`, -1 at the start of the file). Each
 * end is counted at its last byte: an LF, or in universal mode a CR not followed by an LF. A universal CR
 * that is the last byte is left undecided (not counted here): the bytes that follow decide it, counted
 * with `before` set to it.
 */
export function countLineEnds(bytes: Uint8Array, before: number, breaks: LineBreaks): number {
  let ends = countLineFeeds(bytes);
  if (breaks === "lf" || bytes.length === 0) return ends;
  if (before === CR && bytes[0] !== LF) ends++;
  const last = bytes.length - 1;
  for (let cr = bytes.indexOf(CR); cr !== -1 && cr < last; cr = bytes.indexOf(CR, cr + 1)) {
    if (bytes[cr + 1] !== LF) ends++;
  }
  return ends;
}

/**
 * {@link countLineEnds} of consecutive slices of one chunk, without a view of any slice: LFs are counted
 * where they lie ({@link countLineFeedsIn}), and under universal line breaks the chunk's CRs are found
 * one after another as the slices reach them, so the chunk is searched once however finely it is sliced.
 * A scan counts each chunk in slices to leave index checkpoints; a view per slice made a 1 GiB scan
 * allocate megabytes, and the heap grew by as much.
 */
export class SliceCounter {
  // The next CR at or after the last slice counted (-1: none left); stale bytes past the chunk's end may
  // hold CRs, which no slice reaches.
  private nextCr: number;

  /** Counts slices of a chunk read into `bytes` (from its start). */
  constructor(
    private readonly bytes: Buffer,
    private readonly breaks: LineBreaks,
  ) {
    this.nextCr = breaks === "universal" ? bytes.indexOf(CR) : -1;
  }

  /** The line ends of `bytes[from, to)`, given the byte before it; slices are counted in order. */
  count(from: number, to: number, before: number): number {
    const { bytes } = this;
    let ends = countLineFeedsIn(bytes, from, to);
    if (this.breaks === "lf" || from === to) return ends;
    if (before === CR && bytes[from] !== LF) ends++;
    while (this.nextCr !== -1 && this.nextCr < from) this.nextCr = bytes.indexOf(CR, this.nextCr + 1);
    // A CR that is the slice's last byte is left to the next slice, which sees it as `before`.
    while (this.nextCr !== -1 && this.nextCr < to - 1) {
      if (bytes[this.nextCr + 1] !== LF) ends++;
      this.nextCr = bytes.indexOf(CR, this.nextCr + 1);
    }
    return ends;
  }
}

/**
 * The offset just past the `n`-th line end within `bytes` (see {@link countLineEnds}; `n` at least 1,
 * and at most the ends counted there). The end of a CR undecided before `bytes` lies at offset 0.
 */
export function pastLineEnds(bytes: Uint8Array, before: number, breaks: LineBreaks, n: number): number {
  let found = 0;
  if (breaks === "universal" && before === CR && bytes.length > 0 && bytes[0] !== LF) {
    found++;
    if (found === n) return 0;
  }
  const last = bytes.length - 1;
  let lf = bytes.indexOf(LF);
  let cr = breaks === "universal" ? bytes.indexOf(CR) : -1;
  while (lf !== -1 || cr !== -1) {
    if (cr === -1 || (lf !== -1 && lf < cr)) {
      found++;
      if (found === n) return lf + 1;
      lf = bytes.indexOf(LF, lf + 1);
      continue;
    }
    if (cr < last && bytes[cr + 1] !== LF) {
      found++;
      if (found === n) return cr + 1;
    }
    cr = bytes.indexOf(CR, cr + 1);
  }
  throw new RangeError(`pastLineEnds: fewer than ${n} line ends in ${bytes.length} bytes`);
}

/** Whether a line ending at `lastByte` is terminated (the last line of a file that ends with a line break). */
export function isLineEnd(lastByte: number, breaks: LineBreaks): boolean {
  return lastByte === LF || (breaks === "universal" && lastByte === CR);
}

/**
 * The offset just past the last line end that lies wholly within the first `length` bytes of `bytes` (0
 * when none does). A universal CR at `length - 1` is a line end when the byte after it (in `bytes`) is not
 * an LF; a CRLF split at `length` is not one within it.
 */
export function lastLineEnd(bytes: Uint8Array, length: number, breaks: LineBreaks): number {
  if (length === 0) return 0;
  let end = bytes.lastIndexOf(LF, length - 1) + 1;
  if (breaks === "universal") {
    // Only after the last LF: a search of the whole chunk for a CR that is not there costs a pass over it.
    const after = bytes.subarray(end, length);
    for (let cr = after.lastIndexOf(CR); cr !== -1; cr = cr > 0 ? after.lastIndexOf(CR, cr - 1) : -1) {
      const at = end + cr;
      if (at + 1 < bytes.length && bytes[at + 1] !== LF) {
        end = at + 1;
        break;
      }
    }
  }
  return end;
}

/** The line ends in the first `end` bytes of `bytes`, `end` being a {@link lastLineEnd}: a CR just before it ends a line. */
export function lineEndsTo(bytes: Uint8Array, end: number, before: number, breaks: LineBreaks): number {
  if (end === 0) return 0;
  const within = bytes.subarray(0, end);
  // countLineEnds leaves a final CR undecided: lastLineEnd decided it by the byte after it.
  return countLineEnds(within, before, breaks) + (breaks === "universal" && within[end - 1] === CR ? 1 : 0);
}
