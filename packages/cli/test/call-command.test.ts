import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { loadAllProfiles } from "@read/profiles";
import { makeWorkspace, runCli } from "./run-cli.js";

const maskTime = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value).replace(/"time_ms":\d+/g, '"time_ms":0').replace(/\(Took \d+ms\)/g, "(Took 0ms)"));

const PROFILES = await loadAllProfiles();

describe("read-tool call", () => {
  for (const module of PROFILES.values()) {
    test(`--profile ${module.name} prints exactly the tool's output, as one JSON document`, async () => {
      const root = makeWorkspace({ "src/a.txt": "alpha\nbeta\n" });
      const run = runCli(["call", "--profile", module.name, "--root", root, '{"path":"src/a.txt"}']);
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      expect(run.stdout.endsWith("\n")).toBe(true);
      expect(run.stdout.trimEnd().includes("\n")).toBe(false);
      const expected = await module.createTool({ root }).call({ path: "src/a.txt" });
      expect(maskTime(JSON.parse(run.stdout))).toEqual(maskTime(expected));
    });

    test(`--profile ${module.name}: a tool-level error still exits 0 with the error output`, async () => {
      const root = makeWorkspace({});
      const run = runCli(["call", "--profile", module.name, "--root", root, '{"path":"missing.txt"}']);
      expect(run.status).toBe(0);
      const output = JSON.parse(run.stdout);
      expect(module.createTool({ root }).isError(output)).toBe(true);
    });
  }

  test("reads the arguments from stdin with '-' and when no JSON is given", () => {
    const root = makeWorkspace({ "a.txt": "x\n" });
    const dash = runCli(["call", "--profile", "workspace-jp", "--root", root, "-"], { stdin: '{"path":"a.txt"}' });
    const none = runCli(["call", "--profile", "workspace-jp", "--root", root], { stdin: '{"path":"a.txt"}' });
    expect(dash.status).toBe(0);
    expect(JSON.parse(dash.stdout)).toMatchObject({ path: "a.txt", content: "x\n" });
    expect(none.stdout).toBe(dash.stdout);
  });

  test("issue 32: without --profile, read-tool call '{\"path\":\"README.md\"}' answers through the agent profile", () => {
    const root = makeWorkspace({ "README.md": "# hello\r\nworld\r\n", "read.config.toml": "[agent]\nmax_lines = 1\n" });
    const run = runCli(["call", '{"path":"README.md"}'], { cwd: root });
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual({
      path: "README.md",
      content: "1\t# hello",
      start_line: 1,
      end_line: 1,
      total_lines: 2,
      truncated: true,
      next: { start_line: 2 },
      version: "c56e4eeaa4772454a19119d83f75a3ad",
      encoding: "utf-8",
      bom: false,
      line_endings: "crlf",
    });
  });

  test("--root defaults to the current directory", () => {
    const root = makeWorkspace({ "a.txt": "x\n" });
    const run = runCli(["call", "--profile", "workspace-jp", '{"path":"a.txt"}'], { cwd: root });
    expect(JSON.parse(run.stdout)).toMatchObject({ path: "a.txt", content: "x\n" });
  });

  test("--tool accepts the tool's name and each alias, and refuses an unknown name", () => {
    const root = makeWorkspace({ "a.txt": "x\n" });
    const forge = PROFILES.get("forge");
    if (forge === undefined) throw new Error("forge profile missing");
    const tool = forge.createTool({ root });
    for (const name of [tool.name, ...tool.aliases]) {
      const run = runCli(["call", "--profile", "forge", "--tool", name, "--root", root, '{"path":"a.txt"}']);
      expect(run.status, name).toBe(0);
    }
    const unknown = runCli(["call", "--profile", "forge", "--tool", "Write", "--root", root, '{"path":"a.txt"}']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^read-tool: unknown tool 'Write'.*\n$/);
  });

  test("GUARD-6-no-person: --permission decides the guard profile's pending reads; without it, and no terminal, no person could be asked", () => {
    const root = makeWorkspace({ "ws/.keep": "", "outside.txt": "from outside\n" });
    const ws = path.join(root, "ws");
    const outside = path.join(root, "outside.txt");
    const args = ["call", "--profile", "guard", "--root", ws];
    const allowed = JSON.parse(runCli([...args, "--permission", "allow", JSON.stringify({ path: outside })]).stdout);
    expect(allowed).toEqual({ path: fs.realpathSync(outside), content: "from outside\n", bytes_read: 13 });
    const denied = JSON.parse(runCli([...args, "--permission", "deny", JSON.stringify({ path: outside })]).stdout);
    expect(denied).toEqual({ error: `permission denied by user: read access rejected for path "${outside}"` });
    const silent = JSON.parse(runCli([...args, JSON.stringify({ path: outside })]).stdout);
    expect(silent).toEqual({ error: "permission denied: user approval required but not available" });
  });
});

describe("read-tool usage errors exit 2 with one line on stderr", () => {
  const root = makeWorkspace({ "a.txt": "x\n" });
  const cases: Array<[string, string[], RegExp]> = [
    ["unknown flag", ["call", "--frobnicate", "--root", root, "{}"], /^read-tool: unknown option '--frobnicate'; read-tool call takes --profile, --root, --config, --help, --tool, --permission\n$/],
    ["unknown profile", ["call", "--profile", "nope", "--root", root, "{}"], /unknown profile 'nope'/],
    ["unparsable JSON", ["call", "--profile", "envelope", "--root", root, "{path:"], /not valid JSON/],
    ["missing root", ["call", "--root", path.join(root, "does-not-exist"), "{}"], /is not an existing directory/],
    ["bad --permission", ["call", "--permission", "maybe", "--root", root, "{}"], /--permission must be 'allow' or 'deny'/],
    ["unknown command flag", ["--nope"], /unknown option '--nope'/],
    ["extra positional", ["schema", "--root", root, "extra"], /unexpected argument 'extra'/],
  ];
  for (const [name, args, message] of cases) {
    test(name, () => {
      const run = runCli(args);
      expect(run.status).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr).toMatch(message);
      expect(run.stderr.split("\n")).toHaveLength(2);
    });
  }

  test("an empty --root fails closed: exit 2, one line naming --root, nothing read from the current directory", () => {
    const cwd = makeWorkspace({ "Cargo.toml": "[package]\n" });
    const expected = { status: 2, stdout: "", stderr: "read-tool: --root is empty; give a directory (an empty --root is refused, not taken as the current directory)\n" };
    expect(runCli(["call", "--profile", "forge", "--root", "", '{"path":"Cargo.toml"}'], { cwd })).toEqual(expected);
    for (const args of [["schema", "--root", ""], ["jsonl", "--root", ""], ["mcp", "--root", ""], ["repl", "--root", ""], ["Cargo.toml", "--root", ""]]) {
      expect(runCli(args, { cwd })).toEqual(expected);
    }
  });

  test("an empty --config fails closed: exit 2, one line naming --config", () => {
    const cwd = makeWorkspace({ "Cargo.toml": "[package]\n" });
    expect(runCli(["call", "--root", cwd, "--config", "", '{"path":"Cargo.toml"}'], { cwd })).toEqual({
      status: 2,
      stdout: "",
      stderr: "read-tool: --config is empty; give a file (read.config.toml at the root is read when --config is left out)\n",
    });
  });

  test("empty stdin (or an empty JSON argument) says that no arguments came, and how to give them", () => {
    const expected = `read-tool: no arguments: stdin was empty; give the tool's JSON arguments as the last argument or on stdin, as in read-tool call '{"path":"README.md"}'\n`;
    for (const args of [["call", "--root", root], ["call", "--root", root, "-"]]) {
      for (const stdin of ["", "  \n"]) expect(runCli(args, { stdin })).toEqual({ status: 2, stdout: "", stderr: expected });
    }
    expect(runCli(["call", "--root", root, " "])).toEqual({ status: 2, stdout: "", stderr: expected.replace("stdin was empty", "the JSON argument is empty") });
  });
});

describe("read-tool --version", () => {
  test("prints the version of @read/cli, from its package.json", () => {
    const manifest = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "..", "package.json"), "utf8")) as { version: string };
    expect(manifest.version).toMatch(/^\d+\.\d+\.\d+/);
    for (const flag of ["--version", "-v"]) expect(runCli([flag])).toEqual({ status: 0, stdout: `${manifest.version}\n`, stderr: "" });
    expect(runCli(["--help"]).stdout).toContain("  read-tool --version\n");
  });
});

describe("issue 33: documents through read-tool call", () => {
  test("a notebook and a PDF are answered and the process ends at once, though their worker is kept for the next document", () => {
    const notebook = JSON.stringify({
      cells: [{ cell_type: "code", execution_count: 1, metadata: {}, source: ["print('hi')"], outputs: [{ output_type: "stream", name: "stdout", text: ["hi\n"] }] }],
      metadata: {},
      nbformat: 4,
      nbformat_minor: 5,
    });
    const root = makeWorkspace({ "n.ipynb": notebook, "cut.pdf": "%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R" });
    for (const [input, expected] of [
      ['{"path":"n.ipynb"}', { content: "1\t=== cell 1: code, execution 1 ===\n2\tprint('hi')\n3\t--- output: stdout ---\n4\thi" }],
      ['{"path":"cut.pdf"}', { error: { code: "INVALID_DOCUMENT" } }],
    ] as const) {
      const started = Date.now();
      const run = runCli(["call", "--root", root, input]);
      // The worker's idle keep-alive (30 s) holds no process open; nothing it printed reaches stdout.
      expect(Date.now() - started, input).toBeLessThan(10_000);
      expect(run.status, input).toBe(0);
      expect(run.stdout.trimEnd().split("\n"), input).toHaveLength(1);
      expect(JSON.parse(run.stdout), input).toMatchObject(expected);
    }
  });
});
