import { countJsonValues } from "./count-json-values.js";
import { DocumentTooComplex } from "./document-too-complex.js";

/**
 * Most JSON values a notebook may hold (a million: a notebook of 10 MB holds about 100,000): parsed, each
 * costs the worker's heap up to about 64 bytes, and a parse cannot be interrupted once started.
 */
export const MAX_NOTEBOOK_VALUES = 1_000_000;

/** A Jupyter notebook rendered as text: what `read` pages through by lines (AGENT-NB). */
export interface RenderedNotebook {
  readonly text: string;
  readonly cells: number;
  /** The kernel's language, from the notebook's metadata; `null` when it names none. */
  readonly language: string | null;
}

// Terminal control sequences (colours in tracebacks, cursor moves of progress bars): noise to a model.
const ANSI_SEQUENCE = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b[@-Z\\-_]/g;

/**
 * Renders a notebook (nbformat 4, the UTF-8 bytes of its JSON) as lines: each cell in order after a line
 * `=== cell N: <kind> ===` (`, execution E` for a code cell that ran), its source, then each output after a
 * line `--- output: <what> ---`. Text outputs (streams, `text/plain` results, errors with their traceback)
 * show at most `maxOutputChars` characters, then `[output cut: ...]`; rich outputs (images, HTML, JSON, ...)
 * are never inlined: a line `[<mime type>, <bytes> bytes: not shown]` names each. Throws an `Error` saying
 * what is wrong with a file that is not such a notebook, {@link DocumentTooComplex} for one of more than
 * {@link MAX_NOTEBOOK_VALUES} values.
 */
export function renderNotebook(bytes: Uint8Array, maxOutputChars: number): RenderedNotebook {
  if (countJsonValues(bytes, MAX_NOTEBOOK_VALUES) > MAX_NOTEBOOK_VALUES) throw new DocumentTooComplex(`it holds more than ${MAX_NOTEBOOK_VALUES} JSON values`);
  let notebook: unknown;
  try {
    notebook = JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    throw new Error(`it is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!isObject(notebook)) throw new Error("it is not a Jupyter notebook (its JSON is not an object)");
  if (!Array.isArray(notebook.cells)) {
    if (Array.isArray(notebook.worksheets)) throw new Error("it is an nbformat 3 notebook, which read does not render: convert it with `jupyter nbconvert --to notebook --nbformat 4`");
    throw new Error("it is not a Jupyter notebook (no `cells` array)");
  }
  const lines: string[] = [];
  for (const [index, cell] of notebook.cells.entries()) {
    if (!isObject(cell) || typeof cell.cell_type !== "string") throw new Error(`cell ${index + 1} is not a notebook cell (no \`cell_type\`)`);
    const execution = typeof cell.execution_count === "number" ? `, execution ${cell.execution_count}` : "";
    lines.push(`=== cell ${index + 1}: ${oneLine(cell.cell_type)}${execution} ===`);
    const source = textOf(cell.source);
    if (source !== "") lines.push(withoutFinalNewline(source));
    if (!Array.isArray(cell.outputs)) continue;
    for (const output of cell.outputs) lines.push(...renderOutput(output, maxOutputChars));
  }
  return { text: lines.join("\n"), cells: notebook.cells.length, language: languageOf(notebook.metadata) };
}

function renderOutput(output: unknown, maxOutputChars: number): string[] {
  if (!isObject(output)) return ["--- output: (not an output object) ---"];
  switch (output.output_type) {
    case "stream":
      return [`--- output: ${typeof output.name === "string" ? oneLine(output.name) : "stream"} ---`, ...bounded(asTerminal(textOf(output.text)), maxOutputChars)];
    case "error": {
      const traceback = Array.isArray(output.traceback) ? output.traceback.filter((line) => typeof line === "string").join("\n") : "";
      const summary = `${typeof output.ename === "string" ? output.ename : "Error"}: ${typeof output.evalue === "string" ? output.evalue : ""}`;
      return ["--- output: error ---", ...bounded(asTerminal(traceback === "" ? summary : traceback), maxOutputChars)];
    }
    case "execute_result":
    case "display_data": {
      const what = output.output_type === "execute_result" ? `result${typeof output.execution_count === "number" ? ` ${output.execution_count}` : ""}` : "display";
      const data = isObject(output.data) ? output.data : {};
      const shown: string[] = [`--- output: ${what} ---`];
      for (const [mime, value] of Object.entries(data)) {
        if (mime === "text/plain") shown.push(...bounded(asTerminal(textOf(value)), maxOutputChars));
        else shown.push(`[${oneLine(mime)}, ${Buffer.byteLength(typeof value === "string" || Array.isArray(value) ? textOf(value) : JSON.stringify(value) ?? "")} bytes: not shown]`);
      }
      return shown;
    }
    default:
      return [`--- output: ${typeof output.output_type === "string" ? oneLine(output.output_type) : "unknown"} ---`];
  }
}

// A text output's first `max` characters (code points, as the spec counts them), then a marker saying how
// many it has (its final line feed not counted: a stream's lines end with one).
function bounded(text: string, max: number): string[] {
  const body = withoutFinalNewline(text);
  if (body.length <= max) return body === "" ? [] : [body];
  let end = 0;
  let characters = 0;
  for (let index = 0; index < body.length; characters++) {
    if (characters === max) end = index;
    const code = body.charCodeAt(index);
    const low = body.charCodeAt(index + 1);
    index += code >= 0xd800 && code <= 0xdbff && low >= 0xdc00 && low <= 0xdfff ? 2 : 1;
  }
  if (characters <= max) return [body];
  return [body.slice(0, end), `[output cut: ${max} of ${characters} characters shown]`];
}

// What a terminal would show: control sequences dropped, and a line rewritten with `\r` (a progress bar) as its last state.
function asTerminal(text: string): string {
  return text
    .replace(ANSI_SEQUENCE, "")
    .replace(/\r\n/g, "\n")
    .split("\n")
    .map((line) => line.slice(line.lastIndexOf("\r") + 1))
    .join("\n");
}

// nbformat stores multi-line strings either whole or as a list of lines that each keep their `\n`.
function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.filter((part) => typeof part === "string").join("");
  return "";
}

function withoutFinalNewline(text: string): string {
  return text.endsWith("\n") ? text.slice(0, -1) : text;
}

function oneLine(text: string): string {
  const flat = text.replace(/[\u0000-\u001f\u007f]/g, " ");
  return flat.length > 80 ? `${flat.slice(0, 77)}...` : flat;
}

function languageOf(metadata: unknown): string | null {
  if (!isObject(metadata)) return null;
  const kernel = isObject(metadata.kernelspec) ? metadata.kernelspec.language : undefined;
  const info = isObject(metadata.language_info) ? metadata.language_info.name : undefined;
  const language = typeof kernel === "string" ? kernel : typeof info === "string" ? info : null;
  return language === null ? null : oneLine(language);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
