import { describe, expect, test } from "vitest";
import { configSchema, createTool, maskTime } from "../src/index.js";
import { makeWorkspace } from "./workspace.js";

const MIB = 1024 * 1024;
const ANSWER = 256 * 1024;
// The line's `   2 | ` prefix (7 bytes) and 43689 control bytes (`\u0001`, 6 bytes each) take 262141 bytes
// as JSON; one more would pass 262144.
const FITTING = Math.floor((ANSWER - 7) / 6);
const RAISE = "Raise max_answer_bytes and max_window_bytes in the [envelope] table of the user's configuration (at most 67108864) to see more of it.";

function hugeLineWorkspace(after = "") {
  const ws = makeWorkspace();
  ws.write("huge.txt", Buffer.concat([Buffer.from("a\n"), Buffer.alloc(60 * MIB, 1), Buffer.from(after)]));
  return ws;
}

describe("issue 30 case 5: every answer is bounded, escapes counted", () => {
  test("issue 30 case 5: a 60 MiB line of \\x01 with start_line 2, limit 1 is cut at 256 KiB of JSON with a marker", async () => {
    const ws = hugeLineWorkspace();
    const input = { path: "huge.txt", start_line: 2, limit: 1 };
    const output = maskTime(await createTool({ root: ws.root }).call(input));
    expect(output).toEqual({
      status: "partial",
      data: { content: `   2 | ${"\u0001".repeat(FITTING)}\n`, truncated: true },
      text:
        "Read 1 lines from 'huge.txt' (Lines 2-2).\n(Took 0ms)\n" +
        `[Cut: line 2 is longer than one read returns (max_answer_bytes = 262144 bytes as JSON): only its first ${FITTING} bytes are shown, and its rest cannot be read by line. ${RAISE}]`,
      stats: { time_ms: 0, lines_read: 1, chars_read: FITTING + 8, total_lines: 2, file_size_bytes: 2 + 60 * MIB, file_mtime_ms: 1735212345000, encoding: "utf-8" },
      context: { cwd: ".", params_input: input, path_resolved: "huge.txt" },
    });
    expect(Buffer.byteLength(JSON.stringify(output.status === "error" ? "" : output.data.content))).toBeLessThanOrEqual(ANSWER + 16);
    expect(Buffer.byteLength(JSON.stringify(output))).toBeLessThan(ANSWER + 2048);
  });

  test("issue 30 case 5: a cut line followed by more lines says where to continue, and that start_line works", async () => {
    const ws = hugeLineWorkspace("\nz\n");
    const tool = createTool({ root: ws.root });
    const output = maskTime(await tool.call({ path: "huge.txt" }));
    expect(output.status === "partial" && output.data.content).toBe(`   1 | a\n`);
    expect(output.text).toBe(
      "Read 1 lines from 'huge.txt' (Lines 1-1).\n(Took 0ms)\n[Truncated: Showing first 1 of 3 lines. Use start_line=2 to continue.]\n" +
        "[Cut: the lines after line 1 would take this read past max_answer_bytes = 262144 bytes as JSON, the most one read returns.]",
    );
    const second = maskTime(await tool.call({ path: "huge.txt", start_line: 2 }));
    expect(second.status === "partial" && second.data.content).toBe(`   2 | ${"\u0001".repeat(FITTING)}\n`);
    expect(second.text).toContain("[Truncated: Showing first 1 of 3 lines. Use start_line=3 to continue.]\n[Cut: line 2 is longer than one read returns");
    const third = maskTime(await tool.call({ path: "huge.txt", start_line: 3 }));
    expect(third).toMatchObject({ status: "success", data: { content: "   3 | z\n", truncated: false } });
  });

  test("issue 30 case 5: a page of short lines stops at the byte bound, quotes and backslashes counted", async () => {
    const ws = makeWorkspace();
    ws.write("q.txt", '"\\"\n'.repeat(10));
    // Each line takes 15 bytes as JSON (its 7-byte prefix, `\"\\\\\"` and `\n`): 37 hold two (the count
    // takes one more prefix for the line that follows).
    const output = maskTime(await createTool({ root: ws.root, max_answer_bytes: 37 }).call({ path: "q.txt" }));
    expect(output.status === "partial" && output.data).toEqual({ content: '   1 | "\\"\n   2 | "\\"\n', truncated: true });
    expect(output.text).toBe(
      "Read 2 lines from 'q.txt' (Lines 1-2).\n(Took 0ms)\n[Truncated: Showing first 2 of 10 lines. Use start_line=3 to continue.]\n" +
        "[Cut: the lines after line 2 would take this read past max_answer_bytes = 37 bytes as JSON, the most one read returns.]",
    );
  });

  test("issue 30 case 5: max_answer_bytes and max_window_bytes cannot be set past 64 MiB", () => {
    expect(configSchema.parse({}).max_answer_bytes).toBe(ANSWER);
    expect(configSchema.safeParse({ max_answer_bytes: 64 * MIB }).success).toBe(true);
    expect(configSchema.safeParse({ max_answer_bytes: 64 * MIB + 1 }).success).toBe(false);
    expect(configSchema.safeParse({ max_window_bytes: 64 * MIB + 1 }).success).toBe(false);
  });
});
