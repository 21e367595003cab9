import { describe, expect, test } from "vitest";
import { createTool } from "../src/index.js";
import { numberedLines, read, sandbox } from "./helpers.js";

const PARTS = "Read part of it: `start_line`/`end_line` (or `limit`) for a range, `head` for the first lines, `tail` for the last lines";
const BY_TAIL = "read the end of the file with `tail`, or raise max_scan_bytes in [tools.read_file]";
const scanLimit = (path: string, line: number, limit: number) => ({
  error: {
    code: "SCAN_LIMIT_EXCEEDED",
    message:
      `Scan limit exceeded: '${path}' has no line ${line} within its first ${limit} bytes, the most one read may scan (max_scan_bytes). ` +
      `Finding a line means counting every line before it, so no range can reach past that point: ${BY_TAIL}.`,
  },
});
const fileBytes = (limit: number) => `max_file_read_bytes (${limit} bytes), the most one read returns`;
const scanBytes = (limit: number) => `the first ${limit} bytes of the file, the most one read may scan (max_scan_bytes)`;
/** `"N| line N\n"` for each line, numbers right-aligned to `width`. */
const view = (from: number, to: number, width = String(to).length) => {
  let text = "";
  for (let n = from; n <= to; n++) text += `${String(n).padStart(width)}| line ${n}\n`;
  return text;
};

// 100 lines `line 1\n` .. `line 100\n`: lines 1-9 are 7 bytes, 10-99 8 bytes, line 100 9 bytes; 792 bytes.
const HUNDRED = numberedLines(100);
// Ten lines of 20 bytes: line n is bytes [20(n-1), 20n).
const TWENTY = `${"y".repeat(19)}\n`.repeat(10);

describe("FR-RD-06: max_file_read_bytes", () => {
  test("FORGE-FR-RD-06: a whole-file text read over max_file_read_bytes is an error in forge's words that points to ranges, head and tail", async () => {
    const { root } = sandbox({ "log.txt": HUNDRED });
    expect(await read(root, { path: "log.txt" }, { max_file_read_bytes: 791 })).toEqual({
      error: { code: "TOO_LARGE", message: `File too large; use start_line/end_line: 'log.txt' is 792 bytes, more than max_file_read_bytes (791) allows for a whole-file read. ${PARTS}.` },
    });
    expect(await read(root, { path: "log.txt" }, { max_file_read_bytes: 792 })).toMatchObject({ start_line: 1, end_line: 100, total_lines: 100, truncated: false });
    expect(await read(root, { path: "log.txt", head: 3 }, { max_file_read_bytes: 791 })).toMatchObject({ content: view(1, 3) });
  });

  test("FORGE-FR-RD-06: only max_file_read_bytes bounds a whole-file read, as in forge: max_scan_bytes is for line scans", async () => {
    const { root } = sandbox({ "log.txt": HUNDRED });
    expect(await read(root, { path: "log.txt" }, { max_scan_bytes: 500 })).toMatchObject({ content: view(1, 100), start_line: 1, end_line: 100, total_lines: 100, truncated: false });
  });

  test("FORGE-FR-RD-06-cut: a range, head or tail whose lines hold more than max_file_read_bytes returns the whole lines that fit and says what was left out", async () => {
    const { root } = sandbox({ "log.txt": HUNDRED });
    const options = { max_file_read_bytes: 50 };
    expect(await read(root, { path: "log.txt", start_line: 1, limit: 20 }, options)).toEqual({
      path: "log.txt",
      content: `${view(1, 7)}... [Lines 8-20 are not shown: they would take the view past ${fileBytes(50)}. Continue with start_line = 8.]`,
      binary: false,
      line_numbers: true,
      start_line: 1,
      end_line: 7,
      total_lines: 100,
      truncated: true,
      next_start_line: 8,
      size_bytes: 792,
    });
    expect(await read(root, { path: "log.txt", head: 20 }, options)).toMatchObject({
      content: `${view(1, 7)}... [Lines 8-20 are not shown: they would take the view past ${fileBytes(50)}. Continue with start_line = 8.]`,
      next_start_line: 8,
    });
    expect(await read(root, { path: "log.txt", start_line: 90 }, options)).toMatchObject({
      content: `${view(90, 95)}... [Line 96 and the lines after it are not shown: they would take the view past ${fileBytes(50)}. Continue with start_line = 96.]`,
      end_line: 95,
      next_start_line: 96,
      truncated: true,
    });
    expect(await read(root, { path: "log.txt", start_line: 8, end_line: 15 }, { max_file_read_bytes: 55 })).toMatchObject({
      content: `${view(8, 14)}... [Line 15 is not shown: it would take the view past ${fileBytes(55)}. Continue with start_line = 15.]`,
    });
    expect(await read(root, { path: "log.txt", tail: 20 }, options)).toEqual({
      path: "log.txt",
      content: `... [Only the last 6 lines fit in ${fileBytes(50)}. Read the lines before line 95 with start_line/end_line, or raise max_file_read_bytes in [tools.read_file] to see more of them.]\n${view(95, 100)}`,
      binary: false,
      line_numbers: true,
      start_line: 95,
      end_line: 100,
      total_lines: 100,
      truncated: true,
      next_start_line: null,
      size_bytes: 792,
    });
    expect(await read(root, { path: "log.txt", start_line: 1, limit: 7 }, options)).toMatchObject({ content: view(1, 7), truncated: true, next_start_line: 8 });
  });

  test("FORGE-FR-RD-06-cut: one line longer than max_file_read_bytes comes back cut at a character boundary, marked in the view, truncated", async () => {
    const { root } = sandbox({ "wide.txt": `a\n${"\u00e9".repeat(100)}\nz\n`, "tail.txt": `a\nb\n${"x".repeat(300)}\n` });
    expect(await read(root, { path: "wide.txt", start_line: 2, end_line: 2 }, { max_file_read_bytes: 51 })).toEqual({
      path: "wide.txt",
      content: `2| ${"\u00e9".repeat(25)}\n... [Line 2 is longer than ${fileBytes(51)}: only its first 50 bytes are shown. Raise max_file_read_bytes in [tools.read_file] to see more of it. Continue with start_line = 3.]`,
      binary: false,
      line_numbers: true,
      start_line: 2,
      end_line: 2,
      total_lines: 3,
      truncated: true,
      next_start_line: 3,
      size_bytes: 205,
    });
    expect(await read(root, { path: "tail.txt", tail: 1 }, { max_file_read_bytes: 100 })).toEqual({
      path: "tail.txt",
      content: `... [Line 3 is longer than ${fileBytes(100)}: only its last 99 bytes are shown. Read its start with start_line = 3. Raise max_file_read_bytes in [tools.read_file] to see more of it.]\n3| ${"x".repeat(99)}\n`,
      binary: false,
      line_numbers: true,
      start_line: 3,
      end_line: 3,
      total_lines: 3,
      truncated: true,
      next_start_line: null,
      size_bytes: 305,
    });
    expect(await read(root, { path: "tail.txt", start_line: 3 }, { max_file_read_bytes: 100, show_line_numbers: false })).toMatchObject({
      content: `${"x".repeat(100)}\n... [Line 3 is longer than ${fileBytes(100)}: only its first 100 bytes are shown. Raise max_file_read_bytes in [tools.read_file] to see more of it. It is the last line of the file.]`,
      line_numbers: false,
      truncated: true,
      next_start_line: null,
    });
  });
});

describe("FR-RD-06: max_scan_bytes", () => {
  test("FORGE-FR-RD-06-scan: a range starting past max_scan_bytes is an error that tells the truth (tail, or raise the limit), never \"narrow the range\"", async () => {
    const { root } = sandbox({ "log.txt": HUNDRED });
    const options = { max_scan_bytes: 100 };
    const output = await read(root, { path: "log.txt", start_line: 50, end_line: 52 }, options);
    expect(output).toEqual(scanLimit("log.txt", 50, 100));
    expect(JSON.stringify(output)).not.toMatch(/narrow/i);
    expect(await read(root, { path: "log.txt", start_line: 30, limit: 1 }, options)).toEqual(scanLimit("log.txt", 30, 100));
    expect(await read(root, { path: "log.txt", start_line: 500 }, options)).toEqual(scanLimit("log.txt", 500, 100));
    expect(await read(root, { path: "log.txt", start_line: 50, end_line: 52 }, { max_scan_bytes: 792 })).toMatchObject({ content: "50| line 50\n51| line 51\n52| line 52\n", total_lines: 100 });
  });

  test("FORGE-FR-RD-06-scan: a window that starts within max_scan_bytes returns what fits, up to a line cut at the limit", async () => {
    const { root } = sandbox({ "log.txt": HUNDRED });
    const tool = createTool({ root, max_scan_bytes: 100 });
    // Lines 1-13 end at byte 95; line 14 is bytes 95-102.
    expect(await tool.call({ path: "log.txt", start_line: 1 })).toEqual({
      path: "log.txt",
      content: `${view(1, 13)}... [Line 14 runs past ${scanBytes(100)}, so the view stops before it. Continue with start_line = 14.]`,
      binary: false,
      line_numbers: true,
      start_line: 1,
      end_line: 13,
      total_lines: null,
      truncated: true,
      next_start_line: 14,
      size_bytes: 792,
    });
    expect(await tool.call({ path: "log.txt", start_line: 14 })).toEqual({
      path: "log.txt",
      content: `14| line \n... [Line 14 runs past ${scanBytes(100)}: only its first 5 bytes are shown. Raise max_scan_bytes in [tools.read_file] to see more of it. No range can reach the lines after it: ${BY_TAIL}.]`,
      binary: false,
      line_numbers: true,
      start_line: 14,
      end_line: 14,
      total_lines: null,
      truncated: true,
      next_start_line: null,
      size_bytes: 792,
    });
  });

  test("FORGE-FR-RD-06-scan: exactly max_scan_bytes is within the limit; one byte over cuts the line there", async () => {
    const { root } = sandbox({ "exact.txt": "0123456789\n01234567\n", "over.txt": "0123456789\n012345678\n" });
    expect(await read(root, { path: "exact.txt", start_line: 2, end_line: 2 }, { max_scan_bytes: 20 })).toMatchObject({ content: "2| 01234567\n", truncated: false, total_lines: 2 });
    expect(await read(root, { path: "over.txt", start_line: 2, end_line: 2 }, { max_scan_bytes: 20 })).toMatchObject({
      content: `2| 012345678\n... [Line 2 runs past ${scanBytes(20)}: only its first 9 bytes are shown. Raise max_scan_bytes in [tools.read_file] to see more of it. No range can reach the lines after it: ${BY_TAIL}.]`,
      truncated: true,
      next_start_line: null,
    });
  });

  test("FORGE-FR-RD-06-next: next_start_line is set only when that line can be read; otherwise the view says how to go on", async () => {
    const { root } = sandbox({ "f.txt": TWENTY, "g.txt": `a\nb\n${"x".repeat(300)}\n` });
    const scan = createTool({ root, max_scan_bytes: 100 });
    const unreachable = `... [Line 6 and the lines after it lie past ${scanBytes(100)}: no range can reach them. To go on, ${BY_TAIL}.]`;
    expect(await scan.call({ path: "f.txt", start_line: 5, limit: 1 })).toEqual({
      path: "f.txt",
      content: `5| ${"y".repeat(19)}\n${unreachable}`,
      binary: false,
      line_numbers: true,
      start_line: 5,
      end_line: 5,
      total_lines: null,
      truncated: true,
      next_start_line: null,
      size_bytes: 200,
    });
    expect(await scan.call({ path: "f.txt", start_line: 1 })).toMatchObject({ content: `${TWENTY.split("\n").slice(0, 5).map((text, i) => `${i + 1}| ${text}\n`).join("")}${unreachable}`, end_line: 5, next_start_line: null });
    expect(await scan.call({ path: "f.txt", start_line: 4, limit: 1 })).toMatchObject({ content: `4| ${"y".repeat(19)}\n`, next_start_line: 5, truncated: true });
    // The line after a head that fits is longer than max_file_read_bytes: following next_start_line returns it cut.
    const small = createTool({ root, max_file_read_bytes: 100 });
    const head = await small.call({ path: "g.txt", head: 2 });
    expect(head).toMatchObject({ content: "1| a\n2| b\n", next_start_line: 3, truncated: true });
    expect(await small.call({ path: "g.txt", start_line: 3 })).toMatchObject({ start_line: 3, end_line: 3, content: `3| ${"x".repeat(100)}\n... [Line 3 is longer than ${fileBytes(100)}: only its first 100 bytes are shown. Raise max_file_read_bytes in [tools.read_file] to see more of it. It is the last line of the file.]` });
  });

  test("FORGE-FR-RD-06: a range within max_scan_bytes is read; the line count is null when counting would pass the limit", async () => {
    const { root } = sandbox({ "log.txt": HUNDRED });
    expect(await read(root, { path: "log.txt", start_line: 2, end_line: 3 }, { max_scan_bytes: 100 })).toEqual({
      path: "log.txt",
      content: "2| line 2\n3| line 3\n",
      binary: false,
      line_numbers: true,
      start_line: 2,
      end_line: 3,
      total_lines: null,
      truncated: true,
      next_start_line: 4,
      size_bytes: 792,
    });
  });

  test("FORGE-FR-RD-06: a start_line past the end is an empty view when the end was reached within the budget", async () => {
    const { root } = sandbox({ "short.txt": numberedLines(3) });
    expect(await read(root, { path: "short.txt", start_line: 10 }, { max_scan_bytes: 100 })).toEqual({
      path: "short.txt",
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

  test("FORGE-FR-RD-06: tail is read from the end whatever the budget; it is numbered when the file lies within max_scan_bytes or the tail covers it", async () => {
    const { root } = sandbox({ "log.txt": HUNDRED });
    expect(await read(root, { path: "log.txt", tail: 2 }, { max_scan_bytes: 791 })).toEqual({
      path: "log.txt",
      content: "line 99\nline 100\n",
      binary: false,
      line_numbers: false,
      start_line: null,
      end_line: null,
      total_lines: null,
      truncated: false,
      next_start_line: null,
      size_bytes: 792,
    });
    expect(await read(root, { path: "log.txt", tail: 100 }, { max_scan_bytes: 100 })).toMatchObject({ start_line: 1, end_line: 100, total_lines: 100, line_numbers: true });
    expect(await read(root, { path: "log.txt", tail: 2 }, { max_scan_bytes: 792 })).toEqual({
      path: "log.txt",
      content: " 99| line 99\n100| line 100\n",
      binary: false,
      line_numbers: true,
      start_line: 99,
      end_line: 100,
      total_lines: 100,
      truncated: false,
      next_start_line: null,
      size_bytes: 792,
    });
    expect(await read(root, { path: "log.txt", tail: 3 }, { max_scan_bytes: 100, max_file_read_bytes: 20 })).toMatchObject({
      content: `... [Only the last 2 lines fit in ${fileBytes(20)}. Raise max_file_read_bytes in [tools.read_file] to see more of them.]\nline 99\nline 100\n`,
      line_numbers: false,
      truncated: true,
    });
  });

  test("FORGE-FR-RD-06: the tail of a 1 MiB file carries absolute line numbers under the default limits", async () => {
    // 16384 lines of exactly 64 bytes: 1 MiB.
    const line = (n: number) => `${String(n).padStart(10, "0")} ${"m".repeat(52)}\n`;
    const lines: string[] = [];
    for (let n = 1; n <= 16384; n++) lines.push(line(n));
    const { root } = sandbox({ "one-mib.log": lines.join("") });
    expect(await read(root, { path: "one-mib.log", tail: 2 })).toEqual({
      path: "one-mib.log",
      content: `16383| ${line(16383)}16384| ${line(16384)}`,
      binary: false,
      line_numbers: true,
      start_line: 16383,
      end_line: 16384,
      total_lines: 16384,
      truncated: false,
      next_start_line: null,
      size_bytes: 1048576,
    });
    expect(await read(root, { path: "one-mib.log" })).toEqual({
      error: { code: "TOO_LARGE", message: `File too large; use start_line/end_line: 'one-mib.log' is 1048576 bytes, more than max_file_read_bytes (204800) allows for a whole-file read. ${PARTS}.` },
    });
    expect(await read(root, { path: "one-mib.log", start_line: 16000, limit: 1 })).toMatchObject({ content: `16000| ${line(16000)}`, total_lines: 16384, next_start_line: 16001 });
  });
});
