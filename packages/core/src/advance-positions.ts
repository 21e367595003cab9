/**
 * Sets of positions in a string as bits (position `p` is bit `p & 31` of word `p >>> 5`): what the
 * guard's gitignore matcher and forge's glob matcher step through, one pattern step for all positions at
 * once, so a match costs the path's length times the pattern's, never more.
 */

/**
 * One character further: the positions of `from` whose character `mask` holds, each moved one on, into
 * `to` (as many words as `from`). Whether any position is left.
 */
export function advancePositions(from: Uint32Array, mask: Uint32Array, to: Uint32Array): boolean {
  let below = 0;
  let any = 0;
  for (let word = 0; word < from.length; word++) {
    const kept = (from[word] as number) & (mask[word] as number);
    const value = (kept << 1) | (below >>> 31);
    to[word] = value;
    any |= value;
    below = kept;
  }
  return any !== 0;
}

/** Adds position `at` to `bits`. */
export function addPosition(bits: Uint32Array, at: number): void {
  bits[at >>> 5] = (bits[at >>> 5] as number) | (1 << (at & 31));
}

/** The lowest position `bits` holds, or -1. */
export function firstPosition(bits: Uint32Array): number {
  for (let word = 0; word < bits.length; word++) {
    const value = bits[word] as number;
    if (value !== 0) return word * 32 + (31 - Math.clz32(value & -value));
  }
  return -1;
}

/**
 * The positions just after each of `marks` (a character's positions, such as every `/`) at or after
 * position `start`, with those of `kept` (when given) added, into `to`: what a pattern's `**` followed by a
 * separator reaches. Whether there are any: `false`, `to` untouched, when `start` is -1.
 */
export function positionsAfter(marks: Uint32Array, start: number, kept: Uint32Array | undefined, to: Uint32Array): boolean {
  if (start < 0) return false;
  let below = 0;
  for (let word = 0; word < marks.length; word++) {
    let value = marks[word] as number;
    if (word < start >>> 5) value = 0;
    else if (word === start >>> 5) value &= ~((1 << (start & 31)) - 1);
    to[word] = (kept === undefined ? 0 : (kept[word] as number)) | (value << 1) | (below >>> 31);
    below = value;
  }
  return true;
}
