import { describe, expect, test } from "vitest";
import { createTool, outputSchema } from "../src/index.js";
import { useSandbox } from "./sandbox.js";

describe("isError, render and outputSchema", () => {
  const sandbox = useSandbox();
  const readTool = () => createTool({ root: sandbox().root });

  test("JP-4.2: isError is true exactly for the error shape", async () => {
    sandbox().write("a.txt", "a\n");
    const tool = readTool();
    expect(tool.isError(await tool.call({ path: "a.txt" }))).toBe(false);
    expect(tool.isError(await tool.call({ path: "b.txt" }))).toBe(true);
  });

  test("JP-4.2: render shows the file, the window and how to continue; control characters made visible", async () => {
    sandbox().write("src/a.ts", "one\r\ntwo\n\u001b[31mred\nfour\n");
    const tool = readTool();
    expect(tool.render(await tool.call({ path: "src/a.ts", start_line: 2, max_lines: 2 }))).toBe(
      '"src/a.ts" (5 lines, 23 bytes), lines 2-3:\ntwo\n\\x1b[31mred\n(truncated; continue with start_line=4)',
    );
    expect(tool.render(await tool.call({ path: "src/a.ts", start_line: 4, max_lines: 1 }))).toBe('"src/a.ts" (5 lines, 23 bytes), lines 4-4:\nfour\n(truncated; continue with start_line=5)');
    expect(tool.render(await tool.call({ path: "src/a.ts", start_line: 9 }))).toBe('"src/a.ts" (5 lines, 23 bytes): no lines returned');
  });

  test("JP-4.2: render shows a final newline as the last, empty line and escapes an odd file name", async () => {
    sandbox().write("x.txt", "x");
    sandbox().write("evil\u202e.txt", "e\n\n");
    const tool = readTool();
    expect(tool.render(await tool.call({ path: "x.txt" }))).toBe('"x.txt" (1 line, 1 byte), lines 1-1:\nx');
    expect(tool.render(await tool.call({ path: "evil\u202e.txt" }))).toBe('"evil\\u202e.txt" (3 lines, 3 bytes), lines 1-3:\ne\n\n');
  });

  test("JP-4.3: render shows the code and the message of an error", async () => {
    const tool = readTool();
    expect(tool.render(await tool.call({ path: "nope" }))).toBe('NOT_FOUND: Cannot read "nope": no such file in the workspace.');
  });

  test("JP-4.2: outputSchema is an object schema with exactly the success and the error shapes", () => {
    expect(outputSchema.type).toBe("object");
    const [success, failure] = outputSchema.anyOf as { required: string[]; additionalProperties: boolean; properties: Record<string, { required?: string[] }> }[];
    expect(success?.required).toStrictEqual(["path", "content", "truncated", "next_start_line", "meta"]);
    expect(success?.properties.meta?.required).toStrictEqual(["byte_length", "line_count", "returned_line_count", "mtime_ms"]);
    expect(success?.additionalProperties).toBe(false);
    expect(failure?.required).toStrictEqual(["error"]);
    expect(failure?.properties.error?.required).toStrictEqual(["code", "message"]);
    expect(failure?.additionalProperties).toBe(false);
  });
});
