import { instantiateWasm } from "./instantiate-wasm.js";
import { SECRET_KEYWORDS_WASM } from "./secret-keywords-wasm.js";

/**
 * What every format the secrets scan knows contains, so that text without any of them is not handed to
 * secretlint at all (as gitleaks prefilters its rules by keywords): most files hold no secret, and
 * secretlint costs about half a millisecond per call whatever it finds. Matched with ASCII letters in
 * either case, so each is a superset of its rule's own prefix. Updating secretlint means checking this list
 * against its rules: the table test of every family fails for a format this list misses.
 */
export const SECRET_KEYWORDS: readonly string[] = Object.freeze([
  ...["a3t", "akia", "asia", "agpa", "aida", "aroa", "aipa", "anpa", "anva"],
  ...["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-", "gldt-", "glrt-", "glptt-", "glcbt-", "glsoat-"],
  ...["secret", "sk-ant-", "sk_live_", "sk_test_", "sg.", "shppa_", "shpca_", "shpat_", "shpss_"],
  ...["xox", "xapp", "x-oauth-basic", "private key", "private_key", "ops_", "npm_", "lin_api_", "t3blbkfj"],
  ...["rk_live_", "rk_test_", "hooks.slack.com", "_authtoken", "-----end"],
]);

/**
 * The keywords as one automaton (Aho-Corasick made a full table): the next state is
 * `table[state * 256 + unit]` for an ASCII unit, the `OTHER` column for any other, and `found`, once
 * reached, is never left. One lookup a character, several times faster than the case-insensitive regular
 * expression it replaces over a 100 KiB file (`pnpm bench`), and it reads a file's bytes as they are:
 * keywords are ASCII, and UTF-8 encodes an ASCII character as that byte and nothing else as one.
 */
interface Automaton {
  readonly table: Uint8Array;
  readonly found: number;
}

const OTHER = 0x80;
let automaton: Automaton | undefined;

function automatonOf(): Automaton {
  automaton ??= build();
  return automaton;
}

function build(): Automaton {
  // The trie of the keywords (lower case), 128 edges a state, -1 where no keyword goes on.
  const size = 1 + SECRET_KEYWORDS.reduce((sum, keyword) => sum + keyword.length, 0);
  const next = new Int16Array(size * 128).fill(-1);
  const ends = new Uint8Array(size);
  let states = 1;
  for (const keyword of SECRET_KEYWORDS) {
    let state = 0;
    for (let index = 0; index < keyword.length; index++) {
      const edge = state * 128 + keyword.charCodeAt(index);
      if (next[edge] === -1) next[edge] = states++;
      state = next[edge] ?? 0;
    }
    ends[state] = 1;
  }
  // Breadth first, a missing edge takes the edge of the state's fallback: the longest proper suffix of
  // its text that is a trie state (processed before it, being shorter). A state ends a keyword when its
  // fallback does.
  const fallback = new Int16Array(states);
  const queue: number[] = [];
  for (let unit = 0; unit < 128; unit++) {
    if (next[unit] === -1) next[unit] = 0;
    else queue.push(next[unit] ?? 0);
  }
  for (let at = 0; at < queue.length; at++) {
    const state = queue[at] ?? 0;
    const back = fallback[state] ?? 0;
    ends[state] = (ends[state] ?? 0) | (ends[back] ?? 0);
    for (let unit = 0; unit < 128; unit++) {
      const via = next[back * 128 + unit] ?? 0;
      const to = next[state * 128 + unit] ?? 0;
      if (to === -1) {
        next[state * 128 + unit] = via;
      } else {
        fallback[to] = via;
        queue.push(to);
      }
    }
  }
  const found = states;
  if (found > 255) throw new Error(`the secret keywords make ${found + 1} states, more than a byte numbers`);
  // A unit outside ASCII is in no keyword: back to the start (0, the row's last 128 entries).
  const table = new Uint8Array((found + 1) * 256).fill(found, found * 256);
  for (let state = 0; state < found; state++) {
    for (let unit = 0; unit < 128; unit++) {
      const lower = unit >= 0x41 && unit <= 0x5a ? unit + 0x20 : unit;
      const to = next[state * 128 + lower] ?? 0;
      table[state * 256 + unit] = ends[to] === 1 ? found : to;
    }
  }
  return { table, found };
}

/** Whether `text` contains a {@link SECRET_KEYWORDS} keyword, its ASCII letters in either case. */
export function hasSecretKeyword(text: string): boolean {
  const { table, found } = automatonOf();
  let state = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    state = table[(state << 8) | (unit < 0x80 ? unit : OTHER)] ?? 0;
  }
  return state === found;
}

/**
 * Whether the text that the UTF-8 `bytes` decode to contains a {@link SECRET_KEYWORDS} keyword: exactly
 * {@link hasSecretKeyword} of it, valid or not (a byte over 0x7f never decodes to ASCII), without decoding.
 * From 512 bytes, where WebAssembly runs, SIMD finds the few offsets where a keyword may start (by its
 * first three bytes), and the automaton runs from those only.
 */
export function hasSecretKeywordIn(bytes: Uint8Array): boolean {
  const { table, found } = automatonOf();
  const finder = bytes.length >= SIMD_MIN_BYTES ? keywordFinder() : null;
  if (finder === null) {
    let state = 0;
    for (let index = 0; index < bytes.length; index++) state = table[(state << 8) | (bytes[index] ?? 0)] ?? 0;
    return state === found;
  }
  for (let offset = 0; offset < bytes.length; offset += PIECE) {
    // A piece goes on for a keyword's length into the next, so that a keyword starting in it ends in it.
    const piece = bytes.subarray(offset, Math.min(bytes.length, offset + PIECE + LONGEST));
    finder.scratch.set(piece);
    finder.scratch.fill(0, piece.length, piece.length + LONGEST + 16);
    if (finder.has(SCRATCH, SCRATCH + piece.length, found, LONGEST) === 1) return true;
  }
  return false;
}

const LONGEST = Math.max(...SECRET_KEYWORDS.map((keyword) => keyword.length));

// Inputs shorter than this go through the automaton alone: calling out to WebAssembly (and copying the
// bytes into its memory) costs more than it saves.
const SIMD_MIN_BYTES = 512;
// The module's memory: its nibble tables at 0, the automaton at 128, the bytes copied from the second page
// on, a piece at a time.
const AUTOMATON = 128;
const SCRATCH = 64 * 1024;
const PIECE = 32 * 1024;

interface KeywordFinder {
  readonly has: (at: number, end: number, found: number, span: number) => number;
  readonly scratch: Uint8Array;
}

let finder: KeywordFinder | null | undefined;

// Instantiated on first use; null where WebAssembly or its SIMD extension is unavailable (`--jitless`).
function keywordFinder(): KeywordFinder | null {
  if (finder !== undefined) return finder;
  finder = null;
  const { table } = automatonOf();
  // The automaton does not fit its room: the keywords grew past what the memory's layout allows.
  if (AUTOMATON + table.length > SCRATCH) return null;
  const instance = instantiateWasm<{ has: KeywordFinder["has"] }>(SECRET_KEYWORDS_WASM, 2, 2);
  if (instance === null) return null;
  const memory = new Uint8Array(instance.memory.buffer);
  memory.set(shuftiTables(), 0);
  memory.set(table, AUTOMATON);
  finder = { has: instance.exports.has, scratch: new Uint8Array(instance.memory.buffer, SCRATCH, PIECE + 2 * LONGEST + 16) };
  return finder;
}

// The low and high nibble tables of each of a keyword's first three bytes: each of its three bytes, in
// either case, sets its bucket's bit in the entries of its two nibbles. A byte whose nibbles come from two
// different bytes of one bucket is a candidate too, so first characters share a bucket when that adds no
// byte: two letters of the same half of the alphabet, or of the same low nibble (any other goes to the
// last bucket); 3% of a source file's offsets are candidates (`pnpm bench`'s 100 KiB file).
const BUCKETS = ["ag", "ps", "hx", "o_", "ln", "rt", "-"];

function shuftiTables(): Uint8Array {
  const tables = new Uint8Array(96);
  for (const keyword of SECRET_KEYWORDS) {
    const bucket = BUCKETS.findIndex((firsts) => firsts.includes(keyword.charAt(0)));
    const bit = 1 << (bucket === -1 ? 7 : bucket);
    for (let position = 0; position < 3; position++) {
      const character = keyword.charAt(position);
      for (const unit of new Set([character.toLowerCase().charCodeAt(0), character.toUpperCase().charCodeAt(0)])) {
        for (const entry of [position * 32 + (unit & 0x0f), position * 32 + 16 + (unit >> 4)]) tables[entry] = (tables[entry] ?? 0) | bit;
      }
    }
  }
  return tables;
}
