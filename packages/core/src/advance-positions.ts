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
