import { instantiateWasm, type WasmMemory } from "./instantiate-wasm.js";
import { NUMBER_LINES_WASM } from "./number-lines-wasm.js";

type NumberExport = (input: number, length: number, first: number, max: number, out: number, eof: number) => [number, number, number, number, number];

const PAGE = 64 * 1024;
// Memory the module may hold, kept for later calls: bytes needing more are left to the caller's own code.
const MAX_PAGES = 64;
// The most bytes a line's number and tab add: ten digits (line numbers are below 2^31) and the tab.
const PREFIX_BYTES = 11;

interface Numberer {
  readonly number: NumberExport;
  readonly memory: WasmMemory;
}

let simd: Numberer | null | undefined;

// Instantiated on first use; null where WebAssembly or its SIMD extension is unavailable (`--jitless`).
function numberer(): Numberer | null {
  if (simd !== undefined) return simd;
  const instance = instantiateWasm<{ number: NumberExport }>(NUMBER_LINES_WASM, 1, MAX_PAGES);
  simd = instance === null ? null : { number: instance.exports.number, memory: instance.memory };
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
  /**
   * At least how many bytes of those lines may cost more than one in a JSON string (C0 controls, `"`, `\`,
   * bytes over 0x7f): the pass counts every byte it reads, which may run up to 15 bytes past the lines, or
   * to the end of `bytes`. With it the JSON length of `bytes` has a bound without a pass of its own:
   * at most `bytes.length + (MAX_JSON_BYTES_PER_BYTE - 1) * costly` plus 2 for each line (its tab and the
   * line feed before it, escaped in two).
   */
  readonly costly: number;
}

/**
 * Numbers the lines of `bytes` (UTF-8 text starting at a line's start) from `first`, as `cat -n` does but
 * with a tab alone after the number: at most `maxLines` lines, split at LF, a CR before an LF belonging to
 * the line end. The bytes after the last LF are a line only when `atEnd` (they end where the file does);
 * a CR they end with is then kept. One pass in WebAssembly (LFs found with 128-bit SIMD, each line copied
 * whole): numbering a page's lines one by one in JavaScript cost more than reading the file. `undefined`
 * where WebAssembly is off or the input needs more than 4 MiB of the module's memory: the caller numbers
 * those lines itself. `first` must be an integer of at least 1 and `maxLines` one of at least 0 (or
 * `Infinity`), else it throws a `RangeError`.
 */
export function numberLines(bytes: Uint8Array, first: number, maxLines: number, atEnd: boolean): NumberedLines | undefined {
  if (!Number.isSafeInteger(first) || first < 1) throw new RangeError(`numberLines: first must be an integer of at least 1, got ${first}`);
  if (!(Number.isSafeInteger(maxLines) || maxLines === Number.POSITIVE_INFINITY) || maxLines < 0) throw new RangeError(`numberLines: maxLines must be an integer of at least 0, got ${maxLines}`);
  const lines = Math.min(maxLines, bytes.length + 1);
  const out = bytes.length;
  // The module copies a short line 16 bytes at a time, reading and writing up to 15 bytes past it.
  const needed = out + bytes.length + lines * PREFIX_BYTES + 16;
  if (needed > MAX_PAGES * PAGE || first + lines > 2 ** 31) return undefined;
  const simd = numberer();
  if (simd === null) return undefined;
  const pages = Math.ceil(needed / PAGE) - simd.memory.buffer.byteLength / PAGE;
  if (pages > 0) simd.memory.grow(pages);
  new Uint8Array(simd.memory.buffer).set(bytes, 0);
  const [numbered, consumed, written, longest, costly] = simd.number(0, bytes.length, first, lines, out, atEnd ? 1 : 0);
  return { bytes: Buffer.from(simd.memory.buffer, out, written), lines: numbered, consumed, longest, costly };
}
