import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { closeFile, readLines, type LineWindowRequest, type ReadLinesOptions } from "../src/index.js";
import { open, read, useTempDirs, valueOf, workspaceOf, writeFiles } from "./support/temp-workspace.js";

const temp = useTempDirs();
const CHUNK = 64 * 1024;

/** `"line 1\n"` ... `"line n\n"` (the last newline only when `finalNewline`). */
function numbered(n: number, finalNewline = true, eol = "\n"): string {
  const lines = Array.from({ length: n }, (_, i) => `line ${i + 1}`);
  return lines.join(eol) + (finalNewline && n > 0 ? eol : "");
}

function fileWith(content: string | Uint8Array) {
  const dir = temp.make();
  writeFiles(dir, { f: content });
  return { dir, file: path.join(dir, "f"), workspace: workspaceOf(dir) };
}

function texts(lines: readonly { text: string }[]): string[] {
  return lines.map((line) => line.text);
}

function numbers(lines: readonly { number: number | null }[]): (number | null)[] {
  return lines.map((line) => line.number);
}

const start = (startLine: number, maxLines: number | null): LineWindowRequest => ({ from: "start", startLine, maxLines });
const tail = (lines: number): LineWindowRequest => ({ from: "end", lines });

describe("forward windows", () => {
  const { workspace } = fileWith(numbered(10));

  test("at the start", async () => {
    expect(valueOf(await read(workspace, "f", start(1, 3))).window).toEqual({
      lines: [
        { number: 1, text: "line 1", terminator: "\n" },
        { number: 2, text: "line 2", terminator: "\n" },
        { number: 3, text: "line 3", terminator: "\n" },
      ],
      text: "line 1\nline 2\nline 3\n",
      firstLine: 1,
      totalLines: 10,
      hasMore: true,
      finalNewline: true,
      nextLine: 4,
      cut: null,
      replaced: false,
      fileReplaced: null,
      astral: false,
      bom: false,
      bytesScanned: numbered(10).length,
    });
  });

  test("in the middle", async () => {
    const window = valueOf(await read(workspace, "f", start(5, 2))).window;
    expect(window).toMatchObject({ firstLine: 5, totalLines: 10, hasMore: true });
    expect(window.lines).toEqual([
      { number: 5, text: "line 5", terminator: "\n" },
      { number: 6, text: "line 6", terminator: "\n" },
    ]);
  });

  test("running past the end returns the rest", async () => {
    const window = valueOf(await read(workspace, "f", start(9, 5))).window;
    expect(window).toMatchObject({ firstLine: 9, totalLines: 10, hasMore: false });
    expect(numbers(window.lines)).toEqual([9, 10]);
  });

  test("ending exactly at the end of the file has no more lines, counted or not", async () => {
    for (const countTotal of [true, false]) {
      const window = valueOf(await read(workspace, "f", start(8, 3), { countTotal })).window;
      expect(window).toMatchObject({ firstLine: 8, totalLines: 10, hasMore: false });
      expect(numbers(window.lines)).toEqual([8, 9, 10]);
    }
  });

  test("maxLines null (or Infinity) reads to the end", async () => {
    for (const maxLines of [null, Number.POSITIVE_INFINITY]) {
      const window = valueOf(await read(workspace, "f", start(4, maxLines), { countTotal: false })).window;
      expect(window).toMatchObject({ firstLine: 4, totalLines: 10, hasMore: false });
      expect(texts(window.lines)).toEqual(numbered(10).trimEnd().split("\n").slice(3));
    }
  });

  test("maxLines 0 returns no line and says whether any follow", async () => {
    expect(valueOf(await read(workspace, "f", start(1, 0))).window).toMatchObject({ lines: [], firstLine: null, totalLines: 10, hasMore: true });
    expect(valueOf(await read(workspace, "f", start(3, 0), { countTotal: false })).window).toMatchObject({ lines: [], firstLine: null, totalLines: null, hasMore: true });
    expect(valueOf(await read(workspace, "f", start(11, 0))).window).toMatchObject({ lines: [], firstLine: null, totalLines: 10, hasMore: false });
  });

  test("a start past the last line is an empty window that still tells totalLines", async () => {
    for (const startLine of [11, 12, 1_000_000]) {
      for (const countTotal of [true, false]) {
        expect(valueOf(await read(workspace, "f", start(startLine, 5), { countTotal })).window).toEqual({
          lines: [],
          text: "",
          firstLine: null,
          totalLines: 10,
          hasMore: false,
          finalNewline: true,
          nextLine: null,
          cut: null,
          replaced: false,
          fileReplaced: null,
          astral: false,
          bom: false,
          bytesScanned: numbered(10).length,
        });
      }
    }
  });

  test("one past the last line of a file without a final newline is empty, the last line is not", async () => {
    const { workspace: noFinal } = fileWith(numbered(3, false));
    expect(valueOf(await read(noFinal, "f", start(3, 1))).window.lines).toEqual([{ number: 3, text: "line 3", terminator: "" }]);
    expect(valueOf(await read(noFinal, "f", start(4, 1))).window).toMatchObject({ lines: [], totalLines: 3, hasMore: false });
  });

  test("without countTotal, hasMore comes from one byte past the window and totalLines stays null", async () => {
    const window = valueOf(await read(workspace, "f", start(2, 2), { countTotal: false })).window;
    expect(window).toMatchObject({ firstLine: 2, totalLines: null, hasMore: true, bytesScanned: "line 1\nline 2\nline 3\n".length });
  });

  test("an empty file: any start is an empty window", async () => {
    const { workspace: empty } = fileWith("");
    for (const startLine of [1, 2]) {
      expect(valueOf(await read(empty, "f", start(startLine, 10))).window).toMatchObject({ lines: [], firstLine: null, totalLines: 0, hasMore: false });
    }
  });
});

describe("window requests core cannot honour are INVALID_INPUT", () => {
  const { workspace } = fileWith(numbered(3));

  test.each([
    ["startLine 0", start(0, 1)],
    ["a negative startLine", start(-1, 1)],
    ["a fractional startLine", start(1.5, 1)],
    ["a NaN startLine", start(Number.NaN, 1)],
    ["a negative maxLines", start(1, -1)],
    ["a fractional maxLines", start(1, 0.5)],
    ["a negative tail", tail(-1)],
    ["a fractional tail", tail(2.5)],
  ])("%s", async (_, window) => {
    const result = await read(workspace, "f", window);
    expect(result).toMatchObject({ ok: false, failure: { code: "INVALID_INPUT", path: "f", reason: "window" } });
  });
});

describe("scan budget (maxScanBytes)", () => {
  // "line 1\n" ... "line 9\n" are 7 bytes each, "line 10\n" 8: 71 bytes.
  const content = numbered(10);
  const { workspace } = fileWith(content);

  test("a window beyond the budget is SCAN_LIMIT", async () => {
    expect(await read(workspace, "f", start(8, 1), { maxScanBytes: 20 })).toEqual({
      ok: false,
      failure: {
        code: "SCAN_LIMIT",
        message: "Line 8 of 'f' lies beyond the first 20 bytes, the most one read may scan.",
        path: "f",
        maxScanBytes: 20, startLine: 8,
      },
    });
  });

  test("a window that starts inside the budget but ends beyond it is SCAN_LIMIT", async () => {
    expect(await read(workspace, "f", start(2, 3), { maxScanBytes: 20 })).toEqual({
      ok: false,
      failure: {
        code: "SCAN_LIMIT",
        message: "The lines of 'f' from line 2 run beyond the first 20 bytes, the most one read may scan.",
        path: "f",
        maxScanBytes: 20, startLine: 2,
      },
    });
    expect(await read(workspace, "f", start(1, null), { maxScanBytes: 70 })).toMatchObject({ ok: false, failure: { code: "SCAN_LIMIT" } });
  });

  test("a window inside the budget is read; a count that runs out leaves totalLines null", async () => {
    const window = valueOf(await read(workspace, "f", start(1, 2), { maxScanBytes: 21 })).window;
    expect(window).toMatchObject({ firstLine: 1, totalLines: null, hasMore: true, bytesScanned: 21 });
    expect(numbers(window.lines)).toEqual([1, 2]);
  });

  test("a file ending exactly at the budget is counted and read to its end", async () => {
    const window = valueOf(await read(workspace, "f", start(9, null), { maxScanBytes: content.length })).window;
    expect(window).toMatchObject({ firstLine: 9, totalLines: 10, hasMore: false, bytesScanned: content.length });
    expect(valueOf(await read(workspace, "f", start(11, 1), { maxScanBytes: content.length })).window).toMatchObject({ lines: [], totalLines: 10 });
    expect(valueOf(await read(workspace, "f", start(1, 1), { maxScanBytes: content.length })).window).toMatchObject({ totalLines: 10, hasMore: true });
  });

  test("one byte short of the end, the count gives up and the start past the end is SCAN_LIMIT", async () => {
    expect(valueOf(await read(workspace, "f", start(1, 1), { maxScanBytes: content.length - 1 })).window).toMatchObject({ totalLines: null, hasMore: true });
    expect(await read(workspace, "f", start(11, 1), { maxScanBytes: content.length - 1 })).toMatchObject({ ok: false, failure: { code: "SCAN_LIMIT" } });
  });

  test("a tail beyond the budget is read but not numbered", async () => {
    const window = valueOf(await read(workspace, "f", tail(2), { maxScanBytes: 20 })).window;
    expect(window).toMatchObject({ firstLine: null, totalLines: null, hasMore: false });
    expect(window.lines).toEqual([
      { number: null, text: "line 9", terminator: "\n" },
      { number: null, text: "line 10", terminator: "\n" },
    ]);
  });

  test("a tail within the budget is numbered", async () => {
    const window = valueOf(await read(workspace, "f", tail(2), { maxScanBytes: content.length })).window;
    expect(window).toMatchObject({ firstLine: 9, totalLines: 10 });
    expect(numbers(window.lines)).toEqual([9, 10]);
  });
});

describe("file size limit (maxFileBytes)", () => {
  test("a file over the limit at open time is TOO_LARGE before anything is read", async () => {
    const { workspace } = fileWith("0123456789");
    expect(await read(workspace, "f", start(1, 1), { maxFileBytes: 9 })).toEqual({
      ok: false,
      failure: { code: "TOO_LARGE", message: "The file 'f' is 10 bytes, over the limit of 9 bytes.", path: "f", cause: "size", size: 10, limit: 9 },
    });
    expect(valueOf(await read(workspace, "f", start(1, 1), { maxFileBytes: 10 })).window.lines).toEqual([{ number: 1, text: "0123456789", terminator: "" }]);
  });

  /** Opens `f`, appends `more` (the file grows after `fstat`), and reads with `options`. */
  async function readAfterGrowth(content: string, more: string, options: ReadLinesOptions) {
    const { workspace, file } = fileWith(content);
    const opened = open(workspace, "f");
    try {
      fs.appendFileSync(file, more);
      return await readLines(opened, options);
    } finally {
      closeFile(opened);
    }
  }

  const grown = {
    code: "TOO_LARGE",
    message: "The file 'f' grew past the limit of 10 bytes while it was read.",
    path: "f",
    cause: "grew", limit: 10,
  };

  test("a file that grows past the limit while it is counted is TOO_LARGE", async () => {
    const result = await readAfterGrowth("a\nb\n", "c\nd\ne\nf\n", { window: start(1, 1), countTotal: true, decode: "strict", maxFileBytes: 10 });
    expect(result).toEqual({ ok: false, failure: grown });
  });

  test("a file that grows past the limit while a window is sought is TOO_LARGE", async () => {
    const result = await readAfterGrowth("a\nb\n", "c\nd\ne\nf\n", { window: start(7, 1), countTotal: false, decode: "strict", maxFileBytes: 10 });
    expect(result).toEqual({ ok: false, failure: grown });
  });

  test("a file that grows past the limit under a whole-file window is TOO_LARGE", async () => {
    const result = await readAfterGrowth("a\nb\n", "c\nd\ne\nf\n", { window: start(1, null), countTotal: false, decode: "strict", maxFileBytes: 10 });
    expect(result).toEqual({ ok: false, failure: grown });
  });

  test("growing to exactly one byte over the limit is TOO_LARGE, forward and tail", async () => {
    // Every one of these reads reaches byte 11 (a window of line 1 alone does so only when counting).
    const reads: [LineWindowRequest, boolean][] = [
      [start(1, null), false],
      [start(1, 1), true],
      [start(3, 1), false],
      [start(3, 0), true],
      [start(20, 1), false],
      [tail(1), false],
    ];
    for (const more of ["cdefghi", "cdefgh\n"]) {
      for (const [window, countTotal] of reads) {
        const result = await readAfterGrowth("a\nb\n", more, { window, countTotal, decode: "strict", maxFileBytes: 10 });
        expect(result, JSON.stringify({ more, window, countTotal })).toEqual({ ok: false, failure: grown });
      }
    }
  });

  test("a tail of a file that grew past the limit is TOO_LARGE", async () => {
    const result = await readAfterGrowth("a\nb\n", "c\nd\ne\nf\n", { window: tail(1), countTotal: false, decode: "strict", maxFileBytes: 10 });
    expect(result).toEqual({ ok: false, failure: grown });
  });

  test("growing up to the limit is read, past stat.size: reads never trust the size seen at open", async () => {
    const forward = await readAfterGrowth("a\nb\n", "c\nd\ne\n", { window: start(1, null), countTotal: true, decode: "strict", maxFileBytes: 10 });
    expect(forward).toMatchObject({ ok: true, value: { totalLines: 5, hasMore: false } });
    const back = await readAfterGrowth("a\nb\n", "c\nd\ne\n", { window: tail(2), countTotal: true, decode: "strict", maxFileBytes: 10 });
    expect(valueOf(back).lines).toEqual([
      { number: 4, text: "d", terminator: "\n" },
      { number: 5, text: "e", terminator: "\n" },
    ]);
  });
});

test("a file truncated after open is read as it is now, forward and tail", async () => {
  const { workspace, file } = fileWith(numbered(10));
  for (const window of [start(1, null), tail(3)]) {
    fs.writeFileSync(file, numbered(10));
    const opened = open(workspace, "f");
    try {
      fs.truncateSync(file, "line 1\nline 2\nli".length);
      const result = valueOf(await readLines(opened, { window, countTotal: true, decode: "strict" }));
      expect(result).toMatchObject({ totalLines: 3, hasMore: false });
      expect(result.lines.at(-1)).toEqual({ number: 3, text: "li", terminator: "" });
    } finally {
      closeFile(opened);
    }
  }
});

describe("windows that span many read chunks", () => {
  // Lines of 30,001 bytes whose "é" (2 bytes) falls across chunk boundaries at various offsets.
  const long = (i: number) => `${String(i).padStart(5, "0")}${"x".repeat(29_993 - (i % 7))}é${"y".repeat(i % 7)}\n`;
  const content = Array.from({ length: 12 }, (_, i) => long(i + 1)).join("");

  test("lines crossing chunk boundaries, a character split between two chunks, are returned whole", async () => {
    const { workspace } = fileWith(content);
    const window = valueOf(await read(workspace, "f", start(2, 9))).window;
    expect(texts(window.lines)).toEqual(Array.from({ length: 9 }, (_, i) => long(i + 2).slice(0, -1)));
    expect(window).toMatchObject({ firstLine: 2, totalLines: 12, hasMore: true, replaced: false });
    const whole = valueOf(await read(workspace, "f", start(1, null))).window;
    expect(whole.lines.map((line) => `${line.text}${line.terminator}`).join("")).toBe(content);
  });

  test("a window of a file that grew after fstat is read past the size seen at open", async () => {
    const { workspace, file } = fileWith(content);
    const opened = open(workspace, "f");
    try {
      fs.appendFileSync(file, content);
      const window = valueOf(await readLines(opened, { window: start(1, null), countTotal: true, decode: "strict" }));
      expect(window.lines.map((line) => `${line.text}${line.terminator}`).join("")).toBe(content + content);
      expect(window).toMatchObject({ totalLines: 24, hasMore: false });
    } finally {
      closeFile(opened);
    }
  });

  test("one line of several chunks, the window limit counted over all of them", async () => {
    const line = "z".repeat(5 * CHUNK + 17);
    const { workspace } = fileWith(`${line}\nend\n`);
    expect(valueOf(await read(workspace, "f", start(1, 1))).window.lines).toEqual([{ number: 1, text: line, terminator: "\n" }]);
    expect(await read(workspace, "f", start(1, 1), { maxWindowBytes: 5 * CHUNK + 17 })).toMatchObject({ ok: false, failure: { code: "TOO_LARGE" } });
    expect(valueOf(await read(workspace, "f", start(1, 1), { maxWindowBytes: 5 * CHUNK + 18 })).window.lines[0]?.text).toBe(line);
  });
});

describe("window size limit (maxWindowBytes)", () => {
  // Ten lines of ten bytes each.
  const { workspace } = fileWith(Array.from({ length: 10 }, (_, i) => `${String(i).repeat(9)}\n`).join(""));
  const tooLarge = {
    ok: false,
    failure: {
      code: "TOO_LARGE",
      message: "The requested lines of 'f' hold more than 25 bytes; request fewer lines.",
      path: "f",
      cause: "window", limit: 25,
    },
  };

  test("a forward window over the limit is TOO_LARGE; one exactly at it is read", async () => {
    expect(await read(workspace, "f", start(2, 3), { maxWindowBytes: 25 })).toEqual(tooLarge);
    expect(await read(workspace, "f", start(1, null), { maxWindowBytes: 25 })).toEqual(tooLarge);
    expect(valueOf(await read(workspace, "f", start(2, 3), { maxWindowBytes: 30 })).window.lines).toHaveLength(3);
  });

  test("a tail over the limit is TOO_LARGE; one exactly at it is read", async () => {
    expect(await read(workspace, "f", tail(3), { maxWindowBytes: 25 })).toEqual(tooLarge);
    expect(valueOf(await read(workspace, "f", tail(3), { maxWindowBytes: 30 })).window.lines).toHaveLength(3);
  });

  test("a single line longer than the limit is TOO_LARGE", async () => {
    const { workspace: long } = fileWith(`${"x".repeat(3 * CHUNK)}\nshort\n`);
    expect(await read(long, "f", start(1, 1), { maxWindowBytes: CHUNK })).toMatchObject({ ok: false, failure: { code: "TOO_LARGE", cause: "window", limit: CHUNK } });
    expect(await read(long, "f", tail(2), { maxWindowBytes: CHUNK })).toMatchObject({ ok: false, failure: { code: "TOO_LARGE", cause: "window", limit: CHUNK } });
    expect(valueOf(await read(long, "f", start(2, 1), { maxWindowBytes: CHUNK })).window.lines).toEqual([{ number: 2, text: "short", terminator: "\n" }]);
  });
});

describe("tail windows", () => {
  test("the last lines of a file with a final newline", async () => {
    const { workspace } = fileWith(numbered(10));
    expect(valueOf(await read(workspace, "f", tail(3))).window).toEqual({
      lines: [
        { number: 8, text: "line 8", terminator: "\n" },
        { number: 9, text: "line 9", terminator: "\n" },
        { number: 10, text: "line 10", terminator: "\n" },
      ],
      text: "line 8\nline 9\nline 10\n",
      firstLine: 8,
      totalLines: 10,
      hasMore: false,
      finalNewline: true,
      nextLine: null,
      cut: null,
      replaced: false,
      fileReplaced: null,
      astral: false,
      bom: false,
      bytesScanned: numbered(10).length,
    });
  });

  test("the last lines of a file without a final newline", async () => {
    const { workspace } = fileWith(numbered(10, false));
    expect(valueOf(await read(workspace, "f", tail(2))).window.lines).toEqual([
      { number: 9, text: "line 9", terminator: "\n" },
      { number: 10, text: "line 10", terminator: "" },
    ]);
  });

  test("asking for more lines than the file has returns the whole file, numbered even without countTotal", async () => {
    const { workspace } = fileWith(numbered(4));
    for (const countTotal of [true, false]) {
      const window = valueOf(await read(workspace, "f", tail(50), { countTotal })).window;
      expect(window).toMatchObject({ firstLine: 1, totalLines: 4, hasMore: false, bytesScanned: numbered(4).length });
      expect(numbers(window.lines)).toEqual([1, 2, 3, 4]);
    }
    expect(numbers(valueOf(await read(workspace, "f", tail(Number.POSITIVE_INFINITY), { countTotal: false })).window.lines)).toEqual([1, 2, 3, 4]);
  });

  test("without countTotal a partial tail is not numbered and reads only its own bytes", async () => {
    const { workspace } = fileWith(numbered(10));
    const window = valueOf(await read(workspace, "f", tail(2), { countTotal: false })).window;
    expect(window).toMatchObject({ firstLine: null, totalLines: null, bytesScanned: "line 9\nline 10\n".length });
    expect(numbers(window.lines)).toEqual([null, null]);
    expect(texts(window.lines)).toEqual(["line 9", "line 10"]);
  });

  test("CRLF endings in a tail", async () => {
    const { workspace } = fileWith(numbered(5, false, "\r\n"));
    expect(valueOf(await read(workspace, "f", tail(2))).window.lines).toEqual([
      { number: 4, text: "line 4", terminator: "\r\n" },
      { number: 5, text: "line 5", terminator: "" },
    ]);
    const { workspace: final } = fileWith(numbered(5, true, "\r\n"));
    expect(valueOf(await read(final, "f", tail(1))).window.lines).toEqual([{ number: 5, text: "line 5", terminator: "\r\n" }]);
  });

  test("empty last lines are lines: a file ending in blank lines", async () => {
    const { workspace } = fileWith("a\n\n\n");
    expect(valueOf(await read(workspace, "f", tail(2))).window.lines).toEqual([
      { number: 2, text: "", terminator: "\n" },
      { number: 3, text: "", terminator: "\n" },
    ]);
  });

  test("an empty file, a lone newline and a tail of 0 lines", async () => {
    expect(valueOf(await read(fileWith("").workspace, "f", tail(5))).window).toMatchObject({ lines: [], firstLine: null, totalLines: 0, hasMore: false });
    expect(valueOf(await read(fileWith("\n").workspace, "f", tail(5))).window).toMatchObject({
      lines: [{ number: 1, text: "", terminator: "\n" }],
      firstLine: 1,
      totalLines: 1,
    });
    const none = fileWith(numbered(3, false)).workspace;
    expect(valueOf(await read(none, "f", tail(0))).window).toMatchObject({ lines: [], firstLine: null, totalLines: 3, hasMore: false, bytesScanned: 20 });
    expect(valueOf(await read(none, "f", tail(0), { countTotal: false })).window).toMatchObject({ lines: [], totalLines: null, bytesScanned: 0 });
  });
});

describe("the 64 KiB chunk boundary", () => {
  const long = (c: string, n: number) => c.repeat(n);

  test("lines longer than a chunk, forward and tail", async () => {
    const lines = [long("a", CHUNK + 10), long("b", 2 * CHUNK + 3), "c", long("d", CHUNK - 1)];
    const { workspace } = fileWith(`${lines.join("\n")}\n`);
    for (let first = 1; first <= 4; first++) {
      const window = valueOf(await read(workspace, "f", start(first, 2))).window;
      expect(texts(window.lines)).toEqual(lines.slice(first - 1, first + 1));
      expect(window).toMatchObject({ firstLine: first, totalLines: 4, hasMore: first + 1 < 4 });
    }
    for (let count = 1; count <= 5; count++) {
      const window = valueOf(await read(workspace, "f", tail(count))).window;
      expect(texts(window.lines)).toEqual(lines.slice(-count));
      expect(window.firstLine).toBe(Math.max(1, 5 - count));
    }
  });

  test.each([CHUNK - 2, CHUNK - 1, CHUNK, CHUNK + 1])("a newline at byte %i", async (at) => {
    const first = long("x", at);
    const content = `${first}\nsecond\r\nthird`;
    const { workspace } = fileWith(content);
    expect(valueOf(await read(workspace, "f", start(2, 1))).window).toMatchObject({ lines: [{ number: 2, text: "second", terminator: "\r\n" }], totalLines: 3 });
    expect(valueOf(await read(workspace, "f", start(1, 1))).window.lines).toEqual([{ number: 1, text: first, terminator: "\n" }]);
    expect(texts(valueOf(await read(workspace, "f", tail(3))).window.lines)).toEqual([first, "second", "third"]);
    expect(valueOf(await read(workspace, "f", start(3, 1), { countTotal: false })).window).toMatchObject({
      lines: [{ number: 3, text: "third", terminator: "" }],
      totalLines: 3,
    });
  });

  test("a CRLF split by the chunk boundary is still one terminator", async () => {
    const content = `${long("y", CHUNK - 1)}\r\nz\r\n`;
    const { workspace } = fileWith(content);
    expect(valueOf(await read(workspace, "f", start(1, null))).window.lines.map((l) => l.terminator)).toEqual(["\r\n", "\r\n"]);
    expect(valueOf(await read(workspace, "f", tail(2))).window.lines.map((l) => l.terminator)).toEqual(["\r\n", "\r\n"]);
  });

  test("many short lines over several chunks: deep windows and tails are numbered right", async () => {
    const content = numbered(40_000);
    const { workspace } = fileWith(content);
    expect(content.length).toBeGreaterThan(5 * CHUNK);
    for (const first of [1, 9_362, 9_363, 25_000, 39_999, 40_000]) {
      const window = valueOf(await read(workspace, "f", start(first, 2))).window;
      expect(texts(window.lines)).toEqual([`line ${first}`, `line ${first + 1}`].slice(0, Math.min(2, 40_001 - first)));
    }
    const last = valueOf(await read(workspace, "f", tail(20_000))).window;
    expect(last).toMatchObject({ firstLine: 20_001, totalLines: 40_000 });
    expect(last.lines[0]).toEqual({ number: 20_001, text: "line 20001", terminator: "\n" });
    expect(last.lines.at(-1)).toEqual({ number: 40_000, text: "line 40000", terminator: "\n" });
  });
});
