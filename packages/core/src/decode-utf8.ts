import { isAscii, isUtf8, transcode } from "node:buffer";
import { instantiateWasm, type WasmMemory } from "./instantiate-wasm.js";
import { UTF8_TO_UTF16_WASM } from "./utf8-to-utf16-wasm.js";

const NODE_MAJOR = Number(process.versions.node.split(".")[0]);

/**
 * Node 20 and 22 decode UTF-8 in V8, whose decoder is the slow step of a page there; Node 23 and later
 * decode faster themselves (`pnpm bench`, "Scan primitives", compares the routes).
 */
const SLOW_DECODER = NODE_MAJOR < 23;
/**
 * Valid non-ASCII windows of this many bytes and up to {@link WASM_UP_TO} whose start is mostly ASCII
 * (source code) are decoded by core's WebAssembly decoder on Node 20 and 22, faster there than V8 or the
 * transcode (`pnpm bench`'s "Scan primitives" rows for the source windows); below 1 KiB the call costs more
 * than it saves.
 */
const WASM_FROM = 1024;
const WASM_UP_TO = 256 * 1024;
const PAGE = 64 * 1024;
/** The decoder's memory holds the bytes and their UTF-16, three bytes an input byte: 12 pages (768 KiB) at most, kept. */
const WASM_MAX_PAGES = Math.ceil((3 * WASM_UP_TO) / PAGE);
/**
 * Valid non-ASCII windows of at least this many bytes are transcoded to UTF-16 and copied into a string
 * instead of decoded by V8 on Node 20 and 22 (where the WebAssembly decoder is not used: larger windows,
 * dense non-ASCII text). Below 16 KiB the bench's source files decode about as fast either way. Node
 * builds without ICU have no transcoder.
 */
const TRANSCODE_FROM = !SLOW_DECODER || process.versions.icu === undefined ? Number.POSITIVE_INFINITY : 16 * 1024;
/** The transcode holds a UTF-16 copy (two bytes a character) beside the string: never for larger windows. */
const TRANSCODE_UP_TO = 8 * 1024 * 1024;

/** What a caller already measured of the bytes it decodes: `isAscii(bytes)` and `isUtf8(bytes)`. */
export interface KnownBytes {
  readonly ascii?: boolean;
  readonly valid?: boolean;
}

/**
 * Decodes UTF-8 bytes into a string, exactly as `bytes.toString("utf8")` does (invalid sequences become
 * U+FFFD, WHATWG style; a byte order mark is kept), by the cheapest route for the bytes at hand: ASCII is
 * copied as Latin-1; on Node 20 and 22 valid non-ASCII text of 1 to 256 KiB that is mostly ASCII is
 * decoded in WebAssembly, and other valid non-ASCII text of 16 KiB to 8 MiB is transcoded to UTF-16;
 * anything else goes through V8's decoder. `known` spares scans the caller already made; it must be true
 * of `bytes` (a wrong `valid: true` makes the decoders write garbage or throw).
 */
export function decodeUtf8(bytes: Buffer, known: KnownBytes = {}): string {
  if (known.ascii ?? isAscii(bytes)) return bytes.toString("latin1");
  const size = bytes.length;
  const inWasm = SLOW_DECODER && size >= WASM_FROM && size <= WASM_UP_TO && mostlyAsciiStart(bytes);
  const transcoded = size >= TRANSCODE_FROM && size <= TRANSCODE_UP_TO;
  if ((inWasm || transcoded) && (known.valid ?? isUtf8(bytes))) {
    const text = inWasm ? decodeInWasm(bytes) : undefined;
    if (text !== undefined) return text;
    if (transcoded) return transcode(bytes, "utf8", "ucs2").toString("ucs2");
  }
  return bytes.toString("utf8");
}

// Whether at most one in eight of the first 256 bytes is over 0x7f: a text that dense there (Japanese,
// Chinese) would make the WebAssembly decoder stop soon after the copy into its memory.
function mostlyAsciiStart(bytes: Buffer): boolean {
  let high = 0;
  for (let index = Math.min(bytes.length, 256) - 1; index >= 0; index--) if ((bytes[index] ?? 0) >= 0x80) high++;
  return high <= 32;
}

interface Utf16Decoder {
  readonly decode: (input: number, length: number, out: number) => number;
  readonly memory: WasmMemory;
}

let wasm: Utf16Decoder | null | undefined;

// Instantiated on first use; null where WebAssembly or its SIMD extension is unavailable (`--jitless`).
function utf16Decoder(): Utf16Decoder | null {
  if (wasm !== undefined) return wasm;
  const instance = instantiateWasm<{ decode: Utf16Decoder["decode"] }>(UTF8_TO_UTF16_WASM, 1, WASM_MAX_PAGES);
  wasm = instance === null ? null : { decode: instance.exports.decode, memory: instance.memory };
  return wasm;
}

// The valid UTF-8 `bytes` decoded in WebAssembly: copied into its memory, written there as UTF-16 (from a
// 16-byte boundary after them) and copied into a string; `undefined` where WebAssembly is off or the text
// is dense with non-ASCII characters (the decoder stops).
function decodeInWasm(bytes: Buffer): string | undefined {
  const decoder = utf16Decoder();
  if (decoder === null) return undefined;
  const out = (bytes.length + 15) & ~15;
  const pages = Math.ceil((out + 2 * bytes.length) / PAGE) - decoder.memory.buffer.byteLength / PAGE;
  if (pages > 0) decoder.memory.grow(pages);
  new Uint8Array(decoder.memory.buffer).set(bytes, 0);
  const units = decoder.decode(0, bytes.length, out);
  return units < 0 ? undefined : Buffer.from(decoder.memory.buffer, out, 2 * units).toString("utf16le");
}
