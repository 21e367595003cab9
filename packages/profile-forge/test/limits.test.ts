import { describe, expect, test } from "vitest";
import { numberedLines, read, sandbox } from "./helpers.js";

const PARTS = "Read part of it: `start_line`/`end_line` (or `limit`) for a range, `head` for the first lines, `tail` for the last lines";
const scanLimit = (path: string, lines: string, limit: number) => ({
  error: {
    code: "SCAN_LIMIT_EXCEEDED",
    message:
      `The requested lines of '${path}' (${lines}) reach beyond the first ${limit} bytes of the file, the most one read may scan (max_scan_bytes): ` +
      "finding a line means counting every line before it, so lines past that point cannot be reached by any range. " +
      "Read the end of the file with `tail`, or raise max_scan_bytes in [tools.read_file].",
  },
});

// 100 lines `line 1\n` .. `line 100\n`: 792 bytes.
const HUNDRED = numberedLines(100);

describe("FR-RD-06: max_file_read_bytes", () => {
  test("FORGE-FR-RD-06: a whole-file text read over max_file_read_bytes is an error that points to ranges, head and tail", async () => {
    const { root } = sandbox({ "log.txt": HUNDRED });
    expect(await read(root, { path: "log.txt" }, { max_file_read_bytes: 791 })).toEqual({
      error: { code: "TOO_LARGE", message: `'log.txt' is 792 bytes, more than max_file_read_bytes (791) allows for a whole-file read. ${PARTS}.` },
    });
    expect(await read(root, { path: "log.txt" }, { max_file_read_bytes: 792 })).toMatchObject({ start_line: 1, end_line: 100, total_lines: 100, truncated: false });
    expect(await read(root, { path: "log.txt", head: 3 }, { max_file_read_bytes: 791 })).toMatchObject({ content: "1| line 1\n2| line 2\n3| line 3\n" });
  });

  test("FORGE-FR-RD-06: a whole-file read is also bounded by max_scan_bytes when that is smaller", async () => {
    const { root } = sandbox({ "log.txt": HUNDRED });
    expect(await read(root, { path: "log.txt" }, { max_scan_bytes: 500 })).toEqual({
      error: {
        code: "TOO_LARGE",
        message: `'log.txt' is 792 bytes, more than max_scan_bytes (500), the most one read may scan, so it cannot be read whole. ${PARTS}; or raise max_scan_bytes in [tools.read_file].`,
      },
    });
  });

  test("FORGE-FR-RD-06: requested lines holding more than max_file_read_bytes are an error that asks for fewer lines", async () => {
    const { root } = sandbox({ "log.txt": HUNDRED });
    const tooLarge = (lines: string, fewer: string) => ({
      error: { code: "TOO_LARGE", message: `The requested lines of 'log.txt' (${lines}) hold more than 50 bytes, the most one read returns (max_file_read_bytes). Ask for fewer lines with ${fewer}.` },
    });
    const options = { max_file_read_bytes: 50 };
    expect(await read(root, { path: "log.txt", start_line: 1, limit: 20 }, options)).toEqual(tooLarge("lines 1-20", "`end_line` or `limit`"));
    expect(await read(root, { path: "log.txt", start_line: 90 }, options)).toEqual(tooLarge("line 90 to the end", "`end_line` or `limit`"));
    expect(await read(root, { path: "log.txt", head: 20 }, options)).toEqual(tooLarge("the first 20", "a smaller `head`"));
    expect(await read(root, { path: "log.txt", tail: 20 }, options)).toEqual(tooLarge("the last 20", "a smaller `tail`"));
    expect(await read(root, { path: "log.txt", start_line: 1, limit: 7 }, options)).toMatchObject({ content: numberedLines(7).replace(/^line (\d)/gm, "$1| line $1") });
  });
});

describe("FR-RD-06: max_scan_bytes", () => {
  test("FORGE-FR-RD-06: a range beyond max_scan_bytes is an error that tells the truth (tail, or raise the limit)", async () => {
    const { root } = sandbox({ "log.txt": HUNDRED });
    const options = { max_scan_bytes: 100 };
    const output = await read(root, { path: "log.txt", start_line: 50, end_line: 52 }, options);
    expect(output).toEqual(scanLimit("log.txt", "lines 50-52", 100));
    expect(JSON.stringify(output)).not.toMatch(/narrow/i);
    expect(await read(root, { path: "log.txt", start_line: 30, limit: 1 }, options)).toEqual(scanLimit("log.txt", "line 30", 100));
    expect(await read(root, { path: "log.txt", start_line: 50, end_line: 52 }, { max_scan_bytes: 792 })).toMatchObject({ content: "50| line 50\n51| line 51\n52| line 52\n", total_lines: 100 });
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

  test("FORGE-FR-RD-06: a start_line past the end is an empty view when the end was reached within the budget, the scan error otherwise", async () => {
    const { root } = sandbox({ "short.txt": numberedLines(3), "log.txt": HUNDRED });
    const options = { max_scan_bytes: 100 };
    expect(await read(root, { path: "short.txt", start_line: 10 }, options)).toEqual({
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
    expect(await read(root, { path: "log.txt", start_line: 500 }, options)).toEqual(scanLimit("log.txt", "line 500 to the end", 100));
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
      error: { code: "TOO_LARGE", message: `'one-mib.log' is 1048576 bytes, more than max_file_read_bytes (204800) allows for a whole-file read. ${PARTS}.` },
    });
    expect(await read(root, { path: "one-mib.log", start_line: 16000, limit: 1 })).toMatchObject({ content: `16000| ${line(16000)}`, total_lines: 16384, next_start_line: 16001 });
  });
});
