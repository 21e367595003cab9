import { outputField } from "./output-field.js";
import type { ReferenceLine } from "./reference-lines.js";
import type { ScratchWorkspace } from "./scratch-workspace.js";
import { callTool, expect, windowInput, type Called, type CallExtras, type SuiteContext } from "./suite-context.js";

/** Where a read starts: a line, and the character of it (1-based) to start at. */
export interface ReadStart {
  readonly line: number;
  readonly column: number;
}

/** One answer of {@link readWholeFile}: where it was asked to start, its content and where it says to go on. */
export interface ReadPage {
  readonly called: Called;
  readonly start: ReadStart;
  readonly content: string;
  /** The continuation (its column 1 when it names none), or `null`. */
  readonly next: ReadStart | null;
  /** The content's numbered lines (notices left out): their number and text. */
  readonly numbered: readonly { readonly line: number; readonly text: string }[];
}

/**
 * Every answer it takes to read all of `file` (whose lines are `lines`) through a tool with a token
 * budget's column parameter (the oracle's `tokenBudget`): from line 1, following each continuation, then
 * asking for the rest of any line shown in part and not continued (a line cut at the line bound, whose
 * notice says where its rest is), at its first character not shown. `extra` is added to every input
 * (a budget). Each answer must move the reader on, and the pieces shown must rebuild every line exactly.
 */
export async function readWholeFile(ctx: SuiteContext, workspace: ScratchWorkspace, file: string, lines: readonly ReferenceLine[], extra: Readonly<Record<string, unknown>>, extras: CallExtras): Promise<readonly ReadPage[]> {
  const { oracle, read } = ctx;
  const tokens = oracle.tokenBudget;
  if (tokens === undefined) throw new Error("the oracle declares no token budget (its column parameter)");
  const separator = oracle.output.numbers?.separator ?? "";
  const shown = lines.map(() => new Map<number, string>());
  const pages: ReadPage[] = [];
  const asked = new Set<string>();
  let at: ReadStart | null = { line: 1, column: 1 };
  while (at !== null) {
    const start: ReadStart = at;
    // Each read starts at a place not asked for before, so reading ends.
    expect(!asked.has(`${start.line}:${start.column}`), `reading ${file} moves on: line ${start.line} from column ${start.column} was asked for before`, pages.at(-1)?.called);
    asked.add(`${start.line}:${start.column}`);
    const input = { ...windowInput(oracle, file, start.line), ...(start.column > 1 ? { [tokens.column]: start.column } : {}), ...extra };
    const called = await callTool(ctx, workspace, input, extras);
    expect(!read.isError(called.output), `${file} from line ${start.line}, column ${start.column}, is read`, called);
    const content = read.content(called.output);
    const numbered: { line: number; text: string }[] = [];
    for (const row of content === "" ? [] : content.split("\n")) {
      const match = new RegExp(`^(\\d+)${escapeRegExp(separator)}`, "u").exec(row);
      if (match === null) continue;
      const line = Number(match[1]);
      const text = row.slice(match[0].length);
      // Only the first line of an answer starts where the call asked; every other line at its start.
      const column = numbered.length === 0 && line === start.line ? start.column : 1;
      expect(line >= 1 && line <= lines.length, `${file}: the content numbers a line ${line} of ${lines.length}`, called);
      shown[line - 1]?.set(column, text);
      numbered.push({ line, text });
    }
    const nextLine = read.continuation(called.output);
    const nextColumn = outputField(called.output, tokens.nextColumn);
    const next = nextLine === null ? null : { line: nextLine, column: typeof nextColumn === "number" ? nextColumn : 1 };
    pages.push({ called, start, content, next, numbered });
    at = next ?? firstNotShown(lines, shown);
  }
  for (const [index, line] of lines.entries()) {
    expect(rebuilt(shown[index] ?? new Map()) === line.text, `${file}: the pieces of line ${index + 1} shown rebuild it exactly`);
  }
  return pages;
}

// The first character of the file not shown yet (each line's pieces must follow each other from its start), or null.
function firstNotShown(lines: readonly ReferenceLine[], shown: readonly ReadonlyMap<number, string>[]): ReadStart | null {
  for (const [index, line] of lines.entries()) {
    const covered = [...rebuilt(shown[index] ?? new Map())].length;
    if ((shown[index]?.size ?? 0) === 0 || covered < [...line.text].length) return { line: index + 1, column: covered + 1 };
  }
  return null;
}

// A line's pieces put together from column 1, as far as they follow each other.
function rebuilt(pieces: ReadonlyMap<number, string>): string {
  let text = "";
  let column = 1;
  for (;;) {
    const piece = pieces.get(column);
    if (piece === undefined || piece === "") return text;
    text += piece;
    column += [...piece].length;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");
}
