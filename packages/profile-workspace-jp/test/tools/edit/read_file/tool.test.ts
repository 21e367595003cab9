import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { SIZE_LIMIT_BYTES, ToolCatalog, createSecureTool, type ToolContext } from "../../../../src/index.js";
import { useSandbox } from "../../../sandbox.js";

// Spec 002 §11 requires its project's test/tools/edit/read_file/tool.test.ts to pass. Its seven cases,
// named as there and set up as there (createSecureTool over the catalog's handler, the reference's
// context, files written without a fixed mtime), each asserting the whole result: the reference's
// checks, and the exact output besides.
const REFERENCE = "ishibashi-futos/agent-tools-ts@d15509f5a045b2bce44881375b24de8e8e8b4821 test/tools/edit/read_file/tool.test.ts";

const createContext = (workspaceRoot: string): ToolContext => ({
  workspaceRoot,
  writeScope: "workspace-write",
  policy: { tools: { read_file: "allow" }, defaultPolicy: "deny" },
  env: { platform: process.platform, osRelease: "test" },
});

const createSecureReadFile = () => createSecureTool(ToolCatalog.read_file.metadata, ToolCatalog.read_file.handler);

/** `line-1` ... `line-count` joined with `\n`, no final newline (the reference's `createLines`). */
const createLines = (count: number): string => Array.from({ length: count }, (_, index) => `line-${index + 1}`).join("\n");

function failure(message: string) {
  return { status: "failure", reason: "runtime", message, error: { code: "RUNTIME_ERROR", message, retriable: true, details: {} } };
}

describe(`JP-11.9: ${REFERENCE}`, () => {
  const sandbox = useSandbox();
  const write = (name: string, content: string | Buffer) => {
    const file = path.join(sandbox().root, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    return fs.statSync(file).mtimeMs;
  };

  test("正常系: 既存テキストファイルの内容とメタ情報を返すこと JP-11.9 / JP-11.1: content and meta of a text file", async () => {
    const mtime = write("src/main.ts", "a\r\nb\r\nc");
    expect(await createSecureReadFile()(createContext(sandbox().root), "src/main.ts")).toStrictEqual({
      status: "success",
      data: {
        path: "src/main.ts",
        content: "a\nb\nc",
        truncated: false,
        next_start_line: null,
        meta: { byte_length: 7, line_count: 3, returned_line_count: 3, mtime_ms: mtime },
      },
    });
  });

  test("max_lines 未指定時は 200 行で切り詰めること JP-11.9 / JP-11.2: without max_lines, 200 lines", async () => {
    const mtime = write("long.txt", createLines(250));
    const result = await createSecureReadFile()(createContext(sandbox().root), "long.txt");
    expect(result).toStrictEqual({
      status: "success",
      data: {
        path: "long.txt",
        content: createLines(200),
        truncated: true,
        next_start_line: 201,
        meta: { byte_length: 2141, line_count: 250, returned_line_count: 200, mtime_ms: mtime },
      },
    });
    expect(result.status === "success" && result.data.content.split("\n")).toHaveLength(200);
  });

  test("start_line と max_lines 指定時に指定範囲のみ返すこと JP-11.9 / JP-11.3: start_line and max_lines", async () => {
    const mtime = write("window.txt", createLines(20));
    expect(await createSecureReadFile()(createContext(sandbox().root), "window.txt", { start_line: 5, max_lines: 3 })).toStrictEqual({
      status: "success",
      data: {
        path: "window.txt",
        content: "line-5\nline-6\nline-7",
        truncated: true,
        next_start_line: 8,
        meta: { byte_length: Buffer.byteLength(createLines(20)), line_count: 20, returned_line_count: 3, mtime_ms: mtime },
      },
    });
  });

  test("存在しないファイル指定時に NOT_FOUND を返すこと JP-11.9 / JP-11.5: a missing file", async () => {
    expect(await createSecureReadFile()(createContext(sandbox().root), "missing.txt")).toStrictEqual(
      failure('NOT_FOUND: Cannot read "missing.txt": no such file in the workspace.'),
    );
  });

  test("ディレクトリ指定時に NOT_FILE を返すこと JP-11.9 / JP-11.5: a directory", async () => {
    fs.mkdirSync(path.join(sandbox().root, "logs"), { recursive: true });
    expect(await createSecureReadFile()(createContext(sandbox().root), "logs")).toStrictEqual(failure('NOT_FILE: Cannot read "logs": it is a directory, not a file.'));
  });

  test("1MiB を超えるファイル指定時に SIZE_LIMIT_EXCEEDED を返すこと JP-11.9 / JP-11.5: over 1 MiB", async () => {
    write("large.txt", Buffer.alloc(1024 * 1024 + 1, "a"));
    expect(SIZE_LIMIT_BYTES).toBe(1024 * 1024);
    expect(await createSecureReadFile()(createContext(sandbox().root), "large.txt")).toStrictEqual(
      failure('SIZE_LIMIT_EXCEEDED: Cannot read "large.txt": the file is 1048577 bytes, over the limit of 1048576 bytes (1 MiB).'),
    );
  });

  test("バイナリファイル指定時に BINARY_NOT_SUPPORTED を返すこと JP-11.9 / JP-11.5: a binary file", async () => {
    write("binary.bin", Buffer.from([0x41, 0x00, 0x42]));
    expect(await createSecureReadFile()(createContext(sandbox().root), "binary.bin")).toStrictEqual(
      failure('BINARY_NOT_SUPPORTED: Cannot read "binary.bin": the file looks binary (a NUL byte within its first 8192 bytes); binary files are not supported.'),
    );
  });
});
