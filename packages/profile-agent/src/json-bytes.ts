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
