import { createWorkspace, escapeText, readTextWindow, type Line } from "@read/core";

/** The window flags of `read-tool PATH`. */
export interface PeopleWindow {
  readonly start: number | undefined;
  readonly lines: number | undefined;
  readonly tail: number | undefined;
}

/** Lines shown when neither `--lines` nor `--tail` is given. */
export const DEFAULT_PEOPLE_LINES = 200;

/** The most bytes (UTF-8) the numbered lines of one page may take, whatever the line count: 256 KiB. */
export const PEOPLE_PAGE_BYTES = 256 * 1024;

const PAGE_SIZE = `${PEOPLE_PAGE_BYTES / 1024} KiB`;

/**
 * The everyday read: a numbered window of a file under `root`, through the core pipeline (same
 * containment, special-file and binary rules as every profile), rendered for a terminal with control,
 * bidi and separator characters made visible (core's `escapeText`, tabs kept) so a file cannot forge or
 * reorder terminal output.
 *
 * A page holds at most {@link PEOPLE_PAGE_BYTES} of numbered lines as well as the lines asked for: it ends
 * before the first line that would not fit, and the summary says where to continue. A first line that
 * does not fit on its own (a minified file, a log without newlines) is cut at the last whole character
 * that fits, and the summary says how many of its bytes are shown. Only the bytes a page can show are
 * read (core cuts the window at {@link PEOPLE_PAGE_BYTES} bytes of the file), so a line of any length
 * costs a page's memory; the length of a line cut there is not known, as its end was never read.
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
    maxWindowBytes: PEOPLE_PAGE_BYTES,
    overflow: "cut",
  });
  if (!read.ok) return { ok: false, message: `${read.failure.code}: ${visible(read.failure.message)}` };
  const { lines, totalLines, hasMore, cut: windowCut } = read.value.window;
  const page = fitPage(lines);
  const shown = lines.slice(0, page.rows.length);
  const first = shown[0]?.number;
  const last = shown.at(-1)?.number;
  const total = totalLines ?? "?";
  const more = hasMore || shown.length < lines.length;
  const next = more && last !== undefined && last !== null ? `; continue with --start ${last + 1}` : "";
  let summary: string;
  if (shown.length === 0) summary = `(no lines shown; the file has ${totalLines ?? "an unknown number of"} lines)`;
  else if (windowCut?.partial === true) {
    const shownBytes = page.cut?.shownBytes ?? Buffer.byteLength(lines[0]?.text ?? "");
    const part = window.tail === undefined ? `cut after ${shownBytes} bytes` : `${shownBytes} bytes of its end shown`;
    summary = `(line ${last ?? "?"} of ${total}, ${part} to fit in ${PAGE_SIZE}; the rest of the line is not shown${next})`;
  } else if (page.cut !== undefined) summary = `(line ${last ?? "?"} of ${total}, cut after ${page.cut.shownBytes} of its ${page.cut.lineBytes} bytes to fit in ${PAGE_SIZE}${next})`;
  else if (shown.length < lines.length) summary = `(lines ${first}-${last} of ${total}, as many as fit in ${PAGE_SIZE}${next})`;
  else summary = `(lines ${first}-${last} of ${total}${next})`;
  return { ok: true, text: `${page.rows.join("")}${summary}\n` };
}

/**
 * The rows of a page: whole lines while they fit in {@link PEOPLE_PAGE_BYTES}; a first line that does not fit alone
 * is cut on a character boundary (a character's escape is never split).
 */
function fitPage(lines: readonly Line[]): { rows: string[]; cut?: { shownBytes: number; lineBytes: number } } {
  const width = String(lines.at(-1)?.number ?? 1).length;
  const rows: string[] = [];
  let used = 0;
  for (const line of lines) {
    const prefix = `${String(line.number ?? "").padStart(width)}  `;
    const text = visible(line.text);
    const bytes = Buffer.byteLength(prefix) + Buffer.byteLength(text) + 1;
    if (used + bytes <= PEOPLE_PAGE_BYTES) {
      rows.push(`${prefix}${text}\n`);
      used += bytes;
      continue;
    }
    if (rows.length > 0) return { rows };
    let room = PEOPLE_PAGE_BYTES - Buffer.byteLength(prefix) - 1;
    let kept = "";
    let shownBytes = 0;
    for (const character of line.text) {
      const shown = visible(character);
      const cost = Buffer.byteLength(shown);
      if (cost > room) break;
      kept += shown;
      room -= cost;
      shownBytes += Buffer.byteLength(character);
    }
    rows.push(`${prefix}${kept}\n`);
    return { rows, cut: { shownBytes, lineBytes: Buffer.byteLength(line.text) } };
  }
  return { rows };
}

function visible(text: string): string {
  return escapeText(text, { keepTabs: true, invisible: true });
}
