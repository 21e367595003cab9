import fs from "node:fs";
import { countableBuffer, isCountable } from "./count-line-feeds.js";
import { waitFor, type Steps } from "./steps.js";

/** Bytes read one at a time while a call is young: small reads are synchronous, and this is their size. */
export const CHUNK_SIZE = 64 * 1024;

/**
 * Bytes a call reads synchronously before it switches to asynchronous reads. A window in the first MiB of
 * a file (the common case) costs a few `pread`s and holds the event loop for well under a millisecond;
 * anything that has to read further never holds it for longer than one chunk's newline count.
 */
export const SYNC_BYTES = 1024 * 1024;

/** Size of each of the two buffers an asynchronous scan reads ahead into. */
export const ASYNC_CHUNK_SIZE = 2 * 1024 * 1024;

/** Bytes of a file at a position, as one read returned them: `buffer[0, bytes)`. */
export interface Chunk {
  readonly buffer: Buffer;
  readonly bytes: number;
}

/** A read that got nothing: the end of the file, or a limit that allows no byte more. */
export const EMPTY_CHUNK: Chunk = { buffer: Buffer.alloc(0), bytes: 0 };

// Buffers of calls that are over, for later calls to reuse: allocating a fresh 64 KiB buffer cost a small
// read more than the read itself, and two 2 MiB ones cost a large file's first call a millisecond of page
// faults. A buffer belongs to one call from its first read until that call's descriptor is closed, so no
// two calls ever share one at the same time. The first reader fills both pools with buffers in the newline
// counter's memory (`countableBuffer`; pages no read touches cost nothing): the line feeds read into them
// are counted without a copy, which had cost a scan as much time as the count. Filled once and in full,
// so small reads at any concurrency never take the large pairs' room. Those buffers are always kept;
// others up to the same numbers.
const spareSmall: Buffer[] = [];
const spareLarge: [Buffer, Buffer][] = [];
const SPARE_SMALL = 16;
const SPARE_LARGE = 2;
let poolsFilled = false;

/** A 64 KiB buffer for one call's synchronous reads, the pool's while it has one; see {@link giveBack}. */
export function takeSmallBuffer(): Buffer {
  fillPools();
  return spareSmall.pop() ?? Buffer.allocUnsafeSlow(CHUNK_SIZE);
}

/** Two {@link ASYNC_CHUNK_SIZE} buffers for one call's asynchronous reads, the pool's while it has a pair. */
export function takeLargePair(): [Buffer, Buffer] {
  fillPools();
  return spareLarge.pop() ?? [Buffer.allocUnsafeSlow(ASYNC_CHUNK_SIZE), Buffer.allocUnsafeSlow(ASYNC_CHUNK_SIZE)];
}

/** Returns a call's buffers to the pools, once nothing of that call reads them any more. */
export function giveBack(small: Buffer | undefined, large: [Buffer, Buffer] | undefined): void {
  if (small !== undefined && (isCountable(small) || spareSmall.length < SPARE_SMALL)) spareSmall.push(small);
  if (large !== undefined && (isCountable(large[0]) || spareLarge.length < SPARE_LARGE)) spareLarge.push(large);
}

function fillPools(): void {
  if (poolsFilled) return;
  poolsFilled = true;
  for (let i = 0; i < SPARE_SMALL; i++) {
    const small = countableBuffer(CHUNK_SIZE);
    if (small !== undefined) spareSmall.push(small);
  }
  for (let i = 0; i < SPARE_LARGE; i++) {
    const first = countableBuffer(ASYNC_CHUNK_SIZE);
    const second = countableBuffer(ASYNC_CHUNK_SIZE);
    if (first !== undefined && second !== undefined) spareLarge.push([first, second]);
  }
}

interface Held {
  readonly position: number;
  readonly buffer: Buffer;
  readonly bytes: number;
}

/**
 * Every read of one open file during one call. It owns its buffers (nothing is shared between calls, so
 * reads that overlap in time never see each other's bytes), checks the call's signal before each read,
 * and decides how to read: synchronously for the first {@link SYNC_BYTES} read (throughout a file no larger
 * than that, and for the read that finds the end where `fstat` put it), then asynchronously in
 * {@link ASYNC_CHUNK_SIZE} chunks with the next one read ahead while the current one is counted. The last
 * chunk read is kept, so the sniff, the byte-order-mark check and the first window chunk of a small file
 * cost one `pread`.
 */
export class FileReader {
  private syncLeft: number;
  private small: Buffer | undefined;
  private large: [Buffer, Buffer] | undefined;
  private nextLarge = 0;
  private held: Held | undefined;
  private ahead: { readonly position: number; readonly length: number; readonly read: Promise<Held> } | undefined;
  private inFlight = 0;
  private closeWhenIdle: (() => void) | undefined;
  /** Where a read proved the end of the file (a short read ending at the size seen at open). */
  private eof: number | undefined;

  constructor(
    private readonly fd: number,
    private readonly sizeAtOpen: number,
    private readonly signal: AbortSignal | undefined,
    private readonly syncBytes: number = SYNC_BYTES,
  ) {
    this.syncLeft = syncBytes;
  }

  /** The most bytes one read takes now: a small chunk while the call is young, a large one after. */
  get chunkSize(): number {
    return this.syncLeft > 0 ? CHUNK_SIZE : ASYNC_CHUNK_SIZE;
  }

  /**
   * The bytes at `position`, at most `length` (and at most {@link chunkSize}; a chunk's worth by
   * default), as a view valid until the next call of `chunk`. Served from the last chunk when it holds
   * them; 0 bytes means the end of the file. `ahead` says where a scan goes next: once reads are
   * asynchronous, the neighbouring chunk in that direction is read while this one is used.
   */
  *chunk(position: number, length?: number, ahead: "forward" | "backward" | "none" = "forward"): Steps<Chunk> {
    const wanted = Math.min(length ?? this.chunkSize, this.chunkSize);
    const cached = this.fromHeld(position, wanted);
    if (cached !== undefined) return cached;
    this.signal?.throwIfAborted();
    if (this.readsSync(position)) {
      this.small ??= takeSmallBuffer();
      const length = Math.min(wanted, CHUNK_SIZE);
      const bytes = fs.readSync(this.fd, this.small, 0, length, position);
      this.syncLeft -= bytes;
      return this.keep({ position, buffer: this.small, bytes }, length);
    }
    const pending = this.ahead;
    this.ahead = undefined;
    const held = yield* waitFor(pending !== undefined && pending.position === position && pending.length >= wanted ? pending.read : this.readLarge(position, wanted, pending));
    this.signal?.throwIfAborted();
    const chunk = this.keep({ ...held, bytes: Math.min(held.bytes, wanted) }, wanted);
    const next = ahead === "forward" ? position + chunk.bytes : ahead === "backward" ? Math.max(0, position - wanted) : -1;
    const worthIt = ahead === "forward" ? chunk.bytes === wanted : ahead === "backward" && position > 0;
    if (worthIt) {
      const read = this.readInto(this.largeBuffer(), next, ahead === "backward" ? position - next : wanted);
      // Nobody may ever wait for a read ahead (the scan stops first): its failure must not go unhandled.
      read.catch(() => undefined);
      this.ahead = { position: next, length: ahead === "backward" ? position - next : wanted, read };
    }
    return chunk;
  }

  /**
   * Reads at most `length` bytes at `position` into `target` at `offset`, for a caller that keeps them
   * (a window). Synchronous while the call is young, asynchronous after; returns the bytes read. Bytes the
   * last chunk holds are copied from it instead (at most to its end), as `chunk` serves them.
   */
  *into(target: Buffer, offset: number, length: number, position: number): Steps<number> {
    this.signal?.throwIfAborted();
    const held = this.held;
    if (held !== undefined && position >= held.position && position < held.position + held.bytes) {
      const from = position - held.position;
      return held.buffer.copy(target, offset, from, Math.min(held.bytes, from + length));
    }
    if (this.readsSync(position)) {
      const asked = Math.min(length, CHUNK_SIZE);
      const bytes = fs.readSync(this.fd, target, offset, asked, position);
      this.syncLeft -= bytes;
      this.noteEnd(position, bytes, asked);
      return bytes;
    }
    const bytes = yield* waitFor(this.track(readAsync(this.fd, target, offset, length, position)));
    this.signal?.throwIfAborted();
    this.noteEnd(position, bytes, length);
    return bytes;
  }

  /** Whether the file ends at `position` (a one-byte read there gets nothing). */
  *atEnd(position: number): Steps<boolean> {
    if (this.eof === position) return true;
    return (yield* this.chunk(position, 1)).bytes === 0;
  }

  /**
   * Gives the event loop a turn between two steps of work that holds no read (decoding a large window),
   * then checks the call's signal: an aborted call stops there.
   */
  *pause(): Steps<void> {
    yield* waitFor(new Promise<void>((resolve) => setImmediate(resolve)));
    this.signal?.throwIfAborted();
  }

  /** Whether `error` ended a read because the call was aborted (it must then reach the caller as it is). */
  aborted(error: unknown): boolean {
    return this.signal?.aborted === true && (error === this.signal.reason || (error instanceof Error && error.name === "AbortError"));
  }

  /** Whether a read already proved that the file ends at `position`. */
  knownEnd(position: number): boolean {
    return this.eof === position;
  }

  /**
   * Runs `close` once no read of this reader is in flight: an aborted call settles at once, and its
   * descriptor is closed as soon as the kernel hands back the read it was waiting for.
   */
  closeAfterReads(close: () => void): void {
    this.ahead = undefined;
    const closeAndRelease = () => {
      close();
      this.release();
    };
    if (this.inFlight === 0) closeAndRelease();
    else this.closeWhenIdle = closeAndRelease;
  }

  // Hands this call's buffers to later calls; nothing of this call reads them any more.
  private release(): void {
    giveBack(this.small, this.large);
    this.small = undefined;
    this.large = undefined;
    this.held = undefined;
  }

  // While the call is young; throughout a file that `fstat` said fits the synchronous budget (its bytes
  // may be read more than once: the sniff, the scan and the window); and for the small read at the size
  // seen at open that finds the end (a thread-pool round trip would cost more than that `pread` of
  // nothing). A file that grew since is read on asynchronously after one more chunk. A budget of 0 (a file
  // system whose reads may wait) reads nothing synchronously, not even there.
  private readsSync(position: number): boolean {
    if (this.syncLeft > 0) return true;
    const size = this.sizeAtOpen;
    return size > 0 && this.syncBytes > 0 && position < size + CHUNK_SIZE && (size <= this.syncBytes || position >= size);
  }

  private fromHeld(position: number, wanted: number): Chunk | undefined {
    const held = this.held;
    if (held === undefined || position < held.position) return undefined;
    const offset = position - held.position;
    const available = held.bytes - offset;
    if (available >= wanted || (this.eof === held.position + held.bytes && available >= 0)) {
      return { buffer: offset === 0 ? held.buffer : held.buffer.subarray(offset), bytes: Math.min(wanted, available) };
    }
    return undefined;
  }

  private keep(held: Held, wanted: number): Chunk {
    this.held = held;
    this.noteEnd(held.position, held.bytes, wanted);
    return { buffer: held.buffer, bytes: held.bytes };
  }

  // A short read that ends exactly at the size `fstat` gave proves the end (a `/proc` file says size 0,
  // and its short reads prove nothing).
  private noteEnd(position: number, bytes: number, wanted: number): void {
    if (bytes < wanted && this.sizeAtOpen > 0 && position + bytes === this.sizeAtOpen) this.eof = this.sizeAtOpen;
  }

  private largeBuffer(): Buffer {
    this.large ??= takeLargePair();
    this.nextLarge ^= 1;
    return this.large[this.nextLarge] as Buffer;
  }

  private async readLarge(position: number, length: number, abandoned: { readonly read: Promise<Held> } | undefined): Promise<Held> {
    // A read ahead that is not the one wanted still owns its buffer until it lands.
    if (abandoned !== undefined) await abandoned.read.catch(() => undefined);
    return this.readInto(this.largeBuffer(), position, length);
  }

  private async readInto(buffer: Buffer, position: number, length: number): Promise<Held> {
    const bytes = await this.track(readAsync(this.fd, buffer, 0, length, position));
    return { position, buffer, bytes };
  }

  private async track(read: Promise<number>): Promise<number> {
    this.inFlight++;
    try {
      return await read;
    } finally {
      this.inFlight--;
      if (this.inFlight === 0 && this.closeWhenIdle !== undefined) {
        const close = this.closeWhenIdle;
        this.closeWhenIdle = undefined;
        close();
      }
    }
  }
}

function readAsync(fd: number, buffer: Buffer, offset: number, length: number, position: number): Promise<number> {
  return new Promise((resolve, reject) => {
    fs.read(fd, buffer, offset, length, position, (error, bytes) => (error === null ? resolve(bytes) : reject(error)));
  });
}
