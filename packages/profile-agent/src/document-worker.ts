import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import type { DocumentAnswer, DocumentJob, ParsingStarted } from "./document-job.js";
import { DocumentTooComplex } from "./document-too-complex.js";
import { extractPdfPages, loadPdfJs } from "./extract-pdf-pages.js";
import { renderNotebook } from "./render-notebook.js";
import { threadCpuClock, threadCpuMs } from "./thread-cpu-clock.js";

/**
 * The document worker's script: it answers each {@link DocumentJob} it is sent, one at a time; the main
 * thread (`runDocumentWorker`) bounds its heap and time and ends it. A parse that throws is an `invalid` answer;
 * anything the worker cannot answer (out of memory, a crash) ends it, which the main thread reports.
 */
// On Linux a nice value belongs to a thread (setpriority on the calling thread, not its process): the
// worker yields the CPU to the thread that answers the host (pings, other calls) when they compete. Nice 10,
// not 19: at 19 it yields as much to every other process, and with two cores kept busy by three others (a
// build, a test run) reading a 3 MB PDF of random bytes took 27 s; at 10, 5.4 s.
if (process.platform === "linux") {
  try {
    setPriority(10);
  } catch {
    // Not permitted (a sandbox): the worker runs at the process's priority.
  }
}

// This thread's processor time, which the main thread reads to bound a parse (run-document-worker.ts).
const cpuStat = threadCpuClock();

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
  const startMs = cpuStat === null ? null : threadCpuMs(cpuStat);
  parentPort?.postMessage({ kind: "parsing", cpu: cpuStat === null || startMs === null ? null : { stat: cpuStat, startMs } } satisfies ParsingStarted);
  if (job.kind === "pdf") return { kind: "pdf", ...(await extractPdfPages(job.bytes, job.first, job.last, job.maxPageChars)) };
  return { kind: "notebook", ...renderNotebook(job.bytes, job.maxOutputChars) };
}

function describe(error: unknown): string {
  if (error instanceof Error && error.name === "PasswordException") return "it is protected by a password";
  const text = (error instanceof Error ? error.message : String(error)).replace(/\.+$/, "");
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}
