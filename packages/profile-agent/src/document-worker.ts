import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import type { DocumentAnswer, DocumentJob, ParsingStarted } from "./document-job.js";
import { DocumentTooComplex } from "./document-too-complex.js";
import { extractPdfPages, loadPdfJs } from "./extract-pdf-pages.js";
import { renderNotebook } from "./render-notebook.js";

/**
 * The document worker's script: it answers each {@link DocumentJob} it is sent, one at a time; the main
 * thread (`runDocumentWorker`) bounds its heap and time and ends it. A parse that throws is an `invalid` answer;
 * anything the worker cannot answer (out of memory, a crash) ends it, which the main thread reports.
 */
// On Linux a nice value belongs to a thread (setpriority on the calling thread, not its process): the
// worker yields the CPU to the thread that answers the host (pings, other calls) when they compete. Nice 5,
// not the lowest: at 19 it yields as much to every other process, and with two cores kept busy by three
// others (a build, a CI run's tests) a 3 MB PDF of random bytes, about 0.15 s of parsing, ran into
// the parse's 5 s bound; the call took 27 s at nice 19, 5.4 s at 10, 2.4 s at 5 and 1.4 s at 0.
if (process.platform === "linux") {
  try {
    setPriority(5);
  } catch {
    // Not permitted (a sandbox): the worker runs at the process's priority.
  }
}

// Nothing the parser prints (pdf.js warns on console) may reach the host's stdout, an MCP server's
// protocol stream: the worker's own stdout and stderr write nowhere.
process.stdout.write = () => true;
process.stderr.write = () => true;

parentPort?.on("message", (job: DocumentJob) => {
  answer(job).then(
    (result) => parentPort?.postMessage(result),
    (error: unknown) => parentPort?.postMessage({ kind: error instanceof DocumentTooComplex ? "too-complex" : "invalid", message: describe(error) } satisfies DocumentAnswer),
  );
});

async function answer(job: DocumentJob): Promise<DocumentAnswer> {
  if (job.kind === "pdf") await loadPdfJs();
  parentPort?.postMessage({ kind: "parsing" } satisfies ParsingStarted);
  if (job.kind === "pdf") return { kind: "pdf", ...(await extractPdfPages(job.bytes, job.first, job.last, job.maxPageChars)) };
  return { kind: "notebook", ...renderNotebook(job.bytes, job.maxOutputChars) };
}

function describe(error: unknown): string {
  if (error instanceof Error && error.name === "PasswordException") return "it is protected by a password";
  const text = (error instanceof Error ? error.message : String(error)).replace(/\.+$/, "");
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}
