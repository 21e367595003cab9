import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { configSchema, createTool } from "../src/index.js";

// A real 1 GiB log: 2^20 lines of exactly 1 KiB, line n reading `n` (10 digits) then filler.
const LINE_BYTES = 1024;
const LINES_PER_CHUNK = 1024;
const CHUNKS = 1024;
const TOTAL_LINES = LINES_PER_CHUNK * CHUNKS;
const SIZE = LINE_BYTES * TOTAL_LINES;
const FILLER = "g".repeat(LINE_BYTES - 12);

const text = (n: number) => `${String(n).padStart(10, "0")} ${FILLER}`;
const raw = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${text(from + i)}\n`).join("");
const numbered = (from: number, to: number) => {
  const width = String(to).length;
  return Array.from({ length: to - from + 1 }, (_, i) => `${String(from + i).padStart(width)}| ${text(from + i)}\n`).join("");
};

let dir: string;
let root: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "forge-gib-"));
  root = path.join(dir, "ws");
  fs.mkdirSync(root);
  const chunk = Buffer.from(raw(1, LINES_PER_CHUNK), "latin1");
  const fd = fs.openSync(path.join(root, "huge.log"), "w");
  try {
    for (let c = 0; c < CHUNKS; c++) {
      if (c > 0) for (let i = 0; i < LINES_PER_CHUNK; i++) chunk.write(String(c * LINES_PER_CHUNK + i + 1).padStart(10, "0"), i * LINE_BYTES, "latin1");
      fs.writeSync(fd, chunk);
    }
  } finally {
    fs.closeSync(fd);
  }
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("FR-RD-06 on a 1 GiB log", () => {
  test("FORGE-FR-RD-06: tail 100 returns the last lines at once, unnumbered under the default max_scan_bytes", async () => {
    expect(fs.statSync(path.join(root, "huge.log")).size).toBe(SIZE);
    const tool = createTool({ root });
    const output = await tool.call({ path: "huge.log", tail: 100 });
    expect(output).toEqual({
      path: "huge.log",
      content: raw(TOTAL_LINES - 99, TOTAL_LINES),
      binary: false,
      line_numbers: false,
      start_line: null,
      end_line: null,
      total_lines: null,
      truncated: false,
      next_start_line: null,
      size_bytes: SIZE,
    });
  });

  test("FORGE-FR-RD-06-scan: a range near the start is read; a range deep in it is the truthful scan-limit error", async () => {
    const tool = createTool({ root });
    expect(await tool.call({ path: "huge.log", start_line: 10, end_line: 12 })).toEqual({
      path: "huge.log",
      content: numbered(10, 12),
      binary: false,
      line_numbers: true,
      start_line: 10,
      end_line: 12,
      total_lines: null,
      truncated: true,
      next_start_line: 13,
      size_bytes: SIZE,
    });
    expect(await tool.call({ path: "huge.log", start_line: 500000, limit: 2 })).toEqual({
      error: {
        code: "SCAN_LIMIT_EXCEEDED",
        message:
          "Scan limit exceeded: 'huge.log' has no line 500000 within its first 2097152 bytes, the most one read may scan (max_scan_bytes). " +
          "Finding a line means counting every line before it, so no range can reach past that point: " +
          "read the end of the file with `tail`, or raise max_scan_bytes in [tools.read_file].",
      },
    });
    expect(await tool.call({ path: "huge.log" })).toMatchObject({ error: { code: "TOO_LARGE" } });
  });

  test("FORGE-FR-RD-06-next: a range that runs into max_scan_bytes returns the lines before it, and the view says how to go on", async () => {
    const tool = createTool({ root });
    // Line 2048 ends exactly at byte 2097152, the default max_scan_bytes.
    expect(await tool.call({ path: "huge.log", start_line: 2040, limit: 20 })).toEqual({
      path: "huge.log",
      content:
        numbered(2040, 2048) +
        "... [Line 2049 and the lines after it lie past the first 2097152 bytes of the file, the most one read may scan (max_scan_bytes): no range can reach them. " +
        "To go on, read the end of the file with `tail`, or raise max_scan_bytes in [tools.read_file].]",
      binary: false,
      line_numbers: true,
      start_line: 2040,
      end_line: 2048,
      total_lines: null,
      truncated: true,
      next_start_line: null,
      size_bytes: SIZE,
    });
  });

  test("FORGE-FR-RD-06: with max_scan_bytes raised above the file size, the deep range is readable and the tail is numbered", async () => {
    const tool = createTool({ root, ...configSchema.parse({ max_scan_bytes: 2 * SIZE }) });
    expect(await tool.call({ path: "huge.log", start_line: 500000, limit: 2 })).toEqual({
      path: "huge.log",
      content: numbered(500000, 500001),
      binary: false,
      line_numbers: true,
      start_line: 500000,
      end_line: 500001,
      total_lines: TOTAL_LINES,
      truncated: true,
      next_start_line: 500002,
      size_bytes: SIZE,
    });
    expect(await tool.call({ path: "huge.log", tail: 100 })).toEqual({
      path: "huge.log",
      content: numbered(TOTAL_LINES - 99, TOTAL_LINES),
      binary: false,
      line_numbers: true,
      start_line: TOTAL_LINES - 99,
      end_line: TOTAL_LINES,
      total_lines: TOTAL_LINES,
      truncated: false,
      next_start_line: null,
      size_bytes: SIZE,
    });
  });
});
