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

  test("issue 31 item 4: makes invisible and format characters visible (zero-width, joiners, a BOM mid-line, soft hyphen, word joiner, tag characters)", () => {
    const hidden = "a\u200bb\u200dc\ufeffd\u00ade\u2060f\u{e0041}\u{e0042}g";
    const root = makeWorkspace({ "a.txt": `${hidden}\n` });
    expect(runCli(["a.txt"], { cwd: root }).stdout).toBe("1  a\\u200bb\\u200dc\\ufeffd\\xade\\u2060f\\u{e0041}\\u{e0042}g\n(lines 1-1 of 1)\n");
  });

  test("issue 31 item 4: ordinary text prints byte for byte as before (scripts, emoji with VS16, tabs)", () => {
    const ordinary = "café naïve 日本語 ❤️ 😀\tend\nκαλημέρα — “quotes” ½\n";
    const root = makeWorkspace({ "a.txt": ordinary });
    expect(runCli(["a.txt"], { cwd: root }).stdout).toBe("1  café naïve 日本語 ❤️ 😀\tend\n2  καλημέρα — “quotes” ½\n(lines 1-2 of 2)\n");
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

  describe("a page holds at most 256 KiB of lines, whatever the line count", () => {
    test("a 4 MiB file of one line shows its first 256 KiB and says how much is not shown", () => {
      const root = makeWorkspace({ "min.js": `${"x".repeat(4 * 1024 * 1024)}\n` });
      const run = runCli(["min.js"], { cwd: root });
      expect(run.status).toBe(0);
      const [body, summary] = run.stdout.split(/\n(?=\(line)/);
      expect(Buffer.byteLength(`${body}\n`)).toBe(256 * 1024);
      expect(body).toBe(`1  ${"x".repeat(256 * 1024 - 4)}`);
      expect(summary).toBe("(line 1 of 1, cut after 262140 bytes to fit in 256 KiB; the rest of the line is not shown)\n");
    });

    test("issue 30 case 8: a 70 MB one-line file is cut, never TOO_LARGE, reading only the window it shows", () => {
      const root = makeWorkspace({});
      fs.writeFileSync(path.join(root, "one-line.txt"), Buffer.alloc(70_000_000, 0x78));
      const run = runCli(["one-line.txt"], { cwd: root });
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      expect(run.stdout).toBe(`1  ${"x".repeat(262_140)}\n(line 1 of 1, cut after 262140 bytes to fit in 256 KiB; the rest of the line is not shown)\n`);
      const tail = runCli(["one-line.txt", "--tail", "1"], { cwd: root });
      expect(tail.stdout).toBe(`1  ${"x".repeat(262_140)}\n(line 1 of 1, 262140 bytes of its end shown to fit in 256 KiB; the rest of the line is not shown)\n`);
    });

    test("a line is cut on a character boundary: neither a UTF-8 sequence nor an escape is split", () => {
      const root = makeWorkspace({ "euro.txt": `${"€".repeat(100_000)}\nnext\n`, "esc.txt": `${"\u001b".repeat(70_000)}\n` });
      const euro = runCli(["euro.txt"], { cwd: root }).stdout;
      expect(euro).toBe(`1  ${"€".repeat(87_380)}\n(line 1 of 2, cut after 262140 bytes to fit in 256 KiB; the rest of the line is not shown; continue with --start 2)\n`);
      const escapes = runCli(["esc.txt"], { cwd: root }).stdout;
      expect(escapes).toBe(`1  ${"\\x1b".repeat(65_535)}\n(line 1 of 1, cut after 65535 of its 70000 bytes to fit in 256 KiB)\n`);
    });

    test("a page of many long lines ends before the first line that does not fit, and says where to continue", () => {
      const row = "y".repeat(997);
      const root = makeWorkspace({ "long.txt": `${row}\n`.repeat(2000) });
      const run = runCli(["long.txt", "--lines", "1000"], { cwd: root });
      // Each row is its number padded to the widest shown (1000: 4 characters), two spaces, 997 characters
      // and a newline: 1004 bytes, of which 261 fit in 262144.
      const shown = run.stdout.split("\n").length - 2;
      expect(shown).toBe(261);
      expect(Buffer.byteLength(run.stdout.slice(0, run.stdout.lastIndexOf("("))) <= 256 * 1024).toBe(true);
      expect(run.stdout.endsWith("(lines 1-261 of 2000, as many as fit in 256 KiB; continue with --start 262)\n")).toBe(true);
    });
  });
});
