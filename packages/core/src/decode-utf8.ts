import { isAscii, isUtf8, transcode } from "node:buffer";

const NODE_MAJOR = Number(process.versions.node.split(".")[0]);

/**
 * Non-ASCII windows of at least this many bytes are transcoded to UTF-16 by ICU and copied into a
 * string, instead of decoded by V8. Up to Node 22, V8's UTF-8 decoder takes about 3 ns a byte on
 * non-ASCII text; the transcode decodes 16 KiB in about 60% of that time (`pnpm bench`, "Scan
 * primitives"). Below 16 KiB, opening ICU's converter costs a whole call more than it saves. Node 24
 * decodes faster itself below about 256 KiB.
 */
const TRANSCODE_FROM = NODE_MAJOR >= 24 ? 256 * 1024 : 16 * 1024;
/** The transcode holds a UTF-16 copy (two bytes a character) beside the string: never for larger windows. */
const TRANSCODE_UP_TO = 8 * 1024 * 1024;

/**
 * Decodes UTF-8 bytes into a string, exactly as `bytes.toString("utf8")` does (invalid sequences become
 * U+FFFD, WHATWG style; a byte order mark is kept), by the fastest route Node offers for the bytes at
 * hand: ASCII is copied as Latin-1, large valid non-ASCII text is transcoded to UTF-16, and anything else
 * goes through V8's decoder. `valid` is `isUtf8(bytes)`, when the caller already knows it.
 */
export function decodeUtf8(bytes: Buffer, valid: boolean = isUtf8(bytes)): string {
  if (isAscii(bytes)) return bytes.toString("latin1");
  if (valid && bytes.length >= TRANSCODE_FROM && bytes.length <= TRANSCODE_UP_TO) return transcode(bytes, "utf8", "ucs2").toString("ucs2");
  return bytes.toString("utf8");
}
