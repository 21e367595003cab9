import type { Line } from "@read/core";

/**
 * The FR-RD-04 text view of a window. Numbered (forge's `format_with_line_numbers`): each line prefixed
 * with its absolute number, right-aligned to the width of the largest number shown, and `| ` (`" 99| a"`,
 * `"100| b"`), joined with `\n` (a CRLF shows as a line break without `\r`), ending with `\n` exactly when
 * the last line had a terminator in the file. Raw (`numbered` false): the lines exactly as the file has
 * them, terminators included, as forge returns unnumbered content.
 */
export function formatView(lines: readonly Line[], numbered: boolean): string {
  const last = lines.at(-1);
  if (last === undefined) return "";
  // One pass of appends: V8 joins them as a rope, which costs less than an array of lines and a join.
  let view = "";
  if (!numbered) {
    for (const line of lines) view += line.text + line.terminator;
    return view;
  }
  const width = String(last.number ?? "").length;
  let separator = "";
  for (const line of lines) {
    view += `${separator}${String(line.number).padStart(width)}| ${line.text}`;
    separator = "\n";
  }
  return last.terminator === "" ? view : `${view}\n`;
}
