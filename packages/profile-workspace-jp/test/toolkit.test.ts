import { describe, expect, test } from "vitest";
import { ReadFileError, createAgentToolkit } from "../src/index.js";
import { MTIME_MS, useSandbox } from "./sandbox.js";

describe("JP-11.8: createAgentToolkit().readFile (spec 002 §8 public surface)", () => {
  const sandbox = useSandbox();

  test("JP-11.8: readFile resolves to the typed output on success", async () => {
    sandbox().write("src/app.ts", "export const app = 1;\r\n");
    const toolkit = createAgentToolkit({ root: sandbox().root });
    const output = await toolkit.readFile({ path: "src/app.ts", start_line: 1, max_lines: 10 });
    expect(output).toStrictEqual({
      path: "src/app.ts",
      content: "export const app = 1;\n",
      truncated: false,
      next_start_line: null,
      meta: { byte_length: 23, line_count: 1, returned_line_count: 1, mtime_ms: MTIME_MS },
    });
  });

  test("JP-4.3: readFile rejects with a ReadFileError carrying the spec code and message", async () => {
    sandbox().mkdir("dir");
    const toolkit = createAgentToolkit({ root: sandbox().root });
    const error = await toolkit.readFile({ path: "dir" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ReadFileError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: "ReadFileError", code: "NOT_FILE", message: 'Cannot read "dir": it is a directory, not a file.' });
    expect(JSON.parse(JSON.stringify(error))).toStrictEqual({
      error: { code: "NOT_FILE", message: 'Cannot read "dir": it is a directory, not a file.' },
    });
    await expect(toolkit.readFile({ path: "x", max_lines: 501 })).rejects.toMatchObject({
      code: "INVALID_ARGUMENT",
      message: 'Cannot read "x": max_lines must be an integer from 1 to 500, got 501.',
    });
  });

  test("JP-4.3: a toolkit on a root that does not exist fails when it is created", () => {
    expect(() => createAgentToolkit({ root: `${sandbox().root}/missing` })).toThrow(/^workspace-jp: invalid workspace root: The workspace root does not exist\.$/u);
  });
});
