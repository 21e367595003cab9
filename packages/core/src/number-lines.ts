import { NUMBER_LINES_WASM } from "./number-lines-wasm.js";

// The WebAssembly API is a Node global, absent from the ES libraries this package compiles against.
declare const WebAssembly: {
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Instance: new (module: object, imports: object) => { readonly exports: object };
  readonly Memory: new (descriptor: { readonly initial: number; readonly maximum: number }) => { readonly buffer: ArrayBuffer; grow(pages: number): number };
};

type NumberExport = (input: number, length: number, first: number, max: number, out: number, eof: number) => [number, number, number, number];

const PAGE = 64 * 1024;
// Memory the module may hold, kept for later calls: bytes needing more are left to the caller's own code.
const MAX_PAGES = 64;
// The most bytes a line's number and tab add: ten digits (line numbers are below 2^31) and the tab.
const PREFIX_BYTES = 11;

interface Numberer {
  readonly number: NumberExport;
  readonly memory: { readonly buffer: ArrayBuffer; grow(pages: number): number };
}

let simd: Numberer | null | undefined;

// Instantiated on first use; null where WebAssembly or its SIMD extension is unavailable (`--jitless`).
function numberer(): Numberer | null {
  if (simd !== undefined) return simd;
  simd = null;
  try {
    const memory = new WebAssembly.Memory({ initial: 1, maximum: MAX_PAGES });
    const module = new WebAssembly.Module(Buffer.from(NUMBER_LINES_WASM, "base64"));
    const exports = new WebAssembly.Instance(module, { env: { memory } }).exports as { number: NumberExport };
    simd = { number: exports.number, memory };
  } catch {
    simd = null;
  }
  return simd;
}

/** Lines of UTF-8 text numbered as {@link numberLines} writes them. */
export interface NumberedLines {
  /**
   * `<number>\t<line>` for each line, joined by line feeds (none after the last): a view of memory this
   * module keeps, valid until its next call.
   */
  readonly bytes: Buffer;
  /** Lines numbered. */
  readonly lines: number;
  /** Bytes of the input those lines are, with their line ends. */
  readonly consumed: number;
  /** The most bytes of one of those lines, its line end excluded. */
  readonly longest: number;
}

/**
 * Numbers the lines of `bytes` (UTF-8 text starting at a line's start) from `first`, as `cat -n` does but
 * with a tab alone after the number: at most `maxLines` lines, split at LF, a CR before an LF belonging to
 * the line end. The bytes after the last LF are a line only when `atEnd` (they end where the file does);
 * a CR they end with is then kept. One pass in WebAssembly (LFs found with 128-bit SIMD, each line copied
 * whole): numbering a page's lines one by one in JavaScript cost more than reading the file. `undefined`
 * where WebAssembly is off or the input needs more than 4 MiB of the module's memory: the caller numbers
 * those lines itself.
 */
export function numberLines(bytes: Uint8Array, first: number, maxLines: number, atEnd: boolean): NumberedLines | undefined {
  const lines = Math.min(maxLines, bytes.length + 1);
  const out = bytes.length;
  const needed = out + bytes.length + lines * PREFIX_BYTES;
  if (needed > MAX_PAGES * PAGE || first + lines > 2 ** 31) return undefined;
  const simd = numberer();
  if (simd === null) return undefined;
  const pages = Math.ceil(needed / PAGE) - simd.memory.buffer.byteLength / PAGE;
  if (pages > 0) simd.memory.grow(pages);
  new Uint8Array(simd.memory.buffer).set(bytes, 0);
  const [numbered, consumed, written, longest] = simd.number(0, bytes.length, first, lines, out, atEnd ? 1 : 0);
  return { bytes: Buffer.from(simd.memory.buffer, out, written), lines: numbered, consumed, longest };
}
