// C0 controls, DEL and C1 controls, the Arabic letter mark, the left-to-right and right-to-left marks,
// the line and paragraph separators, and the bidirectional embeddings, overrides and isolates: any of them
// in echoed text could break its line, drive a terminal, or reorder what a person sees around it.
const UNSAFE_RANGES = "\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069";

const UNSAFE_ALL = new RegExp(`[${UNSAFE_RANGES}]`, "gu");
const UNSAFE_BUT_TAB = new RegExp(`[${UNSAFE_RANGES.replace("\\u0000-\\u001f", "\\u0000-\\u0008\\u000a-\\u001f")}]`, "gu");
const UNSAFE_BUT_TAB_AND_NEWLINE = new RegExp(`[${UNSAFE_RANGES.replace("\\u0000-\\u001f", "\\u0000-\\u0008\\u000b-\\u001f")}]`, "gu");

// Characters a person cannot see that still change what a line says: every format character (Unicode's
// Cf: soft hyphen, zero-width space and joiners, word joiner, BOM, the tag characters that can spell hidden
// instructions), the Hangul fillers, which render as blanks, and the variation selectors 17-256, which can
// carry hidden bytes. Variation selectors 1-16 are left: emoji need them (the VS16 of "❤️").
const INVISIBLE = "\\p{Cf}\\u115f\\u1160\\u3164\\uffa0\\u{e0100}-\\u{e01ef}";
const INVISIBLE_ALL = new RegExp(`[${UNSAFE_RANGES}${INVISIBLE}]`, "gu");
const INVISIBLE_BUT_TAB = new RegExp(`[${UNSAFE_RANGES.replace("\\u0000-\\u001f", "\\u0000-\\u0008\\u000a-\\u001f")}${INVISIBLE}]`, "gu");

/** Options of {@link escapeText}. */
export interface EscapeTextOptions {
  /** Leave tabs as they are (for a layout that expands them). */
  readonly keepTabs?: boolean;
  /** Leave line feeds as they are (for a block of lines; a CR is still escaped). */
  readonly keepNewlines?: boolean;
  /**
   * Escape the invisible characters too, for a view a person reads (`read-tool PATH`, the REPL): every
   * format character (Unicode Cf: U+00AD, U+200B-U+200D, U+2060, a BOM inside a line, the tag characters
   * U+E0000-U+E007F), the Hangul fillers and the variation selectors 17-256 (line feeds escaped as ever).
   */
  readonly invisible?: boolean;
}

/**
 * Escapes every control, bidi-formatting and line-separator character of `text` as a visible escape
 * (`\n`, `\r`, `\t`, `\x1b`, `\u202e`), leaving everything else as it is: the one rule by which every
 * profile, the CLI and the REPL show text that a file, a path or an OS message put in their hands.
 */
export function escapeText(text: string, options: EscapeTextOptions = {}): string {
  const pattern =
    options.invisible === true
      ? options.keepTabs === true
        ? INVISIBLE_BUT_TAB
        : INVISIBLE_ALL
      : options.keepTabs === true
        ? options.keepNewlines === true
          ? UNSAFE_BUT_TAB_AND_NEWLINE
          : UNSAFE_BUT_TAB
        : UNSAFE_ALL;
  return text.replace(pattern, escapeCharacter);
}

/**
 * `value` inside `quote` characters, escaped by {@link escapeText}, with backslashes and the quote
 * character themselves escaped: `'a\'b'`, `"src/\x1b[2Jmain.ts"`. A file name can never forge the message
 * around it.
 */
export function quoteText(value: string, quote: "'" | '"' = "'"): string {
  const escaped = value.replace(quote === "'" ? /[\\']/gu : /[\\"]/gu, (char) => `\\${char}`);
  return `${quote}${escapeText(escaped)}${quote}`;
}

function escapeCharacter(char: string): string {
  switch (char) {
    case "\n":
      return "\\n";
    case "\r":
      return "\\r";
    case "\t":
      return "\\t";
    default: {
      const code = char.codePointAt(0) ?? 0;
      if (code <= 0xff) return `\\x${code.toString(16).padStart(2, "0")}`;
      return code <= 0xffff ? `\\u${code.toString(16).padStart(4, "0")}` : `\\u{${code.toString(16)}}`;
    }
  }
}
