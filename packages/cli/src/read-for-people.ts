import { createWorkspace, escapeText, readTextWindow } from "@read/core";

/** The window flags of `read-tool PATH`. */
export interface PeopleWindow {
  readonly start: number | undefined;
  readonly lines: number | undefined;
  readonly tail: number | undefined;
}

/** Lines shown when neither `--lines` nor `--tail` is given. */
export const DEFAULT_PEOPLE_LINES = 200;

/**
 * The everyday read: a numbered window of a file under `root`, through the core pipeline (same
 * containment, special-file and binary rules as every profile), rendered for a terminal with control,
 * bidi and separator characters made visible (guard's `escapeControls`, tabs kept) so a file cannot
 * forge or reorder terminal output.
 */
export async function readForPeople(root: string, input: string, window: PeopleWindow): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  const workspace = createWorkspace(root);
  if (!workspace.ok) return { ok: false, message: workspace.failure.message };
  const read = await readTextWindow(workspace.value, input, {
    window:
      window.tail !== undefined
        ? { from: "end", lines: window.tail }
        : { from: "start", startLine: window.start ?? 1, maxLines: window.lines ?? DEFAULT_PEOPLE_LINES },
    countTotal: true,
    decode: "replace",
    sniffBytes: 8192,
  });
  if (!read.ok) return { ok: false, message: `${read.failure.code}: ${visible(read.failure.message)}` };
  const { lines, totalLines, hasMore } = read.value.window;
  const width = String(lines.at(-1)?.number ?? 1).length;
  const body = lines.map((line) => `${String(line.number ?? "").padStart(width)}  ${visible(line.text)}\n`).join("");
  const first = lines[0]?.number;
  const last = lines.at(-1)?.number;
  const summary =
    lines.length === 0
      ? `(no lines shown; the file has ${totalLines ?? "an unknown number of"} lines)`
      : `(lines ${first}-${last} of ${totalLines ?? "?"}${hasMore ? `; continue with --start ${(last ?? 0) + 1}` : ""})`;
  return { ok: true, text: `${body}${summary}\n` };
}

function visible(text: string): string {
  return escapeText(text, { keepTabs: true });
}
