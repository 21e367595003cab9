import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { checkSize, closeFile, readHead, readTextWindow, sniffBinary, withOpenFile } from "../src/index.js";
import { open, read, useTempDirs, valueOf, windowOptions, workspaceOf, writeFiles } from "./support/temp-workspace.js";

const temp = useTempDirs();
const CHUNK = 64 * 1024;

describe("readTextWindow: the pipeline in its fixed order", () => {
  const dir = temp.make();
  writeFiles(dir, {
    "notes.txt": "one\ntwo\n",
    "big-binary.bin": Buffer.concat([Buffer.from([0]), Buffer.alloc(100, 0xff)]),
    "binary-latin1.bin": Buffer.from([0xe9, 0x00, 0x0a]),
  });
  const workspace = workspaceOf(dir);

  test("returns the resolved path, the descriptor's stat and the window", async () => {
    const result = valueOf(await read(workspace, "notes.txt", { from: "start", startLine: 1, maxLines: 1 }));
    const stat = fs.statSync(path.join(dir, "notes.txt"));
    expect(result).toEqual({
      path: { input: "notes.txt", absolute: path.join(workspace.root, "notes.txt"), relative: "notes.txt", inside: true },
      stat: { size: 8, mtimeMs: Math.trunc(stat.mtimeMs), mtimeMsExact: stat.mtimeMs, ctimeMs: stat.ctimeMs, dev: stat.dev, ino: stat.ino, nlink: 1 },
      window: { lines: [{ number: 1, text: "one", terminator: "\n" }], text: "one\n", firstLine: 1, totalLines: 2, hasMore: true, finalNewline: true, nextLine: 2, cut: null, replaced: false, fileReplaced: null, astral: false, bom: false, bytesScanned: 8 },
    });
  });

  test("the size limit comes before the sniff, the sniff before decoding", async () => {
    const options = windowOptions({ from: "start", startLine: 1, maxLines: 1 }, { sniffBytes: 8192 });
    expect(await readTextWindow(workspace, "big-binary.bin", { ...options, maxFileBytes: 10 })).toMatchObject({ ok: false, failure: { code: "TOO_LARGE" } });
    expect(await readTextWindow(workspace, "binary-latin1.bin", options)).toMatchObject({ ok: false, failure: { code: "BINARY" } });
    expect(await readTextWindow(workspace, "binary-latin1.bin", { ...options, sniffBytes: 0 })).toMatchObject({ ok: false, failure: { code: "INVALID_UTF8" } });
  });

  test("withOpenFile closes the descriptor even when its callback throws", async () => {
    let fd = -1;
    await expect(
      withOpenFile(workspace, "notes.txt", {}, async (file) => {
        fd = file.fd;
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    // The number may already serve another open of this process: what matters is that it no longer names the file.
    const now = (() => {
      try {
        return fs.readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return "closed";
      }
    })();
    expect(now).not.toBe(fs.realpathSync(path.join(dir, "notes.txt")));
  });
});

describe("readHead, sniffBinary and checkSize on an open file", () => {
  const dir = temp.make();
  const content = Buffer.from(Array.from({ length: 3 * CHUNK + 17 }, (_, i) => 0x61 + (i % 26)));
  writeFiles(dir, { f: content, empty: "" });
  const workspace = workspaceOf(dir);

  async function withFile<T>(name: string, use: (file: ReturnType<typeof open>) => Promise<T> | T): Promise<T> {
    const file = open(workspace, name);
    try {
      return await use(file);
    } finally {
      closeFile(file);
    }
  }

  test.each([0, 1, CHUNK - 1, CHUNK, CHUNK + 1, content.length - 1])("readHead(%i) returns that prefix, cut", async (cap) => {
    const head = valueOf(await withFile("f", (file) => readHead(file, cap)));
    expect(head.truncated).toBe(true);
    expect(head.bytes.equals(content.subarray(0, cap))).toBe(true);
  });

  test.each([content.length, content.length + 1, Number.POSITIVE_INFINITY])("readHead(%s) returns the whole file, not cut", async (cap) => {
    const head = valueOf(await withFile("f", (file) => readHead(file, cap)));
    expect(head.truncated).toBe(false);
    expect(head.bytes.equals(content)).toBe(true);
  });

  test("readHead of an empty file, and of a file that grew after it was opened", async () => {
    expect(valueOf(await withFile("empty", (file) => readHead(file, 10)))).toEqual({ bytes: Buffer.alloc(0), truncated: false });
    const grown = await withFile("empty", (file) => {
      fs.writeFileSync(path.join(dir, "empty"), "grown");
      return readHead(file, 10);
    });
    expect(valueOf(grown).bytes.toString()).toBe("grown");
  });

  test("sniffBinary of a text file with any window, and checkSize at and over the limit", async () => {
    await withFile("f", async (file) => {
      for (const window of [0, 1, CHUNK, Number.POSITIVE_INFINITY]) expect(valueOf(await sniffBinary(file, window))).toBe(false);
      expect(checkSize(file, content.length)).toEqual({ ok: true, value: undefined });
      expect(checkSize(file, content.length - 1)).toEqual({
        ok: false,
        failure: {
          code: "TOO_LARGE",
          message: `The file 'f' is ${content.length} bytes, over the limit of ${content.length - 1} bytes.`,
          path: "f",
          cause: "size", size: content.length, limit: content.length - 1,
        },
      });
    });
  });
});
