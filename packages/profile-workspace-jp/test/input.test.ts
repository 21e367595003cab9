import { describe, expect, test } from "vitest";
import { DEFAULT_MAX_LINES, DEFAULT_START_LINE, MAX_MAX_LINES } from "../src/index.js";
import { MTIME_MS, useSandbox } from "./sandbox.js";

const sandbox = useSandbox();

function invalid(message: string) {
  return { error: { code: "INVALID_ARGUMENT", message } };
}

describe("JP-4.1: path required; start_line default 1, min 1; max_lines default 200, min 1, max 500", () => {
  test("JP-4.1: the defaults are start_line 1 and max_lines 200", async () => {
    expect([DEFAULT_START_LINE, DEFAULT_MAX_LINES, MAX_MAX_LINES]).toStrictEqual([1, 200, 500]);
    sandbox().write("lines.txt", "x\n".repeat(300));
    const defaults = await sandbox().call({ path: "lines.txt" });
    expect(await sandbox().call({ path: "lines.txt", start_line: 1, max_lines: 200 })).toStrictEqual(defaults);
    expect(await sandbox().call({ path: "lines.txt", start_line: null, max_lines: null })).toStrictEqual(defaults);
    expect(defaults).toStrictEqual({
      path: "lines.txt",
      content: Array.from({ length: 200 }, () => "x").join("\n"),
      truncated: true,
      next_start_line: 201,
      meta: { byte_length: 600, line_count: 301, returned_line_count: 200, mtime_ms: MTIME_MS },
    });
  });

  test("JP-4.1: the bounds themselves are accepted (start_line 1, max_lines 1 and 500)", async () => {
    sandbox().write("lines.txt", "x\n".repeat(600));
    expect(await sandbox().call({ path: "lines.txt", max_lines: 1 })).toMatchObject({ content: "x", next_start_line: 2 });
    expect(await sandbox().call({ path: "lines.txt", start_line: 1, max_lines: 500 })).toMatchObject({
      content: Array.from({ length: 500 }, () => "x").join("\n"),
      next_start_line: 501,
      meta: { returned_line_count: 500 },
    });
  });

  test("JP-4.1 / JP-4.3: path is required and must be a non-empty string; any other string names a file", async () => {
    expect(await sandbox().call({})).toStrictEqual(invalid('path must be a non-empty string; the "path" argument is missing.'));
    expect(await sandbox().call({ start_line: 2 })).toStrictEqual(invalid('path must be a non-empty string; the "path" argument is missing.'));
    expect(await sandbox().call({ path: 42 })).toStrictEqual(invalid("path must be a non-empty string, got 42."));
    expect(await sandbox().call({ path: null })).toStrictEqual(invalid("path must be a non-empty string, got null."));
    expect(await sandbox().call({ path: "" })).toStrictEqual(invalid("path must be a non-empty string, got an empty string."));
    expect(await sandbox().call({ path: "   " })).toStrictEqual({ error: { code: "NOT_FOUND", message: 'Cannot read "   ": no such file in the workspace.' } });
    sandbox().write(" ", "a name of one space\n");
    sandbox().write("\t", "a tab\n");
    sandbox().write("a\u202eb.txt", "bidi\n");
    sandbox().write("x\ny.txt", "a newline\n");
    for (const name of [" ", "\t", "a\u202eb.txt", "x\ny.txt"]) {
      expect(await sandbox().call({ path: name })).toMatchObject({ path: name, truncated: false, meta: { line_count: 2 } });
    }
    expect(await sandbox().call({ path: "a\u0000b" })).toStrictEqual(invalid("Cannot read: the path 'a\\x00b' contains a NUL byte, which no file name holds."));
    expect(await sandbox().call({ path: "x".repeat(5000) })).toStrictEqual(
      invalid("Cannot read: the path is 5000 characters long; at most 4096 are accepted."),
    );
  });

  test("JP-4.1: a path is checked before the window, whatever else is wrong", async () => {
    expect(await sandbox().call({ path: "", start_line: 0, extra: true })).toStrictEqual(invalid("path must be a non-empty string, got an empty string."));
  });

  test("JP-4.3: a name too long for the file system is INTERNAL, as the reference reports the OS error", async () => {
    expect(await sandbox().call({ path: "n".repeat(300) })).toStrictEqual({
      error: { code: "INTERNAL", message: `Cannot read "${"n".repeat(300)}": the path is too long for the file system.` },
    });
  });

  test("JP-4.1 / JP-ref-arguments: start_line below 1, fractional, infinite or not a number is INVALID_ARGUMENT, never clamped; null is the default", async () => {
    sandbox().write("a.txt", "a\n");
    const rule = "start_line must be an integer >= 1, got";
    const cases: [unknown, string][] = [
      [0, "0"],
      [-3, "-3"],
      [-0, "-0"],
      [1.5, "1.5"],
      [Number.NaN, "NaN"],
      [Number.POSITIVE_INFINITY, "Infinity"],
      ["2", 'the string "2"'],
      [true, "true"],
      [[1], "an array"],
      [{}, "an object"],
    ];
    for (const [value, shown] of cases) {
      expect(await sandbox().call({ path: "a.txt", start_line: value })).toStrictEqual(invalid(`${rule} ${shown} (path "a.txt").`));
    }
    const whole = { path: "a.txt", content: "a\n", truncated: false, next_start_line: null, meta: { byte_length: 2, line_count: 2, returned_line_count: 2, mtime_ms: MTIME_MS } };
    expect(await sandbox().call({ path: "a.txt", start_line: null, max_lines: 2.0 })).toStrictEqual(whole);
    expect(await sandbox().call({ path: "a.txt", start_line: 2 ** 53 })).toStrictEqual({ ...whole, content: "", meta: { ...whole.meta, returned_line_count: 0 } });
  });

  test("JP-4.1: max_lines below 1, above 500, fractional or not a number is INVALID_ARGUMENT, never clamped", async () => {
    sandbox().write("a.txt", "a\n");
    const rule = "max_lines must be an integer between 1 and 500, got";
    const cases: [unknown, string][] = [
      [0, "0"],
      [501, "501"],
      [10_000, "10000"],
      [2.5, "2.5"],
      ["200", 'the string "200"'],
      ["x".repeat(50), `the string "${"x".repeat(40)}..."`],
    ];
    for (const [value, shown] of cases) {
      expect(await sandbox().call({ path: "a.txt", max_lines: value })).toStrictEqual(invalid(`${rule} ${shown} (path "a.txt").`));
    }
  });

  test("JP-4.1 / JP-ref-arguments: both wrong window arguments are named in one message, in a fixed order; other keys are ignored", async () => {
    sandbox().write("a.txt", "a\n");
    expect(await sandbox().call({ path: "a.txt", max_lines: 0, end_line: 9, start_line: 0, "bad\u202ekey": 1 })).toStrictEqual(
      invalid('start_line must be an integer >= 1, got 0; max_lines must be an integer between 1 and 500, got 0 (path "a.txt").'),
    );
  });

  test("JP-4.1: arguments that are not an object are INVALID_ARGUMENT", async () => {
    expect(await sandbox().call("a.txt")).toStrictEqual(invalid('args must be an object with a "path" string, got the string "a.txt".'));
    expect(await sandbox().call(null)).toStrictEqual(invalid('args must be an object with a "path" string, got null.'));
    expect(await sandbox().call(undefined)).toStrictEqual(invalid('args must be an object with a "path" string, got nothing.'));
    expect(await sandbox().call([{ path: "a.txt" }])).toStrictEqual(invalid('args must be an object with a "path" string, got an array.'));
  });
});
