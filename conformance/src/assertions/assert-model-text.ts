import { isDeepStrictEqual } from "node:util";
import { NotApplicable } from "../not-applicable.js";
import { outputField } from "../output-field.js";
import type { Oracle } from "../oracle.js";
import { denyIfAsked, expect, show, windowInput, withScratch, type SuiteContext } from "../suite-context.js";
import type { TextedOutput } from "../tool-adapter.js";

/** Lines holding what JSON escapes: quotes, backslashes, tabs, a control character, and characters past ASCII. */
const ESCAPED_TEXT = 'say "hi"\tC:\\temp\\new\nbell \u0007 and caf\u00e9 \u65e5\u672c \u{1f600}\n{"json": [1, 2]}\n';

/**
 * The text a model receives for an output (an MCP answer's first text block; in-process the text of the
 * tool's own model content): the oracle's `output.text` form of that very output. `json`: the output
 * serialised as JSON. The fields line: the output's other fields as one line of JSON, a line feed, then
 * the field's text as it is, unescaped; an output without the field (an error) is its JSON, one line.
 * Observed on a page whose lines hold what JSON escapes, an empty file and a missing file.
 */
export async function assertModelText(ctx: SuiteContext): Promise<void> {
  const { oracle, adapter } = ctx;
  if (adapter.callWithText === undefined) throw new NotApplicable(`the ${adapter.kind} protocol carries the output alone, not the text a model receives`);
  const callWithText = adapter.callWithText.bind(adapter);
  await withScratch({ files: { "escaped.txt": { text: ESCAPED_TEXT }, "empty.txt": { text: "" } } }, async (workspace) => {
    for (const [name, what] of [
      ["escaped.txt", "a page of lines JSON escapes"],
      ["empty.txt", "an empty file"],
      ["missing.txt", "a missing file"],
    ] as const) {
      const input = windowInput(oracle, name);
      const texted = await callWithText({ root: workspace.root, input, ...denyIfAsked(oracle) });
      const problem = textFormProblem(oracle.output.text, texted);
      expect(problem === null, `${what}: the text a model receives is the output in the oracle's text form: ${problem ?? ""}\n  text: ${show(texted.text)}`, { input, output: texted.output, extras: denyIfAsked(oracle) });
    }
  });
}

/** What is wrong with `text` as the form `form` of `output`, or `null` when it is that form. */
function textFormProblem(form: Oracle["output"]["text"], { output, text }: TextedOutput): string | null {
  if (form === "json") return isDeepStrictEqual(parsedJson(text), output) ? null : "it is not the output as JSON";
  const field = outputField(output, form.field);
  if (typeof field !== "string") {
    if (text.includes("\n")) return `an output without '${form.field}' is one line of JSON, and this text has a line feed`;
    return isDeepStrictEqual(parsedJson(text), output) ? null : "it is not the output as JSON";
  }
  const lineEnd = text.indexOf("\n");
  if (lineEnd === -1) return `it has no line feed after the fields line, so '${form.field}' is not below it`;
  const { [form.field]: _field, ...fields } = output as Record<string, unknown>;
  if (!isDeepStrictEqual(parsedJson(text.slice(0, lineEnd)), fields)) return `its first line is not every field but '${form.field}' as JSON`;
  if (text.slice(lineEnd + 1) !== field) return `the text after its first line is not '${form.field}' as it is, unescaped`;
  return null;
}

// A text parsed as JSON, or a value no output equals when it is not JSON.
function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return Symbol("not JSON");
  }
}
