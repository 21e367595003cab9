import { COUNT_LINE_FEEDS_WASM } from "./count-line-feeds-wasm.js";
import { instantiateWasm } from "./instantiate-wasm.js";

const LF = 0x0a;

// Inputs shorter than this are counted with `Buffer.indexOf`: calling out to WebAssembly (and copying
// bytes that are not in its memory) costs more than it saves.
const SIMD_MIN_BYTES = 512;
const PAGE = 64 * 1024;

/**
 * Bytes of the counter's memory handed out by {@link countableBuffer}, after the page that other bytes are
 * copied into: room for the pools file readers fill on first use (file-reader.ts: sixteen of 64 KiB and
 * two pairs of 2 MiB; a test checks that they all fit). Pages no read touches are never resident.
 */
const COUNTABLE_BYTES = 16 * 64 * 1024 + 4 * 2 * 1024 * 1024;

interface SimdCounter {
  readonly count: (offset: number, length: number) => number;
  /** The memory's bytes; it never grows, so views of it stay valid. */
  readonly buffer: ArrayBuffer;
  /** The first page, that bytes from elsewhere are copied into to be counted. */
  readonly scratch: Uint8Array;
  /** Where the next {@link countableBuffer} starts. */
  free: number;
}

let simd: SimdCounter | null | undefined;

// Instantiated on first use; null where WebAssembly or its SIMD extension is unavailable (`--jitless`).
function simdCounter(): SimdCounter | null {
  if (simd !== undefined) return simd;
  const pages = 1 + COUNTABLE_BYTES / PAGE;
  const instance = instantiateWasm<{ count: SimdCounter["count"] }>(COUNT_LINE_FEEDS_WASM, pages, pages);
  simd = instance === null ? null : { count: instance.exports.count, buffer: instance.memory.buffer, scratch: new Uint8Array(instance.memory.buffer, 0, PAGE), free: PAGE };
  return simd;
}

/**
 * Number of LF bytes in `bytes`: 128-bit SIMD in WebAssembly (about ten times `Buffer.indexOf` on
 * source code, whose lines are short), `Buffer.indexOf` for short inputs or where WebAssembly is off.
 * Bytes in a {@link countableBuffer} are counted where they lie; others are copied into the counter's
 * memory a page at a time, which took more time than the count itself.
 */
export function countLineFeeds(bytes: Uint8Array): number {
  return countLineFeedsIn(bytes, 0, bytes.length);
}

/**
 * The LF bytes in `bytes[from, to)`: {@link countLineFeeds} of that range, without making a view of it
 * when `bytes` is a {@link countableBuffer}. A scan counts each chunk a slice at a time; a view per slice
 * made a 1 GiB scan allocate megabytes, which grew the heap by as much.
 */
export function countLineFeedsIn(bytes: Uint8Array, from: number, to: number): number {
  const counter = to - from >= SIMD_MIN_BYTES ? simdCounter() : null;
  if (counter === null) return countByIndexOf(from === 0 && to === bytes.length ? bytes : bytes.subarray(from, to));
  if (bytes.buffer === counter.buffer) return counter.count(bytes.byteOffset + from, to - from);
  let total = 0;
  for (let offset = from; offset < to; offset += PAGE) {
    const piece = bytes.subarray(offset, Math.min(to, offset + PAGE));
    counter.scratch.set(piece);
    total += counter.count(0, piece.length);
  }
  return total;
}

/**
 * A buffer of `size` bytes in the counter's own memory, whose line feeds {@link countLineFeeds} counts
 * without copying them: for a reader that keeps its buffers for reuse and reads into them. `undefined`
 * once that memory is handed out, or where WebAssembly is off. The memory is never freed: keep the buffer.
 */
export function countableBuffer(size: number): Buffer | undefined {
  const counter = simdCounter();
  if (counter === null || counter.free + size > PAGE + COUNTABLE_BYTES) return undefined;
  const buffer = Buffer.from(counter.buffer, counter.free, size);
  counter.free += size;
  return buffer;
}

/** Whether `buffer` was made by {@link countableBuffer}. */
export function isCountable(buffer: Uint8Array): boolean {
  return buffer.buffer === simd?.buffer;
}

/** The same count with `Buffer.indexOf` alone (the fallback, and the reference the tests compare with). */
export function countByIndexOf(bytes: Uint8Array): number {
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
