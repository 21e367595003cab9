import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { BIN, makeWorkspace } from "./run-cli.js";

const VERSION = (JSON.parse(fs.readFileSync(path.resolve(BIN, "..", "..", "package.json"), "utf8")) as { version: string }).version;

// 3 MB on one line, and 2,000 lines of 100 bytes: either answer is far over a pipe's 64 KiB buffer, so
// the reader is gone before the last byte is written, whatever the timing.
const root = makeWorkspace({
  "big-line.txt": "x".repeat(3_000_000),
  "big.log": Array.from({ length: 3000 }, (_, index) => `${String(index + 1).padStart(99, "0")}\n`).join(""),
  "notes.txt": "one\ntwo\n",
});
const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
const readTool = (args: readonly string[]) => [process.execPath, BIN, ...args].map(quote).join(" ");

interface PipeRun {
  /** The exit status of read-tool, as bash saw it. */
  readonly status: string;
  readonly stderr: string;
  /** What the reader read. */
  readonly read: string;
}

/** Runs `stdin | read-tool ARGS 2>ERR | reader` in bash, in the workspace; `stdin` is a bash command. */
function throughPipe(args: readonly string[], reader: string, stdin = "true"): PipeRun {
  const dir = makeWorkspace({});
  const err = path.join(dir, "stderr");
  const read = path.join(dir, "read");
  const script = `${stdin} | ${readTool(args)} 2>${quote(err)} | ${reader} >${quote(read)}; echo "\${PIPESTATUS[1]}"`;
  const run = spawnSync("bash", ["-c", script], { cwd: root, encoding: "utf8", timeout: 30_000 });
  return { status: run.stdout.trim(), stderr: fs.readFileSync(err, "utf8"), read: fs.readFileSync(read, "utf8") };
}

/** Runs read-tool with its stdout a pipe whose reader has already exited, in bash, in the workspace. */
function intoClosedPipe(args: readonly string[], stdin = "true"): { readonly status: string; readonly stderr: string } {
  const dir = makeWorkspace({});
  const err = path.join(dir, "stderr");
  // `true` reads nothing and exits; once bash has waited for it, fd 4 is a pipe nobody reads.
  const script = `exec 4> >(true); wait $!; ${stdin} | ${readTool(args)} >&4 2>${quote(err)}; echo "$?"`;
  const run = spawnSync("bash", ["-c", script], { cwd: root, encoding: "utf8", timeout: 30_000 });
  return { status: run.stdout.trim(), stderr: fs.readFileSync(err, "utf8") };
}

const printf = (...lines: string[]) => `printf '%s\\n' ${lines.map(quote).join(" ")}`;
const INITIALIZE = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
const INITIALIZED = JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" });
const ANNOUNCE = (profile: string) => `read-tool ${VERSION}: MCP server on stdio, profile ${profile}, root '${fs.realpathSync(root)}'\n`;

describe("issue 31 case 2: a reader that goes away ends read-tool quietly, with status 141 (128 + SIGPIPE)", () => {
  test("read-tool big-line.txt | head -c 10", () => {
    expect(throughPipe(["big-line.txt"], "head -c 10")).toEqual({ status: "141", stderr: "", read: "1  xxxxxxx" });
  });

  test(`read-tool call --profile forge '{"path":"big.log","head":2000}' | head -c 100`, () => {
    const run = throughPipe(["call", "--profile", "forge", JSON.stringify({ path: "big.log", head: 2000 })], "head -c 100");
    expect(run).toEqual({ status: "141", stderr: "", read: `{"path":"big.log","content":"   1| ${"0".repeat(65)}` });
  });

  test("read-tool jsonl | head -c 10, the answer over the pipe's buffer", () => {
    const request = JSON.stringify({ id: 1, input: { path: "big.log", head: 2000 } });
    expect(throughPipe(["jsonl", "--profile", "forge"], "head -c 10", printf(request))).toEqual({ status: "141", stderr: "", read: '{"id":1,"o' });
  });

  test("read-tool mcp | head -c 10: the client reads part of the first answer and goes", () => {
    const call = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "Read", arguments: { path: "big.log", head: 2000 } } });
    // stdin stays open a moment: a server whose input has ended stops answering, which is not this case.
    const run = throughPipe(["mcp", "--profile", "forge"], "head -c 10", `{ ${printf(INITIALIZE, INITIALIZED, call)}; sleep 1; }`);
    expect(run).toEqual({ status: "141", stderr: ANNOUNCE("forge"), read: '{"result":' });
  });

  // Output that fits in the pipe's buffer is written before the reader goes; a reader gone before the
  // first write is the same case for every command.
  test.each([
    ["PATH", ["notes.txt"], "true"],
    ["call", ["call", '{"path":"notes.txt"}'], "true"],
    ["call on stdin", ["call", "-"], printf('{"path":"notes.txt"}')],
    ["schema", ["schema", "--profile", "guard"], "true"],
    ["jsonl", ["jsonl"], printf(JSON.stringify({ id: 1, input: { path: "notes.txt" } }))],
    ["--version", ["--version"], "true"],
    ["--help", ["--help"], "true"],
  ])("%s into a pipe whose reader is gone: status 141, nothing on stderr", (_name, args, stdin) => {
    expect(intoClosedPipe(args, stdin)).toEqual({ status: "141", stderr: "" });
  });

  test("mcp into a pipe whose reader is gone: status 141, only the announcement on stderr", () => {
    expect(intoClosedPipe(["mcp"], printf(INITIALIZE))).toEqual({ status: "141", stderr: ANNOUNCE("agent") });
  });

  test("stderr closed by its reader: a usage error ends with status 141 too, never a stack trace", () => {
    const dir = makeWorkspace({});
    const out = path.join(dir, "stdout");
    const run = spawnSync("bash", ["-c", `exec 4> >(true); wait $!; ${readTool(["call", "--permission", "maybe", "{}"])} >${quote(out)} 2>&4; echo "$?"`], { cwd: root, encoding: "utf8", timeout: 30_000 });
    expect({ status: run.stdout.trim(), stdout: fs.readFileSync(out, "utf8") }).toEqual({ status: "141", stdout: "" });
  });
});
