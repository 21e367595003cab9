import { isAscii } from "node:buffer";

// Bytes counted at once while looking for a character: a block whose characters are all skipped costs one
// count, and only the block holding the character is walked byte by byte.
const BLOCK = 4096;

/**
 * The characters that start in `bytes`: its bytes that are not UTF-8 continuation bytes (10xxxxxx), as a
 * column counts them. An ASCII run is its length (one native check, a block at a time, so that text with a
 * few non-ASCII characters is mostly skipped); other blocks are counted sixteen bytes a step.
 */
export function countCharacters(bytes: Uint8Array): number {
  if (isAscii(bytes)) return bytes.length;
  let characters = 0;
  for (let from = 0; from < bytes.length; from += BLOCK) {
    const block = bytes.subarray(from, Math.min(bytes.length, from + BLOCK));
    characters += isAscii(block) ? block.length : block.length - continuationBytes(block);
  }
  return characters;
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

// Words counted into the same lanes before they are summed: four a step, at most 124 in a lane, which
// keeps the sum of the four byte lanes under 2^31.
const LANE_WORDS = 124;
const EMPTY_WORDS = new Int32Array(0);

// Bytes of the form 10xxxxxx, through an aligned 32-bit view (the byte order does not matter to a count):
// bit 7 set and bit 6 clear leaves a 1 in the low bit of that byte's lane; the lanes are summed every
// LANE_WORDS words. About four times a byte-by-byte loop.
function continuationBytes(bytes: Uint8Array): number {
  let count = 0;
  let at = 0;
  const head = Math.min(bytes.length, (4 - (bytes.byteOffset & 3)) & 3);
  for (; at < head; at++) if (((bytes[at] ?? 0) & 0xc0) === 0x80) count++;
  const words = (bytes.length - at) >>> 2;
  const view = words === 0 ? EMPTY_WORDS : new Int32Array(bytes.buffer, bytes.byteOffset + at, words);
  let word = 0;
  while (word + 4 <= words) {
    const end = Math.min(words - 3, word + LANE_WORDS);
    let lanes = 0;
    for (; word < end; word += 4) {
      const a = view[word] ?? 0;
      const b = view[word + 1] ?? 0;
      const c = view[word + 2] ?? 0;
      const d = view[word + 3] ?? 0;
      lanes += ((a & ~(a << 1) & 0x80808080) >>> 7) + ((b & ~(b << 1) & 0x80808080) >>> 7) + ((c & ~(c << 1) & 0x80808080) >>> 7) + ((d & ~(d << 1) & 0x80808080) >>> 7);
    }
    count += (lanes & 0xff) + ((lanes >>> 8) & 0xff) + ((lanes >>> 16) & 0xff) + (lanes >>> 24);
  }
  at += word * 4;
  for (; at < bytes.length; at++) if (((bytes[at] ?? 0) & 0xc0) === 0x80) count++;
  return count;
}
