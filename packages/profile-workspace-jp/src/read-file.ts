import { readTextWindow, type SensitiveRule, type Workspace } from "@read/core";
import { BINARY_SNIFF_BYTES } from "./binary-sniff-bytes.js";
import type { ParsedReadFileInput } from "./input-schema.js";
import { mapFailure } from "./map-failure.js";
import type { ReadFileResult } from "./output.js";
import { SIZE_LIMIT_BYTES } from "./size-limit-bytes.js";

/**
 * The read flow of spec 002 §5 on validated arguments, in its fixed order: resolve inside the workspace
 * (outside is refused before anything is opened), `fstat` the opened descriptor, check the kind (regular
 * files only), the size (at most {@link SIZE_LIMIT_BYTES}), NUL in the first {@link BINARY_SNIFF_BYTES}
 * bytes, then read the window and build `meta` (size and mtime from the `fstat` of the opened descriptor).
 */
export async function readFile(
  workspace: Workspace,
  input: ParsedReadFileInput,
  guards: { readonly signal?: AbortSignal | undefined; readonly sensitive?: readonly SensitiveRule[] } = {},
): Promise<ReadFileResult> {
  const read = await readTextWindow(workspace, input.path, {
    window: { from: "start", startLine: input.start_line, maxLines: input.max_lines },
    countTotal: true,
    decode: "replace",
    sniffBytes: BINARY_SNIFF_BYTES,
    maxFileBytes: SIZE_LIMIT_BYTES,
    ...guards,
  });
  if (!read.ok) return mapFailure(read.failure);
  const { path, stat, window } = read.value;
  // Counting is unbounded here (no scan budget), so core always knows the total.
  if (window.totalLines === null) throw new Error(`core left the line count of '${path.relative}' unknown`);
  const content = window.lines.map((line) => `${line.text}${line.terminator === "" ? "" : "\n"}`).join("");
  const returned = window.lines.length;
  return {
    path: path.relative,
    content,
    truncated: window.hasMore,
    next_start_line: window.hasMore ? input.start_line + returned : null,
    meta: {
      byte_length: stat.size,
      line_count: window.totalLines,
      returned_line_count: returned,
      mtime_ms: stat.mtimeMs,
    },
  };
}
