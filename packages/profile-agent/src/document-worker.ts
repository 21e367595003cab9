import fs from "node:fs";
import { setPriority } from "node:os";
import type { DocumentAnswer, DocumentJob, ParsingStarted } from "./document-job.js";
import { DocumentTooComplex } from "./document-too-complex.js";
import { extractPdfPages, loadPdfJs } from "./extract-pdf-pages.js";
import { renderNotebook } from "./render-notebook.js";

/**
 * The document worker's script, run as a child process (`runDocumentWorker` forks it): it answers each
 * {@link DocumentJob} it is sent over the IPC channel, one at a time; the parent bounds its heap, memory and
 * time and kills it. A parse that throws is an `invalid` answer; anything the worker cannot answer (out of
 * memory, a crash) ends it, which the parent reports. It exits when the parent goes (the channel closes).
 */
// A process of its own, not a thread of the host's: a worker thread shares V8's platform threads (its
// garbage collection's helpers) and their task queue with the host's thread, which delayed the host's
// answers (MCP pings) by tens of milliseconds while a hostile PDF was parsed, however low the worker
// thread's priority. Here every thread is lowered to nice 5 (on Linux a nice value is a thread's, and the
// threads Node started before this script runs do not inherit it), so the host's threads come first when
// they compete for a core. Not the lowest priority: at nice 19 the parse yields as much to every other
// process, and with two cores kept busy by three others (a build, a CI run's tests) a 3 MB PDF of random
// bytes, about 0.15 s of parsing, ran into the parse's 5 s bound; the call took 27 s at nice 19, 5.4 s at
// 10, 2.4 s at 5 and 1.4 s at 0.
if (process.platform === "linux") {
  for (const thread of fs.readdirSync("/proc/self/task")) {
    try {
      setPriority(Number(thread), 5);
    } catch {
      // Not permitted (a sandbox), or the thread ended: it runs at the process's priority.
    }
  }
}

// Nothing the parser prints (pdf.js warns on console) may reach the host's output, an MCP server's
// protocol stream: the worker's own stdout and stderr write nowhere (the parent reads the process's
// standard error only for V8's own fatal messages, written below JavaScript).
process.stdout.write = () => true;
process.stderr.write = () => true;

process.on("message", (message: DocumentJob) => {
  // The channel's serialization gives the bytes back as a Buffer, which pdf.js refuses: a plain view of them.
  const job = { ...message, bytes: new Uint8Array(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength) };
  answer(job).then(
    (result) => process.send?.(result),
    (error: unknown) => process.send?.({ kind: error instanceof DocumentTooComplex ? "too-complex" : "invalid", message: describe(error) } satisfies DocumentAnswer),
  );
});
process.on("disconnect", () => process.exit(0));

async function answer(job: DocumentJob): Promise<DocumentAnswer> {
  if (job.kind === "pdf") await loadPdfJs();
  process.send?.({ kind: "parsing" } satisfies ParsingStarted);
  if (job.kind === "pdf") return { kind: "pdf", ...(await extractPdfPages(job.bytes, job.first, job.last, job.maxPageChars)) };
  return { kind: "notebook", ...renderNotebook(job.bytes, job.maxOutputChars) };
}

function describe(error: unknown): string {
  if (error instanceof Error && error.name === "PasswordException") return "it is protected by a password";
  const text = (error instanceof Error ? error.message : String(error)).replace(/\.+$/, "");
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}
