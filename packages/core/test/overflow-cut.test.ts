import path from "node:path";
import { describe, expect, test } from "vitest";
import type { LineWindowRequest, TextWindowOptions } from "../src/index.js";
import { read, useTempDirs, valueOf, workspaceOf, writeFiles } from "./support/temp-workspace.js";

const temp = useTempDirs();

function fileWith(content: string | Uint8Array) {
  const dir = temp.make();
  writeFiles(dir, { f: content });
  return { file: path.join(dir, "f"), workspace: workspaceOf(dir) };
}

const start = (startLine: number, maxLines: number | null): LineWindowRequest => ({ from: "start", startLine, maxLines });
const tail = (lines: number): LineWindowRequest => ({ from: "end", lines });
const cutting = (overrides: Partial<TextWindowOptions>): Partial<TextWindowOptions> => ({ overflow: "cut", decode: "replace", ...overrides });

/** `count` lines of exactly `width` bytes each (the newline included): `"0000000\n"`, `"1111111\n"`, ... */
function lines(count: number, width: number): string {
  return Array.from({ length: count }, (_, i) => `${String(i % 10).repeat(width - 1)}\n`).join("");
}

describe("overflow: \"cut\" with maxWindowBytes, forward windows", () => {
  test("whole lines while they fit, then the window stops before the first line that does not", async () => {
    const { workspace } = fileWith("aaaa\nbbbb\ncccc\n");
    expect(valueOf(await read(workspace, "f", start(1, null), cutting({ maxWindowBytes: 12 }))).window).toEqual({
      lines: [
        { number: 1, text: "aaaa", terminator: "\n" },
        { number: 2, text: "bbbb", terminator: "\n" },
      ],
      text: "aaaa\nbbbb\n",
      firstLine: 1,
      totalLines: 3,
      hasMore: true,
      finalNewline: true,
      nextLine: 3,
      cut: { limit: "window", partial: false, offset: 10 },
      replaced: false,
      fileReplaced: null,
      astral: false,
      bom: false,
      bytesScanned: 15,
    });
  });

  test("a first line longer than the limit is returned in part, without its terminator", async () => {
    const { workspace } = fileWith(`${"x".repeat(20)}\nshort\n`);
    expect(valueOf(await read(workspace, "f", start(1, 1), cutting({ maxWindowBytes: 8 }))).window).toEqual({
      lines: [{ number: 1, text: "xxxxxxxx", terminator: "" }],
      text: "xxxxxxxx",
      firstLine: 1,
      totalLines: 2,
      hasMore: true,
      finalNewline: true,
      nextLine: 2,
      cut: { limit: "window", partial: true, offset: 8 },
      replaced: false,
      fileReplaced: null,
      astral: false,
      bom: false,
      bytesScanned: 27,
    });
  });

  test("a line cut in part never ends inside a character (2, 3 and 4 byte characters) or between CR and LF", async () => {
    const cases: [string, number, string, number][] = [
      ["\u00e9".repeat(6), 5, "\u00e9\u00e9", 4],
      ["\u20ac".repeat(3), 5, "\u20ac", 3],
      ["\u20ac".repeat(3), 6, "\u20ac\u20ac", 6],
      ["\u{1F600}\u{1F600}", 7, "\u{1F600}", 4],
      ["abc\r\n", 4, "abc", 3],
    ];
    for (const [line, maxWindowBytes, text, offset] of cases) {
      const { workspace } = fileWith(`${line}${line.endsWith("\n") ? "" : "\n"}next\n`);
      const window = valueOf(await read(workspace, "f", start(1, 1), cutting({ maxWindowBytes }))).window;
      expect(window.lines, JSON.stringify({ line, maxWindowBytes })).toEqual([{ number: 1, text, terminator: "" }]);
      expect(window.cut).toEqual({ limit: "window", partial: true, offset });
    }
  });

  test("a limit smaller than the first character returns the line with no text, still cut, and the next line is reachable", async () => {
    const { workspace } = fileWith("\u{1F600}\nnext\n");
    expect(valueOf(await read(workspace, "f", start(1, 1), cutting({ maxWindowBytes: 3 }))).window).toMatchObject({
      lines: [{ number: 1, text: "", terminator: "" }],
      firstLine: 1,
      hasMore: true,
      nextLine: 2,
      cut: { limit: "window", partial: true, offset: 0 },
    });
  });

  test("the last line cut in part: nothing follows, and the line count is known", async () => {
    const { workspace } = fileWith(`short\n${"x".repeat(20)}`);
    for (const countTotal of [true, false]) {
      expect(valueOf(await read(workspace, "f", start(2, 1), cutting({ maxWindowBytes: 8, countTotal }))).window).toMatchObject({
        lines: [{ number: 2, text: "xxxxxxxx", terminator: "" }],
        totalLines: 2,
        hasMore: false,
        nextLine: null,
        cut: { limit: "window", partial: true, offset: 14 },
      });
    }
  });

  test("a line cut in part whose newline lies past the scan budget: lines may follow, none is reachable", async () => {
    const { workspace } = fileWith(`${"x".repeat(50)}\nnext\n`);
    expect(valueOf(await read(workspace, "f", start(1, 1), cutting({ maxWindowBytes: 10, maxScanBytes: 30 }))).window).toMatchObject({
      lines: [{ number: 1, text: "x".repeat(10), terminator: "" }],
      totalLines: null,
      hasMore: true,
      nextLine: null,
      cut: { limit: "window", partial: true, offset: 10 },
    });
  });

  test("a window within the limit is not cut, whatever the mode", async () => {
    const { workspace } = fileWith(lines(3, 5));
    expect(valueOf(await read(workspace, "f", start(1, 2), cutting({ maxWindowBytes: 10 }))).window).toMatchObject({ cut: null, hasMore: true, nextLine: 3 });
    expect(valueOf(await read(workspace, "f", start(1, null), cutting({ maxWindowBytes: 15 }))).window).toMatchObject({ cut: null, hasMore: false, nextLine: null });
  });

  test("the default, overflow \"fail\", keeps failing with TOO_LARGE", async () => {
    const { workspace } = fileWith(`${"x".repeat(20)}\nshort\n`);
    expect(await read(workspace, "f", start(1, 1), { maxWindowBytes: 8 })).toMatchObject({ ok: false, failure: { code: "TOO_LARGE", cause: "window", limit: 8 } });
    expect(await read(workspace, "f", tail(2), { maxWindowBytes: 8 })).toMatchObject({ ok: false, failure: { code: "TOO_LARGE", cause: "window", limit: 8 } });
  });
});

describe("overflow: \"cut\" with maxScanBytes, forward windows", () => {
  // Ten lines of 20 bytes: line n occupies bytes [20(n-1), 20n).
  const twenty = lines(10, 20);

  test("a window that starts within the budget returns its lines up to the budget", async () => {
    const { workspace } = fileWith(twenty);
    expect(valueOf(await read(workspace, "f", start(1, null), cutting({ maxScanBytes: 100 }))).window).toMatchObject({
      firstLine: 1,
      totalLines: null,
      hasMore: true,
      nextLine: null,
      cut: { limit: "scan", partial: false, offset: 100 },
    });
    expect(valueOf(await read(workspace, "f", start(1, null), cutting({ maxScanBytes: 110 }))).window).toMatchObject({
      hasMore: true,
      nextLine: 6,
      cut: { limit: "scan", partial: false, offset: 100 },
    });
  });

  test("a window that ends exactly at the budget is whole; the line after it cannot be reached", async () => {
    const { workspace } = fileWith(twenty);
    const window = valueOf(await read(workspace, "f", start(5, 1), cutting({ maxScanBytes: 100 }))).window;
    expect(window).toMatchObject({ firstLine: 5, totalLines: null, hasMore: true, nextLine: null, cut: null });
    expect(window.lines).toEqual([{ number: 5, text: "4".repeat(19), terminator: "\n" }]);
  });

  test("a first line that runs past the budget is returned up to it", async () => {
    const { workspace } = fileWith("0123456789\n012345678\n");
    expect(valueOf(await read(workspace, "f", start(2, 1), cutting({ maxScanBytes: 20 }))).window).toMatchObject({
      lines: [{ number: 2, text: "012345678", terminator: "" }],
      hasMore: true,
      nextLine: null,
      cut: { limit: "scan", partial: true, offset: 20 },
    });
  });

  test("a window whose first line starts at or past the budget is SCAN_LIMIT: nothing of it fits", async () => {
    const { workspace } = fileWith(twenty);
    for (const startLine of [6, 7, 500]) {
      expect(await read(workspace, "f", start(startLine, 1), cutting({ maxScanBytes: 100 }))).toEqual({
        ok: false,
        failure: { code: "SCAN_LIMIT", message: `Line ${startLine} of 'f' lies beyond the first 100 bytes, the most one read may scan.`, path: "f", maxScanBytes: 100, startLine },
      });
    }
  });

  test("the window limit and the scan budget together: whichever ends first cuts", async () => {
    const { workspace } = fileWith(twenty);
    expect(valueOf(await read(workspace, "f", start(2, null), cutting({ maxScanBytes: 100, maxWindowBytes: 50 }))).window).toMatchObject({
      firstLine: 2,
      nextLine: 4,
      cut: { limit: "window", partial: false, offset: 60 },
    });
    expect(valueOf(await read(workspace, "f", start(2, null), cutting({ maxScanBytes: 70, maxWindowBytes: 50 }))).window).toMatchObject({
      nextLine: 4,
      cut: { limit: "scan", partial: false, offset: 60 },
    });
  });
});

describe("overflow: \"cut\", tails", () => {
  test("the last whole lines that fit", async () => {
    const { workspace } = fileWith("aaaa\nbbbb\ncccc\n");
    expect(valueOf(await read(workspace, "f", tail(3), cutting({ maxWindowBytes: 12 }))).window).toEqual({
      lines: [
        { number: 2, text: "bbbb", terminator: "\n" },
        { number: 3, text: "cccc", terminator: "\n" },
      ],
      text: "bbbb\ncccc\n",
      firstLine: 2,
      totalLines: 3,
      hasMore: false,
      finalNewline: true,
      nextLine: null,
      cut: { limit: "window", partial: false, offset: 5 },
      replaced: false,
      fileReplaced: null,
      astral: false,
      bom: false,
      bytesScanned: 15,
    });
  });

  test("a last line longer than the limit: its end, from a character boundary, numbered", async () => {
    const { workspace } = fileWith(`a\n${"x".repeat(20)}\n`);
    expect(valueOf(await read(workspace, "f", tail(1), cutting({ maxWindowBytes: 8 }))).window).toMatchObject({
      lines: [{ number: 2, text: "xxxxxxx", terminator: "\n" }],
      firstLine: 2,
      totalLines: 2,
      cut: { limit: "window", partial: true, offset: 15 },
    });
    const { workspace: accents } = fileWith(`${"\u00e9".repeat(10)}\n`);
    expect(valueOf(await read(accents, "f", tail(2), cutting({ maxWindowBytes: 6 }))).window).toMatchObject({
      lines: [{ number: 1, text: "\u00e9\u00e9", terminator: "\n" }],
      totalLines: 1,
      cut: { limit: "window", partial: true, offset: 16 },
    });
  });

  test("a last line of several chunks without a final newline, beyond the budget: its end, unnumbered", async () => {
    const long = "y".repeat(200_000);
    const { workspace } = fileWith(`first\n${long}`);
    expect(valueOf(await read(workspace, "f", tail(5), cutting({ maxWindowBytes: 1000, maxScanBytes: 100 }))).window).toMatchObject({
      lines: [{ number: null, text: "y".repeat(1000), terminator: "" }],
      firstLine: null,
      totalLines: null,
      cut: { limit: "window", partial: true, offset: 6 + 200_000 - 1000 },
      bytesScanned: 1000,
    });
  });

  test("a tail within the limit is not cut", async () => {
    const { workspace } = fileWith("aaaa\nbbbb\ncccc\n");
    expect(valueOf(await read(workspace, "f", tail(2), cutting({ maxWindowBytes: 10 }))).window).toMatchObject({ cut: null, firstLine: 2 });
    expect(valueOf(await read(workspace, "f", tail(9), cutting({ maxWindowBytes: 15 }))).window).toMatchObject({ cut: null, firstLine: 1 });
  });
});
