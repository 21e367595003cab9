import { addPosition, advancePositions, firstPosition, positionsAfter } from "@read/core";
import type { ClassItem, GitignorePattern, GitignoreToken, PosixClass } from "./gitignore-pattern.js";

/**
 * A relative path prepared for gitignore matching. A pattern is matched against it in one pass over
 * the pattern's tokens, each taking the set of positions the tokens before it can reach to the set
 * after it, as bit sets over the path's characters: a decision costs O(tokens x path length / 32)
 * word operations per pattern, whatever the pattern, where a
 * backtracking regular expression can take exponential time (issue 30 case 4).
 */
export class GitignoreSubject {
  /** The path's characters (code points), case-folded when the subject folds. */
  private readonly chars: readonly string[];
  private readonly length: number;
  private readonly words: number;
  /** Positions of a character other than `/`: where `?`, a class or `*` may consume one. */
  private readonly names: Uint32Array;
  /** Positions of a `/`. */
  private readonly slashes: Uint32Array;
  /** Where a name ends: before a `/`, and the end of the path. */
  private readonly ends: Uint32Array;
  /** Where a name starts: the start of the path, and after a `/`. */
  private readonly starts: Uint32Array;
  private readonly scratch: readonly [Uint32Array, Uint32Array];
  private readonly literals = new Map<string, Uint32Array>();
  private readonly classes = new Map<GitignoreToken, Uint32Array>();

  /**
   * @param relative a clean relative POSIX path (no `.`, `..` or empty name).
   * @param fold compare case-insensitively, as git with `core.ignorecase`.
   */
  constructor(relative: string, private readonly fold: boolean) {
    this.chars = Array.from(relative, (char) => (fold ? foldChar(char) : char));
    this.length = this.chars.length;
    this.words = (this.length >>> 5) + 1;
    this.names = this.empty();
    this.slashes = this.empty();
    this.ends = this.empty();
    this.starts = this.empty();
    this.scratch = [this.empty(), this.empty()];
    addPosition(this.starts, 0);
    this.chars.forEach((char, at) => {
      if (char === "/") {
        addPosition(this.slashes, at);
        addPosition(this.ends, at);
        addPosition(this.starts, at + 1);
      } else {
        addPosition(this.names, at);
      }
    });
    addPosition(this.ends, this.length);
  }

  /** Where each name of the path ends (a bit set): the positions {@link matchedEnds} reports, to pass it as `open`. */
  nameEnds(): Uint32Array {
    return this.ends.slice();
  }

  /** The end of the path: the position of its last name's end. */
  get end(): number {
    return this.length;
  }

  /**
   * The end positions among `open` (a bit set of name ends, see {@link nameEnds}) up to which `pattern`
   * matches: a basename pattern the name that ends there, any other the path up to there, read from
   * `offset` (the position after the rule file's directory and its `/`, 0 at the base); a
   * directory-only pattern never the end of the path. Only names that start at or after `offset` are
   * considered. The positions found are taken out of `open`, so that a caller trying rules from the
   * strongest down decides each name once: a decision costs O(words) per rule, however many names match.
   */
  matchedEnds(pattern: GitignorePattern, offset: number, open: Uint32Array): number[] {
    if (pattern.tokens === undefined) return [];
    // One pair of buffers serves every pattern: a decision over many rules allocates nothing per rule.
    let reach = this.scratch[0];
    let next = this.scratch[1];
    reach.fill(0);
    if (pattern.basename) {
      reach.set(this.starts);
      clearBelow(reach, offset);
    } else {
      addPosition(reach, offset);
    }
    for (const token of pattern.tokens) {
      if (!this.step(token, reach, next)) return [];
      const reached = next;
      next = reach;
      reach = reached;
    }
    const lastWord = this.length >>> 5;
    for (let word = 0; word < this.words; word++) {
      let value = (reach[word] as number) & (open[word] as number);
      if (pattern.directoryOnly && word === lastWord) value &= ~(1 << (this.length & 31));
      reach[word] = value;
      open[word] = (open[word] as number) & ~value;
    }
    return positions(reach);
  }

  // Writes into `to` the positions `token` reaches from those in `from`; false when there are none.
  private step(token: GitignoreToken, from: Uint32Array, to: Uint32Array): boolean {
    switch (token.kind) {
      case "literal":
        return advancePositions(from, this.literal(token.char), to);
      case "any":
        return advancePositions(from, this.names, to);
      case "class":
        return advancePositions(from, this.classMask(token), to);
      case "star":
        return this.star(from, to);
      case "star-all":
        return fillFrom(firstPosition(from), to, this.length);
      case "directories":
        // The positions already reached (no directory), and every one after a `/` at or after the first of
        // them (any run of directories).
        return positionsAfter(this.slashes, firstPosition(from), from, to);
    }
  }

  // Every position reachable through characters other than `/`: adding the reached names to the runs
  // of names carries each reached position to the end of its run (the next `/`), so the positions the
  // addition changed are those reached. O(words) with no loop over characters.
  private star(from: Uint32Array, to: Uint32Array): boolean {
    let carry = 0;
    let any = 0;
    for (let word = 0; word < this.words; word++) {
      const names = this.names[word] as number;
      const reached = from[word] as number;
      const sum = names + ((reached & names) >>> 0) + carry;
      carry = sum > 0xffffffff ? 1 : 0;
      const value = (reached | ((sum >>> 0) ^ names)) >>> 0;
      to[word] = value;
      any |= value;
    }
    return any !== 0;
  }


  // Keyed by the character as the pattern writes it: folding it again for every rule would cost more than the match.
  private literal(char: string): Uint32Array {
    let mask = this.literals.get(char);
    if (mask === undefined) {
      const key = this.fold ? foldChar(char) : char;
      mask = this.empty();
      for (let at = 0; at < this.length; at++) if (this.chars[at] === key) addPosition(mask, at);
      this.literals.set(char, mask);
    }
    return mask;
  }

  private classMask(token: Extract<GitignoreToken, { kind: "class" }>): Uint32Array {
    let mask = this.classes.get(token);
    if (mask === undefined) {
      mask = this.empty();
      const verdicts = new Map<string, boolean>();
      for (let at = 0; at < this.length; at++) {
        const char = this.chars[at] as string;
        if (char === "/") continue;
        let verdict = verdicts.get(char);
        if (verdict === undefined) {
          verdict = classMatches(token.items, char, this.fold) !== token.negated;
          verdicts.set(char, verdict);
        }
        if (verdict) addPosition(mask, at);
      }
      this.classes.set(token, mask);
    }
    return mask;
  }

  private empty(): Uint32Array {
    return new Uint32Array(this.words);
  }
}

// A case fold that keeps one character one character (some lower-case forms are longer).
function foldChar(char: string): string {
  const lower = char.toLowerCase();
  return Array.from(lower).length === 1 ? lower : char;
}

function classMatches(items: readonly ClassItem[], char: string, fold: boolean): boolean {
  if (items.some((item) => itemMatches(item, char))) return true;
  if (!fold) return false;
  // A folded subject holds lower-case characters: its upper-case form may be what a member names.
  const upper = char.toUpperCase();
  return Array.from(upper).length === 1 && upper !== char && items.some((item) => itemMatches(item, upper));
}

function itemMatches(item: ClassItem, char: string): boolean {
  switch (item.kind) {
    case "char":
      return item.char === char;
    case "range": {
      const code = char.codePointAt(0) as number;
      return code >= (item.from.codePointAt(0) as number) && code <= (item.to.codePointAt(0) as number);
    }
    case "posix":
      return posixMatches(item.name, char);
  }
}

// Git's sane_ctype: ASCII only.
function posixMatches(name: PosixClass, char: string): boolean {
  const code = char.codePointAt(0) as number;
  if (code > 0x7f) return false;
  const alpha = /[A-Za-z]/u.test(char);
  const digit = code >= 0x30 && code <= 0x39;
  const graph = code > 0x20 && code < 0x7f;
  switch (name) {
    case "alnum":
      return alpha || digit;
    case "alpha":
      return alpha;
    case "blank":
      return char === " " || char === "\t";
    case "cntrl":
      return code < 0x20 || code === 0x7f;
    case "digit":
      return digit;
    case "graph":
      return graph;
    case "lower":
      return /[a-z]/u.test(char);
    case "print":
      return graph || char === " ";
    case "punct":
      return graph && !alpha && !digit;
    case "space":
      return /[ \t\n\v\f\r]/u.test(char);
    case "upper":
      return /[A-Z]/u.test(char);
    case "xdigit":
      return /[0-9A-Fa-f]/u.test(char);
  }
}

function clearBelow(bits: Uint32Array, at: number): void {
  for (let word = 0; word < at >>> 5; word++) bits[word] = 0;
  if ((at & 31) !== 0) bits[at >>> 5] = (bits[at >>> 5] as number) & ~((1 << (at & 31)) - 1);
}

// Every position from `start` to `length`; none when `start` is -1.
function fillFrom(start: number, to: Uint32Array, length: number): boolean {
  to.fill(0);
  if (start < 0) return false;
  const last = length >>> 5;
  for (let word = start >>> 5; word <= last; word++) to[word] = 0xffffffff;
  to[start >>> 5] = (to[start >>> 5] as number) & ~((1 << (start & 31)) - 1);
  if ((length & 31) !== 31) to[last] = (to[last] as number) & ((1 << ((length & 31) + 1)) - 1);
  return true;
}

function positions(bits: Uint32Array): number[] {
  const found: number[] = [];
  for (let word = 0; word < bits.length; word++) {
    let value = bits[word] as number;
    while (value !== 0) {
      const low = value & -value;
      found.push(word * 32 + (31 - Math.clz32(low)));
      value ^= low;
    }
  }
  return found;
}
