import path from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { jsonBytesOf, type LineWindowRequest, type TextWindowOptions } from "../src/index.js";
import { read, useTempDirs, valueOf, workspaceOf, writeFiles } from "./support/temp-workspace.js";

const temp = useTempDirs();

function fileWith(content: string | Uint8Array) {
  const dir = temp.make();
  writeFiles(dir, { f: content });
  return { file: path.join(dir, "f"), workspace: workspaceOf(dir) };
}

const start = (startLine: number, maxLines: number | null): LineWindowRequest => ({ from: "start", startLine, maxLines });
const tail = (lines: number): LineWindowRequest => ({ from: "end", lines });
const bounded = (maxAnswerBytes: number, overrides: Partial<TextWindowOptions> = {}): Partial<TextWindowOptions> => ({ decode: "replace", maxAnswerBytes, ...overrides });
const jsonBytes = (text: string) => Buffer.byteLength(JSON.stringify(text)) - 2;

describe("maxAnswerBytes: the window's text as a JSON string", () => {
  test("jsonBytesOf counts JSON.stringify's escapes in UTF-8 bytes", () => {
    const text = "a\u0001\"\\\n\té€😀\u007f";
    expect(jsonBytesOf(Buffer.from(text))).toBe(jsonBytes(text));
    // Invalid UTF-8: every byte over 0x7f may become U+FFFD, 3 bytes.
    expect(jsonBytesOf(Buffer.from([0x61, 0xff, 0xfe]))).toBe(7);
  });

  test("issue 30 case 5: a line of control bytes is cut where its escapes fill the bound, and the next line is named", async () => {
    const { workspace } = fileWith(Buffer.concat([Buffer.from("a\n"), Buffer.alloc(100, 1), Buffer.from("\nz\n")]));
    const { window } = valueOf(await read(workspace, "f", start(2, 1), bounded(64)));
    expect(window.lines).toEqual([{ number: 2, text: "\u0001".repeat(10), terminator: "" }]);
    expect(window.cut).toEqual({ limit: "answer", partial: true, offset: 12 });
    expect(window.nextLine).toBe(3);
    expect(window.hasMore).toBe(true);
    expect(window.totalLines).toBe(3);
    expect(jsonBytes(window.text)).toBe(60);
  });

  test("the bound cuts whatever overflow says: no TOO_LARGE with overflow fail", async () => {
    const { workspace } = fileWith("aaaa\nbbbb\ncccc\n");
    const { window } = valueOf(await read(workspace, "f", start(1, null), bounded(12, { overflow: "fail" })));
    expect(window.text).toBe("aaaa\nbbbb\n");
    expect(window.cut).toEqual({ limit: "answer", partial: false, offset: 10 });
    expect(window.nextLine).toBe(3);
  });

  test("a page stops at the line whose escapes would pass the bound", async () => {
    const { workspace } = fileWith('"q"\n"r"\nsss\n');
    // Each quoted line takes 7 bytes as JSON (`\"q\"\n`): two fit in 14, the third would need 5 more.
    const { window } = valueOf(await read(workspace, "f", start(1, 3), bounded(16)));
    expect(window.text).toBe('"q"\n"r"\n');
    expect(window.nextLine).toBe(3);
    expect(window.cut).toEqual({ limit: "answer", partial: false, offset: 8 });
  });

  test("a cut never splits a character", async () => {
    const { workspace } = fileWith(`${"é".repeat(10)}\n`);
    const { window } = valueOf(await read(workspace, "f", start(1, 1), bounded(7)));
    expect(window.lines[0]?.text).toBe("ééé");
    expect(window.cut).toEqual({ limit: "answer", partial: true, offset: 6 });
    expect(window.nextLine).toBeNull();
    expect(window.hasMore).toBe(false);
  });

  test("universal line breaks: a lone CR ends the line cut in part", async () => {
    const { workspace } = fileWith("xxxxxxxxxx\ry\r");
    const { window } = valueOf(
      await read(workspace, "f", { from: "start", startLine: 1, maxLines: 1, lineBreaks: "universal", wholeFileUtf8: true }, bounded(4, { countTotal: true })),
    );
    expect(window.lines).toEqual([{ number: 1, text: "xxxx", terminator: "" }]);
    expect(window.nextLine).toBe(2);
    expect(window.totalLines).toBe(2);
    expect(window.fileReplaced).toBe(false);
  });

  test("a tail keeps its last lines that fit, else its last line's end", async () => {
    const { workspace } = fileWith(`one\n${"\u0001".repeat(5)}\n`);
    const whole = valueOf(await read(workspace, "f", tail(2), bounded(34)));
    expect(whole.window.text).toBe(`${"\u0001".repeat(5)}\n`);
    expect(whole.window.cut).toEqual({ limit: "answer", partial: false, offset: 4 });
    const part = valueOf(await read(workspace, "f", tail(1), bounded(14)));
    expect(part.window.lines).toEqual([{ number: 2, text: "\u0001\u0001", terminator: "\n" }]);
    expect(part.window.cut).toEqual({ limit: "answer", partial: true, offset: 7 });
  });

  test("answerLineBytes counts a prefix for every line of the window", async () => {
    const { workspace } = fileWith("abc\n".repeat(10));
    // A line takes 10 bytes (abc, \n escaped, 5 of prefix), the first line's prefix 5 more: 35 hold three.
    const { window } = valueOf(await read(workspace, "f", start(1, null), bounded(35, { answerLineBytes: 5 })));
    expect(window.text).toBe("abc\n".repeat(3));
    expect(window.nextLine).toBe(4);
  });

  test("property: any window's text fits the bound as a JSON string", async () => {
    const byte = fc.constantFrom(0x00, 0x01, 0x0a, 0x0d, 0x22, 0x5c, 0x41, 0xc3, 0xa9, 0xff, 0xe2, 0x82, 0xac);
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 300 }),
        fc.array(byte, { maxLength: 300 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 9 }),
        async (noise, chosen, room, startLine, lineBytes) => {
          const bytes = Buffer.from(chosen.length > 0 ? chosen : [...noise]);
          const { workspace } = fileWith(bytes);
          const bound = room + lineBytes;
          const answerOf = (window: { text: string; lines: readonly unknown[] }) => jsonBytes(window.text) + lineBytes * window.lines.length;
          const forward = valueOf(await read(workspace, "f", start(startLine, null), bounded(bound, { answerLineBytes: lineBytes })));
          expect(answerOf(forward.window)).toBeLessThanOrEqual(bound);
          const back = valueOf(await read(workspace, "f", tail(3), bounded(bound, { answerLineBytes: lineBytes })));
          expect(answerOf(back.window)).toBeLessThanOrEqual(bound);
        },
      ),
      { numRuns: 150 },
    );
  });
});
