import { jsonBytesOf } from "@read/core";
import { utf8Scratch } from "./utf8-scratch.js";

/**
 * The UTF-8 bytes of `text` as `JSON.stringify` escapes it, without the quotes, counted without making the
 * escaped string: `\"`, `\\` and `\n`-style escapes 2, other C0 controls and lone surrogates 6 (`\u00XX`),
 * every other character its UTF-8 bytes.
 */
export function jsonBytes(text: string): number {
  const length = text.length;
  let bytes = length;
  for (let at = 0; at < length; at++) {
    const code = text.charCodeAt(at);
    if (code < 0x80) {
      if (code === 0x22 || code === 0x5c || code === 0x08 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d) bytes += 1;
      else if (code < 0x20) bytes += 5;
    } else if (code < 0x800) bytes += 1;
    else if (code < 0xd800 || code > 0xdfff) bytes += 2;
    else if (code <= 0xdbff && at + 1 < length && (text.charCodeAt(at + 1) & 0xfc00) === 0xdc00) {
      bytes += 2;
      at++;
    } else bytes += 5;
  }
  return bytes;
}

// From this many UTF-16 units a text is counted from its UTF-8 bytes by core's SIMD kernel: encoding and
// counting take about a fifth of the loop above on source code; a shorter text is not worth the calls.
const SIMD_MIN_UNITS = 4096;

/**
 * {@link jsonBytes} of the concatenation of `pieces`, a text that holds no lone surrogate (one decoded from
 * bytes, whose decoder put U+FFFD for what it could not decode): then its UTF-8 bytes cost in JSON what
 * core's count of a file's bytes says (`jsonBytesOf`), which a long text is counted by.
 */
export function wellFormedJsonBytes(pieces: readonly string[]): number {
  let units = 0;
  for (const piece of pieces) units += piece.length;
  if (units >= SIMD_MIN_UNITS) return jsonBytesOf(utf8Scratch(pieces));
  let bytes = 0;
  for (const piece of pieces) bytes += jsonBytes(piece);
  return bytes;
}
