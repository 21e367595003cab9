import { COUNT_LINE_FEEDS_WASM } from "./count-line-feeds-wasm.js";

const LF = 0x0a;

// Inputs shorter than this are counted with `Buffer.indexOf`: copying them into WebAssembly memory and
// calling out costs more than it saves.
const SIMD_MIN_BYTES = 512;
const PAGE = 64 * 1024;

// The WebAssembly API is a Node global, absent from the ES libraries this package compiles against.
declare const WebAssembly: {
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Instance: new (module: object) => { readonly exports: object };
};

interface SimdCounter {
  readonly count: (length: number) => number;
  readonly memory: Uint8Array;
}

let simd: SimdCounter | null | undefined;

// Instantiated on first use; null where WebAssembly or its SIMD extension is unavailable (`--jitless`).
function simdCounter(): SimdCounter | null {
  if (simd !== undefined) return simd;
  simd = null;
  try {
    const module = new WebAssembly.Module(Buffer.from(COUNT_LINE_FEEDS_WASM, "base64"));
    const exports = new WebAssembly.Instance(module).exports as { count: (length: number) => number; memory: { buffer: ArrayBuffer } };
    simd = { count: exports.count, memory: new Uint8Array(exports.memory.buffer, 0, PAGE) };
  } catch {
    simd = null;
  }
  return simd;
}

/**
 * Number of LF bytes in `bytes`: 128-bit SIMD in WebAssembly (about ten times `Buffer.indexOf` on
 * source code, whose lines are short), `Buffer.indexOf` for short inputs or where WebAssembly is off.
 */
export function countLineFeeds(bytes: Uint8Array): number {
  const counter = bytes.length >= SIMD_MIN_BYTES ? simdCounter() : null;
  if (counter === null) return countByIndexOf(bytes);
  let total = 0;
  for (let offset = 0; offset < bytes.length; offset += PAGE) {
    const piece = bytes.subarray(offset, Math.min(bytes.length, offset + PAGE));
    counter.memory.set(piece);
    total += counter.count(piece.length);
  }
  return total;
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
