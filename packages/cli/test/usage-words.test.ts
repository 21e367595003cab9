import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { makeWorkspace, runCli } from "./run-cli.js";

const root = makeWorkspace({ "notes.txt": "one\ntwo\nthree\n" });
const version = runCli(["--version"]).stdout;

describe("issue 31 case 3: flag and command mistakes are told in read-tool's own words, one line on stderr, exit 2", () => {
  test.each([
    ["a misspelt flag names the closest one", ["notes.txt", "--lnes", "2"], "unknown option '--lnes'; did you mean '--lines'?"],
    ["a negative count is explained, not 'ambiguous'", ["notes.txt", "--lines", "-1"], "--lines must be a positive integer, got '-1'"],
    ["a negative count written with =", ["notes.txt", "--tail=-3"], "--tail must be a positive integer, got '-3'"],
    ["a non-numeric count", ["notes.txt", "--start", "two"], "--start must be a positive integer, got 'two'"],
    ["a zero count", ["notes.txt", "--lines", "0"], "--lines must be a positive integer, got '0'"],
    ["a path one edit from a command, with no such file", ["mpc"], "unknown command 'mpc'; did you mean 'read-tool mcp'? (there is no file 'mpc' to read either)"],
    ["a command one edit off, with the command's own flags after it", ["cal", "--profile", "forge", "{}"], "unknown command 'cal'; did you mean 'read-tool call'? (there is no file 'cal' to read either)"],
    ["two swapped letters of a command", ["jsnol"], "unknown command 'jsnol'; did you mean 'read-tool jsonl'? (there is no file 'jsnol' to read either)"],
    ["a misspelt flag of call", ["call", "--profle", "forge", "{}"], "unknown option '--profle'; did you mean '--profile'?"],
    ["a misspelt flag of mcp", ["mcp", "--client-root"], "unknown option '--client-root'; did you mean '--client-roots'?"],
    ["an unknown flag with nothing close lists the command's flags", ["notes.txt", "-x"], "unknown option '-x'; read-tool PATH takes --root, --help, --start, --lines, --tail"],
    ["a misspelt top-level flag", ["--verison"], "unknown option '--verison'; did you mean '--version'?"],
    ["a command's flag before the command", ["--profile", "forge", "call", "{}"], "option '--profile' before a command; options go after the command or path, as in read-tool call --profile ..."],
    ["a reading flag before the path", ["--lines", "2", "notes.txt"], "option '--lines' before a command; options go after the command or path, as in read-tool PATH --lines ..."],
    ["a flag missing its value", ["notes.txt", "--lines"], "--lines needs a value"],
    ["a flag whose value is another flag", ["notes.txt", "--lines", "--tail", "2"], "--lines needs a value, got the option '--tail' (for a value that starts with --, write --lines=VALUE)"],
    ["a switch given a value", ["schema", "--help=yes"], "--help takes no value, got 'yes'"],
    ["an extra argument", ["schema", "extra"], "unexpected argument 'extra' (read-tool schema takes none)"],
  ])("%s: read-tool %j", (_name, args, message) => {
    expect(runCli(args, { cwd: root })).toEqual({ status: 2, stdout: "", stderr: `read-tool: ${message}\n` });
  });

  test("-V prints the version, as -v and --version do", () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+\S*\n$/u);
    for (const flag of ["-V", "-v", "--version"]) expect(runCli([flag]), flag).toEqual({ status: 0, stdout: version, stderr: "" });
  });

  test("a file named like a mistyped command is read, as any path is", () => {
    const cwd = makeWorkspace({ cal: "a file named cal\n" });
    expect(runCli(["cal"], { cwd })).toMatchObject({ status: 0, stdout: expect.stringContaining("a file named cal") as unknown, stderr: "" });
  });

  test("a missing file far from every command is NOT_FOUND, exit 1, with no command suggested", () => {
    const run = runCli(["nothing-here.txt"], { cwd: root });
    expect(run).toMatchObject({ status: 1, stdout: "" });
    expect(run.stderr).toMatch(/^read-tool: NOT_FOUND: /u);
    expect(run.stderr).not.toContain("did you mean");
  });

  test("--root decides whether the file is there: 'mpc' in the root is read", () => {
    const other = makeWorkspace({ mpc: "x\n" });
    expect(runCli(["mpc", "--root", other], { cwd: root })).toMatchObject({ status: 0, stderr: "" });
    expect(runCli(["mpc"], { cwd: root }).status).toBe(2);
  });

  test("a root that is not a directory is told by the read (exit 1), not taken for a mistyped command", () => {
    expect(runCli(["mpc", "--root", "notes.txt"], { cwd: root })).toMatchObject({ status: 1, stdout: "", stderr: `read-tool: The workspace root '${path.join(fs.realpathSync(root), "notes.txt")}' is not a directory.\n` });
    expect(runCli(["mpc", "--root", "notes.txt"], { cwd: root }).stderr).not.toContain("did you mean");
  });

  test("a value that starts with '--' is given with '=', and reaches the command's own check", () => {
    expect(runCli(["notes.txt", "--lines=--2"], { cwd: root })).toEqual({ status: 2, stdout: "", stderr: "read-tool: --lines must be a positive integer, got '--2'\n" });
    expect(runCli(["notes.txt", "--lines", "2"], { cwd: root })).toMatchObject({ status: 0, stderr: "" });
  });
});
