import { expectPage } from "./expect-page.js";
import type { ReferenceLine } from "./reference-lines.js";
import type { ScratchWorkspace } from "./scratch-workspace.js";
import { callTool, expect, windowInput, type CallExtras, type SuiteContext } from "./suite-context.js";

/**
 * Pages through `file` from line 1 with the profile's continuation, `count` lines a page (see
 * `pageSize`), checking every page with {@link expectPage} until the last one, which has no continuation.
 */
export async function pageThrough(
  ctx: SuiteContext,
  workspace: ScratchWorkspace,
  file: string,
  lines: readonly ReferenceLine[],
  count: number,
  extras: CallExtras = {},
): Promise<void> {
  for (let start: number | null = 1, page = 0; start !== null; page++) {
    expect(page <= lines.length, `paging through ${file} ends within ${lines.length + 1} pages`);
    const called = await callTool(ctx, workspace, windowInput(ctx.oracle, file, start, count), extras);
    start = expectPage(ctx, called, lines, start, count, `page ${page + 1} of ${file}`);
  }
}
