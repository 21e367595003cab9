import { describe, expect, test } from "vitest";
import { read, sandbox } from "./helpers.js";

const MIB = 1024 * 1024;
const ANSWER = 256 * 1024;
const BOUND = "max_answer_bytes (262144 bytes), the most one view takes as JSON, escapes and line numbers counted";

describe("issue 30 case 5: the view is bounded by its JSON form", () => {
  test("issue 30 case 5: a 60 MiB line of \\x01 read with start_line 2, limit 1 is cut at 256 KiB of JSON with a marker", async () => {
    const { root } = sandbox({ "huge.txt": Buffer.concat([Buffer.from("a\n"), Buffer.alloc(60 * MIB, 1)]) });
    const output = await read(root, { path: "huge.txt", start_line: 2, limit: 1 });
    // 8 bytes counted for a prefix of up to six digits, then 43689 escapes of six bytes: 262142.
    const shown = Math.floor((ANSWER - 8) / 6);
    expect(output).toEqual({
      path: "huge.txt",
      content: `2| ${"\u0001".repeat(shown)}\n... [Line 2 takes more than ${BOUND}: only its first ${shown} bytes are shown. Raise max_answer_bytes in [tools.read_file] to see more of it. No range can reach the lines after it: read the end of the file with \`tail\`, or raise max_scan_bytes in [tools.read_file].]`,
      binary: false,
      line_numbers: true,
      start_line: 2,
      end_line: 2,
      // The line runs past max_scan_bytes (2 MiB): where it ends, and how many lines follow, is not known.
      total_lines: null,
      truncated: true,
      next_start_line: null,
      size_bytes: 2 + 60 * MIB,
    });
    expect(Buffer.byteLength(JSON.stringify(output))).toBeLessThan(ANSWER + 1024);
  });

  test("issue 30 case 5: a whole-file read of control bytes under max_file_read_bytes is cut at the bound, saying where to continue", async () => {
    const { root } = sandbox({ "ctl.txt": Buffer.concat([Buffer.alloc(40_000, 1), Buffer.from("\n"), Buffer.alloc(40_000, 2), Buffer.from("\n")]) });
    const output = await read(root, { path: "ctl.txt" });
    // Line 1 takes 8 + 240000 + 2 + 8 bytes as JSON (prefixes counted at up to six digits): line 2 would pass 262144.
    expect(output).toMatchObject({ start_line: 1, end_line: 1, total_lines: 2, truncated: true, next_start_line: 2 });
    expect("content" in output && output.content).toBe(`1| ${"\u0001".repeat(40_000)}\n... [Line 2 and the lines after it are not shown: they would take the view past ${BOUND}. Continue with start_line = 2.]`);
    expect(Buffer.byteLength(JSON.stringify(output))).toBeLessThan(ANSWER + 1024);
  });

  test("issue 30 case 5: a file of empty lines is bounded with its line numbers counted", async () => {
    const { root } = sandbox({ "empty-lines.txt": "\n".repeat(200_000) });
    const output = await read(root, { path: "empty-lines.txt" });
    expect(output).toMatchObject({ start_line: 1, truncated: true, total_lines: 200_000 });
    expect(Buffer.byteLength(JSON.stringify(output))).toBeLessThan(ANSWER + 1024);
  });

  test("issue 30 case 5: a tail of control bytes keeps its last line's end within the bound", async () => {
    const { root } = sandbox({ "tail.txt": Buffer.concat([Buffer.from("a\n"), Buffer.alloc(100_000, 1), Buffer.from("\n")]) });
    const output = await read(root, { path: "tail.txt", tail: 1 });
    expect(output).toMatchObject({ start_line: 2, end_line: 2, truncated: true });
    expect("content" in output && output.content.split("\n")[0]).toBe(
      `... [Line 2 takes more than ${BOUND}: only its last ${Math.floor((ANSWER - 8 - 8 - 2) / 6)} bytes are shown. Read its start with start_line = 2. Raise max_answer_bytes in [tools.read_file] to see more of it.]`,
    );
    expect(Buffer.byteLength(JSON.stringify(output))).toBeLessThan(ANSWER + 1024);
  });
});
