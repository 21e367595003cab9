import { inflatingPdf } from "../adversarial/document-cases.js";
import { NotApplicable } from "../not-applicable.js";
import { referenceLines, renderWindow } from "../reference-lines.js";
import { runningThreads, sampleUntil, servingProcesses, watchedProcesses } from "../running-threads.js";
import { callTool, ConformanceFailure, denyIfAsked, expectOutcome, show, windowInput, withScratch, type SuiteContext } from "../suite-context.js";

/** Samples in a row (20 ms apart) that must show a thread of the serving process running before the call is cancelled. */
const RUNNING_SAMPLES = 10;

/** How long the parse may take to be seen running. */
const START_WITHIN_MS = 10_000;

/** How soon after the cancel the call must reject, and no thread of the serving process run any more. */
const STOPPED_WITHIN_MS = 2_000;

const INSIDE_TEXT = "inside\n";

/**
 * A call cancelled while it parses a document ends at once, and its parse with it: the pathological PDF
 * of the adversarial suite is asked for with the profile's own defaults, and once a thread of the
 * serving process is seen running it (ten samples in a row, 20 ms apart), the call is cancelled as the
 * protocol cancels one (in-process the call's `AbortSignal`, over MCP `notifications/cancelled`). The call
 * must reject with the reason within 2 s (in-process the tool's own rejection; MCP answers a cancelled
 * request with nothing), no thread of the serving process may run 2 s later, and a small file is then
 * read as before. JSONL and one process per call have no way to cancel a call; threads are watched
 * through `/proc` (Linux).
 */
export async function assertDocumentCancel(ctx: SuiteContext): Promise<readonly string[]> {
  const { oracle, adapter } = ctx;
  if (adapter.startCancellable === undefined) throw new NotApplicable(`the ${adapter.kind} protocol has no way to cancel a call`);
  const startCancellable = adapter.startCancellable.bind(adapter);
  // Where threads cannot be watched at all; once the adapter serves, watchedProcesses names them.
  const unwatchable = servingProcesses(adapter);
  if (typeof unwatchable === "string") throw new NotApplicable(unwatchable);
  return withScratch({ files: { "inside.txt": { text: INSIDE_TEXT }, "inflating.pdf": { bytes: inflatingPdf() } } }, async (workspace) => {
    const extras = denyIfAsked(oracle);
    await adapter.warmUp?.({ root: workspace.root, ...extras });
    const processes = watchedProcesses(adapter);
    const input = windowInput(oracle, "inflating.pdf");
    const started = performance.now();
    const call = startCancellable({ root: workspace.root, input, ...extras });
    let settled: { readonly output: unknown } | { readonly error: unknown } | undefined;
    const ended = call.answer.then(
      (output) => (settled = { output }),
      (error: unknown) => (settled = { error }),
    );
    const seen = await sampleUntil(() => (settled === undefined ? runningThreads(processes) : -1), (running) => running !== 0, { times: RUNNING_SAMPLES, timeoutMs: START_WITHIN_MS });
    const answered: typeof settled = settled;
    if (answered !== undefined) {
      if ("error" in answered) throw new ConformanceFailure(`the document's call failed before it was cancelled: ${String(answered.error)}`);
      throw new NotApplicable(`the document was answered in ${Math.round(performance.now() - started)} ms, before a parse could be seen running to cancel: ${show(answered.output)}`);
    }
    if (seen === null) throw new ConformanceFailure(`no thread of the serving process was seen running the document's parse within ${START_WITHIN_MS} ms`);
    const reason = new Error("cancelled by the conformance suite");
    const cancelled = performance.now();
    call.cancel(reason);
    const rejected = await Promise.race([ended.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), STOPPED_WITHIN_MS))]);
    const outcome: typeof settled = settled;
    if (!rejected || outcome === undefined) throw new ConformanceFailure(`the cancelled call did not end within ${STOPPED_WITHIN_MS} ms`);
    if ("output" in outcome) throw new ConformanceFailure(`the cancelled call answered instead of rejecting with the cancel's reason: ${show(outcome.output)}`);
    if (outcome.error !== reason) throw new ConformanceFailure(`the cancelled call rejected with ${String(outcome.error)}, not with the cancel's reason`);
    const stopped = await sampleUntil(() => runningThreads(processes), (running) => running === 0, { timeoutMs: STOPPED_WITHIN_MS });
    if (stopped === null) throw new ConformanceFailure(`a thread of the serving process still ran ${STOPPED_WITHIN_MS} ms after the cancel: the parse was not stopped`);
    const quietAfter = Math.round(performance.now() - cancelled);
    const after = await callTool(ctx, workspace, windowInput(oracle, "inside.txt"), extras);
    expectOutcome(ctx, after, { content: true }, "a small file read after the cancel", () => renderWindow(oracle, referenceLines(Buffer.from(INSIDE_TEXT), oracle), 1));
    return [`the parse was seen running ${Math.round(seen)} ms after the call was made; cancelled, the call rejected with the reason and no thread of the serving process ran ${quietAfter} ms later`];
  });
}
