import { describe, expect, test } from "vitest";
import { countNewlines } from "../src/index.js";
import { read, useTempDirs, valueOf, workspaceOf, writeFiles } from "./support/temp-workspace.js";

const temp = useTempDirs();

/** A workspace holding one file `f` with `content`. */
function fileWith(content: string | Uint8Array) {
  const dir = temp.make();
  writeFiles(dir, { f: content });
  return workspaceOf(dir);
}

const ALL = { from: "start", startLine: 1, maxLines: null } as const;

function readAll(content: string | Uint8Array, decode: "strict" | "replace" = "strict") {
  return read(fileWith(content), "f", ALL, { decode });
}

describe("line count", () => {
  test.each([
    ["a\nb\n", 2],
    ["a\nb", 2],
    ["", 0],
    ["\n", 1],
    ["\n\n", 2],
    ["a", 1],
    ["a\r\nb\r\n", 2],
    ["a\rb\r", 1],
  ])("%j has %i lines", async (content, count) => {
    const window = valueOf(await readAll(content)).window;
    expect(window.totalLines).toBe(count);
    expect(window.lines).toHaveLength(count);
    expect(window.hasMore).toBe(false);
  });

  test('"a\\nb\\n" and "a\\nb" differ only in the last terminator: no phantom empty last line', async () => {
    expect(valueOf(await readAll("a\nb\n")).window.lines).toEqual([
      { number: 1, text: "a", terminator: "\n" },
      { number: 2, text: "b", terminator: "\n" },
    ]);
    expect(valueOf(await readAll("a\nb")).window.lines).toEqual([
      { number: 1, text: "a", terminator: "\n" },
      { number: 2, text: "b", terminator: "" },
    ]);
  });

  test('an empty file is an empty window with totalLines 0 and no first line', async () => {
    expect(valueOf(await readAll("")).window).toEqual({
      lines: [],
      text: "",
      firstLine: null,
      totalLines: 0,
      hasMore: false,
      finalNewline: false,
      nextLine: null,
      cut: null,
      replaced: false,
      fileReplaced: null,
      astral: false,
      bom: false,
      bytesScanned: 0,
    });
  });

  test("finalNewline says whether the file ends with a line feed, once the read reached its end", async () => {
    const forward = async (content: string, maxLines: number | null, countTotal: boolean) =>
      valueOf(await read(fileWith(content), "f", { from: "start", startLine: 1, maxLines }, { countTotal })).window.finalNewline;
    expect(await forward("a\nb\n", null, false)).toBe(true);
    expect(await forward("a\r\n", null, false)).toBe(true);
    expect(await forward("a\nb", null, false)).toBe(false);
    expect(await forward("a\r", null, false)).toBe(false);
    expect(await forward("", null, false)).toBe(false);
    expect(await forward("a\nb\n", 1, true)).toBe(true);
    expect(await forward("a\nb", 1, true)).toBe(false);
    expect(await forward("a\nb\n", 1, false)).toBeNull();
    const pastEnd = valueOf(await read(fileWith("a\n"), "f", { from: "start", startLine: 5, maxLines: 1 }, { countTotal: false })).window;
    expect(pastEnd).toMatchObject({ lines: [], totalLines: 1, finalNewline: true });
    const tail = async (content: string, lines: number) => valueOf(await read(fileWith(content), "f", { from: "end", lines }, { countTotal: false })).window.finalNewline;
    expect([await tail("a\nb\n", 1), await tail("a\nb", 1), await tail("a\n", 0), await tail("a", 0), await tail("", 0)]).toEqual([true, false, true, false, false]);
  });

  test('"\\n" is one empty line', async () => {
    expect(valueOf(await readAll("\n")).window).toMatchObject({ lines: [{ number: 1, text: "", terminator: "\n" }], firstLine: 1, totalLines: 1 });
  });

  test("countNewlines counts LF bytes only", async () => {
    expect(countNewlines(Buffer.from("a\r\nb\rc\n\n"))).toBe(3);
    expect(countNewlines(new Uint8Array([0x0a, 0x0d, 0x0a]))).toBe(2);
    expect(countNewlines(new Uint8Array(new ArrayBuffer(8), 2, 3))).toBe(0);
  });
});

describe("line endings", () => {
  test("CRLF is one terminator and never leaves a \\r in the text", async () => {
    expect(valueOf(await readAll("one\r\ntwo\r\n")).window.lines).toEqual([
      { number: 1, text: "one", terminator: "\r\n" },
      { number: 2, text: "two", terminator: "\r\n" },
    ]);
  });

  test("mixed endings report each line's own terminator", async () => {
    expect(valueOf(await readAll("a\r\nb\nc\r\nd")).window.lines).toEqual([
      { number: 1, text: "a", terminator: "\r\n" },
      { number: 2, text: "b", terminator: "\n" },
      { number: 3, text: "c", terminator: "\r\n" },
      { number: 4, text: "d", terminator: "" },
    ]);
  });

  test("a lone \\r is an ordinary character, also at the end of the file and before a CRLF", async () => {
    expect(valueOf(await readAll("a\rb\nc\r\r\nd\r")).window.lines).toEqual([
      { number: 1, text: "a\rb", terminator: "\n" },
      { number: 2, text: "c\r", terminator: "\r\n" },
      { number: 3, text: "d\r", terminator: "" },
    ]);
  });

  test("a line that is only CRLF is empty", async () => {
    expect(valueOf(await readAll("\r\n\r\n")).window.lines).toEqual([
      { number: 1, text: "", terminator: "\r\n" },
      { number: 2, text: "", terminator: "\r\n" },
    ]);
  });
});

describe("byte order mark", () => {
  const bom = "\uFEFF";

  test("a UTF-8 BOM is reported and kept as U+FEFF at the start of line 1", async () => {
    const window = valueOf(await readAll(`${bom}a\nb\n`)).window;
    expect(window.bom).toBe(true);
    expect(window.lines).toEqual([
      { number: 1, text: `${bom}a`, terminator: "\n" },
      { number: 2, text: "b", terminator: "\n" },
    ]);
  });

  test("the BOM is reported for windows that do not include line 1, and not kept in their text", async () => {
    const workspace = fileWith(`${bom}a\nb\nc\n`);
    const middle = valueOf(await read(workspace, "f", { from: "start", startLine: 2, maxLines: 1 })).window;
    expect(middle).toMatchObject({ bom: true, lines: [{ number: 2, text: "b", terminator: "\n" }] });
    const tail = valueOf(await read(workspace, "f", { from: "end", lines: 1 })).window;
    expect(tail).toMatchObject({ bom: true, lines: [{ number: 3, text: "c", terminator: "\n" }] });
  });

  test("a file that is only a BOM has one line holding U+FEFF", async () => {
    expect(valueOf(await readAll(bom)).window).toMatchObject({ bom: true, totalLines: 1, lines: [{ number: 1, text: bom, terminator: "" }] });
  });

  test("no BOM, a BOM after the first byte, and a cut BOM are not reported", async () => {
    expect(valueOf(await readAll("a\n")).window.bom).toBe(false);
    expect(valueOf(await readAll(`a${bom}\n`)).window).toMatchObject({ bom: false, lines: [{ text: `a${bom}` }] });
    expect(valueOf(await readAll(new Uint8Array([0xef, 0xbb]), "replace")).window).toMatchObject({ bom: false, replaced: true });
  });
});

describe("UTF-8 decoding", () => {
  const invalid = {
    "a stray continuation byte": [0x61, 0x80, 0x0a],
    "an 0xFF byte": [0xff, 0x0a],
    "an overlong encoding of /": [0xc0, 0xaf, 0x0a],
    "an encoded surrogate": [0xed, 0xa0, 0x80, 0x0a],
    "a code point past U+10FFFF": [0xf4, 0x90, 0x80, 0x80, 0x0a],
    "a sequence cut by a newline": [0xe2, 0x82, 0x0a, 0x62, 0x0a],
  };

  test.each(Object.entries(invalid))("strict decoding refuses %s with INVALID_UTF8", async (_, bytes) => {
    const result = await readAll(new Uint8Array(bytes));
    expect(result).toEqual({ ok: false, failure: { code: "INVALID_UTF8", message: "The file 'f' is not valid UTF-8.", path: "f" } });
  });

  test("replace decoding turns invalid sequences into U+FFFD and says so", async () => {
    const window = valueOf(await readAll(new Uint8Array([0x61, 0xff, 0x62, 0x0a, 0xe2, 0x82, 0x0a, 0x63]), "replace")).window;
    expect(window.replaced).toBe(true);
    expect(window.lines).toEqual([
      { number: 1, text: "a\uFFFDb", terminator: "\n" },
      { number: 2, text: "\uFFFD", terminator: "\n" },
      { number: 3, text: "c", terminator: "" },
    ]);
  });

  test("valid text in replace mode is not reported as replaced", async () => {
    const window = valueOf(await readAll("h\u00e9llo \u{1F600}\n\u65e5\u672c\n", "replace")).window;
    expect(window).toMatchObject({ replaced: false, lines: [{ text: "h\u00e9llo \u{1F600}" }, { text: "\u65e5\u672c" }] });
  });

  test("astral says whether a line may hold a character outside the BMP: never for ASCII or BMP-only text", async () => {
    expect(valueOf(await readAll("plain\n")).window.astral).toBe(false);
    expect(valueOf(await readAll("h\u00e9llo \u20ac\n\u65e5\u672c\n")).window.astral).toBe(false);
    expect(valueOf(await readAll("a\n\u{1F600}\n")).window.astral).toBe(true);
    expect(valueOf(await readAll("\u{40000}\n")).window.astral).toBe(true);
    expect(valueOf(await readAll("\u{10FFFF}\n")).window.astral).toBe(true);
    expect(valueOf(await readAll(Buffer.concat([Buffer.from([0xff]), Buffer.from("\u{1F600}\n")]), "replace")).window).toMatchObject({ replaced: true, astral: true });
    const tail = valueOf(await read(fileWith("\u{1F600}\nb\n"), "f", { from: "end", lines: 1 })).window;
    expect(tail).toMatchObject({ astral: false, lines: [{ text: "b" }] });
  });

  test("a multi-byte character cut by the end of the file is invalid (strict) or one U+FFFD (replace)", async () => {
    const cut = Buffer.concat([Buffer.from("ok\nd\u00e9j"), Buffer.from("\u20ac").subarray(0, 2)]);
    expect(await readAll(cut)).toMatchObject({ ok: false, failure: { code: "INVALID_UTF8" } });
    expect(valueOf(await readAll(cut, "replace")).window.lines).toEqual([
      { number: 1, text: "ok", terminator: "\n" },
      { number: 2, text: "d\u00e9j\uFFFD", terminator: "" },
    ]);
    const tail = valueOf(await read(fileWith(cut), "f", { from: "end", lines: 1 }, { decode: "replace" })).window;
    expect(tail).toMatchObject({ replaced: true, lines: [{ number: 2, text: "d\u00e9j\uFFFD", terminator: "" }] });
  });

  test("only the window is decoded: invalid bytes outside it do not fail a strict read", async () => {
    const workspace = fileWith(Buffer.concat([Buffer.from("a\nb\n"), Buffer.from([0xff, 0x0a])]));
    const window = valueOf(await read(workspace, "f", { from: "start", startLine: 1, maxLines: 2 })).window;
    expect(window).toMatchObject({ replaced: false, hasMore: true, totalLines: 3, lines: [{ text: "a" }, { text: "b" }] });
    expect(await read(workspace, "f", { from: "start", startLine: 3, maxLines: 1 })).toMatchObject({ ok: false, failure: { code: "INVALID_UTF8" } });
    expect(await read(workspace, "f", { from: "end", lines: 1 })).toMatchObject({ ok: false, failure: { code: "INVALID_UTF8" } });
  });

  test("multi-byte characters split by the 64 KiB read chunks decode whole, forward and tail", async () => {
    const chunk = 64 * 1024;
    const euro = "\u20ac";
    for (const shift of [1, 2]) {
      const line = `${"a".repeat(chunk - shift)}${euro}${"b".repeat(10)}`;
      const workspace = fileWith(`${line}\n${euro}\n`);
      const forward = valueOf(await read(workspace, "f", ALL)).window;
      expect(forward.replaced).toBe(false);
      expect(forward.lines.map((l) => l.text)).toEqual([line, euro]);
      const tail = valueOf(await read(workspace, "f", { from: "end", lines: 2 })).window;
      expect(tail.lines.map((l) => l.text)).toEqual([line, euro]);
    }
  });
});
