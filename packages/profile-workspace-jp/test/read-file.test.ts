import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { BINARY_SNIFF_BYTES, SIZE_LIMIT_BYTES, createTool } from "../src/index.js";
import { MTIME_MS, useSandbox } from "./sandbox.js";

const sandbox = useSandbox();

/** `line from` ... `line to`, one string each. */
function lines(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, index) => `line ${from + index}`);
}

/** A file of `count` numbered lines, each ending with `\n`: `count + 1` lines in the spec's model. */
function numbered(count: number): string {
  return `${lines(1, count).join("\n")}\n`;
}

function meta(byte_length: number, line_count: number, returned_line_count: number) {
  return { byte_length, line_count, returned_line_count, mtime_ms: MTIME_MS };
}

function failure(code: string, message: string) {
  return { error: { code, message } };
}

describe("spec 002 §3.1 MUST", () => {
  test("JP-3.1.1: reads the file named by path as UTF-8 text and returns its content", async () => {
    sandbox().write("docs/読んで.md", "# 見出し\nカフェ café 😀\n");
    expect(await sandbox().call({ path: "docs/読んで.md" })).toStrictEqual({
      path: "docs/読んで.md",
      content: "# 見出し\nカフェ café 😀\n",
      truncated: false,
      next_start_line: null,
      meta: meta(33, 3, 3),
    });
  });

  test("JP-3.1.2: without max_lines at most 200 lines are returned, from the start", async () => {
    sandbox().write("long.txt", numbered(250));
    expect(await sandbox().call({ path: "long.txt" })).toStrictEqual({
      path: "long.txt",
      content: lines(1, 200).join("\n"),
      truncated: true,
      next_start_line: 201,
      meta: meta(Buffer.byteLength(numbered(250)), 251, 200),
    });
  });

  test("JP-3.1.3: with start_line, the lines from it up to max_lines are returned", async () => {
    sandbox().write("five.txt", numbered(5));
    expect(await sandbox().call({ path: "five.txt", start_line: 2, max_lines: 2 })).toStrictEqual({
      path: "five.txt",
      content: "line 2\nline 3",
      truncated: true,
      next_start_line: 4,
      meta: meta(35, 6, 2),
    });
    // Lines 4, 5 and the empty line after the final newline.
    expect(await sandbox().call({ path: "five.txt", start_line: 4 })).toStrictEqual({
      path: "five.txt",
      content: "line 4\nline 5\n",
      truncated: false,
      next_start_line: null,
      meta: meta(35, 6, 3),
    });
  });

  describe("JP-3.1.4: path is normalised inside the workspace; outside paths are refused", () => {
    const outsideError = (input: string) =>
      failure("OUTSIDE_WORKSPACE", `Cannot read ${JSON.stringify(input)}: it resolves outside the workspace root; only files inside the workspace can be read.`);

    test("JP-3.1.4 / JP-ref-spelling: ./, .., a trailing / and doubled separators are cleaned lexically, as the reference's path.resolve does", async () => {
      sandbox().write("a.txt", "a\n");
      sandbox().mkdir("src");
      const read = { path: "a.txt", content: "a\n", truncated: false, next_start_line: null, meta: meta(2, 2, 2) };
      for (const input of ["./src/../a.txt", "missing/../a.txt", "a.txt/", "src//../a.txt", `${sandbox().root}/src/../a.txt`]) {
        expect(await sandbox().call({ path: input })).toStrictEqual(read);
      }
    });

    test("JP-3.1.4 / JP-ref-spelling: a backslash is read as a separator, as the reference's createSecureTool does", async () => {
      sandbox().write("src/main.ts", "main\n");
      sandbox().write("back\\slash.txt", "a name with a backslash\n");
      expect(await sandbox().call({ path: "src\\main.ts" })).toStrictEqual({ path: "src/main.ts", content: "main\n", truncated: false, next_start_line: null, meta: meta(5, 2, 2) });
      expect(await sandbox().call({ path: "back\\slash.txt" })).toStrictEqual(failure("NOT_FOUND", 'Cannot read "back/slash.txt": no such file in the workspace.'));
      expect(await sandbox().call({ path: "..\\outside\\x.txt" })).toStrictEqual(outsideError("../outside/x.txt"));
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

    test("JP-3.1.4: a sibling whose name starts with the root's is outside; a name starting with .. is inside", async () => {
      const sibling = `${sandbox().root}-evil`;
      fs.mkdirSync(sibling);
      fs.writeFileSync(path.join(sibling, "x.txt"), "x\n");
      sandbox().write("..notes.txt", "notes\n");
      expect(await sandbox().call({ path: "../ws-evil/x.txt" })).toStrictEqual(outsideError("../ws-evil/x.txt"));
      expect(await sandbox().call({ path: "..notes.txt" })).toStrictEqual({ path: "..notes.txt", content: "notes\n", truncated: false, next_start_line: null, meta: meta(6, 2, 2) });
    });

    test("JP-3.1.4: a directory that leads outside is OUTSIDE_WORKSPACE, directly, dangling or through more links", async () => {
      sandbox().write("secret.txt", "secret\n", sandbox().outside);
      sandbox().symlink("linkdir", sandbox().outside);
      sandbox().mkdir("sub");
      sandbox().symlink("sub/up", "../../outside");
      for (const input of ["linkdir/secret.txt", "linkdir/missing.txt", "sub/up/secret.txt", "linkdir/../../outside/secret.txt"]) {
        expect(await sandbox().call({ path: input })).toStrictEqual(outsideError(input));
      }
    });

    test("JP-3.1.4: the sandbox decides before the file is examined (an outside FIFO, binary or huge file)", async () => {
      sandbox().write("blob.bin", Buffer.alloc(SIZE_LIMIT_BYTES + 1), sandbox().outside);
      sandbox().fifo("../outside/pipe");
      sandbox().symlink("out", sandbox().outside);
      expect(await sandbox().call({ path: "../outside/blob.bin" })).toStrictEqual(outsideError("../outside/blob.bin"));
      expect(await sandbox().call({ path: "out/pipe" })).toStrictEqual(outsideError("out/pipe"));
    });

    test("JP-3.1.4 / JP-7.3: the sandbox answers before a wrong start_line or max_lines (spec 002 §7: policy, sandbox, processing)", async () => {
      sandbox().write("secret.txt", "secret\n", sandbox().outside);
      sandbox().symlink("linkdir", sandbox().outside);
      expect(await sandbox().call({ path: "../outside/secret.txt", start_line: 0 })).toStrictEqual(outsideError("../outside/secret.txt"));
      expect(await sandbox().call({ path: "linkdir/secret.txt", max_lines: 501 })).toStrictEqual(outsideError("linkdir/secret.txt"));
      expect(await sandbox().call({ path: "../outside/missing.txt", start_line: "1" })).toStrictEqual(outsideError("../outside/missing.txt"));
      expect(await sandbox().call({ path: "missing.txt", start_line: 0 })).toStrictEqual(
        failure("INVALID_ARGUMENT", 'start_line must be an integer >= 1, got 0 (path "missing.txt").'),
      );
    });
  });

  test("JP-3.1.5 / JP-ref-spelling: the returned path is root-relative POSIX, as spelt: absolute inputs and symlinked directories included", async () => {
    const absolute = sandbox().write("src/deep/a.ts", "export {};\n");
    sandbox().symlink("deeplink", "src/deep");
    const page = { content: "export {};\n", truncated: false, next_start_line: null, meta: meta(11, 2, 2) };
    expect(await sandbox().call({ path: absolute })).toStrictEqual({ path: "src/deep/a.ts", ...page });
    expect(await sandbox().call({ path: `${sandbox().root}/src/./deep/../deep/a.ts` })).toStrictEqual({ path: "src/deep/a.ts", ...page });
    expect(await sandbox().call({ path: "deeplink/a.ts" })).toStrictEqual({ path: "deeplink/a.ts", ...page });
    const alias = sandbox().symlink("../ws-alias", sandbox().root);
    expect(await sandbox().call({ path: `${alias}/src/deep/a.ts` })).toStrictEqual({ path: "src/deep/a.ts", ...page });
  });

  test("JP-3.1.6 / JP-ref-symlinks: a missing file, a directory, a symlink and an over-size file each give an explicit error", async () => {
    sandbox().mkdir("dir");
    sandbox().write("over.txt", Buffer.alloc(SIZE_LIMIT_BYTES + 1, "x"));
    sandbox().write("file.txt", "x");
    sandbox().symlink("link.txt", "file.txt");
    sandbox().symlink("broken.txt", "nowhere.txt");
    sandbox().symlink("loop", "loop");
    const symlink = (name: string) => failure("NOT_FILE", `Cannot read "${name}": it is a symlink, not a regular file (links are not followed).`);
    expect(await sandbox().call({ path: "nope.txt" })).toStrictEqual(failure("NOT_FOUND", 'Cannot read "nope.txt": no such file in the workspace.'));
    expect(await sandbox().call({ path: "file.txt/child" })).toStrictEqual(failure("NOT_FOUND", 'Cannot read "file.txt/child": a parent of it is a file, not a directory.'));
    expect(await sandbox().call({ path: "link.txt" })).toStrictEqual(symlink("link.txt"));
    expect(await sandbox().call({ path: "broken.txt" })).toStrictEqual(symlink("broken.txt"));
    expect(await sandbox().call({ path: "loop" })).toStrictEqual(symlink("loop"));
    expect(await sandbox().call({ path: "dir" })).toStrictEqual(failure("NOT_FILE", 'Cannot read "dir": it is a directory, not a file.'));
    expect(await sandbox().call({ path: "." })).toStrictEqual(failure("NOT_FILE", 'Cannot read ".": it is a directory, not a file.'));
    expect(await sandbox().call({ path: "over.txt" })).toStrictEqual(
      failure("SIZE_LIMIT_EXCEEDED", 'Cannot read "over.txt": the file is 1048577 bytes, over the limit of 1048576 bytes (1 MiB).'),
    );
  });

  test("JP-3.1.7: a file judged binary is refused", async () => {
    sandbox().write("data.bin", Buffer.from("text\u0000more\n"));
    expect(await sandbox().call({ path: "data.bin" })).toStrictEqual(
      failure("BINARY_NOT_SUPPORTED", 'Cannot read "data.bin": the file looks binary (a NUL byte within its first 8192 bytes); binary files are not supported.'),
    );
  });

  test("JP-3.1.8: truncated=true with next_start_line over the limit, false/null otherwise", async () => {
    sandbox().write("200.txt", lines(1, 200).join("\n"));
    sandbox().write("201.txt", lines(1, 201).join("\n"));
    sandbox().write("200-final-newline.txt", numbered(200));
    expect(await sandbox().call({ path: "200.txt" })).toStrictEqual({
      path: "200.txt",
      content: lines(1, 200).join("\n"),
      truncated: false,
      next_start_line: null,
      meta: meta(Buffer.byteLength(lines(1, 200).join("\n")), 200, 200),
    });
    expect(await sandbox().call({ path: "201.txt" })).toMatchObject({ truncated: true, next_start_line: 201, meta: { line_count: 201, returned_line_count: 200 } });
    expect(await sandbox().call({ path: "201.txt", start_line: 201 })).toStrictEqual({
      path: "201.txt",
      content: "line 201",
      truncated: false,
      next_start_line: null,
      meta: meta(Buffer.byteLength(lines(1, 201).join("\n")), 201, 1),
    });
    // 200 lines and a final newline: line 201 is the empty line after it.
    expect(await sandbox().call({ path: "200-final-newline.txt" })).toMatchObject({ truncated: true, next_start_line: 201, meta: { line_count: 201, returned_line_count: 200 } });
    expect(await sandbox().call({ path: "200-final-newline.txt", start_line: 201 })).toMatchObject({ content: "", truncated: false, next_start_line: null, meta: { returned_line_count: 1 } });
  });

  test("JP-3.1.9: the same input gives byte-identical output (content and meta), across calls and tools", async () => {
    const file = sandbox().write("mixed.txt", "α\r\nβ\nγ\r\n\r\nδ");
    fs.utimesSync(file, 1_735_212_345.1234567, 1_735_212_345.1234567);
    const mtime = fs.statSync(file).mtimeMs;
    const input = { path: "mixed.txt", start_line: 2, max_lines: 2 };
    const first = JSON.stringify(await sandbox().call(input));
    expect(JSON.stringify(await sandbox().call(input))).toBe(first);
    expect(JSON.stringify(await createTool({ root: sandbox().root }).call(input))).toBe(first);
    expect(first).toBe(`{"path":"mixed.txt","content":"β\\nγ","truncated":true,"next_start_line":4,"meta":{"byte_length":15,"line_count":5,"returned_line_count":2,"mtime_ms":${mtime}}}`);
  });
});

describe("spec 002 §3.2 SHOULD", () => {
  test("JP-3.2.1 / JP-ref-meta: the output carries line_count, returned_line_count, byte_length and mtime_ms (with its fraction)", async () => {
    const file = sandbox().write("m.txt", "one\ntwo\nthree");
    fs.utimesSync(file, 1_600_000_000.1234567, 1_600_000_000.1234567);
    const mtime = fs.statSync(file).mtimeMs;
    expect(Number.isInteger(mtime)).toBe(false);
    expect(await sandbox().call({ path: "m.txt", max_lines: 1 })).toStrictEqual({
      path: "m.txt",
      content: "one",
      truncated: true,
      next_start_line: 2,
      meta: { byte_length: 13, line_count: 3, returned_line_count: 1, mtime_ms: mtime },
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
      [{ path: "ok.txt", max_lines: 0 }, 'max_lines must be an integer between 1 and 500, got 0 (path "ok.txt").'],
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
      content: line,
      truncated: true,
      next_start_line: 1025,
      meta: meta(SIZE_LIMIT_BYTES, 1025, 1),
    });
    expect(await sandbox().call({ path: "over.txt" })).toStrictEqual(
      failure("SIZE_LIMIT_EXCEEDED", 'Cannot read "over.txt": the file is 1048577 bytes, over the limit of 1048576 bytes (1 MiB).'),
    );
  });
});

describe("spec 002 §5 read model", () => {
  test("JP-5.1 / JP-ref-arguments: the unit is one file and a line window; a glob is a literal name, and keys other than the window's are ignored", async () => {
    sandbox().write("a.ts", "a\n");
    expect(await sandbox().call({ path: "*.ts" })).toStrictEqual(failure("NOT_FOUND", 'Cannot read "*.ts": no such file in the workspace.'));
    expect(await sandbox().call({ path: ["a.ts"] })).toStrictEqual(failure("INVALID_ARGUMENT", "path must be a non-empty string, got an array."));
    expect(await sandbox().call({ path: "a.ts", end_line: 1, encoding: "latin1" })).toStrictEqual({
      path: "a.ts",
      content: "a\n",
      truncated: false,
      next_start_line: null,
      meta: meta(2, 2, 2),
    });
  });

  test("JP-5.2: the flow is stat, kind, size, binary, text, meta: each check wins over the later ones", async () => {
    sandbox().fifo("pipe");
    sandbox().write("huge-binary.bin", Buffer.alloc(SIZE_LIMIT_BYTES + 1));
    sandbox().write("binary-invalid-utf8.bin", Buffer.from([0xff, 0xfe, 0x00, 0x41]));
    expect(await sandbox().call({ path: "pipe" })).toStrictEqual(failure("NOT_FILE", 'Cannot read "pipe": it is a special file (fifo), not a regular file.'));
    expect(await sandbox().call({ path: "huge-binary.bin" })).toStrictEqual(
      failure("SIZE_LIMIT_EXCEEDED", 'Cannot read "huge-binary.bin": the file is 1048577 bytes, over the limit of 1048576 bytes (1 MiB).'),
    );
    expect(await sandbox().call({ path: "binary-invalid-utf8.bin" })).toStrictEqual(
      failure("BINARY_NOT_SUPPORTED", 'Cannot read "binary-invalid-utf8.bin": the file looks binary (a NUL byte within its first 8192 bytes); binary files are not supported.'),
    );
  });

  test("JP-5.3: \\r\\n is normalised to \\n, then the text is split on \\n; a lone \\r is kept", async () => {
    sandbox().write("crlf.txt", "a\r\nb\r\n\r\nc\rd\r\ne");
    sandbox().write("cr-crlf.txt", "a\r\r\n");
    expect(await sandbox().call({ path: "crlf.txt" })).toStrictEqual({
      path: "crlf.txt",
      content: "a\nb\n\nc\rd\ne",
      truncated: false,
      next_start_line: null,
      meta: meta(14, 5, 5),
    });
    expect(await sandbox().call({ path: "crlf.txt", start_line: 3, max_lines: 2 })).toStrictEqual({
      path: "crlf.txt",
      content: "\nc\rd",
      truncated: true,
      next_start_line: 5,
      meta: meta(14, 5, 2),
    });
    // "a\r\r\n" normalises to "a\r\n": the lines "a\r" and "".
    expect(await sandbox().call({ path: "cr-crlf.txt" })).toStrictEqual({ path: "cr-crlf.txt", content: "a\r\n", truncated: false, next_start_line: null, meta: meta(4, 2, 2) });
  });

  test("JP-5.3: a final newline makes a last, empty line: \"a\\nb\\n\" has 3 lines, \"\" 0, \"\\n\" 2", async () => {
    const cases: [string, number][] = [
      ["a\nb\n", 3],
      ["a\nb", 2],
      ["", 0],
      ["\n", 2],
      ["\n\n", 3],
      ["a\r\nb\r\n", 3],
      ["a\r", 1],
    ];
    for (const [text, count] of cases) {
      sandbox().write("f.txt", text);
      expect(await sandbox().call({ path: "f.txt" })).toStrictEqual({
        path: "f.txt",
        content: text.replaceAll("\r\n", "\n"),
        truncated: false,
        next_start_line: null,
        meta: meta(Buffer.byteLength(text), count, count),
      });
    }
    sandbox().write("nl.txt", "\n");
    expect(await sandbox().call({ path: "nl.txt", start_line: 2 })).toStrictEqual({ path: "nl.txt", content: "", truncated: false, next_start_line: null, meta: meta(1, 2, 1) });
    sandbox().write("ab.txt", "a\nb\n");
    expect(await sandbox().call({ path: "ab.txt", max_lines: 2 })).toStrictEqual({ path: "ab.txt", content: "a\nb", truncated: true, next_start_line: 3, meta: meta(4, 3, 2) });
    expect(await sandbox().call({ path: "ab.txt", start_line: 3, max_lines: 1 })).toStrictEqual({ path: "ab.txt", content: "", truncated: false, next_start_line: null, meta: meta(4, 3, 1) });
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
      meta: meta(BINARY_SNIFF_BYTES + 2, 2, 2),
    });
  });

  test("JP-5.5 / JP-ref-arguments: start_line beyond the last line returns content \"\", truncated false, next_start_line null", async () => {
    sandbox().write("three.txt", "1\n2\n3\n");
    sandbox().write("empty.txt", "");
    const pastEnd = { path: "three.txt", content: "", truncated: false, next_start_line: null, meta: meta(6, 4, 0) };
    for (const startLine of [5, Number.MAX_SAFE_INTEGER, 2 ** 60, 1e300]) {
      expect(await sandbox().call({ path: "three.txt", start_line: startLine })).toStrictEqual(pastEnd);
    }
    expect(await sandbox().call({ path: "empty.txt" })).toStrictEqual({ path: "empty.txt", content: "", truncated: false, next_start_line: null, meta: meta(0, 0, 0) });
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
      meta: meta(8, 3, 3),
    });
  });

  test("JP-3.1.1 / JP-ref-meta: one leading UTF-8 byte order mark is dropped, as the reference's decoding drops it; byte_length counts it", async () => {
    sandbox().write("bom.txt", "\ufeffhello\n");
    sandbox().write("two-boms.txt", "\ufeff\ufeffx");
    sandbox().write("only-bom.txt", "\ufeff");
    sandbox().write("bom-newline.txt", "\ufeff\n");
    expect(await sandbox().call({ path: "bom.txt" })).toStrictEqual({ path: "bom.txt", content: "hello\n", truncated: false, next_start_line: null, meta: meta(9, 2, 2) });
    expect(await sandbox().call({ path: "bom.txt", start_line: 2 })).toStrictEqual({ path: "bom.txt", content: "", truncated: false, next_start_line: null, meta: meta(9, 2, 1) });
    expect(await sandbox().call({ path: "two-boms.txt" })).toMatchObject({ content: "\ufeffx", meta: { line_count: 1 } });
    expect(await sandbox().call({ path: "only-bom.txt" })).toStrictEqual({ path: "only-bom.txt", content: "", truncated: false, next_start_line: null, meta: meta(3, 0, 0) });
    expect(await sandbox().call({ path: "bom-newline.txt" })).toStrictEqual({ path: "bom-newline.txt", content: "\n", truncated: false, next_start_line: null, meta: meta(4, 2, 2) });
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
      meta: meta(14, 4, 4),
    });
  });

  test("JP-11.2: without max_lines a longer file is cut at 200 lines, truncated=true, next_start_line=201", async () => {
    sandbox().write("app.log", numbered(1000));
    const byteLength = Buffer.byteLength(numbered(1000));
    expect(await sandbox().call({ path: "app.log" })).toStrictEqual({
      path: "app.log",
      content: lines(1, 200).join("\n"),
      truncated: true,
      next_start_line: 201,
      meta: meta(byteLength, 1001, 200),
    });
    expect(await sandbox().call({ path: "app.log", start_line: 201 })).toStrictEqual({
      path: "app.log",
      content: lines(201, 400).join("\n"),
      truncated: true,
      next_start_line: 401,
      meta: meta(byteLength, 1001, 200),
    });
  });

  test("JP-11.3: with start_line and max_lines at most max_lines lines are returned", async () => {
    sandbox().write("n.txt", numbered(600));
    const byteLength = Buffer.byteLength(numbered(600));
    expect(await sandbox().call({ path: "n.txt", start_line: 50, max_lines: 500 })).toStrictEqual({
      path: "n.txt",
      content: lines(50, 549).join("\n"),
      truncated: true,
      next_start_line: 550,
      meta: meta(byteLength, 601, 500),
    });
    expect(await sandbox().call({ path: "n.txt", start_line: 599, max_lines: 500 })).toStrictEqual({
      path: "n.txt",
      content: "line 599\nline 600\n",
      truncated: false,
      next_start_line: null,
      meta: meta(byteLength, 601, 3),
    });
  });

  test("JP-11.4: paths outside the workspace are refused by the sandbox", async () => {
    sandbox().write("secret.txt", "secret\n", sandbox().outside);
    sandbox().symlink("escape", sandbox().outside);
    for (const input of ["../outside/secret.txt", "escape/secret.txt", path.join(sandbox().outside, "secret.txt"), "/etc/passwd"]) {
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
    expect(await sandbox().call({ path: "real.txt", max_lines: 3 })).toStrictEqual({
      path: "real.txt",
      content: "α\nβ\n",
      truncated: true,
      next_start_line: 4,
      meta: meta(fs.statSync(file).size, raw.replaceAll("\r\n", "\n").split("\n").length, 3),
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
