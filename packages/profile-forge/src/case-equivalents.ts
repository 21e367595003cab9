// A character no case mapping changes matches only itself ignoring case (test/case-equivalents.test.ts
// checks every code point), so only these are looked up.
const CASE_MAPPED = /^\p{Changes_When_Casemapped}$/u;

// The equivalents of the case-mapped characters looked up so far: at most one entry per such character.
const known = new Map<number, readonly number[]>();
let caseMapped: string | undefined;

/**
 * The characters a regular expression with the flags `iu` matches for the character `codePoint`, itself
 * included (Unicode simple case folding, in the version this JavaScript engine knows). They are asked of
 * the engine itself, so a glob ignores case exactly as the regular expressions forge's globs were compiled
 * to did. The first character that changes under a case mapping costs a few milliseconds (the list of all
 * such characters is drawn up), each further one a scan of that list, once.
 */
export function caseEquivalents(codePoint: number): readonly number[] {
  let equivalents = known.get(codePoint);
  if (equivalents !== undefined) return equivalents;
  if (!CASE_MAPPED.test(String.fromCodePoint(codePoint))) return [codePoint];
  caseMapped ??= caseMappedCharacters();
  const matching = new RegExp(`\\u{${codePoint.toString(16)}}`, "giu");
  equivalents = Array.from(caseMapped.matchAll(matching), ([char]) => char.codePointAt(0) as number);
  known.set(codePoint, equivalents);
  return equivalents;
}

/** A number two characters share exactly when one matches the other ignoring case: the least of their {@link caseEquivalents}. */
export function caseKey(codePoint: number): number {
  // An ASCII letter's equivalents are its other case and characters past ASCII: the least is its capital.
  if (codePoint < 0x80) return codePoint >= 0x61 && codePoint <= 0x7a ? codePoint - 0x20 : codePoint;
  return Math.min(...caseEquivalents(codePoint));
}

// Every character of planes 0 and 1 that a case mapping changes, in one string (no other plane holds one:
// the test checks every code point).
function caseMappedCharacters(): string {
  const block = new Uint16Array(0x800);
  let all = "";
  for (let start = 0; start < 0x10000; start += block.length) {
    if (start >= 0xd800 && start < 0xe000) continue;
    for (let at = 0; at < block.length; at++) block[at] = start + at;
    all += String.fromCharCode(...block);
  }
  // Plane 1, as surrogate pairs: a block of 0x400 pairs per leading surrogate.
  for (let lead = 0xd800; lead < 0xd840; lead++) {
    for (let at = 0; at < 0x400; at++) {
      block[2 * at] = lead;
      block[2 * at + 1] = 0xdc00 + at;
    }
    all += String.fromCharCode(...block);
  }
  return all.replace(/\P{Changes_When_Casemapped}+/gu, "");
}
