import { isAscii, isUtf8, transcode } from "node:buffer";

const NODE_MAJOR = Number(process.versions.node.split(".")[0]);

/**
 * Valid non-ASCII windows of at least this many bytes are transcoded to UTF-16 and copied into a string
 * instead of decoded by V8, whose UTF-8 decoder is the slow step on Node 20 and 22 (`pnpm bench`, "Scan
 * primitives", compares both routes). Below 16 KiB the bench's source files decode about as fast either
 * way. Node 23 and later decode faster themselves, and Node builds without ICU have no transcoder.
 */
const TRANSCODE_FROM = NODE_MAJOR >= 23 || process.versions.icu === undefined ? Number.POSITIVE_INFINITY : 16 * 1024;
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
 * copied as Latin-1, valid non-ASCII text of 16 KiB to 8 MiB is transcoded to UTF-16 on Node 20 and 22,
 * and anything else goes through V8's decoder. `known` spares scans the caller already made; it must be
 * true of `bytes` (a wrong `valid: true` makes the transcode throw).
 */
export function decodeUtf8(bytes: Buffer, known: KnownBytes = {}): string {
  if (known.ascii ?? isAscii(bytes)) return bytes.toString("latin1");
  if (bytes.length >= TRANSCODE_FROM && bytes.length <= TRANSCODE_UP_TO && (known.valid ?? isUtf8(bytes))) return transcode(bytes, "utf8", "ucs2").toString("ucs2");
  return bytes.toString("utf8");
}
