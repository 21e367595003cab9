import { renderWindow, type ReferenceLine } from "./reference-lines.js";
import type { ScratchWorkspace } from "./scratch-workspace.js";
import { callTool, expect, windowInput, type CallExtras, type SuiteContext } from "./suite-context.js";

/**
 * Pages through `file` from line 1 with the profile's continuation, `count` lines a page (a profile that
 * takes no count is asked without one, and `count` is its default), checking that no page is an error,
 * that each holds exactly its lines of `lines` as the profile renders them, that each continues where
 * the next starts, and that the last one has no continuation.
 */
export async function pageThrough(
  ctx: SuiteContext,
  workspace: ScratchWorkspace,
  file: string,
  lines: readonly ReferenceLine[],
  count: number,
  extras: CallExtras = {},
): Promise<void> {
  const { oracle, read } = ctx;
  let start = 1;
  for (let page = 0; ; page++) {
    expect(page <= lines.length, `paging through ${file} ends within ${lines.length + 1} pages`);
    const called = await callTool(ctx, workspace, windowInput(oracle, file, start, count), extras);
    expect(!read.isError(called.output), `page ${page + 1} of ${file} (start ${start}) is not an error`, called);
    const window = lines.slice(start - 1, start - 1 + count);
    const end = start - 1 + window.length;
    expect(read.content(called.output) === renderWindow(oracle, window, start), `page ${page + 1} of ${file} holds lines ${start}-${end} exactly`, called);
    const next = read.continuation(called.output);
    if (end >= lines.length) {
      expect(next === null, `the last page of ${file} (lines ${start}-${end} of ${lines.length}) has no next page`, called);
      return;
    }
    expect(next === end + 1, `page ${page + 1} of ${file} continues at line ${end + 1}`, called);
    start = next;
  }
}
