import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { BINARY_SNIFF_BYTES, SIZE_LIMIT_BYTES, createTool } from "../src/index.js";
import { MTIME_MS, useSandbox } from "./sandbox.js";

const sandbox = useSandbox();

/** `count` lines `line 1\n` ... `line count\n`. */
function numbered(count: number, from = 1): string {
  return Array.from({ length: count }, (_, index) => `line ${from + index}\n`).join("");
}

function meta(byte_length: number, line_count: number, returned_line_count: number) {
  return { byte_length, line_count, returned_line_count, mtime_ms: MTIME_MS };
}

describe("spec 002 §3.1 MUST", () => {
  test("JP-3.1.1: reads the file named by path as UTF-8 text and returns its content", async () => {
    sandbox().write("docs/読んで.md", "# 見出し\nカフェ café 😀\n");
    expect(await sandbox().call({ path: "docs/読んで.md" })).toStrictEqual({
      path: "docs/読んで.md",
      content: "# 見出し\nカフェ café 😀\n",
      truncated: false,
      next_start_line: null,
      meta: meta(33, 2, 2),
    });
  });

  test("JP-3.1.2: without max_lines at most 200 lines are returned, from the start", async () => {
    sandbox().write("long.txt", numbered(250));
    const output = await sandbox().call({ path: "long.txt" });
    expect(output).toStrictEqual({
      path: "long.txt",
      content: numbered(200),
      truncated: true,
      next_start_line: 201,
      meta: meta(Buffer.byteLength(numbered(250)), 250, 200),
    });
  });

  test("JP-3.1.3: with start_line, the lines from it up to max_lines are returned", async () => {
    sandbox().write("five.txt", numbered(5));
    expect(await sandbox().call({ path: "five.txt", start_line: 2, max_lines: 2 })).toStrictEqual({
      path: "five.txt",
      content: "line 2\nline 3\n",
      truncated: true,
      next_start_line: 4,
      meta: meta(35, 5, 2),
    });
    expect(await sandbox().call({ path: "five.txt", start_line: 4 })).toStrictEqual({
      path: "five.txt",
      content: "line 4\nline 5\n",
      truncated: false,
      next_start_line: null,
      meta: meta(35, 5, 2),
    });
  });

  describe("JP-3.1.4: path is normalised inside the workspace; outside paths are refused", () => {
    const outsideError = (input: string) => ({
      error: {
        code: "OUTSIDE_WORKSPACE",
        message: `Cannot read ${JSON.stringify(input)}: it resolves outside the workspace root; only files inside the workspace can be read.`,
      },
    });

    test("JP-3.1.4: ./ and .. inside the workspace are normalised", async () => {
      sandbox().write("a.txt", "a\n");
      sandbox().mkdir("src");
      expect(await sandbox().call({ path: "./src/../a.txt" })).toStrictEqual({
        path: "a.txt",
        content: "a\n",
        truncated: false,
        next_start_line: null,
        meta: meta(2, 1, 1),
      });
    });

    test("JP-3.1.4: ../ out of the root is OUTSIDE_WORKSPACE, existing or not", async () => {
      sandbox().write("secret.txt", "secret\n", sandbox().outside);
      expect(await sandbox().call({ path: "../outside/secret.txt" })).toStrictEqual(outsideError("../outside/secret.txt"));
      expect(await sandbox().call({ path: "../outside/missing.txt" })).toStrictEqual(outsideError("../outside/missing.txt"));
    });

    test("JP-3.1.4: an absolute path outside the root is OUTSIDE_WORKSPACE", async () => {
      const secret = sandbox().write("secret.txt", "secret\n", sandbox().outside);
      expect(await sandbox().call({ path: secret })).toStrictEqual(outsideError(secret));
    });

    test("JP-3.1.4: a sibling whose name starts with the root's is outside", async () => {
      const sibling = `${sandbox().root}-evil`;
      fs.mkdirSync(sibling);
      fs.writeFileSync(path.join(sibling, "x.txt"), "x\n");
      expect(await sandbox().call({ path: "../ws-evil/x.txt" })).toStrictEqual(outsideError("../ws-evil/x.txt"));
    });

    test("JP-3.1.4: symlinks that escape (file, directory, dangling, through ..) are OUTSIDE_WORKSPACE", async () => {
      sandbox().write("secret.txt", "secret\n", sandbox().outside);
      sandbox().symlink("link.txt", "../outside/secret.txt");
      sandbox().symlink("linkdir", sandbox().outside);
      sandbox().symlink("dangling.txt", "../outside/nothing.txt");
      sandbox().mkdir("sub");
      sandbox().symlink("sub/up", "../../outside");
      for (const input of ["link.txt", "linkdir/secret.txt", "dangling.txt", "sub/up/secret.txt", "linkdir/../outside/secret.txt"]) {
        expect(await sandbox().call({ path: input })).toStrictEqual(outsideError(input));
      }
    });

    test("JP-3.1.4: the sandbox decides before the file is examined (an outside FIFO, binary or huge file)", async () => {
      sandbox().write("blob.bin", Buffer.alloc(SIZE_LIMIT_BYTES + 1), sandbox().outside);
      const pipe = path.join(sandbox().outside, "pipe");
      sandbox().symlink("pipe", pipe);
      sandbox().fifo("../outside/pipe");
      expect(await sandbox().call({ path: "../outside/blob.bin" })).toStrictEqual(outsideError("../outside/blob.bin"));
      expect(await sandbox().call({ path: "pipe" })).toStrictEqual(outsideError("pipe"));
    });
  });

  test("JP-3.1.5: the returned path is root-relative POSIX even for absolute input and inside symlinks", async () => {
    const absolute = sandbox().write("src/deep/a.ts", "export {};\n");
    sandbox().symlink("alias.ts", "src/deep/a.ts");
    const expected = { path: "src/deep/a.ts", content: "export {};\n", truncated: false, next_start_line: null, meta: meta(11, 1, 1) };
    expect(await sandbox().call({ path: absolute })).toStrictEqual(expected);
    expect(await sandbox().call({ path: "alias.ts" })).toStrictEqual(expected);
    expect(await sandbox().call({ path: `${sandbox().root}/src/./deep/../deep/a.ts` })).toStrictEqual(expected);
  });

  test("JP-3.1.6: a missing file, a directory and an over-size file each give an explicit error", async () => {
    sandbox().mkdir("dir");
    sandbox().write("exact.bin.txt", Buffer.alloc(SIZE_LIMIT_BYTES, "x"));
    sandbox().write("over.txt", Buffer.alloc(SIZE_LIMIT_BYTES + 1, "x"));
    sandbox().write("file.txt", "x");
    sandbox().symlink("broken.txt", "nowhere.txt");
    sandbox().symlink("loop", "loop");
    expect(await sandbox().call({ path: "nope.txt" })).toStrictEqual({
      error: { code: "NOT_FOUND", message: 'Cannot read "nope.txt": no such file in the workspace.' },
    });
    expect(await sandbox().call({ path: "broken.txt" })).toStrictEqual({
      error: { code: "NOT_FOUND", message: 'Cannot read "broken.txt": it is a symlink whose target does not exist.' },
    });
    expect(await sandbox().call({ path: "file.txt/child" })).toStrictEqual({
      error: { code: "NOT_FOUND", message: 'Cannot read "file.txt/child": a parent of it is a file, not a directory.' },
    });
    expect(await sandbox().call({ path: "loop" })).toStrictEqual({
      error: { code: "NOT_FOUND", message: 'Cannot read "loop": it runs into a symlink loop, so it names no file.' },
    });
    expect(await sandbox().call({ path: "dir" })).toStrictEqual({
      error: { code: "NOT_FILE", message: 'Cannot read "dir": it is a directory, not a file.' },
    });
    expect(await sandbox().call({ path: "." })).toStrictEqual({
      error: { code: "NOT_FILE", message: 'Cannot read ".": it is a directory, not a file.' },
    });
    expect(await sandbox().call({ path: "over.txt" })).toStrictEqual({
      error: { code: "SIZE_LIMIT_EXCEEDED", message: 'Cannot read "over.txt": the file is 1048577 bytes, over the limit of 1048576 bytes (1 MiB).' },
    });
  });

  test("JP-3.1.7: a file judged binary is refused", async () => {
    sandbox().write("data.bin", Buffer.from("text\u0000more\n"));
    expect(await sandbox().call({ path: "data.bin" })).toStrictEqual({
      error: {
        code: "BINARY_NOT_SUPPORTED",
        message: 'Cannot read "data.bin": the file looks binary (a NUL byte within its first 8192 bytes); binary files are not supported.',
      },
    });
  });

  test("JP-3.1.8: truncated=true with next_start_line over the limit, false/null otherwise", async () => {
    sandbox().write("200.txt", numbered(200));
    sandbox().write("201.txt", numbered(201));
    const first = await sandbox().call({ path: "201.txt" });
    expect(first).toMatchObject({ truncated: true, next_start_line: 201, meta: { line_count: 201, returned_line_count: 200 } });
    expect(await sandbox().call({ path: "201.txt", start_line: 201 })).toStrictEqual({
      path: "201.txt",
      content: "line 201\n",
      truncated: false,
      next_start_line: null,
      meta: meta(Buffer.byteLength(numbered(201)), 201, 1),
    });
    expect(await sandbox().call({ path: "200.txt" })).toStrictEqual({
      path: "200.txt",
      content: numbered(200),
      truncated: false,
      next_start_line: null,
      meta: meta(Buffer.byteLength(numbered(200)), 200, 200),
    });
  });

  test("JP-3.1.9: the same input gives byte-identical output (content and meta), across calls and tools", async () => {
    sandbox().write("mixed.txt", "α\r\nβ\nγ\r\n\r\nδ");
    const input = { path: "mixed.txt", start_line: 2, max_lines: 2 };
    const first = JSON.stringify(await sandbox().call(input));
    expect(JSON.stringify(await sandbox().call(input))).toBe(first);
    expect(JSON.stringify(await createTool({ root: sandbox().root }).call(input))).toBe(first);
    expect(first).toBe(
      `{"path":"mixed.txt","content":"β\\nγ\\n","truncated":true,"next_start_line":4,"meta":{"byte_length":15,"line_count":5,"returned_line_count":2,"mtime_ms":${MTIME_MS}}}`,
    );
  });
});

describe("spec 002 §3.2 SHOULD", () => {
  test("JP-3.2.1: the output carries line_count, returned_line_count, byte_length and mtime_ms", async () => {
    const file = sandbox().write("m.txt", "one\ntwo\nthree");
    fs.utimesSync(file, 1_600_000_000.5, 1_600_000_000.5);
    expect(await sandbox().call({ path: "m.txt", max_lines: 1 })).toStrictEqual({
      path: "m.txt",
      content: "one\n",
      truncated: true,
      next_start_line: 2,
      meta: { byte_length: 13, line_count: 3, returned_line_count: 1, mtime_ms: 1_600_000_000_500 },
    });
  });

  test("JP-3.2.2: error messages carry the path and the reason", async () => {
    sandbox().mkdir("d");
    sandbox().write("b.bin", Buffer.from([0]));
    sandbox().write("big", Buffer.alloc(SIZE_LIMIT_BYTES + 1, "z"));
    sandbox().write("ok.txt", "ok\n");
    const cases: [unknown, string][] = [
      [{ path: "gone.txt" }, 'Cannot read "gone.txt": no such file in the workspace.'],
      [{ path: "d" }, 'Cannot read "d": it is a directory, not a file.'],
      [{ path: "b.bin" }, 'Cannot read "b.bin": the file looks binary (a NUL byte within its first 8192 bytes); binary files are not supported.'],
      [{ path: "big" }, 'Cannot read "big": the file is 1048577 bytes, over the limit of 1048576 bytes (1 MiB).'],
      [{ path: "../x" }, 'Cannot read "../x": it resolves outside the workspace root; only files inside the workspace can be read.'],
      [{ path: "ok.txt", max_lines: 0 }, 'Cannot read "ok.txt": max_lines must be an integer from 1 to 500, got 0.'],
    ];
    for (const [input, message] of cases) expect(await sandbox().call(input)).toMatchObject({ error: { message } });
  });

  test("JP-3.2.3: the 1 MiB limit is one constant: exactly 1,048,576 bytes is read, 1,048,577 is refused", async () => {
    expect(SIZE_LIMIT_BYTES).toBe(1_048_576);
    const line = "x".repeat(1023);
    sandbox().write("exact.txt", `${line}\n`.repeat(SIZE_LIMIT_BYTES / 1024));
    sandbox().write("over.txt", `${`${line}\n`.repeat(SIZE_LIMIT_BYTES / 1024)}!`);
    expect(await sandbox().call({ path: "exact.txt", start_line: 1024, max_lines: 1 })).toStrictEqual({
      path: "exact.txt",
      content: `${line}\n`,
      truncated: false,
      next_start_line: null,
      meta: meta(SIZE_LIMIT_BYTES, 1024, 1),
    });
    expect(await sandbox().call({ path: "over.txt" })).toStrictEqual({
      error: { code: "SIZE_LIMIT_EXCEEDED", message: 'Cannot read "over.txt": the file is 1048577 bytes, over the limit of 1048576 bytes (1 MiB).' },
    });
  });
});

describe("spec 002 §5 read model", () => {
  test("JP-5.1: the unit is one file and a line window; a glob is a literal name", async () => {
    sandbox().write("a.ts", "a\n");
    expect(await sandbox().call({ path: "*.ts" })).toStrictEqual({
      error: { code: "NOT_FOUND", message: 'Cannot read "*.ts": no such file in the workspace.' },
    });
    expect(await sandbox().call({ path: ["a.ts"] })).toStrictEqual({
      error: { code: "INVALID_ARGUMENT", message: "Cannot read: the path must be a string, got an array." },
    });
    expect(await sandbox().call({ path: "a.ts", end_line: 3 })).toStrictEqual({
      error: {
        code: "INVALID_ARGUMENT",
        message: 'Cannot read "a.ts": unknown argument "end_line" (read_file takes path, start_line and max_lines).',
      },
    });
  });

  test("JP-5.2: the flow is stat, kind, size, binary, text, meta: each check wins over the later ones", async () => {
    sandbox().fifo("pipe");
    sandbox().write("huge-binary.bin", Buffer.alloc(SIZE_LIMIT_BYTES + 1));
    sandbox().write("binary-invalid-utf8.bin", Buffer.from([0xff, 0xfe, 0x00, 0x41]));
    expect(await sandbox().call({ path: "pipe" })).toStrictEqual({
      error: { code: "NOT_FILE", message: 'Cannot read "pipe": it is a special file (fifo), not a regular file.' },
    });
    expect(await sandbox().call({ path: "huge-binary.bin" })).toStrictEqual({
      error: {
        code: "SIZE_LIMIT_EXCEEDED",
        message: 'Cannot read "huge-binary.bin": the file is 1048577 bytes, over the limit of 1048576 bytes (1 MiB).',
      },
    });
    expect(await sandbox().call({ path: "binary-invalid-utf8.bin" })).toStrictEqual({
      error: {
        code: "BINARY_NOT_SUPPORTED",
        message: 'Cannot read "binary-invalid-utf8.bin": the file looks binary (a NUL byte within its first 8192 bytes); binary files are not supported.',
      },
    });
  });

  test("JP-5.3: \\r\\n is normalised to \\n before splitting and counting; a lone \\r is kept", async () => {
    sandbox().write("crlf.txt", "a\r\nb\r\n\r\nc\rd\r\ne");
    expect(await sandbox().call({ path: "crlf.txt" })).toStrictEqual({
      path: "crlf.txt",
      content: "a\nb\n\nc\rd\ne",
      truncated: false,
      next_start_line: null,
      meta: meta(14, 5, 5),
    });
    expect(await sandbox().call({ path: "crlf.txt", start_line: 3, max_lines: 2 })).toStrictEqual({
      path: "crlf.txt",
      content: "\nc\rd\n",
      truncated: true,
      next_start_line: 5,
      meta: meta(14, 5, 2),
    });
  });

  test("JP-5.4: binary means a NUL byte in the leading 8192-byte chunk", async () => {
    expect(BINARY_SNIFF_BYTES).toBe(8192);
    const head = Buffer.alloc(BINARY_SNIFF_BYTES, "a");
    sandbox().write("nul-last-in-chunk.txt", Buffer.concat([head.subarray(1), Buffer.from([0]), Buffer.from("\n")]));
    sandbox().write("nul-after-chunk.txt", Buffer.concat([head, Buffer.from([0]), Buffer.from("\n")]));
    expect(await sandbox().call({ path: "nul-last-in-chunk.txt" })).toMatchObject({ error: { code: "BINARY_NOT_SUPPORTED" } });
    expect(await sandbox().call({ path: "nul-after-chunk.txt" })).toStrictEqual({
      path: "nul-after-chunk.txt",
      content: `${"a".repeat(BINARY_SNIFF_BYTES)}\u0000\n`,
      truncated: false,
      next_start_line: null,
      meta: meta(BINARY_SNIFF_BYTES + 2, 1, 1),
    });
  });

  test("JP-5.5: start_line beyond the last line returns content \"\", truncated false, next_start_line null", async () => {
    sandbox().write("three.txt", "1\n2\n3\n");
    sandbox().write("empty.txt", "");
    const pastEnd = { path: "three.txt", content: "", truncated: false, next_start_line: null, meta: meta(6, 3, 0) };
    expect(await sandbox().call({ path: "three.txt", start_line: 4 })).toStrictEqual(pastEnd);
    expect(await sandbox().call({ path: "three.txt", start_line: Number.MAX_SAFE_INTEGER })).toStrictEqual(pastEnd);
    expect(await sandbox().call({ path: "empty.txt" })).toStrictEqual({
      path: "empty.txt",
      content: "",
      truncated: false,
      next_start_line: null,
      meta: meta(0, 0, 0),
    });
  });
});

describe("decisions where spec 002 is silent", () => {
  test("JP-3.1.1: invalid UTF-8 without NUL is decoded with U+FFFD replacement", async () => {
    sandbox().write("latin1.txt", Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a, 0x82, 0xa0, 0x0a]));
    expect(await sandbox().call({ path: "latin1.txt" })).toStrictEqual({
      path: "latin1.txt",
      content: "caf\ufffd\n\ufffd\ufffd\n",
      truncated: false,
      next_start_line: null,
      meta: meta(8, 2, 2),
    });
  });

  test("JP-3.1.1: a UTF-8 byte order mark is kept as U+FEFF, so pages still join to the file", async () => {
    sandbox().write("bom.txt", "\ufeffhello\n");
    expect(await sandbox().call({ path: "bom.txt" })).toStrictEqual({
      path: "bom.txt",
      content: "\ufeffhello\n",
      truncated: false,
      next_start_line: null,
      meta: meta(9, 1, 1),
    });
  });
});

describe("spec 002 §11 acceptance", () => {
  test("JP-11.1: an existing text file returns content and meta", async () => {
    sandbox().write("README.md", "# Title\n\nBody\n");
    expect(await sandbox().call({ path: "README.md" })).toStrictEqual({
      path: "README.md",
      content: "# Title\n\nBody\n",
      truncated: false,
      next_start_line: null,
      meta: meta(14, 3, 3),
    });
  });

  test("JP-11.2: without max_lines a longer file is cut at 200 lines, truncated=true, next_start_line=201", async () => {
    sandbox().write("app.log", numbered(1000));
    expect(await sandbox().call({ path: "app.log" })).toStrictEqual({
      path: "app.log",
      content: numbered(200),
      truncated: true,
      next_start_line: 201,
      meta: meta(Buffer.byteLength(numbered(1000)), 1000, 200),
    });
    expect(await sandbox().call({ path: "app.log", start_line: 201 })).toStrictEqual({
      path: "app.log",
      content: numbered(200, 201),
      truncated: true,
      next_start_line: 401,
      meta: meta(Buffer.byteLength(numbered(1000)), 1000, 200),
    });
  });

  test("JP-11.3: with start_line and max_lines at most max_lines lines are returned", async () => {
    sandbox().write("n.txt", numbered(600));
    expect(await sandbox().call({ path: "n.txt", start_line: 50, max_lines: 500 })).toStrictEqual({
      path: "n.txt",
      content: numbered(500, 50),
      truncated: true,
      next_start_line: 550,
      meta: meta(Buffer.byteLength(numbered(600)), 600, 500),
    });
    expect(await sandbox().call({ path: "n.txt", start_line: 599, max_lines: 500 })).toStrictEqual({
      path: "n.txt",
      content: "line 599\nline 600\n",
      truncated: false,
      next_start_line: null,
      meta: meta(Buffer.byteLength(numbered(600)), 600, 2),
    });
  });

  test("JP-11.4: paths outside the workspace are refused by the sandbox", async () => {
    sandbox().write("secret.txt", "secret\n", sandbox().outside);
    sandbox().symlink("escape.txt", path.join(sandbox().outside, "secret.txt"));
    for (const input of ["../outside/secret.txt", "escape.txt", path.join(sandbox().outside, "secret.txt"), "/etc/passwd"]) {
      expect(await sandbox().call({ path: input })).toMatchObject({ error: { code: "OUTSIDE_WORKSPACE" } });
    }
  });

  test("JP-11.5: missing, directory, over-size and binary each give their specified error code", async () => {
    sandbox().mkdir("dir");
    sandbox().write("large.txt", Buffer.alloc(SIZE_LIMIT_BYTES + 1, "l"));
    sandbox().write("bin.dat", Buffer.from([1, 2, 0, 3]));
    const codes = [];
    for (const input of ["missing.txt", "dir", "large.txt", "bin.dat"]) {
      const output = await sandbox().call({ path: input });
      codes.push("error" in output ? output.error.code : "success");
    }
    expect(codes).toStrictEqual(["NOT_FOUND", "NOT_FILE", "SIZE_LIMIT_EXCEEDED", "BINARY_NOT_SUPPORTED"]);
  });

  test("JP-11.6: line_count, returned_line_count and byte_length match the real file", async () => {
    const raw = "α\r\nβ\n\nγ";
    const file = sandbox().write("real.txt", raw);
    const output = await sandbox().call({ path: "real.txt", max_lines: 3 });
    expect(output).toStrictEqual({
      path: "real.txt",
      content: "α\nβ\n\n",
      truncated: true,
      next_start_line: 4,
      meta: meta(fs.statSync(file).size, raw.split(/\r?\n/u).length, 3),
    });
    expect(fs.statSync(file).size).toBe(10);
  });

  test("JP-11.7: the returned path is root-relative and no output contains an absolute path", async () => {
    const absolute = sandbox().write("a/b/c.txt", "c\n");
    const outputs = [
      await sandbox().call({ path: absolute }),
      await sandbox().call({ path: "a/b/c.txt" }),
      await sandbox().call({ path: "a/b/missing.txt" }),
      await sandbox().call({ path: "a/b" }),
      await sandbox().call({ path: "../outside/x" }),
    ];
    expect(outputs[0]).toMatchObject({ path: "a/b/c.txt" });
    expect(outputs[1]).toMatchObject({ path: "a/b/c.txt" });
    for (const output of outputs.slice(1)) expect(JSON.stringify(output)).not.toContain(sandbox().root);
  });
});
