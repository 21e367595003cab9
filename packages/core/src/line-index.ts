import { CHUNK_SIZE } from "./file-reader.js";
import type { LineBreaks } from "./line-ends.js";
import type { OpenFile } from "./open-file.js";

/**
 * Where a scan of a file stands: the line ends in [0, position) and the byte before `position` (-1 at
 * 0). Under universal line breaks a CR there is undecided (the next byte tells a lone CR from a CRLF)
 * and not yet counted; once counted as a line end it is recorded as an LF.
 */
export interface ScanPoint {
  newlines: number;
  position: number;
  lastByte: number;
}

/** Most checkpoints kept for one file: a file's index never holds more, whatever its size. */
export const MAX_CHECKPOINTS = 4096;
/** Least distance in bytes between two checkpoints (one read chunk). */
export const MIN_CHECKPOINT_STRIDE = 64 * 1024;
/** How many files' indexes are kept, least recently used dropped first. */
export const INDEXED_FILES = 32;
/**
 * A file changed (mtime or ctime) less than this long (ms) before it is read is never indexed: a rewrite
 * within the file system's timestamp granularity could keep its identity.
 */
export const SETTLE_MS = 2000;

const LF = 0x0a;

/**
 * What earlier reads learnt about the lines of one file identity: sparse checkpoints (a byte offset and
 * the newlines before it, at most {@link MAX_CHECKPOINTS}, recorded while scans pass them) and, once a
 * scan reached the end, the whole count. Moving a scan to a checkpoint is exact, so a read that uses the
 * index returns what a full scan would, while paging through a large file costs one stride per page.
 */
export interface LineIndex {
  /**
   * Moves `scan` (at the start of the file) to the last checkpoint with fewer than `newlines` newlines
   * before it that lies below `budget`: a scan for the start of line `newlines + 1` passes it anyway.
   */
  seekNewlines(scan: ScanPoint, newlines: number, budget: number): void;
  /** Moves `scan` (at the start of the file) to the last checkpoint at or before `position`. */
  seekPosition(scan: ScanPoint, position: number): void;
  /** Records `scan` as a checkpoint when it lies a stride past the last one and within the file. */
  note(scan: ScanPoint): void;
  /** Records the whole file's count, when `scan` stands at the end of the file. */
  complete(scan: ScanPoint): void;
  /** The scan at the end of the file, once one reached it. */
  readonly end: Readonly<ScanPoint> | undefined;
  /** Records whether the whole file is valid UTF-8, once a scan that checked every byte reached its end. */
  completeUtf8(valid: boolean): void;
  /** Whether the whole file is valid UTF-8, once a checking scan found out. */
  readonly utf8Valid: boolean | undefined;
  /** How many checkpoints are kept (at most {@link MAX_CHECKPOINTS}). */
  readonly checkpoints: number;
}

class FileLineIndex implements LineIndex {
  private readonly positions: number[] = [];
  private readonly newlines: number[] = [];
  private readonly lastBytes: number[] = [];
  private readonly stride: number;
  end: Readonly<ScanPoint> | undefined;
  utf8Valid: boolean | undefined;

  get checkpoints(): number {
    return this.positions.length;
  }

  constructor(private readonly size: number) {
    this.stride = Math.max(MIN_CHECKPOINT_STRIDE, Math.ceil(size / MAX_CHECKPOINTS));
  }

  seekNewlines(scan: ScanPoint, newlines: number, budget: number): void {
    this.moveTo(scan, this.lastWhere((i) => (this.newlines[i] ?? Infinity) < newlines && (this.positions[i] ?? Infinity) < budget));
  }

  seekPosition(scan: ScanPoint, position: number): void {
    this.moveTo(scan, this.lastWhere((i) => (this.positions[i] ?? Infinity) <= position));
  }

  note(scan: ScanPoint): void {
    const last = this.positions[this.positions.length - 1] ?? 0;
    if (scan.position - last < this.stride || scan.position > this.size || this.positions.length >= MAX_CHECKPOINTS) return;
    this.positions.push(scan.position);
    this.newlines.push(scan.newlines);
    this.lastBytes.push(scan.lastByte);
  }

  complete(scan: ScanPoint): void {
    if (scan.position === this.size) this.end = { ...scan };
  }

  completeUtf8(valid: boolean): void {
    this.utf8Valid = valid;
  }

  // Index of the last checkpoint for which `holds` is true; `holds` is true for a prefix of them.
  private lastWhere(holds: (i: number) => boolean): number {
    let low = -1;
    let high = this.positions.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high + 1) / 2);
      if (holds(middle)) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  private moveTo(scan: ScanPoint, i: number): void {
    const position = this.positions[i];
    if (position === undefined || position <= scan.position) return;
    scan.position = position;
    scan.newlines = this.newlines[i] ?? 0;
    scan.lastByte = this.lastBytes[i] ?? LF;
  }
}

const indexes = new Map<string, FileLineIndex>();

/**
 * The line index of `file`'s identity under `breaks` (its checkpoints count that model's line ends),
 * created empty on first use and kept for the {@link INDEXED_FILES} most recently read files; `undefined`
 * for a file no larger than one read chunk ({@link CHUNK_SIZE}: the read that starts any window holds all
 * of it, so no checkpoint or count could spare a read) and one changed within the last {@link SETTLE_MS}
 * ms. The identity is the device, inode, size, mtime and ctime that `fstat` gave the open descriptor:
 * ctime, which no caller can set, tells apart a rewrite that restored the mtime and a new file that
 * reused an inode. Two calls reading one file at once share its index: it only gains checkpoints past
 * its last one and an end, each exact, so neither can mislead the other.
 */
export function lineIndexOf(file: OpenFile, breaks: LineBreaks = "lf", now: number = Date.now()): LineIndex | undefined {
  if (file.stat.size <= CHUNK_SIZE) return undefined;
  const { dev, ino, size, mtimeMs, ctimeMs } = file.stat;
  if (Math.max(mtimeMs, ctimeMs) > now - SETTLE_MS) return undefined;
  const key = `${breaks}:${dev}:${ino}:${size}:${mtimeMs}:${ctimeMs}`;
  let index = indexes.get(key);
  if (index === undefined) {
    index = new FileLineIndex(size);
    if (indexes.size >= INDEXED_FILES) {
      const oldest = indexes.keys().next().value;
      if (oldest !== undefined) indexes.delete(oldest);
    }
  } else {
    indexes.delete(key);
  }
  indexes.set(key, index);
  return index;
}

/** Forgets every file's line index. */
export function clearLineIndexes(): void {
  indexes.clear();
}
