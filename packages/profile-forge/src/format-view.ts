import type { Line } from "@read/core";

/**
 * The FR-RD-04 numbered view of a window (forge's `format_with_line_numbers`): each line prefixed with its
 * absolute number, right-aligned to the width of the largest number shown, and `| ` (`" 99| a"`,
 * `"100| b"`), joined with `\n` (a CRLF shows as a line break without `\r`), ending with `\n` exactly when
 * the last line had a terminator in the file. (The raw view is the window's text: read-file.ts.)
 */
export function formatView(lines: readonly Line[]): string {
  const last = lines.at(-1);
  if (last === undefined) return "";
  // One pass of appends: V8 joins them as a rope, which costs less than an array of lines and a join.
  let view = "";
  const width = String(last.number ?? "").length;
  let separator = "";
  for (const line of lines) {
    view += `${separator}${String(line.number).padStart(width)}| ${line.text}`;
    separator = "\n";
  }
  return last.terminator === "" ? view : `${view}\n`;
}
