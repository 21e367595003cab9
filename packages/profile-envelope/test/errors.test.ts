import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { createTool, maskTime } from "../src/index.js";
import { errorOf } from "./outputs.js";
import { makeWorkspace } from "./workspace.js";

const DENIED = "Access denied. Path must be within project root.";
const START_RULE = "start_line must be a positive integer (>= 1); default 1.";
const LIMIT_RULE = "limit must be an integer between 1 and 2000; default 500.";
const PATH_RULE =
  "Parameter 'path' is required: a non-empty string of at most 4096 characters without a NUL byte, naming a file relative to the project root.";

/** An error envelope: `data` `{}`, and `landing` (path_resolved, total_lines) when the path was resolved inside the root. */
function error(code: string, message: string, params_input: unknown, landing: Record<string, unknown> = {}) {
  return { status: "error", data: {}, text: message, stats: { time_ms: 0 }, context: { cwd: ".", params_input, ...landing }, error: { code, message } };
}

describe("§4 errors", () => {
  test("ENV-4-not-found ENV-ref-context: a missing file is NOT_FOUND with the spec's message, and where it resolved", async () => {
    const ws = makeWorkspace();
    const output = maskTime(await createTool({ root: ws.root }).call({ path: "src/missing.py" }));
    expect(output).toEqual(error("NOT_FOUND", "File 'src/missing.py' does not exist.", { path: "src/missing.py" }, { path_resolved: "src/missing.py" }));
  });

  test("ENV-4-not-found: a dangling symlink inside the root and a file used as a directory are NOT_FOUND too", async () => {
    const ws = makeWorkspace();
    ws.write("a.txt", "a\n");
    ws.symlink("dangling", "nowhere.txt");
    const tool = createTool({ root: ws.root });
    expect(errorOf(await tool.call({ path: "dangling" }))).toEqual({ code: "NOT_FOUND", message: "File 'dangling' does not exist." });
    expect(errorOf(await tool.call({ path: "a.txt/b" }))).toEqual({ code: "NOT_FOUND", message: "File 'a.txt/b' does not exist." });
  });

  test("ENV-4-access-denied: ../, an absolute path and a sibling sharing the root's prefix are ACCESS_DENIED", async () => {
    const ws = makeWorkspace();
    ws.writeOutside("secret.txt", "s\n");
    fs.mkdirSync(`${ws.root}_evil`);
    fs.writeFileSync(`${ws.root}_evil/x.txt`, "x\n");
    const tool = createTool({ root: ws.root });
    for (const p of ["../outside/secret.txt", "../outside/missing.txt", path.join(ws.outside, "secret.txt"), "/etc/passwd", `../ws_evil/x.txt`, `${ws.root}_evil/x.txt`, ".."]) {
      expect(maskTime(await tool.call({ path: p }))).toEqual(error("ACCESS_DENIED", DENIED, { path: p }));
    }
  });

  test("ENV-4-access-denied: a symlink out of the root is ACCESS_DENIED whatever its target is", async () => {
    const ws = makeWorkspace();
    ws.writeOutside("secret.txt", "s\n");
    ws.writeOutside("dir/inner.txt", "i\n");
    ws.symlink("to-file", "../outside/secret.txt");
    ws.symlink("to-abs", path.join(ws.outside, "secret.txt"));
    ws.symlink("to-dir", "../outside/dir");
    ws.symlink("to-missing", "../outside/missing.txt");
    ws.symlink("to-null", "/dev/null");
    ws.symlink("sub/up", "../..");
    const tool = createTool({ root: ws.root });
    for (const p of ["to-file", "to-abs", "to-dir", "to-dir/inner.txt", "to-missing", "to-null", "sub/up/outside/secret.txt", "sub/up"]) {
      expect(maskTime(await tool.call({ path: p }))).toEqual(error("ACCESS_DENIED", DENIED, { path: p }));
    }
  });

  test("ENV-4-access-denied: a FIFO or a socket inside the root is ACCESS_DENIED as not a regular file, without blocking", async () => {
    const ws = makeWorkspace();
    ws.fifo("pipe");
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(path.join(ws.root, "sock"), resolve));
    try {
      const tool = createTool({ root: ws.root });
      expect(maskTime(await tool.call({ path: "pipe" }))).toEqual(
        error("ACCESS_DENIED", "Access denied. Path 'pipe' is not a regular file (it is a FIFO).", { path: "pipe" }),
      );
      expect(errorOf(await tool.call({ path: "sock" }))).toEqual({
        code: "ACCESS_DENIED",
        message: "Access denied. Path 'sock' is not a regular file (it is a socket).",
      });
    } finally {
      server.close();
    }
  });

  test("ENV-4-is-directory ENV-ref-context: a directory is IS_DIRECTORY with the spec's message, and where it resolved", async () => {
    const ws = makeWorkspace();
    ws.mkdir("src/pkg");
    const tool = createTool({ root: ws.root });
    expect(maskTime(await tool.call({ path: "src/pkg" }))).toEqual(
      error("IS_DIRECTORY", "Path 'src/pkg' is a directory. Use LS to explore it.", { path: "src/pkg" }, { path_resolved: "src/pkg" }),
    );
    expect(errorOf(await tool.call({ path: "." }))).toEqual({ code: "IS_DIRECTORY", message: "Path '.' is a directory. Use LS to explore it." });
  });

  test("ENV-4-binary ENV-ref-context: a file with a NUL byte is BINARY_FILE with the spec's message, and where it resolved", async () => {
    const ws = makeWorkspace();
    ws.write("logo.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]));
    expect(maskTime(await createTool({ root: ws.root }).call({ path: "logo.png", start_line: 3 }))).toEqual(
      error("BINARY_FILE", "File 'logo.png' appears to be binary.", { path: "logo.png", start_line: 3 }, { path_resolved: "logo.png" }),
    );
  });

  test("ENV-4.1: IS_DIRECTORY and BINARY_FILE are codes of their own, and error is exactly { code, message }", async () => {
    const ws = makeWorkspace();
    ws.mkdir("d");
    ws.write("b", Buffer.from([0]));
    const tool = createTool({ root: ws.root });
    for (const [p, code] of [["d", "IS_DIRECTORY"], ["b", "BINARY_FILE"]] as const) {
      const output = await tool.call({ path: p });
      expect(Object.keys(errorOf(output))).toEqual(["code", "message"]);
      expect(errorOf(output).code).toBe(code);
    }
  });
});

describe("§4 INVALID_PARAM", () => {
  const cases: readonly [string, unknown, string][] = [
    ["missing path", {}, `Invalid path: missing. ${PATH_RULE}`],
    ["missing path, other parameters given", { start_line: 2 }, `Invalid path: missing. ${PATH_RULE}`],
    ["path of the wrong type", { path: 42 }, `Invalid path: 42 (not a string). ${PATH_RULE}`],
    ["null path", { path: null }, `Invalid path: null. ${PATH_RULE}`],
    ["empty path", { path: "" }, `Invalid path: "" (empty). ${PATH_RULE}`],
    ["path with a NUL", { path: "a\u0000b" }, `Invalid path: "a\\u0000b" (contains a NUL byte). ${PATH_RULE}`],
    ["start_line 0", { path: "a.txt", start_line: 0 }, `Invalid start_line: 0. ${START_RULE}`],
    ["negative start_line", { path: "a.txt", start_line: -3 }, `Invalid start_line: -3. ${START_RULE}`],
    ["fractional start_line", { path: "a.txt", start_line: 2.5 }, `Invalid start_line: 2.5 (not an integer). ${START_RULE}`],
    ["string start_line", { path: "a.txt", start_line: "2" }, `Invalid start_line: "2" (not a number). ${START_RULE}`],
    ["null start_line", { path: "a.txt", start_line: null }, `Invalid start_line: null. ${START_RULE}`],
    ["boolean limit", { path: "a.txt", limit: true }, `Invalid limit: true (not a number). ${LIMIT_RULE}`],
    ["fractional limit", { path: "a.txt", limit: 0.5 }, `Invalid limit: 0.5 (not an integer). ${LIMIT_RULE}`],
    ["array limit", { path: "a.txt", limit: [10] }, `Invalid limit: an array (not a number). ${LIMIT_RULE}`],
    [
      "several invalid parameters at once, in the order path, start_line, limit",
      { limit: 0, start_line: 0 },
      `Invalid path: missing. ${PATH_RULE} Invalid start_line: 0. ${START_RULE} Invalid limit: 0. ${LIMIT_RULE}`,
    ],
  ];
  for (const [name, input, message] of cases) {
    test(`ENV-4-invalid-param ENV-ref-messages: ${name} is INVALID_PARAM naming the parameter, the value and the valid range`, async () => {
      const ws = makeWorkspace();
      ws.write("a.txt", "a\n");
      expect(maskTime(await createTool({ root: ws.root }).call(input))).toEqual(error("INVALID_PARAM", message, input));
    });
  }

  test("ENV-4-invalid-param: arguments that are not an object are INVALID_PARAM, echoed as given", async () => {
    const tool = createTool({ root: makeWorkspace().root });
    const tail = "The parameters must be an object with path (required), start_line and limit.";
    expect(maskTime(await tool.call(["a.txt"]))).toEqual(error("INVALID_PARAM", `Invalid parameters: an array. ${tail}`, ["a.txt"]));
    expect(maskTime(await tool.call("a.txt"))).toEqual(error("INVALID_PARAM", `Invalid parameters: "a.txt". ${tail}`, "a.txt"));
    expect(maskTime(await tool.call(null))).toEqual(error("INVALID_PARAM", `Invalid parameters: null. ${tail}`, null));
    expect(maskTime(await tool.call(undefined))).toEqual(error("INVALID_PARAM", `Invalid parameters: missing. ${tail}`, null));
  });

  test("ENV-4-invalid-param: a very long value is shown shortened, with its length", async () => {
    const tool = createTool({ root: makeWorkspace().root });
    const output = await tool.call({ path: "a.txt", limit: "9".repeat(100) });
    expect(errorOf(output).message).toBe(`Invalid limit: "${"9".repeat(80)}...", 100 characters (not a number). ${LIMIT_RULE}`);
  });

  test("ENV-4-invalid-param: parameters are checked before the filesystem is touched", async () => {
    const ws = makeWorkspace();
    ws.mkdir("dir");
    const tool = createTool({ root: ws.root });
    expect(errorOf(await tool.call({ path: "dir", limit: 3000 }))).toEqual({ code: "INVALID_PARAM", message: `Invalid limit: 3000. ${LIMIT_RULE}` });
    expect(errorOf(await tool.call({ path: "../outside/x", start_line: 0 })).code).toBe("INVALID_PARAM");
  });

  test("ENV-4-invalid-param: a blank path and one with a bidi override name files like any other: missing, they are NOT_FOUND, escaped", async () => {
    const tool = createTool({ root: makeWorkspace().root });
    expect(errorOf(await tool.call({ path: "  " }))).toEqual({ code: "NOT_FOUND", message: "File '  ' does not exist." });
    expect(errorOf(await tool.call({ path: "a\u202Eb" }))).toEqual({ code: "NOT_FOUND", message: "File 'a\\u202eb' does not exist." });
  });

  test("ENV-4-invalid-param: a path component too long for the file system is INVALID_PARAM about path", async () => {
    const tool = createTool({ root: makeWorkspace().root });
    const name = "n".repeat(300);
    expect(errorOf(await tool.call({ path: name }))).toEqual({
      code: "INVALID_PARAM",
      message: `Invalid path: "${"n".repeat(80)}...", 300 characters (too long for the file system). ${PATH_RULE}`,
    });
  });
});

describe("§5.1 start_line bounds", () => {
  test("ENV-5.1 ENV-ref-messages ENV-ref-context: start_line beyond the last line is INVALID_PARAM saying it exceeds the file length, with the total, the valid range and a next step", async () => {
    const ws = makeWorkspace();
    ws.write("src/utils.py", "a\nb\nc\n");
    const tool = createTool({ root: ws.root });
    const message = "Invalid start_line: start_line (4) exceeds file length (3 lines). Valid range: 1 to 3. Use start_line=1 to read from the start.";
    expect(maskTime(await tool.call({ path: "src/utils.py", start_line: 4 }))).toEqual(
      error("INVALID_PARAM", message, { path: "src/utils.py", start_line: 4 }, { path_resolved: "src/utils.py", total_lines: 3 }),
    );
    expect(errorOf(await tool.call({ path: "src/utils.py", start_line: 1_000_000, limit: 1 })).message).toBe(
      "Invalid start_line: start_line (1000000) exceeds file length (3 lines). Valid range: 1 to 3. Use start_line=1 to read from the start.",
    );
  });

  test("ENV-5.1 ENV-ref-spelling: a start_line beyond 2^53 is an integer past the end, written out in full, not a bad argument", async () => {
    const ws = makeWorkspace();
    ws.write("a.txt", "a\nb\n");
    const tool = createTool({ root: ws.root });
    for (const [start_line, shown] of [
      [2 ** 53 + 2, "9007199254740994"],
      [1e21, "1000000000000000000000"],
    ] as const) {
      expect(maskTime(await tool.call({ path: "a.txt", start_line }))).toEqual(
        error(
          "INVALID_PARAM",
          `Invalid start_line: start_line (${shown}) exceeds file length (2 lines). Valid range: 1 to 2. Use start_line=1 to read from the start.`,
          { path: "a.txt", start_line },
          { path_resolved: "a.txt", total_lines: 2 },
        ),
      );
    }
  });

  test("ENV-5.1: the last line itself is a valid start_line, with or without a final newline", async () => {
    const ws = makeWorkspace();
    ws.write("a.txt", "a\nb\nc");
    const output = maskTime(await createTool({ root: ws.root }).call({ path: "a.txt", start_line: 3 }));
    expect(output.status).toBe("success");
    expect(output.text).toBe("Read 1 lines from 'a.txt' (Lines 3-3).\n(Took 0ms)");
  });

  test("ENV-5.1: on an empty file only start_line 1 is valid", async () => {
    const ws = makeWorkspace();
    ws.write("empty.txt", "");
    const tool = createTool({ root: ws.root });
    expect(maskTime(await tool.call({ path: "empty.txt", start_line: 2 }))).toEqual(
      error(
        "INVALID_PARAM",
        "Invalid start_line: start_line (2) exceeds file length (file is empty). Valid start_line is 1. Omit start_line to read the file.",
        { path: "empty.txt", start_line: 2 },
        { path_resolved: "empty.txt", total_lines: 0 },
      ),
    );
    expect((await tool.call({ path: "empty.txt", start_line: 1 })).status).toBe("success");
  });
});

describe("§5.2 limit bounds", () => {
  for (const limit of [0, -1, 2001, 1_000_000]) {
    test(`ENV-5.2: limit ${limit} is INVALID_PARAM, never clamped`, async () => {
      const ws = makeWorkspace();
      ws.write("a.txt", "a\n");
      expect(maskTime(await createTool({ root: ws.root }).call({ path: "a.txt", limit }))).toEqual(
        error("INVALID_PARAM", `Invalid limit: ${limit}. ${LIMIT_RULE}`, { path: "a.txt", limit }),
      );
    });
  }

  test("ENV-5.2: limits 1 and 2000 are valid and return exactly that many lines", async () => {
    const ws = makeWorkspace();
    ws.write("many.txt", "x\n".repeat(2500));
    const tool = createTool({ root: ws.root });
    const two = await tool.call({ path: "many.txt", limit: 2000 });
    expect(two.status === "partial" && two.stats.lines_read).toBe(2000);
    expect(maskTime(two).text).toBe("Read 2000 lines from 'many.txt' (Lines 1-2000).\n(Took 0ms)\n[Truncated: Showing first 2000 of 2500 lines. Use start_line=2001 to continue.]");
    const one = await tool.call({ path: "many.txt", start_line: 2500, limit: 1 });
    expect(one.status === "success" && one.data.content).toBe("2500 | x\n");
  });
});

describe("§5.4 binary detection", () => {
  test("ENV-5.4: a NUL as the 8192nd byte makes the file binary", async () => {
    const ws = makeWorkspace();
    const bytes = Buffer.alloc(8192, 0x61);
    bytes[8191] = 0;
    ws.write("edge.bin", bytes);
    expect(errorOf(await createTool({ root: ws.root }).call({ path: "edge.bin" }))).toEqual({
      code: "BINARY_FILE",
      message: "File 'edge.bin' appears to be binary.",
    });
  });

  test("ENV-5.4: a NUL only after the first 8192 bytes is read as text", async () => {
    const ws = makeWorkspace();
    const bytes = Buffer.concat([Buffer.from(`${"a".repeat(8191)}\n`), Buffer.from([0x62, 0x00, 0x63, 0x0a])]);
    ws.write("late.txt", bytes);
    const output = maskTime(await createTool({ root: ws.root }).call({ path: "late.txt", start_line: 2 }));
    expect(output.status).toBe("success");
    expect(output.data).toEqual({ content: "   2 | b\u0000c\n", truncated: false });
  });
});

describe("failures the spec does not list", () => {
  test("ENV-3.3: a symlink loop is ACCESS_DENIED naming the loop", async () => {
    const ws = makeWorkspace();
    ws.symlink("loop-a", "loop-b");
    ws.symlink("loop-b", "loop-a");
    expect(maskTime(await createTool({ root: ws.root }).call({ path: "loop-a" }))).toEqual(
      error("ACCESS_DENIED", "Access denied. Path 'loop-a' runs into a symlink loop.", { path: "loop-a" }),
    );
  });

  test("ENV-3.3 issue 30 case 5: lines holding more than max_window_bytes are cut to fit, with where to continue, never an error", async () => {
    const ws = makeWorkspace();
    ws.write("wide.txt", `${"w".repeat(3000)}\nshort\n${"v".repeat(500)}\n`);
    const tool = createTool({ root: ws.root, max_window_bytes: 1024 });
    const first = maskTime(await tool.call({ path: "wide.txt" }));
    expect(first.status === "partial" && first.data).toEqual({ content: `   1 | ${"w".repeat(1024)}\n`, truncated: true });
    expect(first.text).toBe(
      "Read 1 lines from 'wide.txt' (Lines 1-1).\n(Took 0ms)\n[Truncated: Showing first 1 of 3 lines. Use start_line=2 to continue.]\n" +
        "[Cut: line 1 is longer than one read returns (max_window_bytes = 1024 bytes of the file): only its first 1024 bytes are shown, and its rest cannot be read by line. Raise max_answer_bytes and max_window_bytes in the [envelope] table of the user's configuration (at most 67108864) to see more of it.]",
    );
    const rest = await tool.call({ path: "wide.txt", start_line: 2 });
    expect(rest.status === "success" && rest.data.content).toBe(`   2 | short\n   3 | ${"v".repeat(500)}\n`);
  });

  test("ENV-3.3: a file over max_file_bytes is EXECUTION_ERROR before it is read; a file of exactly the limit is read", async () => {
    const ws = makeWorkspace();
    ws.write("exact.txt", "a\nbb\n");
    ws.write("over.txt", "a\nbb\nc");
    const tool = createTool({ root: ws.root, max_file_bytes: 5 });
    const exact = await tool.call({ path: "exact.txt" });
    expect(exact.status === "success" && exact.data.content).toBe("   1 | a\n   2 | bb\n");
    expect(maskTime(await tool.call({ path: "over.txt", start_line: 2, limit: 1 }))).toEqual(
      error(
        "EXECUTION_ERROR",
        "File 'over.txt' is 6 bytes, over the 5 bytes this tool reads (every read counts all of its lines for stats.total_lines). Raise max_file_bytes in the [envelope] table of your own config (--config FILE) to read it.",
        { path: "over.txt", start_line: 2, limit: 1 },
      ),
    );
  });

  test("ENV-3.3: a 32 GiB sparse file is refused at once under the default max_file_bytes (4 GiB)", async () => {
    const ws = makeWorkspace();
    ws.write("sparse.txt", "first\n");
    fs.truncateSync(path.join(ws.root, "sparse.txt"), 32 * 1024 ** 3);
    const output = await createTool({ root: ws.root }).call({ path: "sparse.txt" });
    expect(errorOf(output)).toEqual({
      code: "EXECUTION_ERROR",
      message:
        "File 'sparse.txt' is 34359738368 bytes, over the 4294967296 bytes this tool reads (every read counts all of its lines for stats.total_lines). Raise max_file_bytes in the [envelope] table of your own config (--config FILE) to read it.",
    });
  });

  test("ENV-3.3: an operating-system read error is INTERNAL_ERROR naming it", async () => {
    // /proc/self/mem is a regular file whose offset 0 is unmapped: reading it fails with EIO.
    const tool = createTool({ root: "/proc/self" });
    expect(errorOf(await tool.call({ path: "mem" }))).toEqual({ code: "INTERNAL_ERROR", message: "File 'mem' could not be read (EIO)." });
  });
});
