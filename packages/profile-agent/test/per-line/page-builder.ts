import { estimateTokenTenths } from "../../src/estimate-tokens.js";
import { jsonBytes } from "../../src/json-bytes.js";
import type { SourceLine } from "./line-source.js";

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
 * Builds `content` line by line within {@link PageBounds} (AGENT-OUT-02, AGENT-BND-01..04). Each line is
 * `<number>\t<text>`; a notice is a line of its own starting with `[`. A line longer than `maxLineChars`
 * is cut there, followed by a notice naming the column to read on from, and the page goes on with the next
 * line. A page stops before a line that would break a bound, unless it is the first line: then that line
 * is cut to what fits (at least one character), so every answer moves the reader on.
 */
export class PageBuilder {
  private readonly parts: string[] = [];
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
      const marker = [`[line ${line.number} is cut after column ${cutAt - 1}: read the rest with start_line ${line.number}, column ${cutAt}]`];
      const markerCost = this.fitting(marker);
      if (markerCost === undefined) return this.stop({ start_line: line.number, column: cutAt });
      this.push(marker, markerCost);
      this.cutLines = true;
    }
    return true;
  }

  /** Ends the page short of what was asked, with a notice saying where to go on. */
  stop(next: Next, why = "the answer's bound was reached"): false {
    this.stoppedAt = next;
    const where = next.column === undefined ? `start_line ${next.start_line}` : `start_line ${next.start_line}, column ${next.column}`;
    this.parts.push(`[${why}: continue with ${where}]`);
    return false;
  }

  /** Adds a notice line (not a line of the file). */
  notice(text: string): void {
    const entry = [`[${text}]`];
    this.push(entry, this.cost(entry));
  }

  /** The page's content. */
  content(): string {
    return this.parts.join("\n");
  }

  private entry(line: SourceLine, column: number, text: string): string[] {
    const numbered = `${line.number}\t${text}`;
    return column > 1 ? [`[line ${line.number} from column ${column}]`, numbered] : [numbered];
  }

  // Each line costs its JSON-escaped UTF-8 bytes (while the page's count is an upper bound, the most they
  // can be: 6 a UTF-16 unit, a control character's \u00XX) and the \n that joins it to the next; its
  // estimated tokens and its \n's (while the page's count is an upper bound, the most they can be), counted
  // only under a budget.
  private cost(entry: readonly string[]): Cost {
    let bytes = 0;
    let tenths = 0;
    for (const part of entry) {
      bytes += (this.exact ? jsonBytes(part) : part.length * 6) + 2;
      if (this.bounds.maxTokens !== undefined) tenths += this.exactTenths ? exactTenths(part) : part.length * 15 + 10;
    }
    return { bytes, tenths };
  }

  // The entry's cost when it fits the page, else undefined; each count (bytes, tokens) becomes exact once its
  // upper bound no longer fits.
  private fitting(entry: readonly string[]): Cost | undefined {
    let cost = this.cost(entry);
    let recount = false;
    if (!this.exact && !this.bytesFit(cost)) {
      this.exact = true;
      this.bytes = 0;
      for (const part of this.parts) this.bytes += jsonBytes(part) + 2;
      recount = true;
    }
    if (!this.exactTenths && !this.tenthsFit(cost)) {
      this.exactTenths = true;
      this.tenths = 0;
      for (const part of this.parts) this.tenths += exactTenths(part);
      recount = true;
    }
    if (recount) cost = this.cost(entry);
    return this.bytesFit(cost) && this.tenthsFit(cost) ? cost : undefined;
  }

  private bytesFit(cost: Cost): boolean {
    return this.bytes + cost.bytes <= this.bounds.maxBytes - NOTICE_BYTES;
  }

  private tenthsFit(cost: Cost): boolean {
    return this.bounds.maxTokens === undefined || this.tenths + cost.tenths <= (this.bounds.maxTokens - NOTICE_TOKENS) * 10;
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

  private push(entry: readonly string[], cost: Cost): void {
    this.bytes += cost.bytes;
    this.tenths += cost.tenths;
    this.parts.push(...entry);
  }
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

function endsInPunctuation(text: string): boolean {
  const last = text.charCodeAt(text.length - 1);
  const letter = (last | 0x20) >= 0x61 && (last | 0x20) <= 0x7a;
  return last < 0x80 && !letter && !(last >= 0x30 && last <= 0x39) && last !== 0x20 && last !== 0x09 && last !== 0x0a && last !== 0x0d;
}
