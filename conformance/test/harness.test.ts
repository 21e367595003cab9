import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { KNOWN_ESCAPES } from "../src/arbitraries.js";
import { buildReport } from "../src/build-report.js";
import type { ConformanceCheck } from "../src/conformance-check.js";
import { judgeResults } from "../src/expected-failures.js";
import { goldenCaseSchema, goldenCheck, loadGoldenCases } from "../src/golden-case.js";
import { interpretOutput } from "../src/interpret-output.js";
import { createInProcessAdapter } from "../src/in-process-adapter.js";
import { loadOracles } from "../src/load-oracles.js";
import { loadRequirements } from "../src/load-requirements.js";
import { makeSpecialFiles } from "../src/make-special-files.js";
import type { Oracle } from "../src/oracle.js";
import { outputField, withOutputField } from "../src/output-field.js";
import { referenceLines, renderWindow } from "../src/reference-lines.js";
import { referenceLineTenths, referencePageTokens, referenceTokenTenths } from "../src/reference-token-estimate.js";
import { FIXTURES_DIR } from "../src/repo-paths.js";
import { CI_SEED, DEFAULT_RACE_MS, DEFAULT_RUNS, resolveRunSettings } from "../src/run-settings.js";
import { runSuite, type CheckResult } from "../src/run-suite.js";
import { createSubprocessAdapter } from "../src/subprocess-adapter.js";
import { parse as parseToml } from "smol-toml";
import { toToml } from "../src/to-toml.js";
import type { CallRequest, TextedOutput, ToolAdapter } from "../src/tool-adapter.js";
import { UNIVERSAL_CHECKS } from "../src/universal-checks.js";

const oracles = new Map(loadOracles().map((oracle) => [oracle.profile, oracle]));
const oracleOf = (profile: string): Oracle => oracles.get(profile) ?? fail(`no oracle for ${profile}`);
const checkOf = (id: string): ConformanceCheck => UNIVERSAL_CHECKS.find((check) => check.id === id) ?? fail(`no check ${id}`);
const properties = { seed: 7, numRuns: 15, endOnFailure: true };

/** A real profile's adapter with its outputs rewritten: a deliberately broken implementation. */
async function mutant(profile: string, rewrite: (output: unknown, request: CallRequest) => unknown): Promise<ToolAdapter> {
  const inner = await createInProcessAdapter(oracleOf(profile));
  return { kind: "mutant", call: async (request) => rewrite(await inner.call(request), request) };
}

async function runOne(profile: string, check: ConformanceCheck, adapter: ToolAdapter): Promise<CheckResult> {
  const [result] = await runSuite({ oracle: oracleOf(profile), adapter, checks: [check], properties });
  return result ?? fail("no result");
}

function fail(message: string): never {
  throw new Error(message);
}

const content = (update: (text: string) => string) => (output: unknown) =>
  withOutputField(output, "content", (value) => (typeof value === "string" ? update(value) : value));

describe("the suite catches broken implementations (each mutant fails the check that should catch it)", () => {
  const mutants: readonly (readonly [string, string, (output: unknown, request: CallRequest) => unknown, string])[] = [
    ["paging", "the last line of every page dropped", content((text) => text.replace(/[^\n]*\n?$/u, "")), "exactly"],
    ["paging", "a later page answered with an error", (output, request) => (((request.input as { start_line?: number }).start_line ?? 1) > 1 ? { error: { code: "INTERNAL", message: "no" } } : output), "is not an error"],
    ["paging", "a next page that skips a line", (output) => withOutputField(output, "next_start_line", (next) => (typeof next === "number" ? next + 1 : next)), "continues at line"],
    ["determinism", "a counter in every output", (() => { let calls = 0; return (output: unknown) => ({ ...(output as object), calls: ++calls }); })(), "the same call gives the same output twice"],
    ["line-endings", "CRLF returned as CRLF", content((text) => text.replaceAll("\n", "\r\n")), "no CRLF survives"],
    ["empty-file", "an empty file as one empty line", content((text) => (text === "" ? "\n" : text)), "empty content"],
    ["start-boundary", "a start past the end as an error", (output, request) => (((request.input as { start_line?: number }).start_line ?? 0) > 40 ? { error: { code: "INVALID_ARGUMENT", message: "past" } } : output), "expected no error"],
    ["invalid-utf8", "U+FFFD written as '?'", content((text) => text.replaceAll("\uFFFD", "?")), "replaced by U+FFFD"],
    ["binary-sniff", "binary files under another code", (output) => withOutputField(output, "error.code", (code) => (code === "BINARY_NOT_SUPPORTED" ? "NOT_FILE" : code)), "BINARY_NOT_SUPPORTED"],
    ["special-files", "FIFOs under another code", (output) => withOutputField(output, "error.code", (code) => (code === "NOT_FILE" ? "INTERNAL" : code)), "NOT_FILE"],
    ["not-found", "missing files under another code", (output) => withOutputField(output, "error.code", (code) => (code === "NOT_FOUND" ? "INTERNAL" : code)), "NOT_FOUND"],
    ["outside-root", "outside paths under another code", (output) => withOutputField(output, "error.code", (code) => (code === "OUTSIDE_WORKSPACE" ? "NOT_FOUND" : code)), "OUTSIDE_WORKSPACE"],
    ["size-limit", "no size limit", (output) => withOutputField(output, "error.code", (code) => (code === "SIZE_LIMIT_EXCEEDED" ? "INTERNAL" : code)), "SIZE_LIMIT_EXCEEDED"],
    ["path-echo", "an absolute path echoed", (output, request) => withOutputField(output, "path", (echo) => `${request.root}/${String(echo)}`), "'path' is \"sub/echo.txt\""],
    ["default-window", "a default window of 199 lines", content((text) => text.split("\n").slice(0, 199).join("\n")), "the default window holds lines"],
    ["count-range", "max_lines clamped instead of refused", (output, request) => ((request.input as { max_lines?: number }).max_lines === 501 ? { path: "many.txt", content: "", truncated: false, next_start_line: null, meta: {} } : output), "expected an error"],
  ];
  for (const [check, what, rewrite, message] of mutants) {
    it(`${check}: ${what}`, async () => {
      const result = await runOne("workspace-jp", checkOf(check), await mutant("workspace-jp", rewrite));
      expect(result.status).toBe("fail");
      expect(result.message).toContain(message);
    });
  }

  // A tool that resolves paths lexically (path.resolve) and reads what it finds, except where `refused` says.
  const lexical = (refused: (path: string, root: string) => boolean): ToolAdapter => ({
    kind: "lexical",
    async call(request) {
      const asked = String((request.input as { path?: unknown }).path);
      if (refused(asked, request.root)) return { error: { code: "OUTSIDE_WORKSPACE", message: "refused" } };
      const target = path.resolve(request.root, asked);
      try {
        return { content: fs.statSync(target).isFile() ? fs.readFileSync(target, "utf8") : "", next_start_line: null };
      } catch {
        return { error: { code: "NOT_FOUND", message: "missing" } };
      }
    },
  });

  it("containment: a tool that resolves paths lexically leaks through a known escape, and the failure names it", async () => {
    const result = await runOne("workspace-jp", checkOf("containment"), lexical(() => false));
    expect(result.status).toBe("fail");
    expect(result.message).toContain("no content from outside the root reaches the output");
    expect(result.message).toContain('input: {"path":"../outside/data.txt"}');
  });

  it("containment: one that refuses every known escape still leaks through a drawn path, with the seed in the report", async () => {
    const known = (asked: string, root: string) => KNOWN_ESCAPES.some((escape) => [escape, `${escape}/`, `${escape}/.`].map((text) => text.replaceAll("${ROOT}", root).replaceAll("${DIR}", path.dirname(root))).includes(asked));
    const [result] = await runSuite({ oracle: oracleOf("workspace-jp"), adapter: lexical(known), checks: [checkOf("containment")], properties: { ...properties, numRuns: 100 } });
    expect(result?.status).toBe("fail");
    expect(result?.message).toContain("no content from outside the root reaches the output");
    expect(result?.message).toContain("seed: 7");
  });

  it("large-files: a tool that caches outputs by path serves the old lines after an in-place rewrite", async () => {
    const inner = await createInProcessAdapter(oracleOf("workspace-jp"));
    const cache = new Map<string, unknown>();
    const caching: ToolAdapter = {
      kind: "caching",
      async call(request) {
        const key = `${request.root}\0${JSON.stringify(request.input)}`;
        if (!cache.has(key)) cache.set(key, await inner.call(request));
        return cache.get(key);
      },
    };
    const result = await runOne("workspace-jp", checkOf("large-files"), caching);
    expect(result.status).toBe("fail");
    expect(result.message).toContain("after big-1.txt was rewritten in place (same size, same mtime), the same read returns the new lines");
  });

  it("tool-names: an alias the tool does not know fails the call", async () => {
    const oracle = { ...oracleOf("envelope"), aliases: ["read_file"] };
    const [result] = await runSuite({ oracle, adapter: await createInProcessAdapter(oracle), checks: [checkOf("tool-names")], properties });
    expect(result?.status).toBe("fail");
    expect(result?.message).toContain("unknown tool 'read_file'");
  });

  it("a golden case whose output differs fails with both JSON documents", async () => {
    const golden = goldenCaseSchema.parse({
      description: "A wrong expectation",
      source: "this test",
      requirements: ["JP-3.1.1"],
      files: { "a.txt": { text: "one\n" } },
      input: { path: "a.txt" },
      expected: { path: "a.txt", content: "two\n", truncated: false, next_start_line: null, meta: { byte_length: 4, line_count: 1, returned_line_count: 1, mtime_ms: 1735212345000 } },
    });
    const result = await runOne("workspace-jp", goldenCheck({ file: "golden/workspace-jp/wrong.json", profile: "workspace-jp", name: "wrong", case: golden }), await createInProcessAdapter(oracleOf("workspace-jp")));
    expect(result.status).toBe("fail");
    expect(result.message).toContain('expected: {"path":"a.txt","content":"two\\n"');
    expect(result.message).toContain('actual:   {"path":"a.txt","content":"one\\n"');
  });

  it("a golden case writes ${ROOT} for the workspace root, in inputs and outputs", async () => {
    const golden = goldenCaseSchema.parse({
      description: "An absolute path",
      source: "this test",
      requirements: ["GUARD-5.1"],
      files: { "a.txt": { text: "one\n" } },
      input: { path: "${ROOT}/a.txt" },
      expected: { path: "${ROOT}/a.txt", content: "one\n", bytes_read: 4 },
    });
    const result = await runOne("guard", goldenCheck({ file: "golden/guard/absolute.json", profile: "guard", name: "absolute", case: golden }), await createInProcessAdapter(oracleOf("guard")));
    expect(result).toMatchObject({ status: "pass" });
  });
});

describe("a golden case with a workspace's own configuration (AGENT-BND-05)", () => {
  const loaded = loadGoldenCases(FIXTURES_DIR).find((candidate) => candidate.file === "golden/agent/workspace-config-raises-max-lines.json") ?? fail("no such golden case");
  const check = goldenCheck(loaded);
  // A host that reads the workspace's file and obeys it over the user's options, or refuses the call for it.
  const host = (answer: "obey" | "refuse-naming" | "refuse-silently") => async (): Promise<ToolAdapter> => {
    const inner = await createInProcessAdapter(oracleOf("agent"));
    return {
      kind: "host",
      async call(request) {
        const table = (parseToml(fs.readFileSync(path.join(request.root, "read.config.toml"), "utf8")) as { agent: Record<string, unknown> }).agent;
        if (answer === "refuse-naming") throw new Error("read.config.toml: key 'agent.max_lines' raises the limit from 3 to 5");
        if (answer === "refuse-silently") throw new Error("read.config.toml: bad config");
        return inner.call({ ...request, options: { ...request.options, ...table } });
      },
    };
  };

  it("passes where the file has no effect, and where the call is refused with a reason naming the key", async () => {
    expect(await runOne("agent", check, await createInProcessAdapter(oracleOf("agent")))).toMatchObject({ status: "pass" });
    expect(await runOne("agent", check, await host("refuse-naming")())).toMatchObject({ status: "pass", notes: ["refused: the workspace's configuration loosens max_lines"] });
  });

  it("fails a host that obeys the loosening, and one that refuses without naming the key", async () => {
    const obeyed = await runOne("agent", check, await host("obey")());
    expect(obeyed.status).toBe("fail");
    expect(obeyed.message).toContain('"content":"1\\t1\\n2\\t2\\n3\\t3\\n4\\t4\\n5\\t5"');
    const silent = await runOne("agent", check, await host("refuse-silently")());
    expect(silent.status).toBe("fail");
    expect(silent.message).toContain("refused without naming max_lines");
  });

  it("does not apply to an implementation that reads no configuration of the workspace's own", () => {
    const { workspaceConfig: _file, ...without } = oracleOf("agent");
    expect(check.notApplicable(without)).toBe("the implementation reads no configuration of the workspace's own");
  });
});

describe("the model-text check (AGENT-OUT-11)", () => {
  // The profile's own text rewritten: what a model would receive from a broken host.
  const rewritten = async (rewrite: (texted: TextedOutput) => string): Promise<ToolAdapter> => {
    const inner = await createInProcessAdapter(oracleOf("agent"));
    const callWithText = inner.callWithText?.bind(inner) ?? fail("no callWithText in-process");
    return { kind: "texts", call: inner.call.bind(inner), callWithText: async (request) => ({ ...(await callWithText(request)), text: rewrite(await callWithText(request)) }) };
  };
  const withoutField = (output: unknown, field: string) => Object.fromEntries(Object.entries(output as Record<string, unknown>).filter(([key]) => key !== field));

  it("passes the profile's own text, and is n/a through a protocol that carries the output alone", async () => {
    expect(await runOne("agent", checkOf("model-text"), await createInProcessAdapter(oracleOf("agent")))).toMatchObject({ status: "pass" });
    const { callWithText: _text, ...outputOnly } = await createInProcessAdapter(oracleOf("agent"));
    expect(await runOne("agent", checkOf("model-text"), outputOnly)).toMatchObject({ status: "n/a", message: "the in-process protocol carries the output alone, not the text a model receives" });
  });

  it("fails a text that is the output as JSON, a fields line short of a field, content escaped, and an error on two lines", async () => {
    const cases: readonly (readonly [string, (texted: TextedOutput) => string, string])[] = [
      ["the output as JSON", ({ output }) => JSON.stringify(output), "it has no line feed after the fields line"],
      ["a field missing", ({ output }) => `${JSON.stringify(withoutField(withoutField(output, "content"), "version"))}\n${String((output as { content: string }).content)}`, "its first line is not every field but 'content' as JSON"],
      ["content escaped", ({ output }) => `${JSON.stringify(withoutField(output, "content"))}\n${JSON.stringify((output as { content: string }).content)}`, "the text after its first line is not 'content' as it is"],
      ["an error on two lines", ({ output, text }) => ("error" in (output as object) ? JSON.stringify(output, null, 1) : text), "an output without 'content' is one line of JSON"],
    ];
    for (const [what, rewrite, message] of cases) {
      const result = await runOne("agent", checkOf("model-text"), await rewritten(rewrite));
      expect(result.status, what).toBe("fail");
      expect(result.message, what).toContain(message);
    }
  });
});

describe("the document checks (AGENT-DOC-03, AGENT-DOC-05): a host that blocks, runs on or ignores a cancel fails", () => {
  const isDocument = (request: CallRequest) => String((request.input as { path?: unknown }).path).endsWith(".pdf");
  // The agent profile in this process, with its document calls replaced.
  const host = async (documentCall: (request: CallRequest, inner: ToolAdapter) => Promise<unknown>, extra: Partial<ToolAdapter> = {}): Promise<ToolAdapter> => {
    const inner = await createInProcessAdapter(oracleOf("agent"));
    return { kind: "in-process", call: (request) => (isDocument(request) ? documentCall(request, inner) : inner.call(request)), ...extra };
  };
  const TOO_COMPLEX = { error: { code: "DOCUMENT_TOO_COMPLEX", message: "stopped" } };

  it("document-host: a parse on the host's own thread keeps it from answering anything else", async () => {
    const blocking = await host(async () => {
      const end = Date.now() + 1_500;
      while (Date.now() < end);
      return TOO_COMPLEX;
    });
    const result = await runOne("agent", checkOf("document-host"), blocking);
    expect(result.status).toBe("fail");
    expect(result.message).toContain("the host answered nothing else while the document parsed");
  });

  it("document-host: a parse that goes on computing after its answer", async () => {
    const runsOn = await host(async () => {
      new Worker("const end = Date.now() + 3000; while (Date.now() < end);", { eval: true }).unref();
      await new Promise((resolve) => setTimeout(resolve, 600));
      return TOO_COMPLEX;
    });
    const result = await runOne("agent", checkOf("document-host"), runsOn);
    expect(result.status).toBe("fail");
    expect(result.message).toContain("the parse went on after it");
  });

  it("document-cancel: a host that drops the cancel and lets the parse run, and one that rejects with another reason", async () => {
    const inner = await createInProcessAdapter(oracleOf("agent"));
    let dropped: Worker | undefined;
    const ignoring = await host((request) => inner.call(request), {
      startCancellable(request) {
        let cancel: (reason: Error) => void = () => undefined;
        const cancelled = new Promise<never>((_, reject) => (cancel = reject));
        // The parse the cancel does not stop: a thread that computes for 20 s, whatever the machine. The real
        // parse beside it ends by its own bounds (time, or memory first on a loaded machine, within the
        // check's 2 s once: the planted bug passed).
        dropped = new Worker("const end = Date.now() + 20000; while (Date.now() < end);", { eval: true });
        dropped.unref();
        return { answer: Promise.race([inner.call(request), cancelled]), cancel };
      },
    });
    const ignored = await runOne("agent", checkOf("document-cancel"), ignoring);
    await dropped?.terminate();
    expect(ignored.status).toBe("fail");
    expect(ignored.message).toContain("ms after the cancel: the parse was not stopped");
    const startCancellable = inner.startCancellable?.bind(inner) ?? fail("no startCancellable in-process");
    const otherReason = await host((request) => inner.call(request), {
      startCancellable(request) {
        const call = startCancellable(request);
        return { answer: call.answer.catch(() => Promise.reject(new Error("aborted"))), cancel: (reason) => call.cancel(reason) };
      },
    });
    const other = await runOne("agent", checkOf("document-cancel"), otherReason);
    expect(other.status).toBe("fail");
    expect(other.message).toContain("rejected with Error: aborted, not with the cancel's reason");
  });
});

describe("the bounds and token checks (AGENT-BND-01, AGENT-BND-02, AGENT-BND-04, AGENT-TOK-01, AGENT-TOK-02, AGENT-TOK-03): a tool that counts otherwise fails", () => {
  // The agent profile with each call's input or options rewritten: a tool whose bounds or estimate differ.
  const rewritten = async (rewrite: (request: CallRequest) => CallRequest): Promise<ToolAdapter> => {
    const inner = await createInProcessAdapter(oracleOf("agent"));
    return { kind: "rewritten", call: (request) => inner.call(rewrite(request)) };
  };
  const budgetPlus = (delta: number) => (request: CallRequest): CallRequest => {
    const input = request.input as { max_tokens?: number };
    return input.max_tokens === undefined ? request : { ...request, input: { ...input, max_tokens: input.max_tokens + delta } };
  };

  it("answer-bounds: a byte bound counted on raw bytes, a line bound one higher, a page stopped without its notice", async () => {
    const rawBytes = await runOne("agent", checkOf("answer-bounds"), await rewritten((request) => ({ ...request, options: { max_content_bytes: 1_048_576 } })));
    expect(rawBytes.status).toBe("fail");
    expect(rawBytes.message).toContain("the content is at most 262144 bytes JSON-escaped");
    const moreLines = await runOne("agent", checkOf("answer-bounds"), await rewritten((request) => ({ ...request, options: { max_lines: 2001 } })));
    expect(moreLines.status).toBe("fail");
    expect(moreLines.message).toContain("shows exactly lines 1-2000");
    const inner = await createInProcessAdapter(oracleOf("agent"));
    const noNotice = { kind: "no-notice", call: async (request: CallRequest) => content((text) => text.replace(/\n\[[^\n]*$/u, ""))(await inner.call(request)) };
    const silent = await runOne("agent", checkOf("answer-bounds"), noNotice);
    expect(silent.status).toBe("fail");
    expect(silent.message).toContain("ends with a notice");
  });

  it("token-budget: an estimate 20 tokens over the documented one stops pages early; one under it lets them run over", async () => {
    const over = await runOne("agent", checkOf("token-budget"), await rewritten(budgetPlus(-20)));
    expect(over.status).toBe("fail");
    expect(over.message).toMatch(/the page stops before line \d+, which fits/u);
    const under = await runOne("agent", checkOf("token-budget"), await rewritten(budgetPlus(60)));
    expect(under.status).toBe("fail");
    expect(under.message).toMatch(/over the budget of \d+/u);
  });

  it("token-corpus: a budget that lets real counts past it", async () => {
    const result = await runOne("agent", checkOf("token-corpus"), await rewritten(budgetPlus(100)));
    expect(result.status).toBe("fail");
    expect(result.message).toMatch(/an answer under a budget of 250 holds \d+ o200k and \d+ cl100k tokens/u);
  });
});

describe("reading an error's code", () => {
  it("from a field, or from a pattern over a message whose label is its category (the guard's { error } wire)", () => {
    const guard = interpretOutput(oracleOf("guard"));
    expect(guard.errorCode({ error: 'permission denied by user: read access rejected for path "x"' })).toBe("permission denied by user");
    expect(guard.errorCode({ error: "permission denied: user approval required but not available" })).toBe("permission denied");
    expect(guard.errorCode({ error: "not a text file: \"/a\" is a directory" })).toBe("not a text file");
    expect(guard.errorCode({ error: "Something else: entirely" })).toBeNull();
    expect(guard.errorCode({ path: "/a", content: "", bytes_read: 0 })).toBeNull();
    expect(interpretOutput(oracleOf("workspace-jp")).errorCode({ error: { code: "NOT_FOUND", message: "missing" } })).toBe("NOT_FOUND");
  });
});

describe("the reference line model", () => {
  it("splits at LF and CRLF, keeps a lone CR, adds no phantom last line, and replaces invalid UTF-8", () => {
    const envelope = { ...oracleOf("envelope"), output: { ...oracleOf("envelope").output, lineBreaks: "lf" as const } };
    expect(referenceLines(Buffer.from(""), envelope)).toEqual([]);
    expect(referenceLines(Buffer.from("\n"), envelope)).toEqual([{ text: "", terminator: "\n" }]);
    expect(referenceLines(Buffer.from("a\r\nb\rc\nd"), envelope)).toEqual([
      { text: "a", terminator: "\r\n" },
      { text: "b\rc", terminator: "\n" },
      { text: "d", terminator: "" },
    ]);
    expect(referenceLines(Uint8Array.from([0x61, 0xc0, 0x80, 0x0a, 0xe6, 0x97]), envelope)).toEqual([
      { text: "a\uFFFD\uFFFD", terminator: "\n" },
      { text: "\uFFFD", terminator: "" },
    ]);
    expect(referenceLines(Buffer.from("\uFEFFa\n"), envelope)).toEqual([{ text: "\uFEFFa", terminator: "\n" }]);
  });

  it("with lineBreaks universal (envelope: Python's text mode), a lone CR ends a line too, and a CRLF is one line end", () => {
    const envelope = oracleOf("envelope");
    expect(envelope.output.lineBreaks).toBe("universal");
    expect(referenceLines(Buffer.from("a\r\nb\rc\nd\r\r\ne\r"), envelope)).toEqual([
      { text: "a", terminator: "\r\n" },
      { text: "b", terminator: "\r" },
      { text: "c", terminator: "\n" },
      { text: "d", terminator: "\r" },
      { text: "", terminator: "\r\n" },
      { text: "e", terminator: "\r" },
    ]);
    expect(renderWindow(envelope, referenceLines(Buffer.from("x\ry"), envelope), 7)).toBe("   7 | x\n   8 | y\n");
  });

  it("for a profile that splits on LF (finalNewline: separator), a final newline starts a last, empty line; a stripped BOM makes no line", () => {
    const jp = oracleOf("workspace-jp");
    expect(jp.output).toMatchObject({ finalNewline: "separator", bom: "strip" });
    const texts = (text: string) => referenceLines(Buffer.from(text), jp).map((line) => line.text);
    expect(texts("")).toEqual([]);
    expect(texts("\n")).toEqual(["", ""]);
    expect(texts("a\nb\n")).toEqual(["a", "b", ""]);
    expect(texts("a\nb")).toEqual(["a", "b"]);
    expect(texts("a\r\r\n")).toEqual(["a\r", ""]);
    expect(texts("\uFEFF")).toEqual([]);
    expect(texts("\uFEFF\n")).toEqual(["", ""]);
    expect(texts("\uFEFF\uFEFFx")).toEqual(["\uFEFFx"]);
    const lines = referenceLines(Buffer.from("a\r\nb\n"), jp);
    expect(renderWindow(jp, lines, 1)).toBe("a\nb\n");
    expect(renderWindow(jp, lines.slice(0, 2), 1)).toBe("a\nb");
    expect(renderWindow(jp, lines.slice(2), 3)).toBe("");
  });

  it("renders windows as each oracle declares: fixed and widest numbers, folded or kept terminators, or joined", () => {
    const lines = referenceLines(Buffer.from("x\r\ny"), oracleOf("envelope"));
    expect(renderWindow(oracleOf("envelope"), lines, 9)).toBe("   9 | x\n  10 | y\n");
    expect(renderWindow(oracleOf("forge"), lines, 9)).toBe(" 9| x\n10| y");
    expect(renderWindow(oracleOf("workspace-jp"), lines, 1)).toBe("x\ny");
    expect(renderWindow(oracleOf("guard"), lines, 1)).toBe("x\r\ny");
  });
});

describe("the reference token estimate (AGENT-TOK-02, from the spec's text)", () => {
  it("prices each piece in tenths: words per 4.5 letters, capitals per 2, digits per 3, random-looking runs, punctuation, other characters", () => {
    const priced: readonly (readonly [string, number])[] = [
      ["word", 10],
      ["Word", 10],
      ["international", 29],
      ["HTTP", 20],
      ["HTTPServer", 30 + 12],
      ["12345", 20],
      ["bcdfghjk", 48],
      ["aB3dE9fG1hJ2", 120],
      ["abcD12efgH34ijkL", 128],
      [" word", 10],
      ["  word", 20],
      ["\tword", 20],
      [" 42", 20],
      ["a, b", 10 + 10 + 10],
      ["(x", 5 + 10],
      ["...", 20],
      ["\u65e5\u672c", 24],
      ["\u{1f600}", 30],
      ["end.\n\nnext", 10 + 10 + 10],
      ["end\nnext", 10 + 10 + 10],
    ];
    expect(priced.map(([text]) => [text, referenceTokenTenths(text)])).toEqual(priced);
  });

  it("a page adds its lines' costs and a token for each line break not after punctuation, rounded up once", () => {
    expect(referencePageTokens("1\tword.\n2\tword")).toBe(Math.ceil((10 + 10 + 10 + 5 + 10 + 10 + 10) / 10));
    expect(referenceLineTenths("1\tword")).toBe(10 + 10 + 10 + 10);
    expect(referenceLineTenths("1\tword.")).toBe(10 + 10 + 10 + 10);
  });
});

describe("expected failures: the list can only shrink", () => {
  const result = (check: string, status: CheckResult["status"], adapter = "in-process"): CheckResult => ({ profile: "envelope", adapter, check, title: check, requirements: ["ENV-5.1"], status, durationMs: 0 });
  const entry = (check: string, adapter?: string) => ({ profile: "envelope", check, reason: "a known bug, tracked", ...(adapter === undefined ? {} : { adapter }) });

  it("a listed failure is xfail, a listed pass is xpass, an entry matching no check is stale", () => {
    const judged = judgeResults([result("a", "fail"), result("b", "pass"), result("c", "fail")], [entry("a"), entry("b"), entry("missing")]);
    expect(judged.results.map((item) => item.status)).toEqual(["xfail", "xpass", "fail"]);
    expect(judged.stale.map((item) => [item.check, item.why])).toEqual([
      ["b", "the check no longer fails: remove the entry"],
      ["missing", "no such check ran for this profile"],
    ]);
  });

  it("an entry for one adapter does not cover the other; entries for profiles or adapters that did not run are not stale", () => {
    const judged = judgeResults([result("a", "fail", "in-process"), result("a", "fail", "subprocess")], [entry("a", "subprocess"), { ...entry("a"), profile: "forge" }]);
    expect(judged.results.map((item) => item.status)).toEqual(["fail", "xfail"]);
    expect(judged.stale).toEqual([]);
  });

  it("the report is red on an xpass or a stale entry, and marks the requirement xfail for an expected failure", () => {
    const requirements = loadRequirements();
    const build = (results: readonly CheckResult[], failures: Parameters<typeof judgeResults>[1]) => {
      const judged = judgeResults(results, failures);
      return buildReport({ seed: 1, runs: { "in-process": 1 }, adapters: ["in-process"], oracles: [oracleOf("envelope")], requirements, results: judged.results, stale: judged.stale, packageTests: new Map(requirements.map((requirement) => [requirement.id, ["x.test.ts:1"]])) });
    };
    const xfail = build([result("a", "fail")], [entry("a")]);
    expect(xfail.ok).toBe(true);
    expect(xfail.profiles[0]?.requirements.find((cell) => cell.id === "ENV-5.1")?.status).toBe("xfail");
    expect(xfail.profiles[0]?.requirements.find((cell) => cell.id === "ENV-5.2")?.status).toBe("package");
    expect(build([result("a", "pass")], [entry("a")]).ok).toBe(false);
    expect(build([result("a", "fail")], []).ok).toBe(false);
  });

  it("a requirement nothing names is untested, and that is red", () => {
    const requirements = loadRequirements();
    const report = buildReport({ seed: 1, runs: {}, adapters: ["in-process"], oracles: [oracleOf("envelope")], requirements, results: [], stale: [], packageTests: new Map() });
    expect(report.ok).toBe(false);
    expect(report.profiles[0]?.requirements.every((cell) => cell.status === "untested")).toBe(true);
  });
});

describe("the subprocess adapter", () => {
  const oracle = oracleOf("envelope");
  const script = (body: string) => [process.execPath, "-e", body, "--"];

  it("passes the root, the options as TOML, the permission, the tool name and the input on stdin", async () => {
    const echo = script(
      'let input="";process.stdin.on("data",c=>input+=c).on("end",()=>{const a=process.argv.slice(1);const i=a.indexOf("--config");' +
        'process.stdout.write(JSON.stringify({args:a,config:i<0?null:require("fs").readFileSync(a[i+1],"utf8"),input:JSON.parse(input)}))})',
    );
    const adapter = createSubprocessAdapter({ ...oracle, configTable: ["tools", "read_file"] }, { command: [...echo, "call"] });
    try {
      const output = (await adapter.call({ root: "/r", input: { path: "a b" }, options: { max_scan_bytes: 5, show: true, names: ["x\"y"] }, permission: "deny", tool: "Read" })) as { args: string[]; config: string; input: unknown };
      expect(output.args.filter((arg) => !arg.endsWith(".toml"))).toEqual(["call", "--root", "/r", "--config", "--permission", "deny", "--tool", "Read", "-"]);
      expect(output.config).toBe('[tools.read_file]\nmax_scan_bytes = 5\nshow = true\nnames = [ "x\\"y" ]\n');
      expect(output.input).toEqual({ path: "a b" });
    } finally {
      await adapter.close?.();
    }
  });

  it("rejects a usage error (exit 2) with its stderr, output that is not JSON, and a command that hangs", async () => {
    const usage = createSubprocessAdapter(oracle, { command: script('process.stderr.write("read-tool: unknown profile\\n");process.exit(2)') });
    const garbage = createSubprocessAdapter(oracle, { command: script('process.stdout.write("not json")') });
    const hang = createSubprocessAdapter(oracle, { command: script("setInterval(() => {}, 1000)"), timeoutMs: 500 });
    try {
      await expect(usage.call({ root: "/", input: {} })).rejects.toThrow(/exit 2: read-tool: unknown profile/);
      await expect(garbage.call({ root: "/", input: {} })).rejects.toThrow(/stdout is not one JSON document: not json/);
      await expect(hang.call({ root: "/", input: {} })).rejects.toThrow(/no answer within 500 ms \(killed\)/);
    } finally {
      // Each adapter holds a directory for the config files it writes.
      await Promise.all([usage, garbage, hang].map((adapter) => adapter.close?.()));
    }
  });
});

describe("the in-process adapter", () => {
  it("lets the event loop turn while a check's calls follow each other: a timer set before 2,000 awaited calls fires before they end", async () => {
    const adapter = await createInProcessAdapter(oracleOf("envelope"));
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "read-in-process-"));
    try {
      fs.writeFileSync(path.join(root, "a.txt"), "one\ntwo\n");
      let fired = false;
      const timer = setTimeout(() => (fired = true), 0);
      let firedAt: number | undefined;
      for (let call = 1; call <= 2_000; call++) {
        const output = await adapter.call({ root, input: { path: "a.txt" } });
        expect(interpretOutput(oracleOf("envelope")).isError(output)).toBe(false);
        if (fired) {
          firedAt = call;
          break;
        }
      }
      clearTimeout(timer);
      // The profile answers small files without waiting: without the adapter's turns the timer would
      // fire only after the last call.
      expect(firedAt).toBeDefined();
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("small parts", () => {
  it("makeSpecialFiles creates FIFOs in one mkfifo run and a device with mknod, and rejects with the program's message", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "read-special-"));
    try {
      await makeSpecialFiles([{ fifo: path.join(dir, "f1") }, { fifo: path.join(dir, "f2") }, ...(process.getuid?.() === 0 ? [{ device: path.join(dir, "null"), kind: "c", major: 1, minor: 3 } as const] : [])]);
      expect(fs.statSync(path.join(dir, "f1")).isFIFO() && fs.statSync(path.join(dir, "f2")).isFIFO()).toBe(true);
      if (process.getuid?.() === 0) expect(fs.statSync(path.join(dir, "null")).rdev).toBe(fs.statSync("/dev/null").rdev);
      await expect(makeSpecialFiles([{ fifo: path.join(dir, "missing", "f3") }])).rejects.toThrow(/^mkfifo .*missing\/f3 failed \(exit 1\): mkfifo: cannot create fifo .*No such file or directory/u);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });


  it("toToml writes a nested table and refuses what TOML cannot hold", () => {
    expect(toToml(["guard"], { blocked: ["a/**", "b"], respect_gitignore: false })).toBe('[guard]\nblocked = [ "a/**", "b" ]\nrespect_gitignore = false\n');
    const awkward = { name: 'del\u007f "quoted" \\ tab\t line\u2028', sizes: [1, 2] };
    expect(parseToml(toToml(["tools", "read_file"], awkward))).toEqual({ tools: { read_file: awkward } });
    for (const bad of [null, 1.5, "lone \ud800 surrogate", ["ok", null]]) expect(() => toToml(["x"], { bad })).toThrow(/cannot be written as TOML/);
  });

  it("outputField and withOutputField follow dotted paths and leave missing fields alone", () => {
    const output = { data: { content: "x" }, list: [1] };
    expect(outputField(output, "data.content")).toBe("x");
    expect(outputField(output, "data.missing")).toBeUndefined();
    expect(outputField(output, "list.0")).toBeUndefined();
    expect(withOutputField(output, "data.content", () => "y")).toEqual({ data: { content: "y" }, list: [1] });
    expect(withOutputField(output, "nope.deep", () => "y")).toBe(output);
  });

  it("the seed is pinned in CI, taken from READ_CONFORMANCE_SEED or --seed, runs are modest unless raised, and races last 1 s unless set", () => {
    expect(resolveRunSettings({}, { CI: "true" })).toEqual({ seed: CI_SEED, runs: DEFAULT_RUNS, subprocessRuns: 2, raceMs: DEFAULT_RACE_MS });
    expect(resolveRunSettings({}, { CI: "true", READ_CONFORMANCE_SEED: "42", READ_CONFORMANCE_RUNS: "100", READ_CONFORMANCE_RACE_MS: "300" })).toEqual({ seed: 42, runs: 100, subprocessRuns: 10, raceMs: 300 });
    expect(resolveRunSettings({ seed: "5", runs: "3", subprocessRuns: "1", raceMs: "2000" }, { READ_CONFORMANCE_SEED: "42", READ_CONFORMANCE_RACE_MS: "300" })).toEqual({ seed: 5, runs: 3, subprocessRuns: 1, raceMs: 2000 });
    expect(() => resolveRunSettings({ raceMs: "5" }, {})).toThrow("--race-ms: the race time in ms must be an integer from 10 to 600000, got '5'");
    expect(() => resolveRunSettings({ runs: "many" }, {})).toThrow("--runs: the runs must be an integer from 1 to 1000000, got 'many'");
    expect(() => resolveRunSettings({}, { READ_CONFORMANCE_RUNS: "" })).toThrow("READ_CONFORMANCE_RUNS: the runs must be an integer from 1 to 1000000, got ''");
    expect(() => resolveRunSettings({ seed: " " }, {})).toThrow("--seed: the seed must be an integer from -2147483648 to 2147483647 or 'random', got ' '");
    expect(Number.isInteger(resolveRunSettings({}, {}).seed)).toBe(true);
  });
});
