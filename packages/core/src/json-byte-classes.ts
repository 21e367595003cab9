import { instantiateWasm } from "./instantiate-wasm.js";
import { JSON_COST_WASM } from "./json-cost-wasm.js";

// Inputs shorter than this are priced byte by byte in JavaScript: calling out to WebAssembly (and copying
// the bytes into its memory) costs more than it saves.
const SIMD_MIN_BYTES = 512;
const PAGE = 64 * 1024;

type Classify = (offset: number, length: number) => [number, number, number, number, number];

interface Classifier {
  readonly classes: Classify;
  /** The module's one page of memory, that bytes are copied into to be classified. */
  readonly scratch: Uint8Array;
}

let simd: Classifier | null | undefined;

// Instantiated on first use; null where WebAssembly or its SIMD extension is unavailable (`--jitless`).
function classifier(): Classifier | null {
  if (simd !== undefined) return simd;
  const instance = instantiateWasm<{ classes: Classify }>(JSON_COST_WASM, 1, 1);
  simd = instance === null ? null : { classes: instance.exports.classes, scratch: new Uint8Array(instance.memory.buffer, 0, PAGE) };
  return simd;
}

/** How many bytes of some bytes fall in each class that prices a byte in a JSON string. */
export interface JsonByteClasses {
  /** C0 controls (below 0x20), the two-byte escapes and line ends among them. */
  readonly control: number;
  /** Those JSON escapes in two bytes: `\b \t \n \f \r`. */
  readonly short: number;
  /** `"` and `\`. */
  readonly quote: number;
  /** LF and CR. */
  readonly ends: number;
  /** Bytes over 0x7f. */
  readonly high: number;
}

/**
 * The classes of `bytes`, counted with 128-bit SIMD in WebAssembly (a JavaScript loop over a 100 KiB file
 * took longer than decoding it), a page at a time copied into the module's memory; `undefined` for short
 * inputs or where WebAssembly is off: the caller prices those bytes itself.
 */
export function jsonByteClasses(bytes: Uint8Array): JsonByteClasses | undefined {
  const simd = bytes.length >= SIMD_MIN_BYTES ? classifier() : null;
  if (simd === null) return undefined;
  let control = 0;
  let short = 0;
  let quote = 0;
  let ends = 0;
  let high = 0;
  for (let offset = 0; offset < bytes.length; offset += PAGE) {
    const piece = bytes.subarray(offset, Math.min(bytes.length, offset + PAGE));
    simd.scratch.set(piece);
    const counts = simd.classes(0, piece.length);
    control += counts[0];
    short += counts[1];
    quote += counts[2];
    ends += counts[3];
    high += counts[4];
  }
  return { control, short, quote, ends, high };
}
