import type { Line } from "@read/core";

/**
 * The FR-RD-04 text view of a window: each line prefixed with its absolute number, right-aligned to the
 * width of the largest number shown, and `| ` (`" 99| a"`, `"100| b"`), or the raw lines when `numbered`
 * is false. Lines are joined with `\n` (a CRLF shows as a line break without `\r`), and the view ends
 * with `\n` exactly when its last line had a terminator in the file.
 */
export function formatView(lines: readonly Line[], numbered: boolean): string {
  const last = lines.at(-1);
  if (last === undefined) return "";
  const width = String(last.number ?? "").length;
  // One pass of appends: V8 joins them as a rope, which costs less than an array of lines and a join.
  let view = "";
  let separator = "";
  for (const line of lines) {
    view += separator + (numbered ? `${String(line.number).padStart(width)}| ${line.text}` : line.text);
    separator = "\n";
  }
  return last.terminator === "" ? view : `${view}\n`;
}
