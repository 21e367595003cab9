import { ok, type OpenFile, type Result, type Steps } from "@read/core";
import type { AgentConfig } from "./config-schema.js";
import type { ReadInput } from "./input-schema.js";
import { decodedSource } from "./line-source.js";
import type { NotebookSuccess, ReadOutput } from "./output.js";
import { pageLinesSteps } from "./page-lines.js";
import type { ParseDocument } from "./read-document.js";
import type { ReadGuards } from "./read-file.js";
import { redactContentSteps } from "./redact-content.js";

/** Most characters of one text output (a stream, a result's text, a traceback) a notebook's rendering shows. */
export const MAX_OUTPUT_CHARS = 4000;

/**
 * Reads a Jupyter notebook (AGENT-NB): rendered as text in the document worker (`renderNotebook`), then
 * paged by its lines exactly as a text file is (`start_line`/`limit`, `tail`, `ranges`, `column`,
 * `max_tokens`, the answer's bounds and `next`), the secrets policy applied to the rendered lines.
 */
export function* readNotebookSteps(file: OpenFile, bytes: Uint8Array, input: ReadInput, config: AgentConfig, version: string | null, guards: ReadGuards, parse: ParseDocument): Steps<Result<ReadOutput>> {
  const answer = yield* parse({ kind: "notebook", bytes, maxOutputChars: MAX_OUTPUT_CHARS });
  if ("error" in answer) return ok(answer);
  if (answer.kind !== "notebook") throw new Error(`the document worker answered a notebook with ${answer.kind}`);
  const source = decodedSource(answer.text);
  const paged = yield* pageLinesSteps(source, input, config, file.path.input);
  if (!paged.ok) return paged;
  if ("error" in paged.value) return ok(paged.value);
  const { page, next, truncated } = paged.value;
  const content = guards.redact === undefined ? page.content() : yield* redactContentSteps(page.content(), page.texts(), guards.redact, file.path.absolute);
  const output: NotebookSuccess = {
    path: file.path.relative,
    format: "notebook",
    content,
    start_line: page.first,
    end_line: page.last,
    total_lines: source.totalLines ?? 0,
    cells: answer.cells,
    language: answer.language,
    truncated,
    next,
    version,
  };
  return ok(output);
}
