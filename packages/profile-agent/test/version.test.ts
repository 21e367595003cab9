import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { numberedLines, read, readFailure, readText, sandbox, shown, versionOf } from "./helpers.js";

describe("AGENT-IN-07, AGENT-VER-01, AGENT-VER-02, AGENT-VER-03: versions and conditional reads", () => {
  it("AGENT-VER-01: the version is the first 32 hex digits of the SHA-256 of the bytes, whatever the name or time", async () => {
    const text = "same bytes\n";
    const { root } = sandbox({ "a.txt": text, "b/c.txt": text });
    fs.utimesSync(path.join(root, "b/c.txt"), new Date(2000, 1, 1), new Date(2000, 1, 1));
    const expected = versionOf(text);
    expect((await readText(root, { path: "a.txt" })).version).toBe(expected);
    expect((await readText(root, { path: "b/c.txt", start_line: 1, limit: 1 })).version).toBe(expected);
  });

  it("the version covers the whole file, not the window read", async () => {
    const { root } = sandbox({ "a.txt": "one\ntwo\n" });
    const before = (await readText(root, { path: "a.txt", limit: 1 })).version;
    fs.appendFileSync(path.join(root, "a.txt"), "three\n");
    expect((await readText(root, { path: "a.txt", limit: 1 })).version).not.toBe(before);
  });

  it("issue 32: if_version of an unchanged file answers {path, version, unchanged: true} only (AGENT-VER-02)", async () => {
    const { root } = sandbox({ "src/a.txt": "one\ntwo\n" });
    const { version } = await readText(root, { path: "src/a.txt" });
    expect(await read(root, { path: "src/a.txt", if_version: version })).toEqual({ path: "src/a.txt", version, unchanged: true });
  });

  it("issue 32: a file touched but unchanged is still unchanged (AGENT-VER-02)", async () => {
    const { root } = sandbox({ "a.txt": "one\n" });
    const { version } = await readText(root, { path: "a.txt" });
    const file = path.join(root, "a.txt");
    fs.writeFileSync(file, "one\n");
    fs.utimesSync(file, new Date(), new Date(Date.now() + 60_000));
    expect(await read(root, { path: "a.txt", if_version: version })).toEqual({ path: "a.txt", version, unchanged: true });
  });

  it("issue 32: a changed file answers in full with the new version (AGENT-VER-03)", async () => {
    const { root } = sandbox({ "a.txt": "one\n" });
    const { version } = await readText(root, { path: "a.txt" });
    fs.writeFileSync(path.join(root, "a.txt"), "uno\n");
    const output = await readText(root, { path: "a.txt", if_version: version });
    expect([output.content, output.version]).toEqual(["1\tuno", versionOf("uno\n")]);
  });

  it("AGENT-VER-01: a version keeps 128 bits: the digest cut to 16 hex digits (a 64-bit version, as spec 0.2 had it) is another version, and reads in full", async () => {
    const { root } = sandbox({ "a.txt": "one\n" });
    const digest = createHash("sha256").update("one\n").digest("hex");
    expect(await read(root, { path: "a.txt", if_version: digest.slice(0, 16) })).toEqual({
      path: "a.txt",
      content: "1\tone",
      start_line: 1,
      end_line: 1,
      total_lines: 1,
      truncated: false,
      next: null,
      version: digest.slice(0, 32),
      encoding: "utf-8",
      bom: false,
      line_endings: "lf",
    });
  });

  it("an if_version that was never a version reads in full", async () => {
    const { root } = sandbox({ "a.txt": "one\n" });
    expect((await readText(root, { path: "a.txt", if_version: "not-a-version" })).content).toBe("1\tone");
  });
});

describe("AGENT-VER-05: a file over max_scan_bytes", () => {
  const options = { max_scan_bytes: 1024 };

  it("has no version and no line count, and pages by start_line with next", async () => {
    const { root } = sandbox({ "big.log": numberedLines(300) });
    const first = await readText(root, { path: "big.log", limit: 100 }, options);
    expect([first.version, first.total_lines, first.next, first.end_line, first.line_endings]).toEqual([null, null, { start_line: 101 }, 100, "lf"]);
    const last = await readText(root, { path: "big.log", start_line: 201, limit: 100 }, options);
    expect([last.content, last.next, last.truncated]).toEqual([shown(100, 201), null, false]);
  });

  it("answers if_version in full, refuses tail, and says a start past the end is past it", async () => {
    const { root } = sandbox({ "big.log": numberedLines(300) });
    // Even the version its bytes would have: a file over max_scan_bytes is never hashed whole.
    const bytesVersion = versionOf(numberedLines(300));
    expect((await readText(root, { path: "big.log", if_version: bytesVersion, limit: 1 }, options)).content).toBe("1\tline 1");
    expect(await readFailure(root, { path: "big.log", tail: 5 }, options)).toEqual([
      "TOO_LARGE",
      "'big.log' is over max_scan_bytes (1024) in [agent], so its lines are not counted and `tail` cannot number its last lines. Read it by `start_line`, or raise max_scan_bytes in your own configuration.",
    ]);
    expect(await readFailure(root, { path: "big.log", start_line: 301 }, options)).toEqual([
      "LINE_OUT_OF_RANGE",
      "`start_line` 301 is after the last line: the file has fewer lines. Read from an earlier line.",
    ]);
  });
});

describe("AGENT-VER-01: the scan of a settled file is remembered, never past a write", () => {
  it("a settled file rewritten with other bytes of the same size gets the new version", async () => {
    const { root } = sandbox({ "a.txt": "aaaa\n" });
    const file = path.join(root, "a.txt");
    // A whole-second modification time, which the rewrite below can put back exactly: only the
    // status-change time then tells the two contents apart.
    fs.utimesSync(file, 1_700_000_000, 1_700_000_000);
    // Settled: unchanged for longer than core's SETTLE_MS (2 s), so its scan may be remembered.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const first = await readText(root, { path: "a.txt" });
    expect((await readText(root, { path: "a.txt" })).version).toBe(first.version);
    fs.writeFileSync(file, "bbbb\n");
    fs.utimesSync(file, 1_700_000_000, 1_700_000_000);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const after = await readText(root, { path: "a.txt" });
    expect([after.content, after.version]).toEqual(["1\tbbbb", versionOf("bbbb\n")]);
    expect(await read(root, { path: "a.txt", if_version: first.version })).toMatchObject({ content: "1\tbbbb" });
  });
});
