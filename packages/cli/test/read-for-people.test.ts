import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { makeWorkspace, runCli } from "./run-cli.js";

describe("read-tool PATH", () => {
  const lines = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join("\n") + "\n";

  test("prints a numbered window and how to continue", () => {
    const root = makeWorkspace({ "a.txt": lines });
    const run = runCli(["a.txt", "--start", "9", "--lines", "2"], { cwd: root });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(" 9  line 9\n10  line 10\n(lines 9-10 of 12; continue with --start 11)\n");
  });

  test("--tail shows the last lines with their numbers", () => {
    const root = makeWorkspace({ "a.txt": lines });
    expect(runCli(["a.txt", "--tail", "2", "--root", root]).stdout).toBe("11  line 11\n12  line 12\n(lines 11-12 of 12)\n");
  });

  test("makes control characters visible so a file cannot rewrite the terminal", () => {
    const root = makeWorkspace({ "a.txt": "safe\u001b[2Jtext\r\n" });
    expect(runCli(["a.txt"], { cwd: root }).stdout).toBe("1  safe\\x1b[2Jtext\n(lines 1-1 of 1)\n");
  });

  test("makes bidi overrides, line separators and lone CRs visible too, and keeps tabs", () => {
    const root = makeWorkspace({ "a.txt": "a\tb\u202ec\u2028d\re\n" });
    expect(runCli(["a.txt"], { cwd: root }).stdout).toBe("1  a\tb\\u202ec\\u2028d\\re\n(lines 1-1 of 1)\n");
  });

  test("refuses what every profile refuses: outside the root, directories", () => {
    const root = makeWorkspace({ "ws/a.txt": "x\n", "secret.txt": "s\n" });
    const ws = path.join(root, "ws");
    fs.mkdirSync(path.join(ws, "dir"));
    const outside = runCli(["../secret.txt"], { cwd: ws });
    expect(outside.status).toBe(1);
    expect(outside.stderr).toMatch(/^read-tool: OUTSIDE_ROOT: /);
    expect(runCli(["dir"], { cwd: ws }).stderr).toMatch(/^read-tool: IS_DIRECTORY: /);
  });

  test("--tail with --start is a usage error", () => {
    const root = makeWorkspace({ "a.txt": lines });
    const run = runCli(["a.txt", "--tail", "2", "--start", "3"], { cwd: root });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("read-tool: --tail cannot be combined with --start or --lines\n");
  });
});
