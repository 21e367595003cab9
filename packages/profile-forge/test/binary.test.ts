import { describe, expect, test } from "vitest";
import { read, sandbox } from "./helpers.js";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);

describe("FR-RD-05: binary files", () => {
  test("FORGE-T-RD-04: a binary file returns its bytes base64-encoded, flagged binary, with its size", async () => {
    const { root } = sandbox({ "img/logo.png": PNG });
    expect(await read(root, { path: "img/logo.png" })).toEqual({
      path: "img/logo.png",
      content: "iVBORw0KGgoAAAANSUhEUg==",
      binary: true,
      line_numbers: false,
      start_line: null,
      end_line: null,
      total_lines: null,
      truncated: false,
      next_start_line: null,
      size_bytes: 16,
    });
    expect(await read(root, { path: "img/logo.png", show_line_numbers: true })).toMatchObject({ content: "iVBORw0KGgoAAAANSUhEUg==", line_numbers: false });
  });

  test("FORGE-FR-RD-05: the payload is capped by max_file_read_bytes and flagged truncated", async () => {
    const { root } = sandbox({ "logo.png": PNG });
    expect(await read(root, { path: "logo.png" }, { max_file_read_bytes: 8 })).toEqual({
      path: "logo.png",
      content: "iVBORw0KGgo=",
      binary: true,
      line_numbers: false,
      start_line: null,
      end_line: null,
      total_lines: null,
      truncated: true,
      next_start_line: null,
      size_bytes: 16,
    });
    expect(await read(root, { path: "logo.png" }, { max_file_read_bytes: 16 })).toMatchObject({ content: "iVBORw0KGgoAAAANSUhEUg==", truncated: false });
  });

  test("FORGE-FR-RD-05: binary means a NUL byte in the first 8 KiB", async () => {
    const late = Buffer.concat([Buffer.from("a".repeat(8192)), Buffer.from([0x00, 0x0a])]);
    const early = Buffer.concat([Buffer.from("a".repeat(8191)), Buffer.from([0x00, 0x0a])]);
    const { root } = sandbox({ "late.txt": late, "early.bin": early });
    expect(await read(root, { path: "late.txt", show_line_numbers: false })).toMatchObject({ binary: false, content: `${"a".repeat(8192)}\u0000\n` });
    expect(await read(root, { path: "early.bin" })).toMatchObject({ binary: true, content: early.toString("base64"), size_bytes: 8193 });
  });

  test("FORGE-FR-RD-05: a line range, head or tail on a binary file is an error", async () => {
    const { root } = sandbox({ "logo.png": PNG });
    const message = (params: string) =>
      `Line ranges are not supported for binary files: 'logo.png' has a NUL byte in its first 8192 bytes, so it has no lines and ${params} cannot be used on it. Read it without them to get its bytes base64-encoded (at most max_file_read_bytes = 204800).`;
    expect(await read(root, { path: "logo.png", start_line: 1, limit: 2 })).toEqual({ error: { code: "RANGE_ON_BINARY", message: message("`start_line` and `limit`") } });
    expect(await read(root, { path: "logo.png", end_line: 2 })).toEqual({ error: { code: "RANGE_ON_BINARY", message: message("`end_line`") } });
    expect(await read(root, { path: "logo.png", head: 1 })).toEqual({ error: { code: "RANGE_ON_BINARY", message: message("`head`") } });
    expect(await read(root, { path: "logo.png", tail: 1 })).toEqual({ error: { code: "RANGE_ON_BINARY", message: message("`tail`") } });
  });
});
