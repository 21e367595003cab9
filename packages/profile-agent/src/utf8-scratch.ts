/** The most bytes the scratch buffer keeps between calls; a longer text is encoded into a buffer of its own. */
const KEPT_BYTES = 1024 * 1024;

let kept = Buffer.allocUnsafeSlow(0);
let lastPieces: readonly string[] | undefined;
let lastBytes: Uint8Array = kept;

/**
 * The UTF-8 bytes of the concatenation of `pieces` (a lone surrogate as U+FFFD's), in a buffer this module
 * keeps: valid until the next call, so a caller uses them before it yields. The same pieces (the same
 * array) asked for again are not encoded again: a page's text is counted (`wellFormedJsonBytes`), then
 * checked for the secrets keywords, from one encoding. A buffer kept across calls spares a fresh one's page
 * faults, which cost as much as encoding into it; pieces spare the copy of joining them.
 */
export function utf8Scratch(pieces: readonly string[]): Uint8Array {
  if (pieces === lastPieces) return lastBytes;
  let most = 0;
  for (const piece of pieces) most += piece.length * 3;
  if (most > KEPT_BYTES) {
    lastPieces = undefined;
    return Buffer.from(pieces.join(""), "utf8");
  }
  if (kept.length < most) kept = Buffer.allocUnsafeSlow(Math.max(most, 64 * 1024));
  let length = 0;
  for (const piece of pieces) length += kept.write(piece, length, "utf8");
  lastBytes = kept.subarray(0, length);
  lastPieces = pieces;
  return lastBytes;
}
