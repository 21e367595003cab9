import { describe, expect, test } from "vitest";
import { SIZE_LIMIT_BYTES } from "../../../../src/index.js";
import { MTIME_MS, useSandbox } from "../../../sandbox.js";

// Spec 002 §8: the main cases of test/tools/edit/read_file/tool.test.ts.
describe("JP-11.9: read_file tool (spec 002 §8 main cases)", () => {
  const sandbox = useSandbox();

  test("JP-11.9 / JP-11.1: a text file returns content and meta", async () => {
    sandbox().write("src/main.ts", "const a = 1;\r\nconsole.log(a);\n");
    expect(await sandbox().call({ path: "src/main.ts" })).toStrictEqual({
      path: "src/main.ts",
      content: "const a = 1;\nconsole.log(a);\n",
      truncated: false,
      next_start_line: null,
      meta: { byte_length: 30, line_count: 2, returned_line_count: 2, mtime_ms: MTIME_MS },
    });
  });

  test("JP-11.9 / JP-11.5: a missing file is NOT_FOUND", async () => {
    expect(await sandbox().call({ path: "src/missing.ts" })).toStrictEqual({
      error: { code: "NOT_FOUND", message: 'Cannot read "src/missing.ts": no such file in the workspace.' },
    });
  });

  test("JP-11.9 / JP-11.5: a directory is NOT_FILE", async () => {
    sandbox().mkdir("src");
    expect(await sandbox().call({ path: "src" })).toStrictEqual({
      error: { code: "NOT_FILE", message: 'Cannot read "src": it is a directory, not a file.' },
    });
  });

  test("JP-11.9 / JP-11.5: a file one byte over 1 MiB is SIZE_LIMIT_EXCEEDED", async () => {
    sandbox().write("big.log", Buffer.alloc(SIZE_LIMIT_BYTES + 1, "a"));
    expect(await sandbox().call({ path: "big.log" })).toStrictEqual({
      error: {
        code: "SIZE_LIMIT_EXCEEDED",
        message: 'Cannot read "big.log": the file is 1048577 bytes, over the limit of 1048576 bytes (1 MiB).',
      },
    });
  });

  test("JP-11.9 / JP-11.5: a file with a NUL byte is BINARY_NOT_SUPPORTED", async () => {
    sandbox().write("logo.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]));
    expect(await sandbox().call({ path: "logo.png" })).toStrictEqual({
      error: {
        code: "BINARY_NOT_SUPPORTED",
        message: 'Cannot read "logo.png": the file looks binary (a NUL byte within its first 8192 bytes); binary files are not supported.',
      },
    });
  });
});
