import { ok, quoteText, readHeadSteps, waitFor, type OpenFile, type Result, type Steps } from "@read/core";
import type { AgentConfig } from "./config-schema.js";
import type { DocumentAnswer, DocumentJob } from "./document-job.js";
import type { ReadInput } from "./input-schema.js";
import { CONFIG_TABLE } from "./map-failure.js";
import { readError, type ReadOutput } from "./output.js";
import type { ReadGuards } from "./read-file.js";
import { readNotebookSteps } from "./read-notebook.js";
import { readPdfSteps } from "./read-pdf.js";
import { runDocumentWorker } from "./run-document-worker.js";

/** The documents `read` parses instead of reading as text. */
export type DocumentKind = "pdf" | "notebook";

/** A document's kind by its name's extension (any case): `.pdf`, `.ipynb`; `undefined` for any other file. */
export function documentKindOf(path: string): DocumentKind | undefined {
  const extension = /\.([a-z]+)$/i.exec(path)?.[1]?.toLowerCase();
  return extension === "pdf" ? "pdf" : extension === "ipynb" ? "notebook" : undefined;
}

/**
 * Reads a document (AGENT-DOC): its bytes, at most `max_document_bytes`, through core's bounded reader in
 * this thread, then parsed in a child process (`runDocumentWorker`) bounded in heap and time and cancelled
 * by the call's signal. `kind` is `undefined` when `pages` was given for a file that is not a PDF.
 */
export function* readDocumentSteps(kind: DocumentKind | undefined, file: OpenFile, input: ReadInput, config: AgentConfig, version: string | null, guards: ReadGuards): Steps<Result<ReadOutput>> {
  if (kind !== "pdf" && input.pages !== undefined) {
    return ok(readError("INVALID_ARGUMENT", `\`pages\` is for PDF files, and ${quoteText(file.path.input)} is not one (its name does not end in .pdf): drop \`pages\` and read it by lines.`));
  }
  const whole = yield* readHeadSteps(file, config.max_document_bytes);
  if (!whole.ok) return whole;
  if (whole.value.truncated) {
    return ok(
      readError(
        "TOO_LARGE",
        `${quoteText(file.path.input)} is over max_document_bytes (${config.max_document_bytes}) in ${CONFIG_TABLE}: read parses a ${kind === "pdf" ? "PDF" : "notebook"} whole. Split it, or raise max_document_bytes in your own configuration.`,
      ),
    );
  }
  const parse = (job: DocumentJob) => parseDocumentSteps(job, config, guards, file.path.input);
  if (kind === "pdf") return yield* readPdfSteps(file, whole.value.bytes, input, config, version, guards, parse);
  return yield* readNotebookSteps(file, whole.value.bytes, input, config, version, guards, parse);
}

/** A document parsed by the worker, or the error the model receives when it could not be. */
export type ParseDocument = (job: DocumentJob) => Steps<DocumentAnswer | ReturnType<typeof readError>>;

function* parseDocumentSteps(job: DocumentJob, config: AgentConfig, guards: ReadGuards, path: string): Steps<DocumentAnswer | ReturnType<typeof readError>> {
  const answer = yield* waitFor(runDocumentWorker(job, config.document_timeout_ms, guards.signal));
  const what = job.kind === "pdf" ? "PDF" : "notebook";
  switch (answer.kind) {
    case "too-complex":
      return readError(
        "DOCUMENT_TOO_COMPLEX",
        `${quoteText(path)} is too complex to read as a ${what}: ${answer.message}. ${job.kind === "pdf" ? "Ask for fewer pages, or convert it to text with another tool (pdftotext)" : "Convert it to a script with another tool (jupyter nbconvert --to script)"} and read that.`,
      );
    case "crashed":
    case "invalid":
      return readError("INVALID_DOCUMENT", `${quoteText(path)} could not be read as a ${what}: ${answer.message}. It may be damaged, truncated or not a ${what}; read cannot show it.`);
    default:
      return answer;
  }
}
