import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeInflatingPdf, makePdf } from "../../../conformance/src/make-pdf.js";
import { createTool } from "../src/index.js";
import { DOCUMENT_HEAP_MB, documentWorkerScriptForTests, documentWorkersBusy, MAX_DOCUMENT_WORKERS, runDocumentWorker } from "../src/run-document-worker.js";
import { makeTempDir } from "../../../vitest.temp-dirs.js";
import { read, readFailure, sandbox } from "./helpers.js";

const VALID = makePdf([["Valid text"]]);

describe("AGENT-DOC-03, AGENT-DOC-04, AGENT-DOC-05: hostile documents end in a typed error, with nothing left running", () => {
  const { root } = sandbox({
    "random.pdf": randomBytes(3 * 1024 * 1024),
    "headed-random.pdf": Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(3 * 1024 * 1024)]),
    "truncated.pdf": VALID.subarray(0, Math.floor(VALID.length / 2)),
    "empty.pdf": "",
    "slow.pdf": makeInflatingPdf("(a) Tj\n", 3_000_000),
    "valid.pdf": VALID,
    "a.txt": "after\n",
  });

  it("AGENT-DOC-04: 3 MB of random bytes named .pdf, with a PDF header or without, a truncated PDF and an empty one are INVALID_DOCUMENT", async () => {
    const noHeader = (path: string) => `'${path}' could not be read as a PDF: it has no PDF header (\`%PDF-\`) in its first 1024 bytes. It may be damaged or not a PDF; read cannot show it.`;
    const invalid = (path: string) => `'${path}' could not be read as a PDF: Invalid PDF structure. It may be damaged, truncated or not a PDF; read cannot show it.`;
    expect(await readFailure(root, { path: "random.pdf" })).toEqual(["INVALID_DOCUMENT", noHeader("random.pdf")]);
    expect(await readFailure(root, { path: "empty.pdf" })).toEqual(["INVALID_DOCUMENT", noHeader("empty.pdf")]);
    expect(await readFailure(root, { path: "headed-random.pdf" })).toEqual(["INVALID_DOCUMENT", invalid("headed-random.pdf")]);
    expect(await readFailure(root, { path: "truncated.pdf" })).toEqual(["INVALID_DOCUMENT", invalid("truncated.pdf")]);
    expect(documentWorkersBusy()).toBe(0);
    expect(await read(root, { path: "a.txt" })).toMatchObject({ content: "1\tafter" });
  });

  it("AGENT-DOC-03: a parse past document_timeout_ms is stopped: DOCUMENT_TOO_COMPLEX, its worker gone, the next read served", async () => {
    expect(await readFailure(root, { path: "slow.pdf" }, { document_timeout_ms: 300 })).toEqual([
      "DOCUMENT_TOO_COMPLEX",
      "'slow.pdf' is too complex to read as a PDF: its parse took longer than 300 ms (document_timeout_ms), and was stopped. Ask for fewer pages, or convert it to text with another tool (pdftotext) and read that.",
    ]);
    expect(documentWorkersBusy()).toBe(0);
    expect(await read(root, { path: "valid.pdf" })).toMatchObject({ content: "--- page 1 of 1 ---\nValid text" });
  });

  it("AGENT-DOC-05: the call's signal stops a parse: the call rejects with its reason and the worker is ended", async () => {
    const controller = new AbortController();
    const call = createTool({ root }).call({ path: "slow.pdf" }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
    expect(documentWorkersBusy()).toBe(0);
    expect(await read(root, { path: "valid.pdf" })).toMatchObject({ content: "--- page 1 of 1 ---\nValid text" });
  });

  it("AGENT-DOC-03: the worker is a child process all of whose threads run at nice 5 (Linux: a nice value per thread), so the host's threads come first", async () => {
    expect(await read(root, { path: "valid.pdf" })).toMatchObject({ content: "--- page 1 of 1 ---\nValid text" });
    // The worker that answered is kept for the next document.
    const workers = childrenRunning("document-worker.js");
    expect(workers).toHaveLength(1);
    const threads = fs.readdirSync(`/proc/${workers[0]}/task`);
    const nice = threads.map((tid) => Number(fs.readFileSync(`/proc/${workers[0]}/task/${tid}/stat`, "utf8").split(") ")[1]?.split(" ")[16]));
    expect(threads.length).toBeGreaterThan(1);
    expect(nice).toEqual(threads.map(() => 5));
  });

  it("AGENT-DOC-03: many documents asked at once are parsed at most two at a time, each answered, nothing left running", async () => {
    const tool = createTool({ root });
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, documentWorkersBusy())), 2);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => tool.call({ path: index % 2 === 0 ? "valid.pdf" : "truncated.pdf" })));
    clearInterval(watch);
    expect(answers.map((answer) => ("error" in answer ? answer.error.code : "ok"))).toEqual(["ok", "INVALID_DOCUMENT", "ok", "INVALID_DOCUMENT", "ok", "INVALID_DOCUMENT"]);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(MAX_DOCUMENT_WORKERS);
    expect(documentWorkersBusy()).toBe(0);
  });
});

describe("AGENT-DOC-03: the worker process's bounds, driven by scripts that pass them at once", () => {
  const dir = makeTempDir("read-agent-worker-bounds-");
  const job = { kind: "notebook", bytes: new Uint8Array(8), maxOutputChars: 100 } as const;
  const scripts = {
    heap: 'process.on("message", () => { process.send({ kind: "parsing" }); const held = []; for (;;) held.push({ n: held.length, s: "x".repeat(16) + held.length }); });',
    memory: 'process.on("message", () => { process.send({ kind: "parsing" }); const held = []; setInterval(() => { for (let i = 0; i < 8; i++) held.push(Buffer.alloc(1 << 20, 1)); }, 5); });',
    crash: 'process.on("message", () => process.exit(3));',
  };
  const run = async (name: keyof typeof scripts) => {
    const script = path.join(dir, `${name}-worker.cjs`);
    fs.writeFileSync(script, scripts[name]);
    documentWorkerScriptForTests.path = script;
    try {
      const answer = await runDocumentWorker(job, 20_000);
      return { answer, busy: documentWorkersBusy(), left: childrenRunning(script) };
    } finally {
      delete documentWorkerScriptForTests.path;
    }
  };

  it("AGENT-DOC-03: a parse past the 192 MiB heap cap ends its process (V8's fatal error), answered too complex, naming the heap", { timeout: 60_000 }, async () => {
    expect(await run("heap")).toEqual({ answer: { kind: "too-complex", message: `its parse used more than the ${DOCUMENT_HEAP_MB} MiB of heap a document may use, and was stopped` }, busy: 0, left: [] });
  });

  it("AGENT-DOC-03: a worker whose resident memory passes 512 MiB (buffers the heap cap does not count) is killed, answered too complex", { timeout: 60_000 }, async () => {
    expect(await run("memory")).toEqual({ answer: { kind: "too-complex", message: "its parse used more than 512 MiB of memory, and was stopped" }, busy: 0, left: [] });
  });

  it("AGENT-DOC-03: a worker that exits without an answer is a crash, with its exit code", async () => {
    expect(await run("crash")).toEqual({ answer: { kind: "crashed", message: "its parser stopped (exit code 3)" }, busy: 0, left: [] });
  });
});

// The child processes of this process whose command line holds `script`.
function childrenRunning(script: string): string[] {
  return fs.readdirSync("/proc").filter((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === process.pid && fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(script);
    } catch {
      return false;
    }
  });
}
