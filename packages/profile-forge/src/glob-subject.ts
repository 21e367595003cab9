import { caseEquivalents, caseKey } from "./case-equivalents.js";
import type { BranchToken, GlobToken } from "./compile-glob.js";

const SLASH = 0x2f;

/**
 * A path prepared for matching compiled globs against the whole of it (one subject serves every glob
 * tested against a path). A glob is matched in one pass over its steps, each taking the set of positions
 * the steps before it reach (0 is before the first character, the path's length after the last) to the
 * set after it, as bit sets over the positions: a `*` or `**` costs O(path length / 32) word operations
 * and a character step at most one test per position, so a glob costs O(steps × path length) whatever
 * it holds, where a backtracking regular expression with two `.*` takes time in the square of the
 * path's length.
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
      if (codePoint === SLASH) set(this.slashes, at);
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
    set(reach, 0);
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
        return this.fillFrom(first(from), to);
      case "recursive-prefix":
        return this.slashesFrom(first(from), from, to);
      case "recursive-suffix": {
        const slash = firstOfBoth(from, this.slashes);
        return this.fillFrom(slash < 0 ? -1 : slash + 1, to);
      }
      case "recursive-middle":
        return this.slashesFrom(firstOfBoth(from, this.slashes), undefined, to);
    }
  }

  // A character is tested at the positions reached only: once per position at most, and not at all at
  // the positions no glob reaches.
  private characterStep(token: Extract<BranchToken, { kind: "literal" | "class" }>, from: Uint32Array, to: Uint32Array, fold: boolean): boolean {
    clear(to, this.words);
    let any = false;
    for (let word = 0; word < this.words; word++) {
      let bits = from[word] as number;
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        const at = word * 32 + (31 - Math.clz32(low));
        if (at >= this.length) break;
        const holds = token.kind === "literal" ? (fold ? this.keyAt(at) : this.codePoints[at]) === token.char : this.classHolds(token, this.codePoints[at] as number, fold);
        if (holds) {
          set(to, at + 1);
          any = true;
        }
      }
    }
    return any;
  }

  private classHolds(token: Extract<BranchToken, { kind: "class" }>, codePoint: number, fold: boolean): boolean {
    const holds = (other: number) => token.ranges.some(([low, high]) => low <= other && other <= high);
    // With `iu`, a class holds a character when it holds one of the characters that match it ignoring case.
    return (fold ? caseEquivalents(codePoint).some(holds) : holds(codePoint)) !== token.negated;
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

  // The positions in `kept` (when given) and every position just after a `/` at or after `start` (none
  // when it is -1): `/` ended by any run that ends with `/`, past the first place a run may start.
  private slashesFrom(start: number, kept: Uint32Array | undefined, to: Uint32Array): boolean {
    if (start < 0) return false;
    let below = 0;
    for (let word = 0; word < this.words; word++) {
      let slashes = this.slashes[word] as number;
      if (word < start >>> 5) slashes = 0;
      else if (word === start >>> 5) slashes &= ~((1 << (start & 31)) - 1);
      to[word] = (kept === undefined ? 0 : (kept[word] as number)) | (slashes << 1) | (below >>> 31);
      below = slashes;
    }
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

// Faster than `fill` for the few words of most paths.
function clear(bits: Uint32Array, words: number): void {
  for (let word = 0; word < words; word++) bits[word] = 0;
}

function set(bits: Uint32Array, at: number): void {
  bits[at >>> 5] = (bits[at >>> 5] as number) | (1 << (at & 31));
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

function first(bits: Uint32Array): number {
  for (let word = 0; word < bits.length; word++) {
    const value = bits[word] as number;
    if (value !== 0) return word * 32 + (31 - Math.clz32(value & -value));
  }
  return -1;
}

// The first position in both `bits` and `other`, or -1.
function firstOfBoth(bits: Uint32Array, other: Uint32Array): number {
  for (let word = 0; word < bits.length; word++) {
    const value = (bits[word] as number) & (other[word] as number);
    if (value !== 0) return word * 32 + (31 - Math.clz32(value & -value));
  }
  return -1;
}
