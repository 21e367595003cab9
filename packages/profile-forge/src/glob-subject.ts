import { addPosition, advancePositions, firstPosition, positionsAfter } from "@read/core";
import { caseEquivalents, caseKey } from "./case-equivalents.js";
import type { BranchToken, GlobToken } from "./compile-glob.js";

const SLASH = 0x2f;
// Up to this many positions reached, a character step tests just those; past it, where the step holds is
// worked out at every position once, for every step alike.
const FEW_POSITIONS = 64;
// The most bit sets of where a step holds kept per subject: a workspace's globs may hold thousands.
const MASKS_KEPT = 256;

/**
 * A path prepared for matching compiled globs against the whole of it (one subject serves every glob
 * tested against a path). A glob is matched in one pass over its steps, each taking the set of positions
 * the steps before it reach (0 is before the first character, the path's length after the last) to the
 * set after it, as bit sets over the positions: a `*` or `**` costs O(path length / 32) word operations
 * and a character step one test per position reached or, reached at many, the bit set of where it
 * holds (built once per subject for alike steps; a class tested once per different character). A glob
 * costs O(steps × path length) whatever it holds, where a backtracking regular expression with two `.*`
 * takes time in the square of the path's length.
 */
export class GlobSubject {
  /** The path's characters, as code points (a lone surrogate is one). */
  private readonly codePoints: readonly number[];
  private readonly length: number;
  private readonly words: number;
  /** Positions of a `/`. */
  private readonly slashes: Uint32Array;
  /** Each character's {@link caseKey}, at the first glob that ignores case. */
  private keys: readonly number[] | undefined;
  /** The path's different characters, and each position's among them, at the first class. */
  private distinct: { readonly chars: readonly number[]; readonly at: Uint32Array } | undefined;
  /** Each different character's {@link caseEquivalents}, at the first class of a glob that ignores case. */
  private equivalents: (readonly number[] | undefined)[] | undefined;
  /** Where a character step holds, by its key: for steps tried at many positions. */
  private readonly masks = new Map<string, Uint32Array>();
  /** Two sets for the steps of a glob, at its first step; two for the steps of an alternative (groups do not nest), at its first group. */
  private scratch: readonly [Uint32Array, Uint32Array] | undefined;
  private branchScratch: readonly [Uint32Array, Uint32Array] | undefined;

  constructor(path: string) {
    const codePoints: number[] = [];
    for (let at = 0; at < path.length; at++) {
      const codePoint = path.codePointAt(at) as number;
      codePoints.push(codePoint);
      if (codePoint > 0xffff) at++;
    }
    this.codePoints = codePoints;
    this.length = codePoints.length;
    this.words = (this.length >>> 5) + 1;
    this.slashes = this.empty();
    codePoints.forEach((codePoint, at) => {
      if (codePoint === SLASH) addPosition(this.slashes, at);
    });
  }

  /**
   * Whether `steps` (a compiled glob's) match the whole path; `fold`: ignoring case, as a regular
   * expression with the flags `iu` does.
   */
  matches(steps: readonly GlobToken[], fold: boolean): boolean {
    if (!this.endsAs(steps, fold)) return false;
    this.scratch ??= [this.empty(), this.empty()];
    let reach = this.scratch[0];
    let next = this.scratch[1];
    clear(reach, this.words);
    addPosition(reach, 0);
    for (let index = 0; index < steps.length; index++) {
      const token = steps[index] as GlobToken;
      if (!(token.kind === "alternates" ? this.alternates(token.branches, reach, next, fold) : this.step(token, reach, next, fold))) return false;
      const reached = next;
      next = reach;
      reach = reached;
    }
    return has(reach, this.length);
  }

  // Whether the path ends with the characters a glob ends with: most paths a deny pattern tests do not,
  // and this answers them without a pass over the path.
  private endsAs(steps: readonly GlobToken[], fold: boolean): boolean {
    let at = this.length;
    for (let index = steps.length - 1; index >= 0; index--) {
      const token = steps[index] as GlobToken;
      if (token.kind !== "literal") return true;
      at--;
      if (at < 0) return false;
      if ((fold ? this.keyAt(at) : this.codePoints[at]) !== token.char) return false;
    }
    return true;
  }

  // Writes into `to` the positions `branches` reach from those in `from`; false when there are none.
  private alternates(branches: readonly (readonly BranchToken[])[], from: Uint32Array, to: Uint32Array, fold: boolean): boolean {
    this.branchScratch ??= [this.empty(), this.empty()];
    const inner = this.branchScratch[0];
    const other = this.branchScratch[1];
    clear(to, this.words);
    let any = false;
    for (const branch of branches) {
      inner.set(from);
      let reach: Uint32Array | undefined = inner;
      let next = other;
      for (const token of branch) {
        if (!this.step(token, reach, next, fold)) {
          reach = undefined;
          break;
        }
        const reached = next;
        next = reach;
        reach = reached;
      }
      if (reach === undefined) continue;
      for (let word = 0; word < this.words; word++) to[word] = (to[word] as number) | (reach[word] as number);
      any = true;
    }
    return any;
  }

  // Writes into `to` the positions `token` reaches from those in `from`; false when there are none.
  private step(token: BranchToken, from: Uint32Array, to: Uint32Array, fold: boolean): boolean {
    switch (token.kind) {
      case "literal":
      case "class":
        return this.characterStep(token, from, to, fold);
      case "any":
        return shift(from, to);
      case "star":
        return this.fillFrom(firstPosition(from), to);
      case "recursive-prefix":
        return positionsAfter(this.slashes, firstPosition(from), from, to);
      case "recursive-suffix": {
        const slash = firstOfBoth(from, this.slashes);
        return this.fillFrom(slash < 0 ? -1 : slash + 1, to);
      }
      case "recursive-middle":
        return positionsAfter(this.slashes, firstOfBoth(from, this.slashes), undefined, to);
    }
  }

  // A character is tested at the positions reached, or, when they are many, at every position once for all
  // the steps alike: at most one test per position either way.
  private characterStep(token: Extract<BranchToken, { kind: "literal" | "class" }>, from: Uint32Array, to: Uint32Array, fold: boolean): boolean {
    if (count(from) > FEW_POSITIONS) return advancePositions(from, this.mask(token, fold), to);
    clear(to, this.words);
    let any = false;
    for (let word = 0; word < this.words; word++) {
      let bits = from[word] as number;
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        const at = word * 32 + (31 - Math.clz32(low));
        if (at >= this.length) break;
        if (this.holds(token, at, fold)) {
          addPosition(to, at + 1);
          any = true;
        }
      }
    }
    return any;
  }

  private mask(token: Extract<BranchToken, { kind: "literal" | "class" }>, fold: boolean): Uint32Array {
    let mask = this.masks.get(token.key);
    if (mask !== undefined) return mask;
    mask = this.empty();
    if (token.kind === "literal") {
      for (let at = 0; at < this.length; at++) if (this.holds(token, at, fold)) addPosition(mask, at);
    } else {
      // A class is tested once per different character of the path, not once per position.
      const { chars, at: indexAt } = this.differentCharacters();
      const verdicts = chars.map((_, index) => this.classHolds(token, index, fold));
      for (let at = 0; at < this.length; at++) if (verdicts[indexAt[at] as number] === true) addPosition(mask, at);
    }
    if (this.masks.size < MASKS_KEPT) this.masks.set(token.key, mask);
    return mask;
  }

  private holds(token: Extract<BranchToken, { kind: "literal" | "class" }>, at: number, fold: boolean): boolean {
    if (token.kind === "literal") return (fold ? this.keyAt(at) : this.codePoints[at]) === token.char;
    return this.classHolds(token, this.differentCharacters().at[at] as number, fold);
  }

  // Whether a class holds the path's different character `index`.
  private classHolds(token: Extract<BranchToken, { kind: "class" }>, index: number, fold: boolean): boolean {
    const char = this.differentCharacters().chars[index] as number;
    if (!fold) return inRanges(token.ranges, char) !== token.negated;
    // With `iu`, a class holds a character when it holds one of the characters that match it ignoring case.
    this.equivalents ??= [];
    const equivalents = (this.equivalents[index] ??= caseEquivalents(char));
    for (let which = 0; which < equivalents.length; which++) if (inRanges(token.ranges, equivalents[which] as number)) return !token.negated;
    return token.negated;
  }

  private differentCharacters(): { readonly chars: readonly number[]; readonly at: Uint32Array } {
    if (this.distinct === undefined) {
      const indexes = new Map<number, number>();
      const at = new Uint32Array(this.length);
      this.codePoints.forEach((char, position) => {
        let index = indexes.get(char);
        if (index === undefined) {
          index = indexes.size;
          indexes.set(char, index);
        }
        at[position] = index;
      });
      this.distinct = { chars: [...indexes.keys()], at };
    }
    return this.distinct;
  }

  // Every position from `start` (none when it is -1) on: what any run reaches (with bits past the end,
  // which are no positions: see `shift`).
  private fillFrom(start: number, to: Uint32Array): boolean {
    if (start < 0) return false;
    const startWord = start >>> 5;
    for (let word = 0; word < this.words; word++) to[word] = word < startWord ? 0 : 0xffffffff;
    to[startWord] = ~((1 << (start & 31)) - 1);
    return true;
  }

  private keyAt(at: number): number {
    this.keys ??= this.codePoints.map(caseKey);
    return this.keys[at] as number;
  }

  private empty(): Uint32Array {
    return new Uint32Array(this.words);
  }
}

function inRanges(ranges: readonly (readonly [number, number])[], codePoint: number): boolean {
  for (let index = 0; index < ranges.length; index++) {
    const range = ranges[index] as readonly [number, number];
    if (range[0] <= codePoint && codePoint <= range[1]) return true;
  }
  return false;
}

// How many positions `bits` holds.
function count(bits: Uint32Array): number {
  let total = 0;
  for (let word = 0; word < bits.length; word++) {
    let value = (bits[word] as number) - (((bits[word] as number) >>> 1) & 0x55555555);
    value = (value & 0x33333333) + ((value >>> 2) & 0x33333333);
    total += Math.imul((value + (value >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return total;
}

// Faster than `fill` for the few words of most paths.
function clear(bits: Uint32Array, words: number): void {
  for (let word = 0; word < words; word++) bits[word] = 0;
}

function has(bits: Uint32Array, at: number): boolean {
  return ((bits[at >>> 5] as number) & (1 << (at & 31))) !== 0;
}

// Every position one character on. A position past the end is no position: no step moves one back to
// the end or before it, so it never makes a glob match.
function shift(from: Uint32Array, to: Uint32Array): boolean {
  let below = 0;
  let any = 0;
  for (let word = 0; word < from.length; word++) {
    const bits = from[word] as number;
    const value = (bits << 1) | (below >>> 31);
    to[word] = value;
    any |= value;
    below = bits;
  }
  return any !== 0;
}

// The first position in both `bits` and `other`, or -1.
function firstOfBoth(bits: Uint32Array, other: Uint32Array): number {
  for (let word = 0; word < bits.length; word++) {
    const value = (bits[word] as number) & (other[word] as number);
    if (value !== 0) return word * 32 + (31 - Math.clz32(value & -value));
  }
  return -1;
}
