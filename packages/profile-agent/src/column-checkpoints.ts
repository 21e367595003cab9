import { CHUNK_SIZE, countNewlines } from "@read/core";
import { countCharacters } from "./utf8-characters.js";

/**
 * Most checkpoints one scan records (two per interval at most: see {@link checkpointInterval}): three
 * numbers each, so at most 48 KiB a file, for the 32 files whose scans are cached.
 */
export const MAX_COLUMN_CHECKPOINTS = 2048;

/**
 * Places inside long lines where a column read can start counting instead of at the line's start, in
 * ascending byte order. Checkpoint `i` is the byte `offsets[i]`, on line `lines[i]`, after the first
 * `characters[i]` characters of that line (as a column counts them: bytes that are not UTF-8 continuation
 * bytes, a UTF-8 byte order mark excluded). The byte may be inside a character (counted before it).
 */
export interface ColumnCheckpoints {
  readonly offsets: readonly number[];
  readonly lines: readonly number[];
  readonly characters: readonly number[];
}

/** A checkpoint found by {@link checkpointBefore}. */
export interface Checkpoint {
  readonly offset: number;
  readonly characters: number;
}

/**
 * The last checkpoint of line `line` with at most `characters` characters of the line before it: the
 * nearest place a read of its `characters + 1`th character can start from. `undefined` when the line has
 * none there (the column is within the line's first interval, or past what the scan read).
 */
export function checkpointBefore(checkpoints: ColumnCheckpoints, line: number, characters: number): Checkpoint | undefined {
  const { offsets, lines, characters: counts } = checkpoints;
  // The last index whose (line, characters) is at most the one asked: lines and, within a line, counts ascend.
  let low = 0;
  let high = offsets.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const before = (lines[middle] ?? 0) < line || ((lines[middle] ?? 0) === line && (counts[middle] ?? 0) <= characters);
    if (before) low = middle + 1;
    else high = middle;
  }
  const found = low - 1;
  if (found < 0 || lines[found] !== line) return undefined;
  return { offset: offsets[found] ?? 0, characters: counts[found] ?? 0 };
}

/**
 * The bytes between two checkpoints: core's small chunk, doubled until `maxScanBytes` holds at most half
 * {@link MAX_COLUMN_CHECKPOINTS} intervals (64 KiB up to the default 64 MiB, 1,024 intervals).
 */
export function checkpointInterval(maxScanBytes: number): number {
  let interval = CHUNK_SIZE;
  while (maxScanBytes / interval > MAX_COLUMN_CHECKPOINTS / 2) interval *= 2;
  return interval;
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * Records {@link ColumnCheckpoints} while a scan reads a file from its start: at each multiple of the
 * interval that a line crosses whole (no line feed in the interval before it), and at the start of such a
 * line (its first character), so that a column read walks at most two intervals and never looks for the
 * line's start or end, and files of short lines record none. A checkpoint right after a CR is put on that
 * CR, whose meaning (terminator or text) depends on the next byte.
 */
export class CheckpointRecorder {
  private readonly offsets: number[] = [];
  private readonly lines: number[] = [];
  private readonly characters: number[] = [];
  private position = 0;
  private line = 1;
  private lineStart = 0;
  private lineCharacters = 0;
  private lineFeedSinceBoundary = false;

  private readonly interval: number;

  /** For a scan that reads at most `maxScanBytes`: at most {@link MAX_COLUMN_CHECKPOINTS} are recorded. */
  constructor(maxScanBytes: number) {
    this.interval = checkpointInterval(maxScanBytes);
  }

  /** Takes the next bytes of the file; returns their line feeds (counted once, for the scan and here). */
  add(bytes: Buffer): number {
    // A UTF-8 byte order mark is not a character of line 1; its lead byte would count as one.
    if (this.position === 0 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
      this.lineCharacters = -1;
      this.lineStart = 3;
    }
    let lineFeeds = 0;
    for (let from = 0; from < bytes.length; ) {
      const boundary = (Math.floor((this.position + from) / this.interval) + 1) * this.interval;
      const to = Math.min(bytes.length, boundary - this.position);
      const piece = bytes.subarray(from, to);
      const count = countNewlines(piece);
      if (count > 0) {
        lineFeeds += count;
        this.line += count;
        const start = piece.lastIndexOf(LF) + 1;
        this.lineStart = this.position + from + start;
        this.lineCharacters = countCharacters(piece.subarray(start));
        this.lineFeedSinceBoundary = true;
      } else {
        this.lineCharacters += countCharacters(piece);
      }
      from = to;
      if (this.position + to === boundary) {
        if (!this.lineFeedSinceBoundary) this.record(boundary, piece[piece.length - 1] === CR);
        this.lineFeedSinceBoundary = false;
      }
    }
    this.position += bytes.length;
    return lineFeeds;
  }

  /** The checkpoints recorded so far. */
  checkpoints(): ColumnCheckpoints {
    return { offsets: this.offsets, lines: this.lines, characters: this.characters };
  }

  private record(boundary: number, afterCr: boolean): void {
    if (this.lines[this.lines.length - 1] !== this.line) {
      this.offsets.push(this.lineStart);
      this.lines.push(this.line);
      this.characters.push(0);
    }
    this.offsets.push(afterCr ? boundary - 1 : boundary);
    this.lines.push(this.line);
    this.characters.push(afterCr ? this.lineCharacters - 1 : this.lineCharacters);
  }
}
