import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { createTool, maskTime, type EnvelopeOutput } from "../src/index.js";
import { WARNING, asRead, errorOf, stats } from "./outputs.js";
import { protocolViolations } from "./protocol-rules.js";
import { makeWorkspace, type TestWorkspace } from "./workspace.js";

// The read cases of MyCodeAgent's own tests (YYHDBL/MyCodeAgent at c67ea03bb18bdcdc75e446c187e72f60a4a86061,
// the project spec 001 comes from), each under the reference test's name, with its inputs and its
// assertions (the protocol validator's rules included), and the exact output where the reference's test
// leaves it open. Where this profile answers differently on purpose, the test says so and why (the
// package README's "Reference compatibility" table lists every such difference).
const TEST_READ_TOOL = "MyCodeAgent tests/test_read_tool.py";
const TEST_PROTOCOL_COMPLIANCE = "MyCodeAgent tests/test_protocol_compliance.py";

const MAIN_PY = [
  "#!/usr/bin/env python3",
  '"""The main module."""',
  "",
  "",
  "class Greeter:",
  '    """Says hello."""',
  "",
  "    def __init__(self, name: str):",
  "        self.name = name",
  "",
  "    def greet(self) -> str:",
  '        return f"Hello, {self.name}!"',
  "",
  "",
  "def main():",
  '    print(Greeter("World").greet())',
  "",
  "",
  'if __name__ == "__main__":',
  "    main()",
  "",
].join("\n");

/** A project like the reference tests' default one: `src/` with a 20-line `main.py`, `docs/`, a README. */
function project(): TestWorkspace {
  const ws = makeWorkspace();
  ws.write("src/main.py", MAIN_PY);
  ws.write("src/utils.py", "def helper():\n    return 1\n");
  ws.write("docs/README.md", "# Docs\n");
  ws.write("README.md", "# Test project\n");
  return ws;
}

async function run(ws: TestWorkspace, input: unknown): Promise<EnvelopeOutput> {
  return maskTime(await createTool({ root: ws.root }).call(input));
}

/** The reference's `_validate_and_assert`: the protocol's rules hold, and the status is the one expected. */
function compliant(output: EnvelopeOutput, status?: EnvelopeOutput["status"], toolType?: "read"): EnvelopeOutput {
  expect(protocolViolations(output, toolType)).toEqual([]);
  if (status !== undefined) expect(output.status).toBe(status);
  return output;
}

describe(`ENV-ref-tests ${TEST_READ_TOOL}: success`, () => {
  test("test_success_read_normal_file", async () => {
    const ws = project();
    ws.write("test.txt", "line1\nline2\nline3\n");
    const output = compliant(await run(ws, { path: "test.txt" }), "success");
    expect(output).toEqual({
      status: "success",
      data: { content: "   1 | line1\n   2 | line2\n   3 | line3\n", truncated: false },
      text: "Read 3 lines from 'test.txt' (Lines 1-3).\n(Took 0ms)",
      stats: stats(3, 39, 3, 18),
      context: { cwd: ".", params_input: { path: "test.txt" }, path_resolved: "test.txt" },
    });
  });

  test("test_success_read_empty_file", async () => {
    const ws = project();
    ws.write("empty.txt", "");
    expect(compliant(await run(ws, { path: "empty.txt" }), "success")).toEqual({
      status: "success",
      data: { content: "", truncated: false },
      text: "Read 0 lines from 'empty.txt' (file is empty).",
      stats: stats(0, 0, 0, 0),
      context: { cwd: ".", params_input: { path: "empty.txt" }, path_resolved: "empty.txt" },
    });
  });

  test("test_success_read_with_line_numbers", async () => {
    const ws = project();
    ws.write("numbered.txt", "first line\nsecond line\nthird line\n");
    const lines = asRead(compliant(await run(ws, { path: "numbered.txt" }), "success")).data.content.split("\n");
    expect(lines).toEqual(["   1 | first line", "   2 | second line", "   3 | third line", ""]);
  });

  test("test_success_pagination_middle_of_file", async () => {
    const ws = project();
    ws.write("long.txt", `${Array.from({ length: 100 }, (_, i) => `line ${i + 1}`).join("\n")}\n`);
    const output = compliant(await run(ws, { path: "long.txt", start_line: 10, limit: 5 }), "partial");
    expect(asRead(output).data.content).toBe("  10 | line 10\n  11 | line 11\n  12 | line 12\n  13 | line 13\n  14 | line 14\n");
    expect(output.text).toBe("Read 5 lines from 'long.txt' (Lines 10-14).\n(Took 0ms)\n[Truncated: Showing first 5 of 100 lines. Use start_line=15 to continue.]");
  });

  test("test_success_read_to_end_no_truncation", async () => {
    const ws = project();
    ws.write("ten.txt", `${Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join("\n")}\n`);
    const output = asRead(compliant(await run(ws, { path: "ten.txt", start_line: 8, limit: 100 }), "success"));
    expect(output.data).toEqual({ content: "   8 | line 8\n   9 | line 9\n  10 | line 10\n", truncated: false });
    expect(output.stats.lines_read).toBe(3);
  });

  test("test_success_default_parameters", async () => {
    const ws = project();
    ws.write("default.txt", "content\n");
    const output = compliant(await run(ws, { path: "default.txt" }), "success");
    // Defaults not passed are not recorded: params_input is the input as given.
    expect(output.context.params_input).toEqual({ path: "default.txt" });
  });

  test("test_success_context_path_resolved", async () => {
    const ws = project();
    ws.write("subdir/test.txt", "content\n");
    expect(compliant(await run(ws, { path: "subdir/test.txt" }), "success").context).toEqual({
      cwd: ".",
      params_input: { path: "subdir/test.txt" },
      path_resolved: "subdir/test.txt",
    });
  });
});

describe(`ENV-ref-tests ${TEST_READ_TOOL}: partial`, () => {
  test("test_partial_content_truncated", async () => {
    const ws = project();
    ws.write("truncate.txt", `${Array.from({ length: 100 }, (_, i) => `line ${i + 1}`).join("\n")}\n`);
    const output = asRead(compliant(await run(ws, { path: "truncate.txt", limit: 10 }), "partial"));
    expect(output.data.truncated).toBe(true);
    expect(output.text).toBe("Read 10 lines from 'truncate.txt' (Lines 1-10).\n(Took 0ms)\n[Truncated: Showing first 10 of 100 lines. Use start_line=11 to continue.]");
    expect(output.stats.lines_read).toBe(10);
  });

  test("test_partial_encoding_fallback", async () => {
    const ws = project();
    ws.write("invalid_utf8.txt", Buffer.concat([Buffer.from("valid text\n"), Buffer.from([0xff, 0xfe]), Buffer.from("more text\n")]));
    expect(compliant(await run(ws, { path: "invalid_utf8.txt" }), "partial")).toEqual({
      status: "partial",
      data: { content: "   1 | valid text\n   2 | \uFFFD\uFFFDmore text\n", truncated: false, fallback_encoding: "replace" },
      text: `Read 2 lines from 'invalid_utf8.txt' (Lines 1-2).\n(Took 0ms)\n${WARNING}`,
      stats: stats(2, 37, 2, 23, "utf-8 (replace)"),
      context: { cwd: ".", params_input: { path: "invalid_utf8.txt" }, path_resolved: "invalid_utf8.txt" },
    });
  });

  test("test_partial_both_truncated_and_fallback", async () => {
    // The invalid bytes lie on line 101, after the page read: the fallback is decided per file.
    const ws = project();
    const lines = `${Array.from({ length: 100 }, (_, i) => `line ${i + 1}`).join("\n")}\n`;
    ws.write("both.txt", Buffer.concat([Buffer.from(lines), Buffer.from([0xff, 0xfe]), Buffer.from("\nextra line\n")]));
    const output = asRead(compliant(await run(ws, { path: "both.txt", limit: 10 }), "partial"));
    expect(output.data.truncated).toBe(true);
    expect(output.data.fallback_encoding).toBe("replace");
    expect(output.text).toBe(`Read 10 lines from 'both.txt' (Lines 1-10).\n(Took 0ms)\n[Truncated: Showing first 10 of 102 lines. Use start_line=11 to continue.]\n${WARNING}`);
    expect(output.stats.encoding).toBe("utf-8 (replace)");
  });
});

describe(`ENV-ref-tests ${TEST_READ_TOOL}: errors`, () => {
  test("test_error_not_found_nonexistent_file", async () => {
    const output = compliant(await run(project(), { path: "nonexistent.txt" }), "error");
    expect(output).toEqual({
      status: "error",
      data: {},
      text: "File 'nonexistent.txt' does not exist.",
      stats: { time_ms: 0 },
      context: { cwd: ".", params_input: { path: "nonexistent.txt" }, path_resolved: "nonexistent.txt" },
      error: { code: "NOT_FOUND", message: "File 'nonexistent.txt' does not exist." },
    });
  });

  test("test_error_invalid_param_empty_path", async () => {
    expect(errorOf(compliant(await run(project(), { path: "" }), "error"))).toEqual({
      code: "INVALID_PARAM",
      message: `Invalid path: "" (empty). Parameter 'path' is required: a non-empty string of at most 4096 characters without a NUL byte, naming a file relative to the project root.`,
    });
  });

  test("test_error_access_denied_path_traversal", async () => {
    // The reference says "Path '../../../etc/passwd' is outside project root."; spec 001 §4 fixes the
    // message of this case, and its text wins: the same code, the spec's words.
    const output = compliant(await run(project(), { path: "../../../etc/passwd" }), "error");
    expect(output).toEqual({
      status: "error",
      data: {},
      text: "Access denied. Path must be within project root.",
      stats: { time_ms: 0 },
      context: { cwd: ".", params_input: { path: "../../../etc/passwd" } },
      error: { code: "ACCESS_DENIED", message: "Access denied. Path must be within project root." },
    });
  });

  test("test_error_access_denied_absolute_path_outside", async () => {
    expect(errorOf(compliant(await run(project(), { path: "/etc/passwd" }), "error")).code).toBe("ACCESS_DENIED");
  });

  test("test_error_access_denied_symlink_outside", async () => {
    const ws = project();
    const outside = path.join(path.dirname(ws.root), "outside.txt");
    fs.writeFileSync(outside, "outside content");
    ws.symlink("link_to_outside", outside);
    const output = compliant(await run(ws, { path: "link_to_outside" }), "error");
    expect(errorOf(output).code).toBe("ACCESS_DENIED");
    expect(output.context).toEqual({ cwd: ".", params_input: { path: "link_to_outside" } });
  });

  test("test_error_invalid_param_missing_path", async () => {
    const message = errorOf(compliant(await run(project(), {}), "error"));
    expect(message).toEqual({
      code: "INVALID_PARAM",
      message: "Invalid path: missing. Parameter 'path' is required: a non-empty string of at most 4096 characters without a NUL byte, naming a file relative to the project root.",
    });
  });

  for (const [name, start_line, shown] of [
    ["test_error_invalid_param_start_line_zero", 0, "0"],
    ["test_error_invalid_param_start_line_negative", -1, "-1"],
    ["test_error_invalid_param_start_line_not_integer", "abc", '"abc" (not a number)'],
  ] as const) {
    test(name, async () => {
      const ws = project();
      ws.write("test.txt", "content\n");
      expect(errorOf(compliant(await run(ws, { path: "test.txt", start_line }), "error"))).toEqual({
        code: "INVALID_PARAM",
        message: `Invalid start_line: ${shown}. start_line must be a positive integer (>= 1); default 1.`,
      });
    });
  }

  for (const [name, limit, shown] of [
    ["test_error_invalid_param_limit_zero", 0, "0"],
    ["test_error_invalid_param_limit_negative", -1, "-1"],
    ["test_error_invalid_param_limit_exceeds_max", 2001, "2001"],
    ["test_error_invalid_param_limit_not_integer", "ten", '"ten" (not a number)'],
  ] as const) {
    test(name, async () => {
      const ws = project();
      ws.write("test.txt", "content\n");
      expect(errorOf(compliant(await run(ws, { path: "test.txt", limit }), "error"))).toEqual({
        code: "INVALID_PARAM",
        message: `Invalid limit: ${shown}. limit must be an integer between 1 and 2000; default 500.`,
      });
    });
  }

  test("test_error_invalid_param_start_line_exceeds_file_length", async () => {
    const ws = project();
    ws.write("short.txt", "line1\nline2\n");
    const message = "Invalid start_line: start_line (100) exceeds file length (2 lines). Valid range: 1 to 2. Use start_line=1 to read from the start.";
    expect(compliant(await run(ws, { path: "short.txt", start_line: 100 }), "error")).toEqual({
      status: "error",
      data: {},
      text: message,
      stats: { time_ms: 0 },
      context: { cwd: ".", params_input: { path: "short.txt", start_line: 100 }, path_resolved: "short.txt", total_lines: 2 },
      error: { code: "INVALID_PARAM", message },
    });
  });

  test("test_error_invalid_param_start_line_exceeds_empty_file", async () => {
    const ws = project();
    ws.write("empty.txt", "");
    const output = compliant(await run(ws, { path: "empty.txt", start_line: 2 }), "error");
    expect(errorOf(output)).toEqual({
      code: "INVALID_PARAM",
      message: "Invalid start_line: start_line (2) exceeds file length (file is empty). Valid start_line is 1. Omit start_line to read the file.",
    });
    expect(output.context).toEqual({ cwd: ".", params_input: { path: "empty.txt", start_line: 2 }, path_resolved: "empty.txt", total_lines: 0 });
  });

  test("test_error_is_directory", async () => {
    const output = compliant(await run(project(), { path: "src" }), "error");
    expect(errorOf(output)).toEqual({ code: "IS_DIRECTORY", message: "Path 'src' is a directory. Use LS to explore it." });
    expect(output.context).toEqual({ cwd: ".", params_input: { path: "src" }, path_resolved: "src" });
  });

  test("test_error_binary_file_with_null_byte", async () => {
    const ws = project();
    ws.write("binary.bin", Buffer.from([0, 1, 2, 3, 4, 5]));
    const output = compliant(await run(ws, { path: "binary.bin" }), "error");
    // The reference adds "Cannot read as text."; spec 001 §4 fixes this message, and its text wins.
    expect(errorOf(output)).toEqual({ code: "BINARY_FILE", message: "File 'binary.bin' appears to be binary." });
    expect(output.context).toEqual({ cwd: ".", params_input: { path: "binary.bin" }, path_resolved: "binary.bin" });
  });

  test("test_error_binary_file_at_start", async () => {
    const ws = project();
    ws.write("early_null.bin", Buffer.concat([Buffer.from([0]), Buffer.from("some text")]));
    expect(errorOf(compliant(await run(ws, { path: "early_null.bin" }), "error")).code).toBe("BINARY_FILE");
  });

  test("test_success_text_file_without_null_byte", async () => {
    const ws = project();
    ws.write("text.txt", "Normal text file\nwith multiple lines\n");
    expect(asRead(compliant(await run(ws, { path: "text.txt" }), "success")).data.content).toBe("   1 | Normal text file\n   2 | with multiple lines\n");
  });
});

describe(`ENV-ref-tests ${TEST_READ_TOOL}: protocol fields`, () => {
  test("test_protocol_all_required_fields_present", async () => {
    const ws = project();
    ws.write("protocol_test.txt", "test content\n");
    const output = await run(ws, { path: "protocol_test.txt" });
    expect(Object.keys(output)).toEqual(["status", "data", "text", "stats", "context"]);
    expect(output.context).toMatchObject({ cwd: ".", params_input: { path: "protocol_test.txt" } });
    expect(output.stats.time_ms).toBe(0);
  });

  test("test_protocol_no_extra_top_level_fields", async () => {
    const ws = project();
    ws.write("extra_test.txt", "test\n");
    expect(new Set(Object.keys(await run(ws, { path: "extra_test.txt" })))).toEqual(new Set(["status", "data", "text", "stats", "context"]));
  });

  test("test_protocol_error_response_structure", async () => {
    const output = await run(project(), { path: "nonexistent.txt" });
    expect(errorOf(output)).toEqual({ code: "NOT_FOUND", message: "File 'nonexistent.txt' does not exist." });
    expect(output.data).toEqual({});
  });

  test("test_protocol_context_preserves_input_params", async () => {
    const ws = project();
    ws.write("params.txt", "content\n");
    // start_line 5 of a one-line file is an error, and params_input still holds the input as given.
    const output = await run(ws, { path: "params.txt", start_line: 5, limit: 10 });
    expect(output.context.params_input).toEqual({ path: "params.txt", start_line: 5, limit: 10 });
  });
});

describe(`ENV-ref-tests ${TEST_READ_TOOL}: boundaries, paths and stats`, () => {
  test("test_boundary_limit_max_value", async () => {
    const ws = project();
    ws.write("max_limit.txt", Array.from({ length: 2000 }, (_, i) => `line ${i + 1}`).join("\n"));
    const output = asRead(compliant(await run(ws, { path: "max_limit.txt", limit: 2000 }), "success"));
    expect(output.stats).toMatchObject({ lines_read: 2000, total_lines: 2000 });
    expect(output.data.content.endsWith("2000 | line 2000\n")).toBe(true);
  });

  test("test_boundary_limit_min_value", async () => {
    const ws = project();
    ws.write("min_limit.txt", "line1\nline2\n");
    const output = asRead(compliant(await run(ws, { path: "min_limit.txt", limit: 1 }), "partial"));
    expect(output.data).toEqual({ content: "   1 | line1\n", truncated: true });
    expect(output.stats.lines_read).toBe(1);
  });

  test("test_boundary_start_line_min_value", async () => {
    const ws = project();
    ws.write("start1.txt", "line1\n");
    expect(asRead(compliant(await run(ws, { path: "start1.txt", start_line: 1 }), "success")).data.content).toBe("   1 | line1\n");
  });

  test("test_boundary_file_with_very_long_lines", async () => {
    const ws = project();
    ws.write("long_line.txt", `${"a".repeat(10_000)}\n`);
    const output = asRead(compliant(await run(ws, { path: "long_line.txt" }), "success"));
    expect(output.data.content).toBe(`   1 | ${"a".repeat(10_000)}\n`);
    expect(output.stats.chars_read).toBe(10_008);
  });

  test("test_boundary_file_with_crlf_line_endings", async () => {
    const ws = project();
    ws.write("crlf.txt", "line1\r\nline2\r\nline3\r\n");
    expect(asRead(compliant(await run(ws, { path: "crlf.txt" }), "success")).data.content).toBe("   1 | line1\n   2 | line2\n   3 | line3\n");
  });

  test("test_special_path_with_dot_slash", async () => {
    const ws = project();
    ws.write("test.txt", "content\n");
    const output = asRead(compliant(await run(ws, { path: "./test.txt" }), "success"));
    expect(output.data.content).toBe("   1 | content\n");
    expect(output.text).toBe("Read 1 lines from 'test.txt' (Lines 1-1).\n(Took 0ms)");
    expect(output.context.path_resolved).toBe("test.txt");
  });

  test("test_special_path_with_nested_directories", async () => {
    const ws = project();
    ws.write("a/b/c/d/file.txt", "deep content\n");
    expect(asRead(compliant(await run(ws, { path: "a/b/c/d/file.txt" }), "success")).data.content).toBe("   1 | deep content\n");
  });

  test("test_special_path_relative_navigation_within_project", async () => {
    const ws = project();
    ws.write("subdir/file.txt", "content\n");
    const output = asRead(compliant(await run(ws, { path: "subdir/../subdir/file.txt" }), "success"));
    expect(output.data.content).toBe("   1 | content\n");
    expect(output.context.path_resolved).toBe("subdir/file.txt");
  });

  test("test_stats_time_ms_is_reasonable", async () => {
    const ws = project();
    ws.write("timer.txt", "x\n".repeat(100));
    const output = await createTool({ root: ws.root }).call({ path: "timer.txt" });
    expect(Number.isInteger(output.stats.time_ms)).toBe(true);
    expect(output.stats.time_ms).toBeGreaterThanOrEqual(0);
    expect(output.stats.time_ms).toBeLessThan(10_000);
  });

  test("test_stats_contains_line_and_char_counts", async () => {
    const ws = project();
    ws.write("stats.txt", "line1\nline2\nline3\n");
    expect(asRead(await run(ws, { path: "stats.txt" })).stats).toMatchObject({ lines_read: 3, chars_read: 39 });
  });

  test("test_stats_contains_file_size", async () => {
    const ws = project();
    ws.write("size.txt", "test content");
    expect(asRead(await run(ws, { path: "size.txt" })).stats.file_size_bytes).toBe(12);
  });

  test("test_stats_contains_encoding_info", async () => {
    const ws = project();
    ws.write("encoding.txt", "content\n");
    expect(asRead(await run(ws, { path: "encoding.txt" })).stats.encoding).toBe("utf-8");
  });
});

describe(`ENV-ref-tests ${TEST_PROTOCOL_COMPLIANCE}: the Read cases`, () => {
  test("test_read_success_response", async () => {
    const output = asRead(compliant(await run(project(), { path: "src/main.py" }), "success", "read"));
    expect(output.data.content.startsWith("   1 | #!/usr/bin/env python3\n   2 | ")).toBe(true);
    expect(output.stats).toMatchObject({ lines_read: 20, total_lines: 20 });
  });

  test("test_read_partial_truncated_response", async () => {
    const output = asRead(compliant(await run(project(), { path: "src/main.py", limit: 2 }), "partial", "read"));
    expect(output.data).toEqual({ content: '   1 | #!/usr/bin/env python3\n   2 | """The main module."""\n', truncated: true });
  });

  test("test_read_success_empty_file", async () => {
    const ws = project();
    ws.write("empty.txt", "");
    const output = asRead(compliant(await run(ws, { path: "empty.txt" }), "success", "read"));
    expect(output.data.content).toBe("");
    expect(output.stats.lines_read).toBe(0);
  });

  for (const [name, input, code] of [
    ["test_read_error_not_found", { path: "nonexistent_file.txt" }, "NOT_FOUND"],
    ["test_read_error_is_directory", { path: "src" }, "IS_DIRECTORY"],
    ["test_read_error_access_denied", { path: "../../../etc/passwd" }, "ACCESS_DENIED"],
    ["test_read_error_start_line_exceeds", { path: "src/main.py", start_line: 1000 }, "INVALID_PARAM"],
  ] as const) {
    test(name, async () => {
      expect(errorOf(compliant(await run(project(), input), "error")).code).toBe(code);
    });
  }

  test("test_read_error_binary_file", async () => {
    const ws = project();
    ws.write("test.bin", Buffer.from([0, 1, 2, 3, 4, 5]));
    expect(errorOf(compliant(await run(ws, { path: "test.bin" }), "error")).code).toBe("BINARY_FILE");
  });

  test("test_read_pagination", async () => {
    const output = asRead(compliant(await run(project(), { path: "src/main.py", start_line: 5, limit: 5 }), "partial", "read"));
    expect(output.data.content).toBe("   5 | class Greeter:\n   6 |     \"\"\"Says hello.\"\"\"\n   7 | \n   8 |     def __init__(self, name: str):\n   9 |         self.name = name\n");
  });

  test("test_all_tools_have_required_fields (Read)", async () => {
    expect(Object.keys(await run(project(), { path: "src/main.py" }))).toEqual(["status", "data", "text", "stats", "context"]);
  });

  test("test_all_tools_context_has_cwd_and_params (Read)", async () => {
    expect((await run(project(), { path: "src/main.py" })).context).toMatchObject({ cwd: ".", params_input: { path: "src/main.py" } });
  });

  test("test_all_tools_stats_has_time_ms (Read)", async () => {
    expect(typeof (await createTool({ root: project().root }).call({ path: "src/main.py" })).stats.time_ms).toBe("number");
  });
});

describe("the protocol rules the reference's validator checks", () => {
  test("protocolViolations flags what the validator flags: data null, an unknown code, truncated but not partial", () => {
    const base = { status: "error", data: {}, text: "x", stats: { time_ms: 0 }, context: { cwd: ".", params_input: {} }, error: { code: "NOT_FOUND", message: "x" } };
    expect(protocolViolations(base)).toEqual([]);
    expect(protocolViolations({ ...base, data: null })).toEqual(["V005: data is null"]);
    expect(protocolViolations({ ...base, error: { code: "NOPE", message: "x" } })).toEqual(["S003: error code NOPE"]);
    expect(protocolViolations({ ...base, status: "success", error: undefined, data: { content: "", truncated: true } }, "read")).toEqual(["S005: truncated but not partial"]);
  });
});
