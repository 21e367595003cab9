import { describe, expect, test } from "vitest";
import { createTool, maskTime, type EnvelopeOutput } from "../src/index.js";
import { asRead, stats } from "./outputs.js";
import { SPEC_EXAMPLE, specExampleLines } from "./spec-example.js";
import { makeWorkspace } from "./workspace.js";

describe("§2.3 output envelope", () => {
  test("ENV-2.3: a read has exactly the keys status, data, text, stats, context", async () => {
    const ws = makeWorkspace();
    ws.write("a.txt", "one\n");
    const tool = createTool({ root: ws.root });
    expect(Object.keys(await tool.call({ path: "a.txt" }))).toEqual(["status", "data", "text", "stats", "context"]);
    expect(Object.keys(await tool.call({ path: "a.txt", limit: 1 }))).toEqual(["status", "data", "text", "stats", "context"]);
  });

  test("ENV-2.3 ENV-ref-data: an error adds error { code, message }; data is {} (the protocol never allows null), stats has time_ms, context has cwd, params_input and where the path resolved", async () => {
    const ws = makeWorkspace();
    const output = maskTime(await createTool({ root: ws.root }).call({ path: "nope.txt" }));
    expect(Object.keys(output)).toEqual(["status", "data", "text", "stats", "context", "error"]);
    expect(output).toEqual({
      status: "error",
      data: {},
      text: "File 'nope.txt' does not exist.",
      stats: { time_ms: 0 },
      context: { cwd: ".", params_input: { path: "nope.txt" }, path_resolved: "nope.txt" },
      error: { code: "NOT_FOUND", message: "File 'nope.txt' does not exist." },
    });
  });
});

describe("§2.3.1 data", () => {
  test('ENV-2.3.1-content: each line is "%4d | %s\\n", the last one included, even without a final newline', async () => {
    const ws = makeWorkspace();
    ws.write("a.py", "def f():\n    return 1\n\n\tx = 'y'");
    const output = asRead(await createTool({ root: ws.root }).call({ path: "a.py" }));
    expect(output.data.content).toBe("   1 | def f():\n   2 |     return 1\n   3 | \n   4 | \tx = 'y'\n");
  });

  test("ENV-2.3.1-content: line numbers wider than four digits widen the field, as printf does", async () => {
    const ws = makeWorkspace();
    ws.write("long.txt", Array.from({ length: 10001 }, (_, i) => `L${i + 1}`).join("\n"));
    const output = asRead(await createTool({ root: ws.root }).call({ path: "long.txt", start_line: 9998, limit: 4 }));
    expect(output.data.content).toBe("9998 | L9998\n9999 | L9999\n10000 | L10000\n10001 | L10001\n");
  });

  test("ENV-2.3.1-content: CRLF is one terminator; no \\r is left at the end of a content line", async () => {
    const ws = makeWorkspace();
    ws.write("crlf.txt", "one\r\ntwo\r\nthree\r\n");
    const output = asRead(await createTool({ root: ws.root }).call({ path: "crlf.txt" }));
    expect(output.data.content).toBe("   1 | one\n   2 | two\n   3 | three\n");
    expect(output.stats.chars_read).toBe(35);
    expect(output.stats.total_lines).toBe(3);
  });

  test("ENV-2.3.1-content ENV-ref-lines: an LF, a CRLF and a lone CR each end a line, as Python's text mode reads the file (MyCodeAgent's readlines)", async () => {
    const ws = makeWorkspace();
    ws.write("cr.txt", "a\r\r\nb\rc\n\r\nlast\r");
    const output = asRead(await createTool({ root: ws.root }).call({ path: "cr.txt" }));
    expect(output.data.content).toBe("   1 | a\n   2 | \n   3 | b\n   4 | c\n   5 | \n   6 | last\n");
    expect(output.stats).toMatchObject({ lines_read: 6, chars_read: 55, total_lines: 6 });
    expect(asRead(await createTool({ root: ws.root }).call({ path: "cr.txt", start_line: 6 })).data.content).toBe("   6 | last\n");
  });

  test("ENV-2.3.1-truncated: truncated is true exactly when lines follow the ones returned", async () => {
    const ws = makeWorkspace();
    ws.write("five.txt", "1\n2\n3\n4\n5\n");
    const tool = createTool({ root: ws.root });
    expect(asRead(await tool.call({ path: "five.txt", limit: 4 })).data.truncated).toBe(true);
    expect(asRead(await tool.call({ path: "five.txt", limit: 5 })).data.truncated).toBe(false);
    expect(asRead(await tool.call({ path: "five.txt", start_line: 2, limit: 4 })).data.truncated).toBe(false);
    expect(asRead(await tool.call({ path: "five.txt", start_line: 5, limit: 1 })).data.truncated).toBe(false);
  });

  test("ENV-2.3.1-fallback: fallback_encoding is 'replace' only when decoding fell back, absent otherwise", async () => {
    const ws = makeWorkspace();
    ws.write("u.txt", "héllo ✓ 😀\n");
    ws.write("bad.txt", Buffer.from([0x68, 0xe9, 0x0a]));
    const tool = createTool({ root: ws.root });
    const output = asRead(await tool.call({ path: "u.txt" }));
    expect(output.data).toEqual({ content: "   1 | héllo ✓ 😀\n", truncated: false });
    expect("fallback_encoding" in output.data).toBe(false);
    expect(asRead(await tool.call({ path: "bad.txt" })).data).toEqual({ content: "   1 | h\uFFFD\n", truncated: false, fallback_encoding: "replace" });
  });
});

describe("§2.3.2 context", () => {
  test("ENV-2.3.2: cwd is '.', params_input is the input exactly as given (unknown keys too), path_resolved is normalised", async () => {
    const ws = makeWorkspace();
    ws.write("src/a.py", "x\n");
    const input = { path: "./src//../src/a.py", start_line: 1, extra: [1, { deep: true }] };
    const output = asRead(await createTool({ root: ws.root }).call(input));
    expect(output.context).toEqual({ cwd: ".", params_input: { path: "./src//../src/a.py", start_line: 1, extra: [1, { deep: true }] }, path_resolved: "src/a.py" });
    // The text names the file as it resolved, as MyCodeAgent's does.
    expect(output.text).toBe(`Read 1 lines from 'src/a.py' (Lines 1-1).\n(Took ${output.stats.time_ms}ms)`);
  });

  test("ENV-2.3.2: with the cwd option, relative paths start there and context.cwd names it", async () => {
    const ws = makeWorkspace();
    ws.write("pkg/src/a.py", "x\n");
    ws.write("other.txt", "o\n");
    const tool = createTool({ root: ws.root, cwd: "./pkg/" });
    expect(maskTime(await tool.call({ path: "src/a.py" }))).toEqual({
      status: "success",
      data: { content: "   1 | x\n", truncated: false },
      text: "Read 1 lines from 'pkg/src/a.py' (Lines 1-1).\n(Took 0ms)",
      stats: stats(1, 9, 1, 2),
      context: { cwd: "pkg", params_input: { path: "src/a.py" }, path_resolved: "pkg/src/a.py" },
    });
    expect(asRead(await tool.call({ path: "../other.txt" })).context.path_resolved).toBe("other.txt");
    expect(maskTime(await tool.call({ path: "../../outside/x" }))).toMatchObject({
      context: { cwd: "pkg" },
      error: { code: "ACCESS_DENIED", message: "Access denied. Path must be within project root." },
    });
  });
});

describe("§2.3.2.1 stats", () => {
  test("ENV-2.3.2.1 ENV-ref-lines: chars_read is the length of data.content in Unicode code points, prefixes included (MyCodeAgent's len(content)), a character outside the BMP as one", async () => {
    const ws = makeWorkspace();
    ws.write("bmp.txt", "\u00e9\u2713\nab\n");
    ws.write("astral.txt", "\u00e9\u{1F600}\nab\n");
    const tool = createTool({ root: ws.root });
    // "   1 | é✓\n" 10, "   2 | ab\n" 10.
    expect(asRead(await tool.call({ path: "bmp.txt" })).stats.chars_read).toBe(20);
    expect(asRead(await tool.call({ path: "astral.txt" })).stats.chars_read).toBe(20);
  });

  test("ENV-2.3.2.1: stats carries time_ms, lines_read, chars_read, total_lines, file_size_bytes, file_mtime_ms, encoding", async () => {
    const ws = makeWorkspace();
    ws.write("s.txt", "αβγ\r\n😀x\nlast");
    const output = asRead(await createTool({ root: ws.root }).call({ path: "s.txt", start_line: 2 }));
    expect(Object.keys(output.stats)).toEqual(["time_ms", "lines_read", "chars_read", "total_lines", "file_size_bytes", "file_mtime_ms", "encoding"]);
    // "   2 | 😀x\n" is 10 code points, "   3 | last\n" 12.
    expect(maskTime(output).stats).toEqual(stats(2, 22, 3, 18));
    expect(Number.isInteger(output.stats.time_ms)).toBe(true);
    expect(output.stats.time_ms).toBeGreaterThanOrEqual(0);
  });

  test("ENV-2.3.2.1: time_ms is the real elapsed time of the call, the X of (Took Xms)", async () => {
    const ws = makeWorkspace();
    ws.write("big.txt", "0123456789abcdef\n".repeat(2_000_000));
    const tool = createTool({ root: ws.root });
    const before = performance.now();
    const output = asRead(await tool.call({ path: "big.txt", start_line: 1_999_000, limit: 10 }));
    const measured = performance.now() - before;
    expect(output.stats.time_ms).toBeGreaterThan(0);
    expect(output.stats.time_ms).toBeLessThanOrEqual(Math.ceil(measured));
    expect(output.text.split("\n")[1]).toBe(`(Took ${output.stats.time_ms}ms)`);
  });
});

describe("§2.3.3 the spec's example", () => {
  test("ENV-2.3.3: the spec's truncated example is reproduced exactly, time fields aside", async () => {
    const ws = makeWorkspace();
    const lines = specExampleLines();
    ws.write("src/utils.py", `${lines.join("\n")}\n`);
    const output = maskTime(await createTool({ root: ws.root }).call({ path: "src/utils.py", limit: 500 }));
    const expectedContent = lines
      .slice(0, 500)
      .map((line, i) => `${String(i + 1).padStart(4)} | ${line}\n`)
      .join("");
    expect(output).toEqual({ ...maskTime(SPEC_EXAMPLE as unknown as EnvelopeOutput), data: { content: expectedContent, truncated: true } });
    expect(asRead(output).data.content.startsWith(SPEC_EXAMPLE.data.content)).toBe(true);
    expect(JSON.stringify(Object.keys(output))).toBe(JSON.stringify(Object.keys(SPEC_EXAMPLE)));
  });
});

describe("§3 status", () => {
  test("ENV-3.1: a read to EOF without truncation or fallback is success", async () => {
    const ws = makeWorkspace();
    ws.write("a.txt", "one\ntwo\n");
    expect(maskTime(await createTool({ root: ws.root }).call({ path: "a.txt", start_line: 2 }))).toEqual({
      status: "success",
      data: { content: "   2 | two\n", truncated: false },
      text: "Read 1 lines from 'a.txt' (Lines 2-2).\n(Took 0ms)",
      stats: stats(1, 11, 2, 8),
      context: { cwd: ".", params_input: { path: "a.txt", start_line: 2 }, path_resolved: "a.txt" },
    });
  });

  test("ENV-3.2: a truncated read is partial", async () => {
    const ws = makeWorkspace();
    ws.write("a.txt", "one\ntwo\nthree\n");
    expect(maskTime(await createTool({ root: ws.root }).call({ path: "a.txt", limit: 2 }))).toEqual({
      status: "partial",
      data: { content: "   1 | one\n   2 | two\n", truncated: true },
      text: "Read 2 lines from 'a.txt' (Lines 1-2).\n(Took 0ms)\n[Truncated: Showing first 2 of 3 lines. Use start_line=3 to continue.]",
      stats: stats(2, 22, 3, 14),
      context: { cwd: ".", params_input: { path: "a.txt", limit: 2 }, path_resolved: "a.txt" },
    });
  });

  test("ENV-3.2: a read decoded with replacement is partial even when it reached EOF", async () => {
    const ws = makeWorkspace();
    ws.write("bad.txt", Buffer.from([0x6f, 0x6b, 0x0a, 0xff, 0x61, 0x0a]));
    const output = maskTime(await createTool({ root: ws.root }).call({ path: "bad.txt" }));
    expect(output.status).toBe("partial");
    expect(output.data).toEqual({ content: "   1 | ok\n   2 | \uFFFDa\n", truncated: false, fallback_encoding: "replace" });
  });

  test("ENV-3.3: a missing path, an outside path, a non-file, a binary file and an invalid parameter are errors", async () => {
    const ws = makeWorkspace();
    ws.mkdir("dir");
    ws.write("bin.dat", Buffer.from([1, 0, 2]));
    ws.writeOutside("secret.txt", "s\n");
    const tool = createTool({ root: ws.root });
    const codes = [];
    for (const input of [{ path: "missing" }, { path: "../outside/secret.txt" }, { path: "dir" }, { path: "bin.dat" }, { path: "bin.dat", limit: 0 }]) {
      const output = await tool.call(input);
      expect(output.status).toBe("error");
      expect(tool.isError(output)).toBe(true);
      codes.push(output.status === "error" ? output.error.code : undefined);
    }
    expect(codes).toEqual(["NOT_FOUND", "ACCESS_DENIED", "IS_DIRECTORY", "BINARY_FILE", "INVALID_PARAM"]);
  });
});

describe("§6 text", () => {
  test("ENV-6: a success has two lines, 'Read N lines ...' and '(Took Xms)', with 'Read 1 lines' as the template says", async () => {
    const ws = makeWorkspace();
    ws.write("one.txt", "only");
    const output = await createTool({ root: ws.root }).call({ path: "one.txt" });
    expect(maskTime(output).text).toBe("Read 1 lines from 'one.txt' (Lines 1-1).\n(Took 0ms)");
    expect(output.text).toMatch(/^Read 1 lines from 'one\.txt' \(Lines 1-1\)\.\n\(Took \d+ms\)$/u);
  });

  test("ENV-6: a truncated page in the middle names the next start line", async () => {
    const ws = makeWorkspace();
    ws.write("ten.txt", Array.from({ length: 10 }, (_, i) => `line ${i + 1}\n`).join(""));
    const output = maskTime(await createTool({ root: ws.root }).call({ path: "ten.txt", start_line: 4, limit: 3 }));
    expect(output.text).toBe("Read 3 lines from 'ten.txt' (Lines 4-6).\n(Took 0ms)\n[Truncated: Showing first 3 of 10 lines. Use start_line=7 to continue.]");
  });

  test("ENV-6 ENV-ref-fallback: a result partial only because of the encoding fallback has no Truncated line, and says what happened (MyCodeAgent's warning)", async () => {
    const ws = makeWorkspace();
    ws.write("latin1.txt", Buffer.from("caf\xe9\n", "latin1"));
    const output = maskTime(await createTool({ root: ws.root }).call({ path: "latin1.txt" }));
    expect(output).toEqual({
      status: "partial",
      data: { content: "   1 | caf\uFFFD\n", truncated: false, fallback_encoding: "replace" },
      text: "Read 1 lines from 'latin1.txt' (Lines 1-1).\n(Took 0ms)\n[Warning: Encoding issues detected. Some characters may be corrupted (using replacement).]",
      stats: stats(1, 12, 1, 5, "utf-8 (replace)"),
      context: { cwd: ".", params_input: { path: "latin1.txt" }, path_resolved: "latin1.txt" },
    });
  });

  test("ENV-6: render shows the numbered lines then the text; an error shows its code and message", async () => {
    const ws = makeWorkspace();
    ws.write("a.txt", "one\ntwo\n");
    const tool = createTool({ root: ws.root });
    const read = maskTime(await tool.call({ path: "a.txt", limit: 1 }));
    expect(tool.render(read)).toBe("   1 | one\nRead 1 lines from 'a.txt' (Lines 1-1).\n(Took 0ms)\n[Truncated: Showing first 1 of 2 lines. Use start_line=2 to continue.]");
    expect(tool.isError(read)).toBe(false);
    expect(tool.render(await tool.call({ path: "zzz" }))).toBe("NOT_FOUND: File 'zzz' does not exist.");
  });
});

describe("§7 empty file", () => {
  test("ENV-7: an empty file is success with content '', zero counts and exactly the spec's sentence as text", async () => {
    const ws = makeWorkspace();
    ws.write("empty.txt", "");
    const output = maskTime(await createTool({ root: ws.root }).call({ path: "empty.txt" }));
    expect(output).toEqual({
      status: "success",
      data: { content: "", truncated: false },
      text: "Read 0 lines from 'empty.txt' (file is empty).",
      stats: stats(0, 0, 0, 0),
      context: { cwd: ".", params_input: { path: "empty.txt" }, path_resolved: "empty.txt" },
    });
  });

  test("ENV-7: start_line 1 given explicitly on an empty file is the same success", async () => {
    const ws = makeWorkspace();
    ws.write("empty.txt", "");
    const output = maskTime(await createTool({ root: ws.root }).call({ path: "empty.txt", start_line: 1, limit: 2000 }));
    expect(output.status).toBe("success");
    expect(output.text).toBe("Read 0 lines from 'empty.txt' (file is empty).");
  });
});
