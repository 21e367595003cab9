import { escapeText, quoteText } from "@read/core";
import { isErrorOutput, type ReadFileResult } from "./output.js";

/**
 * A short human-readable rendering of a `read_file` result: a header naming the file and the window, the
 * content with control characters made visible, and how to continue when truncated; or the error code
 * and message. The JSON result stays the exact output; this is for people and text-only channels.
 */
export function renderOutput(output: ReadFileResult): string {
  if (isErrorOutput(output)) return `${output.error.code}: ${output.error.message}`;
  const { meta } = output;
  const file = `${quoteText(output.path, '"')} (${meta.line_count} ${plural(meta.line_count, "line")}, ${meta.byte_length} ${plural(meta.byte_length, "byte")})`;
  if (meta.returned_line_count === 0) return `${file}: no lines returned`;
  const first = output.next_start_line === null ? meta.line_count - meta.returned_line_count + 1 : output.next_start_line - meta.returned_line_count;
  const last = first + meta.returned_line_count - 1;
  // The lines as they are joined: a file's final newline shows as its last, empty line.
  const parts = [`${file}, lines ${first}-${last}:`, visible(output.content)];
  if (output.next_start_line !== null) parts.push(`(truncated; continue with start_line=${output.next_start_line})`);
  return parts.join("\n");
}

function plural(count: number, word: string): string {
  return count === 1 ? word : `${word}s`;
}

function visible(text: string): string {
  return escapeText(text, { keepTabs: true, keepNewlines: true });
}
