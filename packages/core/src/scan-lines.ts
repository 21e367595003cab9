import { CHUNK_SIZE, EMPTY_CHUNK, type Chunk, type FileReader } from "./file-reader.js";
import { isLineEnd, pastLineEnds, SliceCounter, type LineBreaks } from "./line-ends.js";
import type { LineIndex, ScanPoint } from "./line-index.js";
import type { Steps } from "./steps.js";
import type { Utf8Check } from "./utf8-check.js";

const LF = 0x0a;

/** Why a scan stopped: the end of the file, the file limit (it grew past it), or the scan budget. */
export type Stop = "eof" | "too-large" | "scan-limit";

/**
 * The limits a scan obeys: no read goes past `budget` (the scan budget, or one byte past the file limit,
 * enough to see that the file is over it); `fileLimit` is the file limit itself.
 */
export interface ScanLimits {
  readonly budget: number;
  readonly fileLimit: number | undefined;
}

/**
 * How a scan reads line ends, and what else it checks on the way: `check` is fed every byte the scan
 * passes, in order.
 */
export interface ScanMode {
  readonly breaks: LineBreaks;
  readonly check?: Utf8Check | undefined;
}

/** The plain scan: lines end at LF, nothing else checked. */
export const LF_SCAN: ScanMode = { breaks: "lf" };

/**
 * Lines in `[0, scan.position)`: the line ends, plus a last line that has none. A universal CR still
 * undecided at the end of the file (see {@link ScanPoint}) ends that last line, which this counts too.
 */
export function linesOf(scan: ScanPoint): number {
  return scan.newlines + (scan.position > 0 && scan.lastByte !== LF ? 1 : 0);
}

/** Whether `[0, scan.position)` is non-empty and ends with a line break. */
export function endsWithNewline(scan: ScanPoint, breaks: LineBreaks): boolean {
  return scan.position > 0 && isLineEnd(scan.lastByte, breaks);
}

/** Whether `position` lies past the file limit. */
export function pastFileLimit(limits: ScanLimits, position: number): boolean {
  return limits.fileLimit !== undefined && position > limits.fileLimit;
}

/** The chunk at `position`, never past the budget: 0 bytes at the budget means "stopped there" (see {@link stopAt}). */
export function* chunkWithin(reader: FileReader, position: number, limits: ScanLimits): Steps<Chunk> {
  if (position >= limits.budget) return EMPTY_CHUNK;
  return yield* reader.chunk(position, Math.min(reader.chunkSize, limits.budget - position));
}

/**
 * A read that got no bytes at `position`: below the budget that is the end of the file; at the budget, a
 * position past the file limit means the file is too large, otherwise one probed byte tells the end of
 * the file from the scan budget.
 */
export function* stopAt(reader: FileReader, limits: ScanLimits, position: number): Steps<Stop> {
  if (position < limits.budget) return "eof";
  if (pastFileLimit(limits, position)) return "too-large";
  return (yield* reader.atEnd(position)) ? "eof" : "scan-limit";
}

/**
 * Advances `scan` to the start of line `skip + 1`, counting line ends without keeping bytes: "found" (at
 * `scan.position`), "eof" when the file has fewer lines, or the limit that stopped it first.
 */
export function* seekLine(reader: FileReader, scan: ScanPoint, skip: number, limits: ScanLimits, index: LineIndex | undefined, mode: ScanMode = LF_SCAN): Steps<"found" | Stop> {
  if (skip === 0) return "found";
  for (;;) {
    const { buffer, bytes } = yield* chunkWithin(reader, scan.position, limits);
    if (bytes === 0) return yield* stopAt(reader, limits, scan.position);
    // A slice that ends before the sought line end is only counted, which SIMD does far faster than a walk.
    const counter = new SliceCounter(buffer, mode.breaks);
    for (let from = 0; from < bytes; from += CHUNK_SIZE) {
      const to = Math.min(bytes, from + CHUNK_SIZE);
      const inSlice = counter.count(from, to, scan.lastByte);
      if (scan.newlines + inSlice < skip) {
        scan.newlines += inSlice;
        scan.lastByte = buffer[to - 1] ?? -1;
        scan.position += to - from;
        index?.note(scan);
        continue;
      }
      const past = pastLineEnds(buffer.subarray(from, to), scan.lastByte, mode.breaks, skip - scan.newlines);
      mode.check?.feed(buffer.subarray(0, from + past));
      scan.newlines = skip;
      // Right after a line end; a CR that ended the line is decided, so it is recorded as an LF.
      scan.lastByte = LF;
      scan.position += past;
      return "found";
    }
    mode.check?.feed(buffer.subarray(0, bytes));
  }
}

/**
 * Counts the rest of the file into `scan`, until its end or a limit. An indexed count of the whole file
 * stands in for the scan when that scan would have reached the end within the budget, unless the bytes
 * are to be checked.
 */
export function* countToEnd(reader: FileReader, scan: ScanPoint, limits: ScanLimits, index: LineIndex | undefined, mode: ScanMode = LF_SCAN): Steps<Stop> {
  const end = index?.end;
  if (mode.check === undefined && end !== undefined && end.position < limits.budget && end.position >= scan.position) {
    Object.assign(scan, end);
    return "eof";
  }
  for (;;) {
    const { buffer, bytes } = yield* chunkWithin(reader, scan.position, limits);
    if (bytes === 0) return yield* stopAt(reader, limits, scan.position);
    countInto(scan, buffer, bytes, index, mode);
  }
}

/** Counts `[scan.position, end)` into `scan`; false when the file ended first (it shrank while it was read). */
export function* countRange(reader: FileReader, scan: ScanPoint, end: number, index: LineIndex | undefined): Steps<boolean> {
  while (scan.position < end) {
    const { buffer, bytes } = yield* reader.chunk(scan.position, Math.min(reader.chunkSize, end - scan.position));
    if (bytes === 0) return false;
    countInto(scan, buffer, bytes, index);
  }
  return true;
}

// Counts a chunk into `scan` a slice at a time, offering the index a checkpoint after each: a large
// asynchronous chunk leaves checkpoints as dense as the small synchronous ones. The slices are ranges of
// the chunk, not views of it (see SliceCounter), and the check takes the chunk whole.
function countInto(scan: ScanPoint, buffer: Buffer, bytes: number, index: LineIndex | undefined, mode: ScanMode = LF_SCAN): void {
  mode.check?.feed(buffer.subarray(0, bytes));
  const counter = new SliceCounter(buffer, mode.breaks);
  for (let from = 0; from < bytes; from += CHUNK_SIZE) {
    const to = Math.min(bytes, from + CHUNK_SIZE);
    scan.newlines += counter.count(from, to, scan.lastByte);
    scan.lastByte = buffer[to - 1] ?? -1;
    scan.position += to - from;
    index?.note(scan);
  }
}
