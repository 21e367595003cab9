// Everything but line feeds and tabs among the C0 and C1 controls, DEL, the bidi embedding, override and
// isolate controls and the Unicode line and paragraph separators: any of them reaching the terminal could
// move the cursor, recolour the screen, forge a line or reorder what is shown around it.
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;
const TAB_STOP = 8;

/**
 * Makes text (a file's content, an error message) safe to print in the REPL: CRLF becomes a line break,
 * tabs are expanded to the next multiple of eight columns (the layout measures columns, the terminal
 * would jump), and every other control, bidi or separator character is shown as a visible escape
 * (`\r`, `\x1b`, `\u202e`), so the text cannot drive the terminal.
 */
export function terminalText(text: string): string {
  return text
    .replace(/\r\n/g, "\n")
    .replace(UNSAFE, visibleEscape)
    .split("\n")
    .map(expandTabs)
    .join("\n");
}

function visibleEscape(char: string): string {
  if (char === "\r") return "\\r";
  const code = char.codePointAt(0) ?? 0;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}

function expandTabs(line: string): string {
  if (!line.includes("\t")) return line;
  let out = "";
  for (const char of line) {
    out += char === "\t" ? " ".repeat(TAB_STOP - (out.length % TAB_STOP)) : char;
  }
  return out;
}
