import { estimateTokenTenths } from "./estimate-tokens.js";
import { jsonBytes, wellFormedJsonBytes } from "./json-bytes.js";
import type { LineText, SourceLine, SourceLines } from "./line-source.js";

/** The bounds of one answer's content. */
export interface PageBounds {
  readonly maxLines: number;
  /** Bytes of `content` once JSON-escaped (the quotes of the string excluded). */
  readonly maxBytes: number;
  readonly maxLineChars: number;
  /** Estimated tokens of `content` (`estimateTokens`); `undefined`: no budget. */
  readonly maxTokens: number | undefined;
}

/** Where the next read starts. */
export interface Next {
  readonly start_line: number;
  readonly column?: number;
}

// Room kept for the notices that end a page cut short (where to continue, and with ranges, that the later
// ranges were not read), so that adding them never breaks a bound: together they are estimated at 43
// tokens with 10-digit line and column numbers.
const NOTICE_BYTES = 400;
const NOTICE_TOKENS = 45;

/**
 * A page whose lines cost `bytes` as {@link PageBuilder} counts them (each line JSON-escaped with the line
 * feed after it) fits `maxBytes` (`max_content_bytes`) with room kept for a notice. A page of whole lines
 * whose `content` is N bytes JSON-escaped costs N + 2 so.
 */
export function fitsBytes(maxBytes: number, bytes: number): boolean {
  return bytes <= maxBytes - NOTICE_BYTES;
}

/**
 * A page whose lines cost `tenths` of a token as {@link PageBuilder} counts them fits a `max_tokens` budget
 * with room kept for a notice. Before it estimates, the builder counts 15 tenths a UTF-16 unit (a line's
 * number and tab included) and 10 a line break: lines that fit so are added without estimating them.
 */
export function fitsTenths(maxTokens: number, tenths: number): boolean {
  return tenths <= (maxTokens - NOTICE_TOKENS) * 10;
}

/**
 * Builds `content` line by line within {@link PageBounds} (AGENT-OUT-02, AGENT-BND-01..04). Each line is
 * `<number>\t<text>`; a notice is a line of its own starting with `[`. A line longer than `maxLineChars`
 * is cut there, followed by a notice naming the column to read on from, and the page goes on with the next
 * line. A page stops before a line that would break a bound, unless it is the first line: then that line
 * is cut to what fits (at least one character), so every answer moves the reader on.
 */
export class PageBuilder {
  private readonly entries: Entry[] = [];
  // JSON-escaped bytes of the page so far: an upper bound (the most a UTF-16 unit can cost) until that bound
  // reaches maxBytes, exact from then on, so a page far below its bound never counts its escapes.
  private bytes = 0;
  private exact = false;
  // Estimated tokens of the page so far, in tenths: likewise an upper bound (15 tenths a UTF-16 unit, the
  // most estimateTokenTenths gives, and 10 for a line break) until that bound reaches the budget, exact from
  // then on, so a page far below its budget never runs the estimate. Either way a line fits exactly when
  // it fits by the exact count.
  private tenths = 0;
  private exactTenths: boolean;
  private shown = 0;
  /** The first and last line numbers shown. */
  first: number | null = null;
  last: number | null = null;
  /** Set when the page stopped short of what was asked. */
  stoppedAt: Next | null = null;
  /** Some line shown was cut at `maxLineChars` (a notice says where its rest is). */
  cutLines = false;

  constructor(private readonly bounds: PageBounds) {
    // Without a budget nothing is counted: the count is as exact as it needs to be.
    this.exactTenths = bounds.maxTokens === undefined;
  }

  /** Lines of the page so far. */
  get lineCount(): number {
    return this.shown;
  }

  /** Bytes (JSON-escaped) still free for lines. */
  get bytesLeft(): number {
    // While the count is an upper bound, a sixth of it is at most what the page holds: the file's bytes to read for it are not cut short.
    return Math.max(0, this.bounds.maxBytes - NOTICE_BYTES - (this.exact ? this.bytes : Math.floor(this.bytes / 6)));
  }

  /** Lines still free. */
  get linesLeft(): number {
    return this.bounds.maxLines - this.shown;
  }

  /**
   * Adds `line`, whose text starts at `column` of the file's line. Returns `false` when the page is full:
   * {@link stoppedAt} then says where the next read starts.
   */
  add(line: SourceLine, column = 1): boolean {
    if (this.stoppedAt !== null) return false;
    const resume = { start_line: line.number, ...(column > 1 ? { column } : {}) };
    if (this.shown >= this.bounds.maxLines) return this.stop(resume);
    const max = this.bounds.maxLineChars;
    // A text of at most max UTF-16 units holds at most max characters: it is shown whole, never split into
    // characters (splitting every line of a page costs more than the rest of the page).
    let characters = line.text.length <= max ? undefined : Array.from(line.text.length > max * 2 + 2 ? line.text.slice(0, max * 2 + 2) : line.text);
    let shown = characters === undefined ? undefined : Math.min(characters.length, max);
    let entry = this.entry(line, column, characters === undefined || shown === undefined ? line.text : characters.slice(0, shown).join(""));
    let cost = this.fitting(entry);
    if (cost === undefined) {
      if (this.shown > 0) return this.stop(resume);
      characters ??= Array.from(line.text);
      shown = this.largestFitting(line, column, characters, shown ?? characters.length);
      entry = this.entry(line, column, characters.slice(0, shown).join(""));
      cost = this.fitting(entry) ?? this.cost(entry);
    }
    this.push(entry, cost);
    this.shown++;
    this.first ??= line.number;
    this.last = line.number;
    if (characters === undefined && line.complete) return true;
    const all = characters ?? Array.from(line.text);
    const count = shown ?? all.length;
    if (count < all.length || !line.complete) {
      const cutAt = column + count;
      // Cut short of max_line_chars by a bound (this page's bytes or tokens, or the bytes core read): the page ends here.
      if (count < Math.min(all.length, max) || (!line.complete && count < max)) return this.stop({ start_line: line.number, column: cutAt });
      const marker = [{ text: `[line ${line.number} is cut after column ${cutAt - 1}: read the rest with start_line ${line.number}, column ${cutAt}]` }];
      const markerCost = this.fitting(marker);
      if (markerCost === undefined) return this.stop({ start_line: line.number, column: cutAt });
      this.push(marker, markerCost);
      this.cutLines = true;
    }
    return true;
  }

  /**
   * Adds the first `count` lines of `source`, each read whole, exactly as {@link add} adds them one by
   * one: runs of lines no longer than `maxLineChars` that fit as a whole are added in one piece, their
   * costs summed from their lengths; the rest go line by line. Returns `false` when the page is full.
   */
  addLines(source: SourceLines, count: number): boolean {
    const { first, lines } = source;
    let index = 0;
    let runs = true;
    while (index < count) {
      if (runs) {
        const added = this.addRun(first, lines, index, count, index === 0 && count === lines.length ? source.joined : undefined);
        if (added > 0) {
          index += added;
          continue;
        }
        // The run does not fit whole: its lines go one by one, each checked as it comes.
        runs = added === 0;
      }
      if (!this.add({ number: first + index, text: (lines[index] as LineText).text, complete: true })) return false;
      index++;
    }
    return true;
  }

  /** Ends the page short of what was asked, with a notice saying where to go on. */
  stop(next: Next, why = "the answer's bound was reached"): false {
    this.stoppedAt = next;
    const where = next.column === undefined ? `start_line ${next.start_line}` : `start_line ${next.start_line}, column ${next.column}`;
    this.entries.push({ text: `[${why}: continue with ${where}]` });
    return false;
  }

  /** Adds a notice line (not a line of the file). */
  notice(text: string): void {
    const entry = [{ text: `[${text}]` }];
    this.push(entry, this.cost(entry));
  }

  /**
   * The page's content: its entries joined by line feeds as V8 concatenates strings (a rope over the
   * file's line texts), not copied into one new string: serialising the answer copies it anyway (over MCP
   * its text is a concatenation itself), and V8 puts a string of over 128 KiB in memory mapped for it
   * alone, each of whose pages faults in.
   */
  content(): string {
    let content = "";
    for (const [index, entry] of this.entries.entries()) content = index === 0 ? entry.text : `${content}\n${entry.text}`;
    return content;
  }

  /**
   * The texts of the file's lines the page shows (as shown, without their numbers and the page's
   * notices), joined by line feeds, as pieces (their concatenation): what the secrets policy scans. A page
   * of one run from a source that held its lines joined gives the source's own pieces.
   */
  texts(): readonly string[] {
    const shown = this.entries.filter((entry) => entry.run !== undefined || entry.shown !== undefined);
    if (shown.length === 1 && shown[0]?.run?.joined !== undefined) return shown[0].run.joined;
    const pieces: string[] = [];
    for (const { run, shown: text } of shown) {
      if (pieces.length > 0) pieces.push("\n");
      if (run === undefined) pieces.push(text as string);
      else if (run.joined !== undefined) pieces.push(...run.joined);
      else pieces.push(run.lines.slice(run.from, run.from + run.count).map((line) => line.text).join("\n"));
    }
    return pieces;
  }

  // Adds lines[from, end) from its start while they are no longer than maxLineChars (and the page has lines
  // left), when they fit as a whole: the number added; 0 when the first line is longer than maxLineChars or
  // the page takes no more lines (add() says why); -1 when they do not fit (no count changed: add() decides
  // line by line). Their costs follow from their lengths, as add() bounds them, until the page nears a
  // bound: each count ends as add() would leave it, exact once its upper bound stops fitting.
  private addRun(number: number, lines: readonly LineText[], from: number, end: number, joined: readonly string[] | undefined): number {
    if (this.stoppedAt !== null) return 0;
    const last = Math.min(end, from + this.linesLeft);
    const max = this.bounds.maxLineChars;
    let units = 0;
    let index = from;
    for (; index < last; index++) {
      const length = (lines[index] as LineText).text.length;
      if (length > max) break;
      units += length;
    }
    const count = index - from;
    if (count === 0) return 0;
    const texts = from === 0 && index === lines.length ? joined : undefined;
    const prefixes = digitsIn(number + from, number + index - 1) + count;
    units += prefixes;
    let tenths = this.tenths;
    if (this.bounds.maxTokens !== undefined) {
      if (this.exactTenths) return -1;
      tenths += units * 15 + count * 10;
      if (!fitsTenths(this.bounds.maxTokens, tenths)) return -1;
    }
    let bytes = this.bytes + units * 6 + count * 2;
    let exact = this.exact;
    if (exact || !fitsBytes(this.bounds.maxBytes, bytes)) {
      // Each line: its number, an escaped tab, its text and the line feed after it (2 bytes each).
      const runBytes = prefixes + count * 3 + (texts === undefined ? textBytes(lines, from, index) : wellFormedJsonBytes(texts) - (count - 1) * 2);
      bytes = (exact ? this.bytes : this.exactBytes()) + runBytes;
      exact = true;
      if (!fitsBytes(this.bounds.maxBytes, bytes)) return -1;
    }
    // Each line's prefix made whole before it joins the rope: a template per line cost three times as much.
    let text = `${number + from}\t${(lines[from] as LineText).text}`;
    for (let at = from + 1; at < index; at++) text = text + ("\n" + (number + at) + "\t") + (lines[at] as LineText).text;
    this.entries.push({ text, run: { number, lines, from, count, joined: texts } });
    this.bytes = bytes;
    this.exact = exact;
    this.tenths = tenths;
    this.shown += count;
    this.first ??= number + from;
    this.last = number + index - 1;
    return count;
  }

  private entry(line: SourceLine, column: number, text: string): Entry[] {
    const numbered = { text: `${line.number}\t${text}`, shown: text };
    return column > 1 ? [{ text: `[line ${line.number} from column ${column}]` }, numbered] : [numbered];
  }

  // Each line costs its JSON-escaped UTF-8 bytes (while the page's count is an upper bound, the most they
  // can be: 6 a UTF-16 unit, a control character's \u00XX) and the \n that joins it to the next; its
  // estimated tokens and its \n's (while the page's count is an upper bound, the most they can be), counted
  // only under a budget.
  private cost(entry: readonly Entry[]): Cost {
    let bytes = 0;
    let tenths = 0;
    for (const { text } of entry) {
      bytes += (this.exact ? jsonBytes(text) : text.length * 6) + 2;
      if (this.bounds.maxTokens !== undefined) tenths += this.exactTenths ? exactTenths(text) : text.length * 15 + 10;
    }
    return { bytes, tenths };
  }

  // The entry's cost when it fits the page, else undefined; each count (bytes, tokens) becomes exact once its
  // upper bound no longer fits.
  private fitting(entry: readonly Entry[]): Cost | undefined {
    let cost = this.cost(entry);
    let recount = false;
    if (!this.exact && !this.bytesFit(cost)) {
      this.exact = true;
      this.bytes = this.exactBytes();
      recount = true;
    }
    if (!this.exactTenths && !this.tenthsFit(cost)) {
      this.exactTenths = true;
      this.tenths = 0;
      for (const { text, run } of this.entries) this.tenths += run === undefined ? exactTenths(text) : runTenths(run);
      recount = true;
    }
    if (recount) cost = this.cost(entry);
    return this.bytesFit(cost) && this.tenthsFit(cost) ? cost : undefined;
  }

  // The exact bytes of the page so far: a run's JSON escape is its lines' joined by escaped line feeds,
  // which cost what the line feed after each line costs.
  private exactBytes(): number {
    let bytes = 0;
    for (const { text } of this.entries) bytes += jsonBytes(text) + 2;
    return bytes;
  }

  private bytesFit(cost: Cost): boolean {
    return fitsBytes(this.bounds.maxBytes, this.bytes + cost.bytes);
  }

  private tenthsFit(cost: Cost): boolean {
    return this.bounds.maxTokens === undefined || fitsTenths(this.bounds.maxTokens, this.tenths + cost.tenths);
  }

  // The most characters of the page's first line that fit (at least one, so that every read moves on).
  private largestFitting(line: SourceLine, column: number, characters: readonly string[], most: number): number {
    let low = 1;
    let high = most;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (this.fitting(this.entry(line, column, characters.slice(0, middle).join(""))) !== undefined) low = middle;
      else high = middle - 1;
    }
    return Math.min(low, characters.length);
  }

  private push(entry: readonly Entry[], cost: Cost): void {
    this.bytes += cost.bytes;
    this.tenths += cost.tenths;
    this.entries.push(...entry);
  }
}

/** A line of `content` (a line of the file with its number, or a notice), or a run of lines added at once. */
interface Entry {
  readonly text: string;
  /** The file's text a numbered line shows. */
  readonly shown?: string;
  /** The lines a run holds. */
  readonly run?: Run;
}

/** Lines `lines[from, from + count)`, numbered from `number + from`, added as one entry. */
interface Run {
  readonly number: number;
  readonly lines: readonly LineText[];
  readonly from: number;
  readonly count: number;
  /** Their texts joined by line feeds, as pieces, when the source had them so. */
  readonly joined: readonly string[] | undefined;
}

/** What an entry adds to a page: its JSON-escaped bytes and estimated tenths of a token (each with its line break). */
interface Cost {
  readonly bytes: number;
  readonly tenths: number;
}

// A line's estimated tenths of a token and its line break's: none after punctuation, where the tokenizers
// put the break in the punctuation's piece (as estimateTokens does over the whole page).
function exactTenths(part: string): number {
  return estimateTokenTenths(part) + (endsInPunctuation(part) ? 0 : 10);
}

// A run's tenths, line by line as add() counts them.
function runTenths({ number, lines, from, count }: Run): number {
  let tenths = 0;
  for (let at = from; at < from + count; at++) tenths += exactTenths(`${number + at}\t${(lines[at] as LineText).text}`);
  return tenths;
}

// The JSON-escaped bytes of lines[from, to)'s texts.
function textBytes(lines: readonly LineText[], from: number, to: number): number {
  let bytes = 0;
  for (let at = from; at < to; at++) bytes += jsonBytes((lines[at] as LineText).text);
  return bytes;
}

// The decimal digits of the numbers first..last.
function digitsIn(first: number, last: number): number {
  let digits = 0;
  for (let width = 1, low = 1; low <= last; width++, low *= 10) {
    const high = low * 10 - 1;
    if (high >= first) digits += (Math.min(high, last) - Math.max(low, first) + 1) * width;
  }
  return digits;
}

function endsInPunctuation(text: string): boolean {
  const last = text.charCodeAt(text.length - 1);
  const letter = (last | 0x20) >= 0x61 && (last | 0x20) <= 0x7a;
  return last < 0x80 && !letter && !(last >= 0x30 && last <= 0x39) && last !== 0x20 && last !== 0x09 && last !== 0x0a && last !== 0x0d;
}
