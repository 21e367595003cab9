// C0 and C1 controls, DEL, bidi formatting characters and the Unicode line and paragraph separators:
// any of them in an echoed file name could forge or reorder the output around it.
const BEYOND_C0 = "\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069";
const CONTROLS = `\\u0000-\\u001f${BEYOND_C0}`;
const UNSAFE_IN_QUOTES = new RegExp(`[${CONTROLS}\\\\']`, "gu");
const UNSAFE_IN_TEXT = new RegExp(`[${CONTROLS}]`, "gu");
const UNSAFE_IN_TEXT_BUT_TAB = new RegExp(`[\\u0000-\\u0008\\u000a-\\u001f${BEYOND_C0}]`, "gu");

/**
 * Quotes a path for a message: wrapped in single quotes, with backslashes, quotes, control, bidi and
 * line-separator characters escaped (`\n`, `\x1b`, `\u202e`), so a file name can never forge output.
 */
export function escapePath(value: string): string {
  return `'${value.replace(UNSAFE_IN_QUOTES, escapeChar)}'`;
}

/**
 * Escapes control, bidi and line-separator characters in free text that may hold a path (an OS error
 * message, a failure from a rule), or a file's line shown on a terminal, leaving the rest as it is.
 * `keepTabs` leaves tabs for a layout to expand.
 */
export function escapeControls(text: string, options: { readonly keepTabs?: boolean } = {}): string {
  return text.replace(options.keepTabs === true ? UNSAFE_IN_TEXT_BUT_TAB : UNSAFE_IN_TEXT, escapeChar);
}

function escapeChar(char: string): string {
  switch (char) {
    case "\\":
      return "\\\\";
    case "'":
      return "\\'";
    case "\n":
      return "\\n";
    case "\r":
      return "\\r";
    case "\t":
      return "\\t";
    default: {
      const code = char.codePointAt(0) ?? 0;
      return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
    }
  }
}
