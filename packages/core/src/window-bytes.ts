import { constants as bufferConstants } from "node:buffer";
import { EMPTY_CHUNK, type Chunk, type FileReader } from "./file-reader.js";
import { shrinkableBuffer } from "./shrinkable-buffer.js";
import type { Steps } from "./steps.js";

const { MAX_LENGTH } = bufferConstants;

/**
 * A window of at most this many bytes past its first chunk is collected in a buffer kept for later calls:
 * a fresh one cost a window of 70 KiB some twenty page faults (a resizable buffer is mapped afresh), more
 * than reading and decoding it. Larger windows get a shrinkable buffer, whose memory their decoding gives
 * back as it goes.
 */
export const KEPT_WINDOW_BYTES = 1024 * 1024;

// Buffers of windows decoded, for later windows: at most two kept (two calls reading at once), never shared.
const spare: Buffer[] = [];
const SPARE_WINDOWS = 2;

/**
 * The bytes of a forward window, copied at most once. The first chunk is read through the reader's own
 * chunk buffer and kept there as a view: a small file's window is decoded straight from the read that
 * sniffed it. Once a window runs past that chunk, the view is copied into one buffer sized for the rest of
 * the file as `fstat` saw it (never more than the window limit) and later chunks are read straight into
 * it. Pages of it that no read reaches are never touched, so memory follows the window: a window of one
 * 5 MiB line holds 5 MiB, not its chunks and then their concatenation. That buffer is shrinkable, so the
 * decoding that follows gives its memory back slice by slice as the text grows; a window that fits
 * {@link KEPT_WINDOW_BYTES} borrows a buffer kept for the purpose instead, given back by {@link release}.
 */
export class WindowBytes {
  private target: Buffer | undefined;
  // The target is a kept buffer, to be given back.
  private kept = false;
  // A view of the reader's chunk buffer: valid only until its next chunk read.
  private shared: Buffer | undefined;
  length = 0;

  constructor(
    private readonly reader: FileReader,
    private readonly expected: number,
    private readonly maxWindow: number,
  ) {}

  /** Reads the next bytes at `position` (at most one chunk's worth, never past `budget`). */
  *readAt(position: number, budget: number): Steps<Chunk> {
    if (this.target === undefined && this.shared === undefined) {
      return position >= budget ? EMPTY_CHUNK : yield* this.reader.chunk(position, Math.min(this.reader.chunkSize, budget - position));
    }
    if (position >= budget) return EMPTY_CHUNK;
    if (this.shared !== undefined && this.reader.knownEnd(position)) return EMPTY_CHUNK;
    // Into whatever room is left (the byte past the size `fstat` gave is there to meet the end of the
    // file): a full chunk of room would double the buffer just to learn that nothing follows.
    const target = this.room(1);
    const wanted = Math.min(this.reader.chunkSize, budget - position, target.length - this.length);
    const bytes = yield* this.reader.into(target, this.length, wanted, position);
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

  /** Drops the bytes kept past `length` (a window cut back to what fits). */
  truncate(length: number): void {
    this.length = Math.min(this.length, length);
  }

  /** Copies the bytes out of the reader's chunk buffer, before anything else may read into it. */
  detach(): void {
    if (this.shared !== undefined) this.room(0);
  }

  /** The window's bytes (a view of the reader's chunk buffer until {@link detach}). */
  bytes(): Buffer {
    return (this.target ?? this.shared)?.subarray(0, this.length) ?? Buffer.alloc(0);
  }

  /** Gives a kept buffer back once nothing reads the window's bytes any more (they are decoded). */
  release(): void {
    this.giveBack();
    this.target = undefined;
    this.shared = undefined;
    this.length = 0;
  }

  // A buffer with room for `more` bytes after `length`, the bytes kept so far at its start.
  private room(more: number): Buffer {
    const needed = this.length + more;
    if (this.target !== undefined && this.target.length >= needed) return this.target;
    const fromStat = this.expected + 1;
    // A window that cannot outgrow a kept buffer (its bytes up to the limit or the end of the file, and the
    // byte that shows the end) takes one: reads into it are only cut to its room.
    const kept = Math.max(needed, Math.min(this.maxWindow, this.expected) + 1) <= KEPT_WINDOW_BYTES;
    const size = Math.max(needed, Math.min(this.maxWindow + this.reader.chunkSize, MAX_LENGTH, this.target === undefined ? fromStat : this.target.length * 2));
    const grown = kept ? (spare.pop() ?? Buffer.allocUnsafeSlow(KEPT_WINDOW_BYTES)) : shrinkableBuffer(size);
    (this.target ?? this.shared)?.copy(grown, 0, 0, this.length);
    this.giveBack();
    this.target = grown;
    this.kept = kept;
    this.shared = undefined;
    return grown;
  }

  private giveBack(): void {
    if (this.kept && this.target !== undefined && spare.length < SPARE_WINDOWS) spare.push(this.target);
    this.kept = false;
  }
}
