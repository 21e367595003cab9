import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, describe, expect, test } from "vitest";
import { loadOracle } from "../src/oracle.js";
import { REPO_ROOT } from "../src/repo-paths.js";
import { runConformance } from "../src/run-conformance.js";
import { readToolCommand } from "../src/read-tool-command.js";

// A throwaway fifth profile made by following "A profile of your own" in docs/profile-authoring.md: a
// module exporting `profile = defineProfile(...)` and an oracle whose `module` points at it. No file of the
// CLI, the MCP server or the harness knows it; each must pick it up by its path.
const PROFILE_SOURCE = `
import { defineProfile, readTextWindow } from "@read/core";
import { z } from "zod";

const errorCodes = ["INVALID_ARGUMENT", "NOT_FOUND", "OUTSIDE", "NOT_FILE", "BINARY", "TOO_LARGE", "FAILED"];
const output = z.union([
  z.strictObject({ path: z.string(), content: z.string(), next_start_line: z.int().nullable() }),
  z.strictObject({ error: z.strictObject({ code: z.enum(errorCodes), message: z.string() }) }),
]);
const CODES = {
  INVALID_INPUT: "INVALID_ARGUMENT", NAME_TOO_LONG: "INVALID_ARGUMENT", NOT_FOUND: "NOT_FOUND", SYMLINK_LOOP: "NOT_FOUND",
  OUTSIDE_ROOT: "OUTSIDE", IS_DIRECTORY: "NOT_FILE", NOT_REGULAR_FILE: "NOT_FILE", BINARY: "BINARY", TOO_LARGE: "TOO_LARGE",
};
const fail = (code, message) => ({ error: { code, message } });
const isCount = (value) => value === undefined || (Number.isSafeInteger(value) && value >= 1);

export const profile = defineProfile({
  name: "lines",
  configTable: ["lines"],
  configSchema: z.object({ max_lines: z.int().min(1).max(1000).default(50) }), // the default window
  secrets: false,
  outputSchema: output,
  isError: (result) => "error" in result,
  render: (result) => ("error" in result ? result.error.message : result.content),
  setup: ({ workspace, config }) => ({
    name: "read_lines",
    definition: {
      name: "read_lines",
      description: "Reads up to max_lines lines of a text file from start_line.",
      parameters: {
        type: "object",
        properties: { path: { type: "string" }, start_line: { type: "integer", minimum: 1 }, max_lines: { type: "integer", minimum: 1 } },
        required: ["path"],
      },
    },
    async call(input, { signal }) {
      if (typeof input !== "object" || input === null || typeof input.path !== "string") return fail("INVALID_ARGUMENT", "path must be a string");
      if (!isCount(input.start_line) || !isCount(input.max_lines) || (input.max_lines ?? 1) > 1000) {
        return fail("INVALID_ARGUMENT", "start_line and max_lines must be integers of at least 1, max_lines at most 1000");
      }
      const startLine = input.start_line ?? 1;
      const read = await readTextWindow(workspace, input.path, {
        window: { from: "start", startLine, maxLines: input.max_lines ?? config.max_lines },
        countTotal: false,
        decode: "replace",
        sniffBytes: 4096,
        maxFileBytes: 1048576,
        signal,
      });
      if (!read.ok) return fail(CODES[read.failure.code] ?? "FAILED", read.failure.message);
      const { window, path } = read.value;
      const content = window.lines.map((line) => line.text + (line.terminator === "" ? "" : "\\n")).join("");
      return { path: path.relative, content, next_start_line: window.hasMore ? startLine + window.lines.length : null };
    },
    internalError: (reason) => fail("FAILED", "unexpected: " + reason),
  }),
});
`;

const ORACLE = {
  profile: "lines",
  module: "./lines-profile.mjs",
  tool: "read_lines",
  aliases: [],
  configTable: ["lines"],
  permissionModes: [],
  request: { path: "path", start: "start_line", count: "max_lines", fixed: {} },
  window: { defaultCount: 50, maxCount: 1000 },
  output: {
    error: { field: "error", present: true },
    code: "error.code",
    content: "content",
    numbers: null,
    finalNewline: "as-file",
    crlf: "fold",
    continuation: { field: "next_start_line" },
    path: { field: "path", form: "relative" },
    masks: [],
  },
  behaviour: {
    startZero: { error: "INVALID_ARGUMENT" },
    pastEnd: { empty: true, flags: [{ field: "next_start_line", equals: null }] },
    countOutOfRange: { error: "INVALID_ARGUMENT" },
    invalidUtf8: { replace: true, flags: [] },
    binary: { sniffBytes: 4096, outcome: { error: "BINARY" } },
    notFound: { error: "NOT_FOUND" },
    outsideRoot: { error: "OUTSIDE" },
    outsideRootAllowed: null,
    directory: { error: "NOT_FILE" },
    fifo: { error: "NOT_FILE" },
    socket: { error: "NOT_FILE" },
    device: { error: "NOT_FILE" },
    sizeLimit: { bytes: 1048576, outcome: { error: "TOO_LARGE" }, wholeFileOnly: false },
  },
  proves: {},
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "read-fifth-profile-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
fs.writeFileSync(path.join(dir, "lines-profile.mjs"), PROFILE_SOURCE);
fs.writeFileSync(path.join(dir, "lines.oracle.json"), JSON.stringify(ORACLE, null, 2));
// The module imports @read/core and zod as any package would: installed beside it.
fs.mkdirSync(path.join(dir, "node_modules", "@read"), { recursive: true });
fs.symlinkSync(path.join(REPO_ROOT, "packages", "core"), path.join(dir, "node_modules", "@read", "core"));
fs.symlinkSync(fs.realpathSync(path.join(REPO_ROOT, "packages", "core", "node_modules", "zod")), path.join(dir, "node_modules", "zod"));
const workspace = path.join(dir, "ws");
fs.mkdirSync(workspace);
fs.writeFileSync(path.join(workspace, "a.txt"), "one\r\ntwo\nthree\n");
const CLI = path.join(REPO_ROOT, "packages", "cli", "bin", "read-tool.js");
const MODULE = path.join(dir, "lines-profile.mjs");

describe("a fifth profile made by following docs/profile-authoring.md", () => {
  test("the CLI runs it by path: call, schema and its config table", () => {
    const call = (...args: string[]) => execFileSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: "utf8", timeout: 60_000 });
    expect(JSON.parse(call("call", "--profile", "./lines-profile.mjs", "--root", workspace, '{"path":"a.txt","max_lines":2}'))).toEqual({
      path: "a.txt",
      content: "one\ntwo\n",
      next_start_line: 3,
    });
    expect(JSON.parse(call("schema", "--profile", MODULE, "--root", workspace)).name).toBe("read_lines");
    // A config that loads a module must be the user's own (--config); the workspace's file may only tighten.
    const config = path.join(workspace, "read.config.toml");
    fs.writeFileSync(config, 'profile = "../lines-profile.mjs"\n[lines]\nmax_lines = 1\n');
    expect(JSON.parse(call("call", "--root", workspace, "--config", config, '{"path":"a.txt"}'))).toEqual({ path: "a.txt", content: "one\n", next_start_line: 2 });
    fs.writeFileSync(config, 'profile = "../lines-profile.mjs"\n[lines]\nmax_line = 1\n');
    expect(() => call("call", "--root", workspace, "--config", config, '{"path":"a.txt"}')).toThrow(/lines: invalid option 'max_line' in \[lines\]: unknown key \(accepted keys: max_lines, secrets\)/);
    fs.rmSync(path.join(workspace, "read.config.toml"));
  });

  test("the MCP server serves it by path", async () => {
    const client = new Client({ name: "fifth", version: "1.0.0" });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, "mcp", "--profile", MODULE, "--root", workspace], stderr: "ignore" }));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(["read_lines"]);
      const result = await client.callTool({ name: "read_lines", arguments: { path: "a.txt", start_line: 3 } });
      expect(result.structuredContent).toEqual({ path: "a.txt", content: "three\n", next_start_line: null });
    } finally {
      await client.close();
    }
  });

  test("the harness loads it from its oracle and runs the whole suite against it", async () => {
    const oracle = loadOracle(path.join(dir, "lines.oracle.json"));
    expect(oracle.module).toBe(MODULE);
    expect(readToolCommand(REPO_ROOT, oracle)).toEqual([process.execPath, CLI, "call", "--profile", MODULE]);
    const { results } = await runConformance({
      oracles: [oracle],
      adapters: ["in-process"],
      seed: 11,
      runs: 3,
      subprocessRuns: 0,
      requirements: [],
      goldenCases: [],
      expectedFailures: [],
      commandFor: (target) => readToolCommand(REPO_ROOT, target),
      packageTests: new Map(),
    });
    const failed = results.filter((result) => result.status === "fail").map((result) => `${result.adapter} ${result.check}: ${result.message ?? ""}`);
    expect(failed.join("\n\n")).toBe("");
    expect(results.filter((result) => result.status === "pass").map((result) => result.check)).toEqual(expect.arrayContaining(["paging", "line-endings", "containment", "special-files"]));
  }, 60_000);
});
