const LF = 0x0a;

// Inputs shorter than this are counted with `Buffer.indexOf`: copying them into WebAssembly memory and
// calling out costs more than it saves.
const SIMD_MIN_BYTES = 512;
const PAGE = 64 * 1024;

/**
 * `count(len)`: the LF bytes in memory[0, len), 64 bytes per step with 128-bit SIMD (four `i8x16.eq`
 * masks subtracted into byte lanes, widened into 32-bit lanes every 63 steps), the last < 64 bytes one
 * by one. Written as bytes so that no toolchain is needed; every line below is one step of the function.
 */
const COUNT_BODY = [
  "02 03 7f 03 7b", // locals: i, n, total (i32); acc, acc8, nl (v128)
  "41 0a fd 0f 21 06", // nl = i8x16.splat(10)
  "02 40 03 40", // block $done, loop $outer
  "20 01 41 c0 00 6a 20 00 4b 0d 01", //   if i + 64 > len: break $done
  "fd 0c 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 21 05", //   acc8 = 0
  "41 00 21 02", //   n = 0
  "02 40 03 40", //   block $flush, loop $inner
  "20 01 41 c0 00 6a 20 00 4b 0d 01", //     if i + 64 > len: break $flush
  "20 02 41 3f 46 0d 01", //     if n == 63: break $flush (a byte lane holds at most 4 * 63)
  "20 05", //     acc8
  "20 01 fd 00 00 00 20 06 fd 23 fd 71", //       - (load(i) == nl)
  "20 01 fd 00 00 10 20 06 fd 23 fd 71", //       - (load(i + 16) == nl)
  "20 01 fd 00 00 20 20 06 fd 23 fd 71", //       - (load(i + 32) == nl)
  "20 01 fd 00 00 30 20 06 fd 23 fd 71 21 05", //       - (load(i + 48) == nl) -> acc8
  "20 01 41 c0 00 6a 21 01", //     i += 64
  "20 02 41 01 6a 21 02", //     n += 1
  "0c 00 0b 0b", //     continue $inner
  "20 04 20 05 fd 7d fd 7f fd ae 01 21 04", //   acc += widen(widen(acc8))
  "0c 00 0b 0b", //   continue $outer
  "20 04 fd 1b 00 20 04 fd 1b 01 6a 20 04 fd 1b 02 6a 20 04 fd 1b 03 6a 21 03", // total = sum of acc's lanes
  "02 40 03 40", // block $end, loop $tail
  "20 01 20 00 4f 0d 01", //   if i >= len: break $end
  "20 03 20 01 2d 00 00 41 0a 46 6a 21 03", //   total += load8_u(i) == 10
  "20 01 41 01 6a 21 01", //   i += 1
  "0c 00 0b 0b", //   continue $tail
  "20 03 0b", // return total
];

function wasmModule(): Uint8Array {
  const bytes = (text: string) => text.split(" ").map((pair) => Number.parseInt(pair, 16));
  const body = COUNT_BODY.flatMap(bytes);
  const name = (text: string) => [text.length, ...Buffer.from(text, "latin1")];
  const section = (id: number, content: number[]) => [id, ...uleb(content.length), ...content];
  return Uint8Array.from([
    ...bytes("00 61 73 6d 01 00 00 00"),
    ...section(1, [1, ...bytes("60 01 7f 01 7f")]), // one type: (i32) -> i32
    ...section(3, [1, 0]), // one function of that type
    ...section(5, [1, 0, 1]), // one memory of one 64 KiB page
    ...section(7, [2, ...name("count"), 0, 0, ...name("memory"), 2, 0]),
    ...section(10, [1, ...uleb(body.length), ...body]),
  ]);
}

function uleb(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  do {
    let byte = rest & 0x7f;
    rest >>>= 7;
    if (rest !== 0) byte |= 0x80;
    out.push(byte);
  } while (rest !== 0);
  return out;
}

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
    const module = new WebAssembly.Module(wasmModule());
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
