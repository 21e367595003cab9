import { describe, expect, test } from "vitest";
import { numberedLines, read, sandbox } from "./helpers.js";

describe("T-RD-01 / T-RD-02: full file and line range", () => {
  test("FORGE-T-RD-01: reading a full file returns every line, numbered", async () => {
    const { root } = sandbox({ "src/a.txt": "alpha\nbeta\ngamma\n" });
    expect(await read(root, { path: "src/a.txt" })).toEqual({
      path: "src/a.txt",
      content: "1| alpha\n2| beta\n3| gamma\n",
      binary: false,
      line_numbers: true,
      start_line: 1,
      end_line: 3,
      total_lines: 3,
      truncated: false,
      next_start_line: null,
      size_bytes: 17,
    });
  });

  test("FORGE-T-RD-02: a line range returns exactly those lines and where to continue", async () => {
    const { root } = sandbox({ "log.txt": numberedLines(10) });
    expect(await read(root, { path: "log.txt", start_line: 3, end_line: 5 })).toEqual({
      path: "log.txt",
      content: "3| line 3\n4| line 4\n5| line 5\n",
      binary: false,
      line_numbers: true,
      start_line: 3,
      end_line: 5,
      total_lines: 10,
      truncated: true,
      next_start_line: 6,
      size_bytes: 71,
    });
    expect(await read(root, { path: "log.txt", start_line: 9, limit: 5 })).toMatchObject({
      content: " 9| line 9\n10| line 10\n",
      start_line: 9,
      end_line: 10,
      truncated: false,
      next_start_line: null,
    });
    expect(await read(root, { path: "log.txt", end_line: 2 })).toMatchObject({ content: "1| line 1\n2| line 2\n", start_line: 1, end_line: 2, next_start_line: 3 });
    expect(await read(root, { path: "log.txt", start_line: 8 })).toMatchObject({ content: " 8| line 8\n 9| line 9\n10| line 10\n", truncated: false });
  });

  test("FORGE-T-RD-02: an end_line past the end returns up to the end", async () => {
    const { root } = sandbox({ "log.txt": numberedLines(3) });
    expect(await read(root, { path: "log.txt", start_line: 2, end_line: 50 })).toEqual({
      path: "log.txt",
      content: "2| line 2\n3| line 3\n",
      binary: false,
      line_numbers: true,
      start_line: 2,
      end_line: 3,
      total_lines: 3,
      truncated: false,
      next_start_line: null,
      size_bytes: 21,
    });
  });

  test("FORGE-T-RD-02: a start_line past the end returns an empty view with the line count", async () => {
    const { root } = sandbox({ "log.txt": numberedLines(3) });
    expect(await read(root, { path: "log.txt", start_line: 7, limit: 2 })).toEqual({
      path: "log.txt",
      content: "",
      binary: false,
      line_numbers: true,
      start_line: null,
      end_line: null,
      total_lines: 3,
      truncated: false,
      next_start_line: null,
      size_bytes: 21,
    });
  });
});

describe("FR-RD-04: the text view", () => {
  test("FORGE-FR-RD-04: numbers are right-aligned to the widest number shown, then `| `", async () => {
    const { root } = sandbox({ "a.txt": `${"x\n".repeat(98)}a\nb\n` });
    expect(await read(root, { path: "a.txt", start_line: 99, end_line: 100 })).toMatchObject({ content: " 99| a\n100| b\n", line_numbers: true });
    expect(await read(root, { path: "a.txt", start_line: 97, limit: 2 })).toMatchObject({ content: "97| x\n98| x\n" });
  });

  test("FORGE-FR-RD-04: show_line_numbers false returns the raw lines", async () => {
    const { root } = sandbox({ "a.txt": "one\ntwo\n" });
    expect(await read(root, { path: "a.txt", show_line_numbers: false })).toMatchObject({ content: "one\ntwo\n", line_numbers: false, start_line: 1, end_line: 2 });
  });

  test("FORGE-FR-RD-04: the configured default applies and the argument overrides it", async () => {
    const { root } = sandbox({ "a.txt": "one\ntwo\n" });
    expect(await read(root, { path: "a.txt" }, { show_line_numbers: false })).toMatchObject({ content: "one\ntwo\n", line_numbers: false });
    expect(await read(root, { path: "a.txt", show_line_numbers: true }, { show_line_numbers: false })).toMatchObject({ content: "1| one\n2| two\n", line_numbers: true });
  });

  test("FORGE-FR-RD-04: numbered, a CRLF shows as a line break without \\r; a final newline is kept exactly when the file has one", async () => {
    const { root } = sandbox({ "crlf.txt": "one\r\ntwo\r\n", "open.txt": "one\r\ntwo", "cr.txt": "a\rb\n", "blank.txt": "\n\n" });
    expect(await read(root, { path: "crlf.txt" })).toMatchObject({ content: "1| one\n2| two\n", total_lines: 2 });
    expect(await read(root, { path: "open.txt" })).toMatchObject({ content: "1| one\n2| two", total_lines: 2 });
    expect(await read(root, { path: "crlf.txt", start_line: 1, end_line: 1 })).toMatchObject({ content: "1| one\n" });
    expect(await read(root, { path: "cr.txt" })).toMatchObject({ content: "1| a\rb\n", total_lines: 1 });
    expect(await read(root, { path: "blank.txt" })).toMatchObject({ content: "1| \n2| \n", total_lines: 2 });
  });

  test("FORGE-FR-RD-04-raw: without line numbers the lines come back exactly as the file has them, CRLF included, as forge returns them", async () => {
    const { root } = sandbox({ "crlf.txt": "one\r\ntwo\r\n", "open.txt": "one\r\ntwo", "mixed.txt": "a\nb\r\nc\rd" });
    expect(await read(root, { path: "crlf.txt", show_line_numbers: false })).toMatchObject({ content: "one\r\ntwo\r\n", line_numbers: false, total_lines: 2 });
    expect(await read(root, { path: "open.txt", show_line_numbers: false })).toMatchObject({ content: "one\r\ntwo" });
    expect(await read(root, { path: "mixed.txt", show_line_numbers: false })).toMatchObject({ content: "a\nb\r\nc\rd", total_lines: 3 });
    expect(await read(root, { path: "crlf.txt", start_line: 2, show_line_numbers: false })).toMatchObject({ content: "two\r\n" });
    expect(await read(root, { path: "crlf.txt", tail: 1, show_line_numbers: false })).toMatchObject({ content: "two\r\n" });
  });

  test("FORGE-FR-RD-04: an empty file is an empty view with 0 lines", async () => {
    const { root } = sandbox({ "empty.txt": "" });
    expect(await read(root, { path: "empty.txt" })).toEqual({
      path: "empty.txt",
      content: "",
      binary: false,
      line_numbers: true,
      start_line: null,
      end_line: null,
      total_lines: 0,
      truncated: false,
      next_start_line: null,
      size_bytes: 0,
    });
  });

  test("FORGE-FR-RD-04: a UTF-8 byte order mark is not shown; invalid UTF-8 shows as U+FFFD", async () => {
    const { root } = sandbox({ "bom.txt": "\uFEFFfirst\nsecond\n", "latin1.txt": Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]) });
    expect(await read(root, { path: "bom.txt" })).toMatchObject({ content: "1| first\n2| second\n", size_bytes: 16 });
    expect(await read(root, { path: "bom.txt", tail: 2 })).toMatchObject({ content: "1| first\n2| second\n" });
    expect(await read(root, { path: "bom.txt", start_line: 2 })).toMatchObject({ content: "2| second\n" });
    expect(await read(root, { path: "bom.txt", show_line_numbers: false })).toMatchObject({ content: "first\nsecond\n", line_numbers: false });
    expect(await read(root, { path: "bom.txt", start_line: 2, show_line_numbers: false })).toMatchObject({ content: "second\n" });
    expect(await read(root, { path: "latin1.txt" })).toMatchObject({ content: "1| caf\uFFFD\n", binary: false });
  });

  test("FORGE-FR-RD-04: head and tail views carry absolute line numbers", async () => {
    const { root } = sandbox({ "log.txt": numberedLines(12) });
    expect(await read(root, { path: "log.txt", head: 2 })).toEqual({
      path: "log.txt",
      content: "1| line 1\n2| line 2\n",
      binary: false,
      line_numbers: true,
      start_line: 1,
      end_line: 2,
      total_lines: 12,
      truncated: true,
      next_start_line: 3,
      size_bytes: 87,
    });
    expect(await read(root, { path: "log.txt", tail: 3 })).toEqual({
      path: "log.txt",
      content: "10| line 10\n11| line 11\n12| line 12\n",
      binary: false,
      line_numbers: true,
      start_line: 10,
      end_line: 12,
      total_lines: 12,
      truncated: false,
      next_start_line: null,
      size_bytes: 87,
    });
    expect(await read(root, { path: "log.txt", tail: 50 })).toMatchObject({ start_line: 1, end_line: 12, content: numberedLines(12).replace(/^line (\d+)$/gm, (_, n: string) => `${n.padStart(2)}| line ${n}`) });
  });
});
