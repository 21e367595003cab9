import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { afterEach, describe, expect, it } from "vitest";
import { runCase, type AdversarialCase } from "../src/adversarial/adversarial-case.js";
import { ADVERSARIAL_CASES } from "../src/adversarial/adversarial-checks.js";
import { boundedCall } from "../src/adversarial/bounded-call.js";
import { FUZZ_CHECK } from "../src/adversarial/fuzz-check.js";
import { LOAD_CHECKS } from "../src/adversarial/load-checks.js";
import { cellText, profileCells } from "../src/adversarial/security-report.js";
import { createInProcessAdapter } from "../src/in-process-adapter.js";
import { loadOracles } from "../src/load-oracles.js";
import type { Oracle } from "../src/oracle.js";
import { createSuiteContext } from "../src/suite-context.js";
import type { CallRequest, ToolAdapter } from "../src/tool-adapter.js";

// The adversarial suite judged on deliberately unsafe implementations: each must fail exactly the way
// the suite claims to catch (a leak, a hang within the bound, a forged message, a leaked descriptor),
// and the suite must never hang itself while doing so.
const oracles = new Map(loadOracles().map((oracle) => [oracle.profile, oracle]));
const jp = oracles.get("workspace-jp") ?? fail("no workspace-jp oracle");
const caseOf = (id: string): AdversarialCase => ADVERSARIAL_CASES.find((candidate) => `${candidate.group}/${candidate.name}` === id) ?? fail(`no case ${id}`);
const context = (adapter: ToolAdapter, oracle: Oracle = jp) => createSuiteContext(oracle, adapter, { seed: 7, numRuns: 10, endOnFailure: true });

// The processes whose command line holds `text`, from /proc (a process that exits meanwhile is skipped).
function processesNaming(text: string): number[] {
  return fs.readdirSync("/proc").flatMap((entry) => {
    if (!/^\d+$/u.test(entry)) return [];
    try {
      return fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(text) ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}

function fail(message: string): never {
  throw new Error(message);
}

const pathOf = (request: CallRequest): unknown => (request.input as { path?: unknown }).path;
const ok = (file: string, content: string) => ({ path: file, content, truncated: false, next_start_line: null, meta: {} });
const error = (code: string, message: string) => ({ error: { code, message } });

/**
 * The classic mistakes in one tool: the path is resolved lexically (`path.resolve`), checked by string
 * prefix, and the result is read with `fs.readFileSync`, which follows every link and blocks on FIFOs.
 * `read` replaces the last step.
 */
function naive(read: (file: string) => Promise<string> | string = (file) => fs.readFileSync(file, "utf8")): ToolAdapter {
  return {
    kind: "in-process",
    async call(request) {
      const asked = pathOf(request);
      if (typeof asked !== "string" || asked === "") return error("INVALID_ARGUMENT", "bad path");
      const file = path.resolve(request.root, asked);
      if (!file.startsWith(request.root)) return error("OUTSIDE_WORKSPACE", "outside");
      try {
        return ok(asked, await read(file));
      } catch (caught) {
        return error("NOT_FOUND", `Cannot read ${file}: ${String(caught)}`);
      }
    },
  };
}

describe("the adversarial suite catches unsafe implementations", () => {
  it("a tool that follows a symlink out of the root leaks, and the case says LEAK", async () => {
    const result = await runCase(context(naive()), caseOf("symlinks/file-out-relative"));
    expect(result).toMatchObject({ status: "fail", observed: "LEAK", safe: false });
    expect(result.problems[0]).toContain("LEAK: the output carries content of a file outside the root");
  });

  it("a tool that awaits fs.promises.readFile on a FIFO is reported as hanging at the bound, and its thread is released even after the scratch directory is removed", async () => {
    const fifo = { ...caseOf("special-files/fifo"), boundMs: 400 };
    let pending: Promise<string> | undefined;
    const started = performance.now();
    const result = await runCase(context(naive((file) => (pending = fs.promises.readFile(file, "utf8")))), fifo);
    expect(result).toMatchObject({ status: "fail", observed: "hang", safe: false, problems: ["no answer within 400 ms"] });
    expect(performance.now() - started).toBeLessThan(10_000);
    // The watchdog opened the FIFO for writing once the bound had passed, through the descriptor it held
    // while the case removed its scratch directory: the tool's own read settles. How soon depends on how
    // soon the watchdog process gets a core: on a loaded machine, seconds.
    const read = pending;
    expect(read).toBeDefined();
    const released = await boundedCall(() => (read ?? Promise.resolve("")).then(() => "", () => ""), 20_000);
    expect(released.kind).toBe("answered");
  });

  it("the watchdog releases a reader of a FIFO whose path was removed before the watchdog process could start", async () => {
    const watched = fs.mkdtempSync(path.join(os.tmpdir(), "read-watchdog-"));
    const other = fs.mkdtempSync(path.join(os.tmpdir(), "read-watchdog-"));
    const fifo = path.join(watched, "a-fifo");
    execFileSync("mkfifo", [fifo]);
    // The reader reaches the same FIFO through a second link, which stays: it blocks in open(2) whenever
    // its thread gets there, while the watched path is gone before the watchdog process can run a line.
    fs.linkSync(fifo, path.join(other, "a-fifo"));
    let pending: Promise<string> | undefined;
    try {
      const ended = await boundedCall(
        () => {
          fs.rmSync(watched, { recursive: true });
          pending = fs.promises.readFile(path.join(other, "a-fifo"), "utf8");
          return pending;
        },
        200,
        [fifo],
      );
      expect(ended.kind).toBe("timeout");
      const read = pending ?? fail("the call never started");
      const released = await boundedCall(() => read.then((text) => text, (error: unknown) => `rejected: ${String(error)}`), 20_000);
      expect(released).toMatchObject({ kind: "answered", value: "" });
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it("a tool that blocks its own thread on a FIFO (readFileSync) is released by the watchdog and reported as hanging", async () => {
    const fifo = { ...caseOf("special-files/fifo"), boundMs: 400 };
    const result = await runCase(context(naive()), fifo);
    expect(result.status).toBe("fail");
    expect(result.observed).toBe("hang");
    expect(result.problems[0]).toMatch(/^the answer took \d+ ms, over the bound of 400 ms$/u);
  });

  it("a tool that checks the resolved path but opens the path as given loses the final-component race: LEAK", async () => {
    const checkThenOpen: ToolAdapter = {
      kind: "in-process",
      async call(request) {
        const asked = String(pathOf(request));
        const raw = path.join(request.root, asked);
        let resolved: string;
        try {
          resolved = fs.realpathSync.native(raw);
        } catch {
          return error("NOT_FOUND", "missing");
        }
        if (!resolved.startsWith(`${request.root}/`)) return error("OUTSIDE_WORKSPACE", "outside");
        try {
          return ok(asked, fs.readFileSync(raw, "utf8"));
        } catch {
          return error("NOT_FOUND", "missing");
        }
      },
    };
    const result = await runCase(context(checkThenOpen), caseOf("races/final-component-swap"));
    expect(result).toMatchObject({ status: "fail", observed: "LEAK", safe: false });
    expect(result.notes?.[0]).toMatch(/while the path was swapped \d+ times$/u);
  });

  it("a tool that echoes a resolved name raw in its message forges output lines", async () => {
    const echoing: ToolAdapter = {
      kind: "in-process",
      async call(request) {
        const file = path.join(request.root, String(pathOf(request)));
        return error("NOT_FOUND", `Cannot read ${path.join(fs.realpathSync(path.dirname(file)), path.basename(file))}: no such file.`);
      },
    };
    const result = await runCase(context(echoing), caseOf("output-integrity/newline-name-missing"));
    expect(result).toMatchObject({ status: "fail", observed: "forged message line (NOT_FOUND)", safe: false });
    expect(result.problems.join("\n")).toContain(`the message field 'error.message' carries "\\n[FORGED]" raw`);
  });

  it("a tool that takes seconds over the sparse file (as one that walks it whole does) is over the sparse bound", async () => {
    const slow = naive((file) => {
      if (file.endsWith("sparse.txt")) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2_600);
      return "";
    });
    const result = await runCase(context(slow), caseOf("special-files/sparse-32gib"));
    expect(result).toMatchObject({ status: "fail", observed: "hang", safe: false });
  });

  it("a PDF reader that follows the link a PDF holds reaches the suite's listener, and the case says so (AGENT-PDF-07)", async () => {
    const agent = oracles.get("agent") ?? fail("no agent oracle");
    const real = await createInProcessAdapter(agent);
    const following: ToolAdapter = {
      kind: "in-process",
      async call(request) {
        const uri = /\/URI \((http:[^)]+)\)/u.exec(fs.readFileSync(path.join(request.root, String(pathOf(request))), "latin1"))?.[1];
        if (uri !== undefined) await fetch(uri);
        return real.call(request);
      },
    };
    const result = await runCase(context(following, agent), caseOf("special-files/calling-pdf"));
    expect(result).toMatchObject({ status: "fail", observed: "fetched", safe: false });
    expect(result.problems.join("\n")).toMatch(/reached the address its script and link name: GET \/link/u);
    expect(await runCase(context(real, agent), caseOf("special-files/calling-pdf"))).toMatchObject({ status: "pass", observed: "content" });
  });

  it("the fuzzing property finds a leak in a lexical implementation, with the seed in the report", async () => {
    const ctx = createSuiteContext(jp, naive(), { seed: 7, numRuns: 100, endOnFailure: true });
    await expect(FUZZ_CHECK.run(ctx)).rejects.toThrow(/seed: 7[\s\S]*LEAK: content from outside the root/u);
  });

  it("the load test counts descriptors left open and calls that crash", async () => {
    const real = await createInProcessAdapter(jp);
    const leaky: ToolAdapter = {
      kind: "in-process",
      async call(request) {
        if (pathOf(request) === "valid/f-0.txt") fs.openSync(path.join(request.root, "valid/f-0.txt"), "r");
        if (typeof pathOf(request) !== "string") throw new Error("a bug on a non-string path");
        return real.call(request);
      },
    };
    const load = LOAD_CHECKS.find((check) => check.id === "adversarial/load/mixed-calls") ?? fail("no load check");
    const failure = await load.run(context(leaky)).then(
      () => "passed",
      (caught: unknown) => String(caught),
    );
    expect(failure).toMatch(/crashed: a bug on a non-string path/u);
    expect(failure).toMatch(/descriptors left open on the workspace: \d+ -> \/.*valid\/f-0\.txt/u);
  });
});

describe("the security report's cells", () => {
  it("a profile's cells are what its oracle declares, n/a where a case cannot apply, and its listed expected failures", () => {
    const guard = oracles.get("guard") ?? fail("no guard oracle");
    const cells = profileCells(guard, [{ profile: "guard", check: "adversarial/path-syntax/empty", reason: "a reason long enough" }]);
    expect(cells.get("adversarial/symlinks/file-out-relative")).toEqual({ status: "pass", observed: "permission denied by user", safe: true });
    expect(cells.get("adversarial/sensitive-names/env")).toEqual({ status: "pass", observed: "permission denied by policy", safe: true });
    expect(cells.get("adversarial/special-files/sparse-32gib-window")).toEqual({ status: "n/a", observed: "n/a", safe: true });
    expect(cells.get("adversarial/races/final-component-swap")).toEqual({ status: "pass", observed: "never outside content", safe: true });
    expect(cells.get("adversarial/special-files/fifo-swarm")).toEqual({ status: "pass", observed: "16 × not a text file; the file: content", safe: true });
    expect(cells.get("adversarial/path-syntax/empty")).toMatchObject({ status: "fail", knownFailure: "a reason long enough" });
    expect(cells.get("adversarial/load/mixed-calls")).toEqual({ status: "pass", observed: "pass", safe: true });
  });

  it("cells are shown with ✗ when unsafe and ≠ when safe but different", () => {
    expect(cellText({ status: "pass", observed: "OUTSIDE_SANDBOX", safe: true })).toBe("`OUTSIDE_SANDBOX`");
    expect(cellText({ status: "pass", observed: "content", safe: true })).toBe("content");
    expect(cellText({ status: "fail", observed: "LEAK", safe: false })).toBe("✗ `LEAK`");
    expect(cellText({ status: "fail", observed: "error: Access denied - path outside allowed directories", safe: true })).toBe("≠ error: Access denied - path outside allowed directories");
    expect(cellText({ status: "fail", observed: "a|b", safe: false })).toBe("✗ `a\\|b`");
    expect(cellText({ status: "n/a", observed: "n/a", safe: true })).toBe("n/a");
  });
});

describe("boundedCall", () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("reports a call that never settles as a timeout, and one that answers in time with its value", async () => {
    expect(await boundedCall(() => new Promise(() => undefined), 100)).toMatchObject({ kind: "timeout" });
    expect(await boundedCall(async () => 42, 1_000)).toMatchObject({ kind: "answered", value: 42 });
    expect(await boundedCall(() => Promise.reject(new Error("no")), 1_000)).toMatchObject({ kind: "rejected" });
  });

  it("leaves a FIFO alone when the call answered in time", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "read-conformance-bounded-"));
    made.push(dir);
    const fifo = path.join(dir, "fifo");
    execFileSync("mkfifo", [fifo]);
    expect(await boundedCall(async () => "quick", 200, [fifo])).toMatchObject({ kind: "answered", value: "quick" });
    // No watchdog is left: no process names the FIFO on its command line once the kill has landed.
    const deadline = performance.now() + 2_000;
    while (processesNaming(fifo).length > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(processesNaming(fifo)).toEqual([]);
  });
});
