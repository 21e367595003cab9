/**
 * The safe-side token estimate of docs/specs/agent.md AGENT-TOK-02, written from the spec's text alone (not
 * from a profile's code), in tenths of a token. The spec prices the pieces o200k and cl100k cut text into:
 *
 * - in a run of ASCII letters and digits: digits in groups of 3, one token a group; two or more capitals
 *   in a row in pairs, one token a pair; a lower-case word with at most one capital before it one token per
 *   4.5 letters, at least one; a lower-case segment of 8 or more letters with fewer than one vowel
 *   (`aeiouy`) in 4, 0.6 a letter; a run of 12 or more characters that switches (letters to digits,
 *   digits to letters, lower case to a capital) at least once every 4 characters at least 0.8 a character;
 * - a single space before an ASCII letter or punctuation nothing; line breaks right after punctuation
 *   nothing; any other run of whitespace (space, tab, CR, LF) one token per 16 characters;
 * - a run of other ASCII characters (punctuation) one token per 2, a single one right before a letter half;
 * - any other character 1.2, one outside the Basic Multilingual Plane 3.
 *
 * Where the spec says "one per N" of a piece the tokenizers cut whole (digit groups, capital pairs,
 * punctuation pairs, whitespace), a piece costs whole tokens; a word costs its letters / 4.5, rounded up to
 * a tenth. A run of capitals followed by lower case (`HTMLParser`) is the run of capitals (`HTMLP`) and the
 * lower-case word after it (`arser`), as the text spells the run.
 */
export function referenceTokenTenths(text: string): number {
  let tenths = 0;
  let index = 0;
  let afterPunctuation = false;
  while (index < text.length) {
    const kind = kindAt(text, index);
    if (kind === "lower" || kind === "capital" || kind === "digit") {
      const start = index;
      while (index < text.length && isAlphanumeric(kindAt(text, index))) index++;
      tenths += alphanumericRunTenths(text.slice(start, index));
      afterPunctuation = false;
    } else if (kind === "space" || kind === "break") {
      const start = index;
      while (index < text.length && (kindAt(text, index) === "space" || kindAt(text, index) === "break")) index++;
      const run = text.slice(start, index);
      const next = index < text.length ? kindAt(text, index) : "end";
      const freeSpace = run === " " && (next === "lower" || next === "capital" || next === "punctuation");
      const freeBreaks = afterPunctuation && /^[\r\n]+$/u.test(run);
      if (!freeSpace && !freeBreaks) tenths += 10 * Math.ceil(run.length / 16);
      afterPunctuation = false;
    } else if (kind === "punctuation") {
      const start = index;
      while (index < text.length && kindAt(text, index) === "punctuation") index++;
      const next = index < text.length ? kindAt(text, index) : "end";
      tenths += index - start === 1 && (next === "lower" || next === "capital") ? 5 : 10 * Math.ceil((index - start) / 2);
      afterPunctuation = true;
    } else {
      const code = text.codePointAt(index) ?? 0;
      tenths += code > 0xffff ? 30 : 12;
      index += code > 0xffff ? 2 : 1;
      afterPunctuation = false;
    }
  }
  return tenths;
}

/**
 * The estimate of a page's content (its lines joined with `\n`), in whole tokens: its lines' costs and one
 * token for each line break not after punctuation, summed in tenths and rounded up.
 */
export function referencePageTokens(content: string): number {
  const lines = content.split("\n");
  const breaks = lines.slice(0, -1).filter((line) => !endsInPunctuation(line)).length;
  return Math.ceil((lines.reduce((sum, line) => sum + referenceTokenTenths(line), 0) + 10 * breaks) / 10);
}

/** A line's cost with the line break after it (none after punctuation), in tenths: what a page adds for it. */
export function referenceLineTenths(line: string): number {
  return referenceTokenTenths(line) + (endsInPunctuation(line) ? 0 : 10);
}

type Kind = "lower" | "capital" | "digit" | "space" | "break" | "punctuation" | "other";

function kindAt(text: string, index: number): Kind {
  const code = text.charCodeAt(index);
  if (code >= 0x80) return "other";
  if (code >= 0x61 && code <= 0x7a) return "lower";
  if (code >= 0x41 && code <= 0x5a) return "capital";
  if (code >= 0x30 && code <= 0x39) return "digit";
  if (code === 0x20 || code === 0x09) return "space";
  if (code === 0x0a || code === 0x0d) return "break";
  return "punctuation";
}

function isAlphanumeric(kind: Kind | "end"): boolean {
  return kind === "lower" || kind === "capital" || kind === "digit";
}

function endsInPunctuation(line: string): boolean {
  return line.length > 0 && kindAt(line, line.length - 1) === "punctuation";
}

// A run of ASCII letters and digits: its segments (digit runs; letters split where a capital follows lower
// case) priced one by one, and at least 0.8 a character when the run looks random (base64, hex).
function alphanumericRunTenths(run: string): number {
  const segments = run.match(/[0-9]+|[A-Z]*[a-z]*/gu)?.filter((segment) => segment !== "") ?? [];
  const priced = segments.reduce((sum, segment) => sum + segmentTenths(segment), 0);
  const switches = segments.length - 1;
  return run.length >= 12 && switches * 4 >= run.length ? Math.max(priced, 8 * run.length) : priced;
}

function segmentTenths(segment: string): number {
  if (/^[0-9]/u.test(segment)) return 10 * Math.ceil(segment.length / 3);
  const capitals = /^[A-Z]*/u.exec(segment)?.[0].length ?? 0;
  const lower = segment.slice(capitals);
  const vowels = lower.replace(/[^aeiouy]/gu, "").length;
  if (lower.length >= 8 && vowels * 4 < lower.length) return 6 * segment.length;
  if (capitals <= 1) return wordTenths(segment.length);
  return 10 * Math.ceil(capitals / 2) + (lower === "" ? 0 : wordTenths(lower.length));
}

// One token per 4.5 letters, at least one, rounded up to a tenth.
function wordTenths(letters: number): number {
  return Math.max(10, Math.ceil((letters * 20) / 9));
}
