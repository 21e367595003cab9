import { isAscii } from "node:buffer";

// Bytes counted at once while looking for a character: a block whose characters are all skipped costs one
// count, and only the block holding the character is walked byte by byte.
const BLOCK = 4096;

/**
 * The characters that start in `bytes`: its bytes that are not UTF-8 continuation bytes (10xxxxxx), as a
 * column counts them. An ASCII run is its length (one native check); other bytes are counted four at a time.
 */
export function countCharacters(bytes: Uint8Array): number {
  return isAscii(bytes) ? bytes.length : bytes.length - continuationBytes(bytes);
}

/** Where {@link skipCharacters} stopped. */
export interface Skipped {
  /** Index in `bytes` of the first byte of the character sought; -1 when it starts after `bytes`. */
  readonly at: number;
  /** Characters still to skip after `bytes` (0 when `at` is set). */
  readonly left: number;
}

/**
 * Skips `skip` characters of `bytes` (counted as {@link countCharacters} counts them): the index of the
 * first byte of the next character, or how many characters remain to skip past the end of `bytes`.
 */
export function skipCharacters(bytes: Uint8Array, skip: number): Skipped {
  let left = skip;
  for (let from = 0; from < bytes.length; from += BLOCK) {
    const block = bytes.subarray(from, Math.min(bytes.length, from + BLOCK));
    if (isAscii(block)) {
      if (left < block.length) return { at: from + left, left: 0 };
      left -= block.length;
      continue;
    }
    const characters = block.length - continuationBytes(block);
    if (left >= characters) {
      left -= characters;
      continue;
    }
    for (let at = 0; at < block.length; at++) {
      if (((block[at] ?? 0) & 0xc0) === 0x80) continue;
      if (left === 0) return { at: from + at, left: 0 };
      left--;
    }
  }
  return { at: -1, left };
}

// Bytes of the form 10xxxxxx; four at a time through an aligned 32-bit view (the byte order does not
// matter to a count): bit 7 set and bit 6 clear in each byte, summed by one multiplication.
function continuationBytes(bytes: Uint8Array): number {
  let count = 0;
  let at = 0;
  const head = Math.min(bytes.length, (4 - (bytes.byteOffset & 3)) & 3);
  for (; at < head; at++) if (((bytes[at] ?? 0) & 0xc0) === 0x80) count++;
  const words = (bytes.length - at) >>> 2;
  if (words > 0) {
    const view = new Uint32Array(bytes.buffer, bytes.byteOffset + at, words);
    for (let i = 0; i < words; i++) {
      const word = view[i] ?? 0;
      count += Math.imul((word & ~(word << 1) & 0x80808080) >>> 7, 0x01010101) >>> 24;
    }
    at += words * 4;
  }
  for (; at < bytes.length; at++) if (((bytes[at] ?? 0) & 0xc0) === 0x80) count++;
  return count;
}
