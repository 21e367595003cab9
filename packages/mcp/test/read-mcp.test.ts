import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, test } from "vitest";
import { READ_MCP_USAGE } from "../src/run-read-mcp.js";
import { connect, makeWorkspace, maskTime, readToolCall, READ_MCP, READ_TOOL, type Connection } from "./support.js";

const open: Connection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
});

const run = (bin: string, args: readonly string[], input = "") =>
  spawnSync(process.execPath, [bin, ...args], { input, encoding: "utf8", timeout: 20_000 });

describe("read-mcp, the package's own bin (what npx @read/mcp runs)", () => {
  test("package.json declares it, and it is an executable node script importing the build", () => {
    const manifest = JSON.parse(fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "package.json"), "utf8"));
    expect(manifest.bin).toEqual({ "read-mcp": "./bin/read-mcp.js" });
    expect(manifest.files).toContain("bin");
    expect(fs.readFileSync(READ_MCP, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
    expect(fs.statSync(READ_MCP).mode & 0o111).not.toBe(0);
  });

  test("--profile envelope --root DIR serves the same output as read-tool call", async () => {
    const root = makeWorkspace({ "docs/a.md": "# title\nbody\n" });
    const connection = await connect([READ_MCP, "--profile", "envelope", "--root", root]);
    open.push(connection);
    const result = await connection.client.callTool({ name: "Read", arguments: { path: "docs/a.md" } });
    expect(maskTime(result.structuredContent)).toEqual(maskTime(readToolCall(["--profile", "envelope", "--root", root], { path: "docs/a.md" })));
  });

  test("issue 32: without flags it serves the agent profile over the current directory", async () => {
    const root = makeWorkspace({ "a.txt": "here\n" });
    const connection = await connect([READ_MCP], undefined, root);
    open.push(connection);
    expect((await connection.client.listTools()).tools.map((tool) => tool.name)).toEqual(["read"]);
    const result = await connection.client.callTool({ name: "read", arguments: { path: "a.txt" } });
    expect(maskTime(result.structuredContent)).toEqual(maskTime(readToolCall(["--root", root], { path: "a.txt" })));
  });

  test("it says on stderr what it serves (version, profile, root), and exits 0 when its input ends", () => {
    const root = makeWorkspace({});
    const { version } = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "..", "package.json"), "utf8")) as { version: string };
    expect(run(READ_MCP, ["--root", root, "--profile", "forge"])).toMatchObject({
      status: 0,
      stdout: "",
      stderr: `read-mcp ${version}: MCP server on stdio, profile forge, root '${root}'\n`,
    });
  });

  test("--help prints the usage", () => {
    expect(run(READ_MCP, ["--help"])).toMatchObject({ status: 0, stdout: `${READ_MCP_USAGE}\n`, stderr: "" });
  });

  const root = makeWorkspace({});
  const usageErrors: Array<[string, string[], string]> = [
    ["unknown profile", ["--profile", "nope", "--root", root], "read-mcp: unknown profile 'nope' (known: envelope, workspace-jp, forge, guard, agent; or a module path such as ./my-profile.js)\n"],
    ["missing root", ["--root", path.join(root, "missing")], `read-mcp: --root ${path.join(root, "missing")} is not an existing directory\n`],
    ["empty root", ["--root", ""], "read-mcp: --root is empty; give a directory (an empty --root is refused, not taken as the current directory)\n"],
    ["a root holding an escape sequence and a bidi override, echoed escaped", ["--root", path.join(root, "a\u001b[31mb\u202ec")], `read-mcp: --root ${path.join(root, "a\\x1b[31mb\\u202ec")} is not an existing directory\n`],
    ["unknown flag", ["--frob"], "read-mcp: Unknown option '--frob'\n"],
    ["positional", ["extra"], "read-mcp: Unexpected argument 'extra'. This command does not take positional arguments\n"],
  ];
  for (const [name, args, stderr] of usageErrors) {
    test(`usage error, exit 2: ${name}`, () => {
      expect(run(READ_MCP, args)).toMatchObject({ status: 2, stdout: "", stderr });
    });
  }
});

describe("read-tool mcp usage", () => {
  test("--help prints its usage; the command is in read-tool's usage", () => {
    const help = run(READ_TOOL, ["mcp", "--help"]);
    expect(help).toMatchObject({ status: 0, stderr: "" });
    expect(help.stdout).toMatch(/^usage: read-tool mcp \[--profile NAME\] \[--root DIR\] \[--config FILE\] \[--client-roots\] \[--max-answer-bytes N\]\n/);
    expect(run(READ_TOOL, ["--help"]).stdout).toContain("  read-tool mcp [--profile NAME] [--root DIR] [--config FILE] [--client-roots]\n");
  });

  test("it says on stderr what it serves (read-tool's version, profile, root), and exits 0 when its input ends", () => {
    const root = makeWorkspace({});
    const cli = path.resolve(import.meta.dirname, "..", "..", "cli", "package.json");
    const { version } = JSON.parse(fs.readFileSync(cli, "utf8")) as { version: string };
    expect(run(READ_TOOL, ["mcp", "--root", root])).toMatchObject({ status: 0, stdout: "", stderr: `read-tool ${version}: MCP server on stdio, profile agent, root '${root}'\n` });
  });

  const root = makeWorkspace({ "bad.toml": "profile = 3\n" });
  const usageErrors: Array<[string, string[], RegExp]> = [
    ["unknown profile", ["mcp", "--profile", "nope", "--root", root], /^read-tool: unknown profile 'nope'/],
    ["missing root", ["mcp", "--root", path.join(root, "missing")], /^read-tool: --root .* is not an existing directory\n$/],
    ["a root holding an escape sequence, echoed escaped", ["mcp", "--root", path.join(root, "a\u001b[31mb")], /^read-tool: --root .*a\\x1b\[31mb is not an existing directory\n$/],
    ["bad config", ["mcp", "--root", root, "--config", path.join(root, "bad.toml")], /^read-tool: bad config .*bad\.toml: key 'profile'/],
    ["unknown flag", ["mcp", "--permission", "allow"], /^read-tool: unknown option '--permission'; read-tool mcp takes --profile, --root, --config, --help, --client-roots, --max-answer-bytes\n$/],
    ["--max-answer-bytes too small", ["mcp", "--root", root, "--max-answer-bytes", "12"], /^read-tool: --max-answer-bytes must be an integer of at least 1024, got '12'\n$/],
    ["--max-answer-bytes not a number", ["mcp", "--root", root, "--max-answer-bytes", "abc"], /^read-tool: --max-answer-bytes must be an integer of at least 1024, got 'abc'\n$/],
  ];
  for (const [name, args, stderr] of usageErrors) {
    test(`usage error, exit 2: ${name}`, () => {
      const result = run(READ_TOOL, args);
      expect(result.status).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toMatch(stderr);
      expect(result.stderr.split("\n")).toHaveLength(2);
    });
  }
});
