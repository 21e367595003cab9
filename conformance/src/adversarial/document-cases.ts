import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { makeInflatingPdf, makePdf } from "../make-pdf.js";
import type { ScratchWorkspace } from "../scratch-workspace.js";
import { denyIfAsked } from "../suite-context.js";
import { failed, judgeOutput, type AdversarialCase, type CaseRun, type CaseResult, type Expect } from "./adversarial-case.js";
import { boundedCall } from "./bounded-call.js";
import { pathCase } from "./path-case.js";

/** Bytes of the random `.pdf`: 3 MB, as issue 33 asks. */
const RANDOM_BYTES = 3 * 1024 * 1024;

/**
 * Operators the pathological PDF's one page repeats (`(a) Tj`, 56 MB once inflated from about 60 KB): a
 * reader that interprets them all takes many seconds and hundreds of megabytes.
 */
const INFLATED_OPERATORS = 8_000_000;

/** The pathological PDF: one page whose content inflates to 56 MB of `(a) Tj` operators. */
export function inflatingPdf(): Uint8Array {
  return makeInflatingPdf("(a) Tj\n", INFLATED_OPERATORS);
}

// The same "random" bytes on every run (xorshift32): a case whose file changed from run to run could not be replayed.
function pseudoRandomBytes(count: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(count);
  let state = seed;
  for (let index = 0; index < count; index++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[index] = state & 0xff;
  }
  return bytes;
}

function writes(name: string, bytes: () => Uint8Array): (workspace: { root: string }) => void {
  return (workspace) => fs.writeFileSync(path.join(workspace.root, name), bytes());
}

const NOT_A_DOCUMENT_READER = "the profile parses no documents: a .pdf is a binary file to it, which the binary checks cover";
const INVALID: Expect = (_oracle, adversarial) => (adversarial.documents === undefined ? NOT_A_DOCUMENT_READER : { outcome: adversarial.documents.invalid });
const TOO_COMPLEX: Expect = (_oracle, adversarial) => (adversarial.documents === undefined ? NOT_A_DOCUMENT_READER : { outcome: adversarial.documents.tooComplex });

function documentCase(name: string, title: string, file: string, bytes: () => Uint8Array, expect: Expect): AdversarialCase {
  return pathCase("special-files", name, title, "refuse", file, expect, {
    layout: { files: { "inside.txt": { text: "inside\n" } } },
    prepare: writes(file, bytes),
    options: (_workspace, oracle) => oracle.adversarial?.documents?.options ?? {},
  });
}

/** The text of the PDF that calls out. */
const CALLING_TEXT = "Plain text";

/** How long after its answer the listener waits for a request a read may have set off. */
const LISTEN_AFTER_MS = 500;

/** The requests each calling-out case's listener received, by its workspace. */
const listeners = new Map<ScratchWorkspace, { readonly requests: string[] }>();

// Starts a listener on a free port of 127.0.0.1 and writes a PDF whose opening action submits a form to it
// and opens a URL on it, and whose text is a link to it: a reader that ran the script, followed the
// action or fetched the link would reach it.
async function listenAndWriteCallingPdf(workspace: ScratchWorkspace): Promise<() => void> {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(`${request.method ?? "?"} ${request.url ?? "?"}`);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const script = `this.submitForm({cURL: "${base}/submit-form", bEmpty: true}); app.launchURL("${base}/launch-url", true);`;
  fs.writeFileSync(path.join(workspace.root, "calling.pdf"), makePdf([[CALLING_TEXT]], { openActionScript: script, linkUri: `${base}/link` }));
  listeners.set(workspace, { requests });
  return () => {
    listeners.delete(workspace);
    server.close();
  };
}

// One call, judged as any case's, then the listener must have heard nothing.
async function runCallingPdf(adversarialCase: AdversarialCase, { ctx, adapter, workspace, root, expectation, boundMs }: CaseRun): Promise<CaseResult> {
  const input = adversarialCase.input(workspace, ctx.oracle);
  const options = adversarialCase.options?.(workspace, ctx.oracle) ?? {};
  const ended = await boundedCall(() => adapter.call({ root, input, ...denyIfAsked(ctx.oracle), ...(Object.keys(options).length === 0 ? {} : { options }) }), boundMs);
  if (ended.kind === "timeout") return failed("hang", [`no answer within ${boundMs} ms`]);
  if (ended.kind === "rejected") return failed("crash", [`the call failed: ${ended.error instanceof Error ? ended.error.message : String(ended.error)}`]);
  const judged = judgeOutput(ctx, adversarialCase, expectation, workspace, input, ended.value);
  await sleep(LISTEN_AFTER_MS);
  const requests = listeners.get(workspace)?.requests ?? [];
  if (requests.length === 0) return judged;
  return { ...judged, status: "fail", observed: "fetched", safe: false, problems: [...judged.problems, `reading the PDF reached the address its script and link name: ${requests.join(", ")}`] };
}

const CALLING_PDF: AdversarialCase = {
  ...documentCase("calling-pdf", "a PDF whose opening script submits a form and opens a URL, and whose text is a link, all to a listener of the suite's", "calling.pdf", () => new Uint8Array(), (_oracle, adversarial) =>
    adversarial.documents === undefined ? NOT_A_DOCUMENT_READER : { includes: [CALLING_TEXT] },
  ),
  safety: "read",
  prepare: listenAndWriteCallingPdf,
  // The PDF names the listener's port, which differs from run to run.
  runDependent: true,
  run: (run) => runCallingPdf(CALLING_PDF, run),
};

/**
 * Hostile documents (issue 33), for a profile that parses PDFs: each must end in the oracle's error within
 * the suite's bound, the parse stopped, whatever the machine; and a PDF that calls out (a script, a link)
 * must be read as its text without reaching the address it names (AGENT-PDF-07).
 */
export const DOCUMENT_CASES: readonly AdversarialCase[] = [
  documentCase("random-bytes-pdf", "3 MB of random bytes named .pdf", "random.pdf", () => pseudoRandomBytes(RANDOM_BYTES, 0x9e3779b9), INVALID),
  documentCase("truncated-pdf", "a PDF cut in half", "truncated.pdf", () => {
    const whole = makePdf([["First page"], ["Second page"], ["Third page"]]);
    return whole.subarray(0, Math.floor(whole.length / 2));
  }, INVALID),
  documentCase("inflating-pdf", "a PDF page whose content inflates to 56 MB of operators", "inflating.pdf", inflatingPdf, TOO_COMPLEX),
  CALLING_PDF,
];
