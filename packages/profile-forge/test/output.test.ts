import { CORE_FAILURE_CODES, coreFailure } from "@read/core";
import { describe, expect, test } from "vitest";
import { createTool, FORGE_ERROR_CODES, mapFailure, outputSchema } from "../src/index.js";
import { sampleFailures } from "../../core/test/support/sample-failures.js";
import { sandbox } from "./helpers.js";

describe("the output contract", () => {
  test("FORGE-FR-RD-04: outputSchema describes the success object and the error object", () => {
    const { root } = sandbox();
    const tool = createTool({ root });
    expect(tool.outputSchema).toBe(outputSchema);
    expect(outputSchema).toMatchObject({
      type: "object",
      anyOf: [
        {
          type: "object",
          required: ["path", "content", "binary", "line_numbers", "start_line", "end_line", "total_lines", "truncated", "next_start_line", "size_bytes"],
          additionalProperties: false,
          properties: {
            start_line: { anyOf: [{ type: "integer", minimum: 1 }, { type: "null" }] },
            total_lines: { anyOf: [{ type: "integer", minimum: 0 }, { type: "null" }] },
            binary: { type: "boolean" },
          },
        },
        {
          type: "object",
          required: ["error"],
          additionalProperties: false,
          properties: { error: { type: "object", required: ["code", "message"], properties: { code: { type: "string", enum: [...FORGE_ERROR_CODES] } } } },
        },
      ],
    });
  });

  test("FORGE-FR-RD-04: isError and render", async () => {
    const { root } = sandbox({ "a.txt": "one\ntwo\n", "b.bin": Buffer.from([0, 1, 2, 3]) });
    const tool = createTool({ root });
    const text = await tool.call({ path: "a.txt" });
    expect(tool.isError(text)).toBe(false);
    expect(tool.render(text)).toBe("1| one\n2| two\n");
    const missing = await tool.call({ path: "nope.txt" });
    expect(tool.isError(missing)).toBe(true);
    expect(tool.render(missing)).toBe("Error NOT_FOUND: No such file or directory: the path 'nope.txt' does not exist.");
    expect(tool.render(await tool.call({ path: "b.bin" }))).toBe("b.bin: binary file, 4 bytes, returned as base64.");
    const capped = createTool({ root, max_file_read_bytes: 3 });
    expect(capped.render(await capped.call({ path: "b.bin" }))).toBe("b.bin: binary file, 4 bytes, the first 3 returned as base64 (truncated at max_file_read_bytes).");
  });

  test("FORGE-NFR-RD-SEC-01: every core failure maps to a documented code", () => {
    const context = { path: "x" };
    const failures = sampleFailures("x");
    const codes = Object.fromEntries(CORE_FAILURE_CODES.map((code) => [code, mapFailure(failures[code], context).error.code]));
    expect(codes).toEqual({
      INVALID_INPUT: "INVALID_ARGUMENT",
      NOT_FOUND: "NOT_FOUND",
      OUTSIDE_ROOT: "OUTSIDE_SANDBOX",
      SENSITIVE: "SANDBOX_DENIED",
      SYMLINK_LOOP: "READ_FAILED",
      NAME_TOO_LONG: "INVALID_ARGUMENT",
      IS_DIRECTORY: "NOT_A_FILE",
      NOT_REGULAR_FILE: "NOT_A_FILE",
      TOO_LARGE: "TOO_LARGE",
      BINARY: "READ_FAILED",
      INVALID_UTF8: "READ_FAILED",
      SCAN_LIMIT: "SCAN_LIMIT_EXCEEDED",
      PERMISSION_DENIED: "PERMISSION_DENIED",
      CHANGED_DURING_READ: "READ_FAILED",
      TOO_MANY_OPEN_FILES: "READ_FAILED",
      IO_ERROR: "READ_FAILED",
    });
    const denied = coreFailure({ code: "PERMISSION_DENIED", message: "The path 'x' cannot be accessed: permission denied by the operating system.", path: "x", osError: "EACCES" });
    expect(mapFailure(denied, context)).toEqual({
      error: { code: "PERMISSION_DENIED", message: "The path 'x' cannot be accessed: permission denied by the operating system." },
    });
    const grew = coreFailure({ code: "TOO_LARGE", cause: "grew", message: "The file 'x' grew past the limit of 10 bytes while it was read.", path: "x", limit: 10 });
    expect(mapFailure(grew, context)).toEqual({
      error: {
        code: "TOO_LARGE",
        message:
          "File too large; use start_line/end_line: 'x' grew past max_file_read_bytes (10) while it was read, so it cannot be read whole. Read part of it: `start_line`/`end_line` (or `limit`) for a range, `head` for the first lines, `tail` for the last lines.",
      },
    });
  });
});
