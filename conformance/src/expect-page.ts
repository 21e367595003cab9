import { renderWindow, type ReferenceLine } from "./reference-lines.js";
import { expect, type Called, type SuiteContext } from "./suite-context.js";

/**
 * Checks one page of `lines` that starts at line `start` and holds at most `count` lines: the call is not
 * an error, its content is exactly those lines as the profile renders them, and its continuation is the
 * line after them, or none after the last line. Returns that continuation.
 */
export function expectPage(ctx: SuiteContext, called: Called, lines: readonly ReferenceLine[], start: number, count: number, what: string): number | null {
  const { oracle, read } = ctx;
  expect(!read.isError(called.output), `${what} (start ${start} of ${lines.length} lines) is not an error`, called);
  const window = lines.slice(start - 1, start - 1 + count);
  const end = start - 1 + window.length;
  expect(read.content(called.output) === renderWindow(oracle, window, start), `${what} holds lines ${start}-${end} exactly`, called);
  const next = read.continuation(called.output);
  const expected = end < lines.length ? end + 1 : null;
  expect(next === expected, `${what} continues at ${expected === null ? "nothing" : `line ${expected}`}`, called);
  return expected;
}
