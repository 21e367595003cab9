import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { NotebookSuccess } from "../src/index.js";
import { MAX_NOTEBOOK_VALUES, renderNotebook } from "../src/render-notebook.js";
import { read, readFailure, sandbox, versionOf } from "./helpers.js";

/** A notebook (nbformat 4) of `cells`, as Jupyter writes one. */
function notebook(cells: readonly Record<string, unknown>[], metadata: Record<string, unknown> = { kernelspec: { language: "python", name: "python3" } }): string {
  return JSON.stringify({ cells, metadata, nbformat: 4, nbformat_minor: 5 }, null, 1);
}

const code = (source: string | string[], outputs: unknown[] = [], execution: number | null = 1) => ({ cell_type: "code", execution_count: execution, metadata: {}, source, outputs });
const markdown = (source: string | string[]) => ({ cell_type: "markdown", metadata: {}, source });
const stream = (text: string | string[], name = "stdout") => ({ output_type: "stream", name, text });

const IMAGE = "iVBORw0KGgo".padEnd(400_000, "A");

/** {@link read}, expecting a notebook's answer. */
async function readNotebook(root: string, input: Record<string, unknown>, options: Parameters<typeof read>[2] = {}): Promise<NotebookSuccess> {
  const output = await read(root, input, options);
  if (!("format" in output) || output.format !== "notebook") throw new Error(`expected a notebook's answer, got ${JSON.stringify(output).slice(0, 300)}`);
  return output;
}

describe("agent: a Jupyter notebook, rendered as lines", () => {
  const analysis = notebook([
    markdown(["# Analysis\n", "Loads the data."]),
    code(["import pandas as pd\n", "df = pd.read_csv('a.csv')\n", "print(len(df))"], [stream("42\n"), stream("warning: slow\n", "stderr")], 1),
    code("df.plot()", [{ output_type: "display_data", metadata: {}, data: { "image/png": IMAGE, "text/plain": ["<Figure size 640x480 with 1 Axes>"] } }], 2),
    code("1/0", [{ output_type: "error", ename: "ZeroDivisionError", evalue: "division by zero", traceback: ["\u001b[0;31mZeroDivisionError\u001b[0m Traceback", "\u001b[0;31mZeroDivisionError\u001b[0m: division by zero"] }], 3),
    code("df.head()", [{ output_type: "execute_result", execution_count: 4, metadata: {}, data: { "text/html": "<table></table>", "text/plain": "   a\n0  1" } }], 4),
    code("", [], null),
    { cell_type: "raw", metadata: {}, source: "raw text" },
  ]);
  const { root } = sandbox({
    "analysis.ipynb": analysis,
    "noisy.ipynb": notebook([code("train()", [stream(`${"x".repeat(5000)}\n`), stream("epoch 1 10%\repoch 1 50%\repoch 1 100%\ndone\n")])]),
    "broken.ipynb": "{ not json",
    "old.ipynb": JSON.stringify({ worksheets: [{ cells: [] }], nbformat: 3 }),
    "array.ipynb": "[1, 2]",
    "heavy.ipynb": `{"cells":[${"{},".repeat(MAX_NOTEBOOK_VALUES)}{}]}`,
  });

  it("AGENT-NB-01, AGENT-NB-02, AGENT-NB-04: every cell's source and its stream outputs, in order; a 400 KB image named, not inlined", async () => {
    const output = await readNotebook(root, { path: "analysis.ipynb" });
    expect(output).toEqual({
      path: "analysis.ipynb",
      format: "notebook",
      content: [
        "=== cell 1: markdown ===",
        "# Analysis",
        "Loads the data.",
        "=== cell 2: code, execution 1 ===",
        "import pandas as pd",
        "df = pd.read_csv('a.csv')",
        "print(len(df))",
        "--- output: stdout ---",
        "42",
        "--- output: stderr ---",
        "warning: slow",
        "=== cell 3: code, execution 2 ===",
        "df.plot()",
        "--- output: display ---",
        "[image/png, 400000 bytes: not shown]",
        "<Figure size 640x480 with 1 Axes>",
        "=== cell 4: code, execution 3 ===",
        "1/0",
        "--- output: error ---",
        "ZeroDivisionError Traceback",
        "ZeroDivisionError: division by zero",
        "=== cell 5: code, execution 4 ===",
        "df.head()",
        "--- output: result 4 ---",
        "[text/html, 15 bytes: not shown]",
        "   a",
        "0  1",
        "=== cell 6: code ===",
        "=== cell 7: raw ===",
        "raw text",
      ]
        .map((line, index) => `${index + 1}\t${line}`)
        .join("\n"),
      start_line: 1,
      end_line: 30,
      total_lines: 30,
      cells: 7,
      language: "python",
      truncated: false,
      next: null,
      version: versionOf(analysis),
    });
    expect(JSON.stringify(output).length).toBeLessThan(2000);
  });

  it("AGENT-NB-03: an output's characters are code points: 4000 shown of 4501, the cut never halves an emoji; 4000 emoji are shown whole", () => {
    const bytes = new TextEncoder().encode(notebook([code("show()", [stream(`a${"😀".repeat(4500)}\n`), stream(`${"😀".repeat(4000)}\n`)])]));
    expect(renderNotebook(bytes, 4000).text.split("\n")).toEqual([
      "=== cell 1: code, execution 1 ===",
      "show()",
      "--- output: stdout ---",
      `a${"😀".repeat(3999)}`,
      "[output cut: 4000 of 4501 characters shown]",
      "--- output: stdout ---",
      "😀".repeat(4000),
    ]);
  });

  it("AGENT-NB-03: a long text output is cut with a marker; a progress bar shows its last state", async () => {
    const output = await readNotebook(root, { path: "noisy.ipynb" });
    expect(output.content).toBe(
      [
        "=== cell 1: code, execution 1 ===",
        "train()",
        "--- output: stdout ---",
        "x".repeat(2000),
        "[line 4 is cut after column 2000: read the rest with start_line 4, column 2001]",
        "[output cut: 4000 of 5000 characters shown]",
        "--- output: stdout ---",
        "epoch 1 100%",
        "done",
      ]
        .map((line, index) => (line.startsWith("[line") ? line : `${index < 4 ? index + 1 : index}\t${line}`))
        .join("\n"),
    );
    const rest = await readNotebook(root, { path: "noisy.ipynb", start_line: 4, column: 2001, limit: 1 });
    expect(rest.content).toBe(`[line 4 from column 2001]\n4\t${"x".repeat(2000)}`);
  });

  it("AGENT-NB-05: the rendered lines page like a file's: start_line/limit, tail, ranges, with next", async () => {
    const window = await readNotebook(root, { path: "analysis.ipynb", start_line: 12, limit: 4 });
    expect([window.content, window.truncated, window.next]).toEqual(["12\t=== cell 3: code, execution 2 ===\n13\tdf.plot()\n14\t--- output: display ---\n15\t[image/png, 400000 bytes: not shown]", true, { start_line: 16 }]);
    expect((await readNotebook(root, { path: "analysis.ipynb", tail: 2 })).content).toBe("29\t=== cell 7: raw ===\n30\traw text");
    expect((await readNotebook(root, { path: "analysis.ipynb", ranges: [{ start_line: 1, limit: 1 }, { start_line: 28, limit: 1 }] })).content).toBe("1\t=== cell 1: markdown ===\n28\t=== cell 6: code ===");
    expect(await readFailure(root, { path: "analysis.ipynb", start_line: 31 })).toEqual(["LINE_OUT_OF_RANGE", "`start_line` 31 is after the last line: the file has 30 lines. Read from a line up to 30, or use `tail`."]);
  });

  it("AGENT-NB-06, AGENT-DOC-04: a file that is not an nbformat 4 notebook is INVALID_DOCUMENT, saying why", async () => {
    const invalid = (path: string, why: string) => `'${path}' could not be read as a notebook: ${why}. It may be damaged, truncated or not a notebook; read cannot show it.`;
    const [code, message] = await readFailure(root, { path: "broken.ipynb" });
    expect([code, message.startsWith("'broken.ipynb' could not be read as a notebook: it is not valid JSON (")]).toEqual(["INVALID_DOCUMENT", true]);
    expect(await readFailure(root, { path: "old.ipynb" })).toEqual([
      "INVALID_DOCUMENT",
      invalid("old.ipynb", "it is an nbformat 3 notebook, which read does not render: convert it with `jupyter nbconvert --to notebook --nbformat 4`"),
    ]);
    expect(await readFailure(root, { path: "array.ipynb" })).toEqual(["INVALID_DOCUMENT", invalid("array.ipynb", "it is not a Jupyter notebook (its JSON is not an object)")]);
  });

  it("AGENT-DOC-03: a notebook of more JSON values than its worker's heap holds is refused before it is parsed", async () => {
    expect(await readFailure(root, { path: "heavy.ipynb" })).toEqual([
      "DOCUMENT_TOO_COMPLEX",
      `'heavy.ipynb' is too complex to read as a notebook: it holds more than ${MAX_NOTEBOOK_VALUES} JSON values. Convert it to a script with another tool (jupyter nbconvert --to script) and read that.`,
    ]);
  });

  it("AGENT-NB-02: every cell's source is rendered, in order, after its header (property)", () => {
    const line = fc.string({ unit: fc.constantFrom("a", "b", " ", "=", "\u00e9", "\t"), maxLength: 12 });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom("code", "markdown"), fc.array(line, { maxLength: 4 })), { maxLength: 8 }), (cells) => {
        const json = notebook(cells.map(([kind, lines]) => (kind === "code" ? code(lines.join("\n"), [], null) : markdown(lines.join("\n")))));
        const rendered = renderNotebook(new TextEncoder().encode(json), 4000);
        // A source is shown less one final line feed (it ends its last line), and not at all when empty.
        const shownSource = (source: string) => (source === "" ? [] : [source.replace(/\n$/, "")]);
        const expected = cells.flatMap(([kind, lines], index) => [`=== cell ${index + 1}: ${kind} ===`, ...shownSource(lines.join("\n"))]);
        expect(rendered).toEqual({ text: expected.join("\n"), cells: cells.length, language: "python" });
      }),
    );
  });
});
