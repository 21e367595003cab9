import { escapeText } from "@read/core";

const TAB_STOP = 8;

/**
 * Makes text (a file's content, an error message) safe to print in the REPL: CRLF becomes a line break,
 * tabs are expanded to the next multiple of eight columns (the layout measures columns, the terminal
 * would jump), and every other control, bidi or separator character is shown as a visible escape
 * (`\r`, `\x1b`, `\u202e`) by core's {@link escapeText}, the one rule every profile and the CLI escape
 * with, so the text cannot drive the terminal.
 */
export function terminalText(text: string): string {
  return text
    .replace(/\r\n/g, "\n")
    .split("\n")
    .map((line) => expandTabs(escapeText(line, { keepTabs: true, invisible: true })))
    .join("\n");
}

function expandTabs(line: string): string {
  if (!line.includes("\t")) return line;
  let out = "";
  for (const char of line) {
    out += char === "\t" ? " ".repeat(TAB_STOP - (out.length % TAB_STOP)) : char;
  }
  return out;
}
