import { setTimeout as sleep } from "node:timers/promises";
import { inflatingPdf } from "../adversarial/document-cases.js";
import { NotApplicable } from "../not-applicable.js";
import { referenceLines, renderWindow } from "../reference-lines.js";
import { runningThreads, sampleUntil, servingProcesses, watchedProcesses } from "../running-threads.js";
import { callTool, denyIfAsked, expect, expectOutcome, windowInput, withScratch, type CallExtras, type SuiteContext } from "../suite-context.js";

/** How long after the document's call the host is asked for something else. */
const ASK_AFTER_MS = 300;

/** Reads of a small file made, one after the other, while the document parses. */
const READS_DURING = 3;

/** How soon after the document's answer no thread of the host may run any more. */
const QUIET_WITHIN_MS = 2_000;

const INSIDE_TEXT = "inside\n";

/**
 * A document whose parse passes the profile's bounds (the pathological PDF of the adversarial suite,
 * with the oracle's `documents.options`) is parsed apart from the host: reads of a small file asked
 * 300 ms after it are answered while it parses, it ends in the oracle's `tooComplex` outcome, and once it
 * is answered nothing of the parse goes on (no thread of the serving process runs within 2 s). Threads
 * are watched through `/proc` (Linux); one process per call has no host to watch.
 */
export async function assertDocumentHost(ctx: SuiteContext): Promise<readonly string[]> {
  const { oracle, adapter } = ctx;
  const documents = oracle.adversarial?.documents;
  if (documents === undefined) throw new Error("the oracle declares no documents");
  // Where threads cannot be watched at all; once the adapter serves, watchedProcesses names them.
  const unwatchable = servingProcesses(adapter);
  if (typeof unwatchable === "string") throw new NotApplicable(unwatchable);
  const extras: CallExtras = { ...denyIfAsked(oracle), ...(Object.keys(documents.options).length === 0 ? {} : { options: documents.options }) };
  return withScratch({ files: { "inside.txt": { text: INSIDE_TEXT }, "inflating.pdf": { bytes: inflatingPdf() } } }, async (workspace) => {
    await adapter.warmUp?.({ root: workspace.root, ...extras });
    const processes = watchedProcesses(adapter);
    const inside = renderWindow(oracle, referenceLines(Buffer.from(INSIDE_TEXT), oracle), 1);
    const started = performance.now();
    let answeredAt: number | undefined;
    const document = callTool(ctx, workspace, windowInput(oracle, "inflating.pdf"), extras).finally(() => (answeredAt = performance.now()));
    await sleep(ASK_AFTER_MS);
    let readsDuring = 0;
    for (let read = 0; read < READS_DURING && answeredAt === undefined; read++) {
      const called = await callTool(ctx, workspace, windowInput(oracle, "inside.txt"), extras);
      expectOutcome(ctx, called, { content: true }, "a small file read while the document parses", () => inside);
      if (answeredAt === undefined) readsDuring++;
    }
    const called = await document;
    expectOutcome(ctx, called, documents.tooComplex, "the document past the profile's bounds");
    const took = Math.round((answeredAt ?? performance.now()) - started);
    const notes = [`the document was answered in ${took} ms; ${readsDuring} of ${READS_DURING} reads asked meanwhile were answered before it`];
    if (took > ASK_AFTER_MS) expect(readsDuring > 0, `the host answered nothing else while the document parsed: the reads asked ${ASK_AFTER_MS} ms after it waited for its answer, ${took} ms after it was asked`, called);
    const quiet = await sampleUntil(() => runningThreads(processes), (running) => running === 0, { timeoutMs: QUIET_WITHIN_MS });
    expect(quiet !== null, `a thread of the serving process still ran ${QUIET_WITHIN_MS} ms after the document's answer: the parse went on after it`, called);
    return notes;
  });
}
