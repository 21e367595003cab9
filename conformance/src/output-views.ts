import type { Oracle } from "./oracle.js";
import type { ReferenceLine } from "./reference-lines.js";
import { windowInput } from "./suite-context.js";

/** Where a view's window lies in a file of `lines` lines: from `start`, `count` lines (drawn, within the file). */
export interface ViewWindow {
  readonly start: number;
  readonly count: number;
}

/**
 * One way a profile shows a file: the whole read, a range (start and count, or start and end), the first
 * or last N lines, each with and without line numbers where the profile takes that parameter. `input`
 * builds the call; `expected` says which lines it returns and how the oracle renders them.
 */
export interface OutputView {
  /** `whole`, `range`, `range-end`, `head` or `tail`, and `numbered`/`unnumbered` where the profile can say. */
  readonly name: string;
  input(path: string, window: ViewWindow): Record<string, unknown>;
  /** The lines the view returns from `lines`, and the file line number of the first. */
  lines(lines: readonly ReferenceLine[], window: ViewWindow): { readonly shown: readonly ReferenceLine[]; readonly first: number };
  /** The oracle the content is rendered with: the unnumbered view has no numbers and its own CRLF rule. */
  readonly rendering: Oracle;
}

type Shape = Omit<OutputView, "rendering">;

/**
 * Every output view the oracle's `request` block offers: the whole read, then a range by start and count,
 * a range by start and end line, the head and the tail, each present only when the profile takes the
 * parameters, and each twice (numbered, unnumbered) when it takes `request.numbers`.
 */
export function outputViews(oracle: Oracle): readonly OutputView[] {
  const { request } = oracle;
  const shapes: Shape[] = [{ name: "whole", input: (path) => windowInput(oracle, path), lines: (lines) => ({ shown: lines.slice(0, oracle.window.defaultCount ?? undefined), first: 1 }) }];
  if (request.start !== null && request.count !== null) {
    shapes.push({ name: "range", input: (path, { start, count }) => windowInput(oracle, path, start, count), lines: (lines, { start, count }) => ({ shown: lines.slice(start - 1, start - 1 + count), first: start }) });
  }
  const { end, head, tail } = request;
  if (request.start !== null && end !== null) {
    shapes.push({
      name: "range-end",
      input: (path, { start, count }) => ({ ...windowInput(oracle, path, start), [end]: start + count - 1 }),
      lines: (lines, { start, count }) => ({ shown: lines.slice(start - 1, start - 1 + count), first: start }),
    });
  }
  if (head !== null) shapes.push({ name: "head", input: (path, { count }) => ({ ...windowInput(oracle, path), [head]: count }), lines: (lines, { count }) => ({ shown: lines.slice(0, count), first: 1 }) });
  if (tail !== null) {
    shapes.push({
      name: "tail",
      input: (path, { count }) => ({ ...windowInput(oracle, path), [tail]: count }),
      lines: (lines, { count }) => ({ shown: lines.slice(lines.length - count), first: lines.length - count + 1 }),
    });
  }
  const numbers = request.numbers;
  if (numbers === null) return shapes.map((shape) => ({ ...shape, rendering: oracle }));
  const unnumbered: Oracle = { ...oracle, output: { ...oracle.output, numbers: null, crlf: oracle.output.unnumbered?.crlf ?? oracle.output.crlf } };
  return shapes.flatMap((shape) => [
    { ...shape, name: `${shape.name}, numbered`, input: (path: string, window: ViewWindow) => ({ ...shape.input(path, window), [numbers]: true }), rendering: oracle },
    { ...shape, name: `${shape.name}, unnumbered`, input: (path: string, window: ViewWindow) => ({ ...shape.input(path, window), [numbers]: false }), rendering: unnumbered },
  ]);
}
