import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { makeInflatingPdf, makePdf } from "../../../conformance/src/make-pdf.js";
import { createTool } from "../src/index.js";
import { documentWorkersBusy, MAX_DOCUMENT_WORKERS, parseBound } from "../src/run-document-worker.js";
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

  it("AGENT-DOC-03: a parse that uses more than document_timeout_ms of processor time is stopped: DOCUMENT_TOO_COMPLEX, its worker gone, the next read served", async () => {
    expect(await readFailure(root, { path: "slow.pdf" }, { document_timeout_ms: 300 })).toEqual([
      "DOCUMENT_TOO_COMPLEX",
      "'slow.pdf' is too complex to read as a PDF: its parse used more than 300 ms of processor time (document_timeout_ms), and was stopped. Ask for fewer pages, or convert it to text with another tool (pdftotext) and read that.",
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

  it.runIf(process.platform === "linux")("AGENT-DOC-03: the bound counts the worker's own processor time: a parse slowed by a machine kept busy is answered, not stopped at document_timeout_ms", async () => {
    // Two busy threads a core: the worker (nice 10) gets about a twentieth of one, and its parse of 3 MB
    // (about 150 ms of processor time) lasts several times its 600 ms bound in time passed.
    const busy = Array.from({ length: 2 * os.availableParallelism() }, () => new Worker("for (;;);", { eval: true }));
    try {
      const started = performance.now();
      const answer = await readFailure(root, { path: "headed-random.pdf" }, { document_timeout_ms: 600 });
      const passed = performance.now() - started;
      expect(answer).toEqual(["INVALID_DOCUMENT", "'headed-random.pdf' could not be read as a PDF: Invalid PDF structure. It may be damaged, truncated or not a PDF; read cannot show it."]);
      // What makes the test: a bound counting time passed would have stopped this parse.
      expect(passed).toBeGreaterThan(600);
    } finally {
      await Promise.all(busy.map((worker) => worker.terminate()));
    }
    expect(documentWorkersBusy()).toBe(0);
  }, 60_000);

  it("AGENT-DOC-03: the worker thread runs at nice 10, so the thread answering the host comes first (Linux: a nice value per thread)", async () => {
    expect(await read(root, { path: "valid.pdf" })).toMatchObject({ content: "--- page 1 of 1 ---\nValid text" });
    // The worker that answered is kept for the next document: its thread is one of this process's.
    const nice = fs.readdirSync("/proc/self/task").map((tid) => Number(fs.readFileSync(`/proc/self/task/${tid}/stat`, "utf8").split(") ")[1]?.split(" ")[16]));
    expect(nice).toContain(10);
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

describe("AGENT-DOC-03: parseBound, a parse's place against its bound", () => {
  it("stops a parse that used document_timeout_ms of processor time, saying which clock counted it", () => {
    expect(parseBound(5000, 7000, 5000, "thread")).toEqual({ kind: "too-complex", message: "its parse used more than 5000 ms of processor time (document_timeout_ms), and was stopped" });
    expect(parseBound(5000, 5000, 5000, "wall")).toEqual({ kind: "too-complex", message: "its parse took longer than 5000 ms (document_timeout_ms), and was stopped" });
  });

  it("stops a parse the machine left short of processor time after 6 x document_timeout_ms, and at least 30 s", () => {
    expect(parseBound(5000, 30_000, 1234.4, "thread")).toEqual({
      kind: "starved",
      message: "the machine gave its parse 1234 ms of processor time in 30000 ms, short of the 5000 ms (document_timeout_ms) it may use, and it was stopped",
    });
    expect(parseBound(10_000, 30_000, 1234, "thread")).toBe(10_000 - 1234);
    expect(parseBound(10_000, 60_000, 1234, "thread")).toMatchObject({ kind: "starved" });
    expect(parseBound(100, 29_000, 50, "thread")).toBe(50);
    expect(parseBound(100, 30_000, 50, "thread")).toMatchObject({ kind: "starved" });
  });

  it("looks again when the bound could first be reached: the processor time left, or the time left if sooner, never in under 10 ms", () => {
    expect(parseBound(5000, 5000, 1200, "thread")).toBe(3800);
    expect(parseBound(5000, 28_000, 1200, "thread")).toBe(2000);
    expect(parseBound(5000, 6000, 4995, "thread")).toBe(10);
  });
});
