import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, test, vi } from "vitest";
import { CHUNK_SIZE, SYNC_BYTES, clearLineIndexes, closeFile, type LineWindowRequest, type TextWindowOptions } from "../src/index.js";
import { lineIndexOf, SETTLE_MS } from "../src/line-index.js";
import { Utf8Check } from "../src/utf8-check.js";
import { isValid } from "./support/reference-lines.js";
import { open, read, useTempDirs, valueOf, workspaceOf } from "./support/temp-workspace.js";

const dirs = useTempDirs();

function fileWith(content: string | Uint8Array) {
  const dir = dirs.make();
  fs.writeFileSync(path.join(dir, "f"), content);
  return { workspace: workspaceOf(dir), file: path.join(dir, "f") };
}

const universal = (startLine: number, maxLines: number | null, wholeFileUtf8 = false): LineWindowRequest => ({ from: "start", startLine, maxLines, lineBreaks: "universal", wholeFileUtf8 });
const replace: Partial<TextWindowOptions> = { decode: "replace" };

describe("universal line breaks: an LF, a CRLF or a lone CR ends a line (Python's text mode)", () => {
  test("each kind of line end, a CR before a CRLF, and a CR that ends the file", async () => {
    const { workspace } = fileWith("a\rb\r\nc\r\r\nd\n\re\r");
    expect(valueOf(await read(workspace, "f", universal(1, null), replace)).window).toMatchObject({
      lines: [
        { number: 1, text: "a", terminator: "\r" },
        { number: 2, text: "b", terminator: "\r\n" },
        { number: 3, text: "c", terminator: "\r" },
        { number: 4, text: "", terminator: "\r\n" },
        { number: 5, text: "d", terminator: "\n" },
        { number: 6, text: "", terminator: "\r" },
        { number: 7, text: "e", terminator: "\r" },
      ],
      totalLines: 7,
      hasMore: false,
      finalNewline: true,
    });
    expect(valueOf(await read(workspace, "f", universal(7, 1), replace)).window).toMatchObject({ lines: [{ number: 7, text: "e", terminator: "\r" }], totalLines: 7, hasMore: false });
    expect(valueOf(await read(workspace, "f", universal(8, 1), replace)).window).toMatchObject({ lines: [], totalLines: 7, hasMore: false });
  });

  test("the default line model keeps a lone CR inside its line", async () => {
    const { workspace } = fileWith("a\rb\r\nc");
    expect(valueOf(await read(workspace, "f", { from: "start", startLine: 1, maxLines: null }, replace)).window).toMatchObject({
      lines: [
        { text: "a\rb", terminator: "\r\n" },
        { text: "c", terminator: "" },
      ],
      totalLines: 2,
    });
  });

  // A CR as the last byte a read returns is decided by the next read: a CRLF split by the boundary is one
  // line end, a lone CR another, whether the window, the seek for its start or the count meets it.
  for (const boundary of [CHUNK_SIZE, SYNC_BYTES]) {
    for (const [after, name] of [
      ["\n", "followed by an LF: one CRLF"],
      ["x", "followed by another byte: a lone CR"],
    ] as const) {
      test(`a CR at byte ${boundary - 1}, the last of a read, ${name}`, async () => {
        const head = "h".repeat(boundary - 1);
        const { workspace } = fileWith(`${head}\r${after}tail\r`);
        const lines = after === "\n" ? [head, "tail"] : [head, "xtail"];
        const whole = valueOf(await read(workspace, "f", universal(1, null), replace)).window;
        expect(whole.lines.map((line) => [line.text, line.terminator])).toEqual([
          [lines[0], after === "\n" ? "\r\n" : "\r"],
          [lines[1], "\r"],
        ]);
        expect(valueOf(await read(workspace, "f", universal(1, 1), replace)).window).toMatchObject({ totalLines: 2, hasMore: true, lines: [{ number: 1, terminator: after === "\n" ? "\r\n" : "\r" }] });
        expect(valueOf(await read(workspace, "f", universal(2, 5), replace)).window).toMatchObject({ totalLines: 2, hasMore: false, lines: [{ number: 2, text: lines[1], terminator: "\r" }] });
      });
    }
  }

  test("a request that could not read the whole file is INVALID_INPUT, before anything is read", async () => {
    const { workspace } = fileWith("a\rb\n");
    for (const [request, options] of [
      [universal(1, 1), { countTotal: false }],
      [universal(1, 1), { maxScanBytes: 100 }],
      [{ from: "start", startLine: 1, maxLines: 1, wholeFileUtf8: true }, { maxScanBytes: 100 }],
    ] as const) {
      expect(await read(workspace, "f", request, { ...replace, ...options })).toMatchObject({ ok: false, failure: { code: "INVALID_INPUT", reason: "window" } });
    }
  });

  test("a cut window is counted on from its cut: whole lines, or a line in part ended by a lone CR", async () => {
    const { workspace } = fileWith(Buffer.concat([Buffer.from("aa\rbb\r\ncccccc\rd"), Buffer.from([0xff])]));
    const whole = { from: "start", startLine: 1, maxLines: null, lineBreaks: "universal", wholeFileUtf8: true } as const;
    expect(valueOf(await read(workspace, "f", whole, { ...replace, overflow: "cut", maxWindowBytes: 8 })).window).toMatchObject({
      text: "aa\rbb\r\n",
      totalLines: 4,
      nextLine: 3,
      cut: { limit: "window", partial: false, offset: 7 },
      fileReplaced: true,
    });
    expect(valueOf(await read(workspace, "f", { ...whole, startLine: 3 }, { ...replace, overflow: "cut", maxWindowBytes: 2 })).window).toMatchObject({
      lines: [{ number: 3, text: "cc", terminator: "" }],
      totalLines: 4,
      nextLine: 4,
      cut: { limit: "window", partial: true, offset: 9 },
    });
  });
});

describe("wholeFileUtf8: whether the whole file is valid UTF-8, whatever the window", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const text = (lines: number) => Array.from({ length: lines }, (_, i) => `line ${i + 1} é`).join("\n");

  test("invalid bytes after the window, before it, in it, and none", async () => {
    const cases = [
      { name: "after", bytes: Buffer.concat([Buffer.from(`${text(5)}\n`), Buffer.from([0xff, 0x0a])]), startLine: 1, replaced: false, fileReplaced: true },
      { name: "before", bytes: Buffer.concat([Buffer.from([0xc3, 0x0a]), Buffer.from(text(5))]), startLine: 3, replaced: false, fileReplaced: true },
      { name: "in it", bytes: Buffer.concat([Buffer.from("a\n"), Buffer.from([0xe2, 0x82, 0x0a]), Buffer.from("b\n")]), startLine: 2, replaced: true, fileReplaced: true },
      { name: "none", bytes: Buffer.from(text(5)), startLine: 2, replaced: false, fileReplaced: false },
    ];
    for (const { name, bytes, startLine, replaced, fileReplaced } of cases) {
      const { workspace } = fileWith(bytes);
      const window = valueOf(await read(workspace, "f", universal(startLine, 1, true), replace)).window;
      expect({ name, replaced: window.replaced, fileReplaced: window.fileReplaced }).toEqual({ name, replaced, fileReplaced });
    }
  });

  test("a four-byte character split by a read boundary is valid; one cut off by the end of the file is not", async () => {
    const smile = Buffer.from("\u{1F600}");
    const split = Buffer.concat([Buffer.from("a".repeat(CHUNK_SIZE - 2)), smile, Buffer.from("\nend\n")]);
    expect(valueOf(await read(fileWith(split).workspace, "f", universal(2, 1, true), replace)).window).toMatchObject({ fileReplaced: false, lines: [{ text: "end" }] });
    const cut = Buffer.concat([Buffer.from("a\n"), smile.subarray(0, 3)]);
    expect(valueOf(await read(fileWith(cut).workspace, "f", universal(1, 1, true), replace)).window).toMatchObject({ fileReplaced: true, replaced: false });
  });

  test("the line index remembers the answer: a later read of the same settled file skips to its page and still knows", async () => {
    clearLineIndexes();
    const bytes = Buffer.concat([Buffer.from(`${text(40_000)}\n`), Buffer.from([0xff])]);
    const { workspace } = fileWith(bytes);
    // Only a file that has not changed for SETTLE_MS is indexed: the clock moves on instead of the test waiting.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + SETTLE_MS + 1000);
    const first = valueOf(await read(workspace, "f", universal(30_000, 2, true), replace)).window;
    const opened = open(workspace, "f");
    try {
      expect(lineIndexOf(opened, "universal")?.utf8Valid).toBe(false);
      expect(lineIndexOf(opened, "lf")?.utf8Valid).toBeUndefined();
    } finally {
      closeFile(opened);
    }
    const again = valueOf(await read(workspace, "f", universal(30_000, 2, true), replace)).window;
    expect(again).toEqual(first);
    expect(again).toMatchObject({ fileReplaced: true, replaced: false, totalLines: 40_001, lines: [{ number: 30_000, text: "line 30000 é" }, { number: 30_001 }] });
  });
});

describe("Utf8Check", () => {
  test("fed in pieces of any size, it agrees with a check of the whole stream", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(0x41, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xed, 0xa0, 0xff), fc.integer({ min: 0, max: 255 })), { maxLength: 40 }),
        fc.array(fc.nat({ max: 40 }), { maxLength: 8 }),
        (bytes, cuts) => {
          const all = Uint8Array.from(bytes);
          const check = new Utf8Check();
          let from = 0;
          for (const cut of [...cuts.map((at) => Math.min(at, all.length)).sort((a, b) => a - b), all.length]) {
            check.feed(all.subarray(from, Math.max(from, cut)));
            from = Math.max(from, cut);
          }
          expect(check.valid).toBe(isValid(all));
        },
      ),
    );
  });
});
