const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const COMMA = 0x2c;

/**
 * An upper bound of the values JSON text (UTF-8 bytes) holds, counted up to `max` (past it, `max + 1` is
 * returned at once): one, plus one for each object, array and comma outside a string. `JSON.parse` cannot be
 * interrupted, and the heap it builds follows the values, not the bytes (`{},` is 3 bytes and a whole object):
 * counted first, a text that would exhaust the worker's heap is refused before it is parsed. A UTF-8
 * multi-byte sequence never holds the bytes looked at, so the bytes need no decoding.
 */
export function countJsonValues(bytes: Uint8Array, max: number): number {
  let count = 1;
  let inString = false;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index];
    if (inString) {
      if (byte === BACKSLASH) index++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACE || byte === OPEN_BRACKET || byte === COMMA) {
      if (++count > max) return count;
    }
  }
  return count;
}
