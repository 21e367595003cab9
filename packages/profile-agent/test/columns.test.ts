import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CheckpointRecorder, checkpointBefore, checkpointInterval, MAX_COLUMN_CHECKPOINTS } from "../src/column-checkpoints.js";
import { countCharacters, skipCharacters } from "../src/utf8-characters.js";
import { readFailure, readText, sandbox } from "./helpers.js";

const KiB = 1024;
// The checkpoint interval at the default max_scan_bytes (64 MiB): core's small chunk.
const INTERVAL = 64 * KiB;

/** The content `read` gives for `{start_line: number, column, limit: 1}` of a line whose text is `line`. */
function columnContent(line: string, number: number, column: number, maxChars: number): string {
  const rest = Array.from(line).slice(column - 1);
  const shown = `[line ${number} from column ${column}]\n${number}\t${rest.slice(0, maxChars).join("")}`;
  if (rest.length <= maxChars) return shown;
  const cut = column + maxChars;
  return `${shown}\n[line ${number} is cut after column ${cut - 1}: read the rest with start_line ${number}, column ${cut}]`;
}

/** The lines of `text` as read numbers them: split at LF (a CR before it belongs to it), no line after a final LF. */
function linesOf(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n").map((line, index, all) => (index < all.length - 1 && line.endsWith("\r") ? line.slice(0, -1) : line));
  if (text.endsWith("\n")) lines.pop();
  return lines;
}

/** The columns (from 2: column 1 is no column read) whose characters start within `reach` bytes of a multiple of the checkpoint interval, in line `number` of `bytes`. */
function columnsNearBoundaries(bytes: Buffer, number: number, reach: number): number[] {
  let start = 0;
  for (let line = 1; line < number; line++) start = bytes.indexOf(0x0a, start) + 1;
  let end = bytes.indexOf(0x0a, start);
  if (end === -1) end = bytes.length;
  const columns: number[] = [];
  let column = 1;
  for (let at = start; at < end; at++) {
    if (((bytes[at] ?? 0) & 0xc0) === 0x80) continue;
    const distance = at % INTERVAL < INTERVAL / 2 ? at % INTERVAL : INTERVAL - (at % INTERVAL);
    if (column > 1 && at >= INTERVAL - reach && distance <= reach) columns.push(column);
    column++;
  }
  return columns;
}

async function expectColumns(root: string, name: string, text: string, number: number, columns: readonly number[], maxChars = 2000): Promise<void> {
  const line = linesOf(text)[number - 1] ?? "";
  const options = maxChars === 2000 ? {} : { max_line_chars: maxChars };
  for (const column of columns) {
    const output = await readText(root, { path: name, start_line: number, column, limit: 1 }, options);
    expect({ column, content: output.content }).toEqual({ column, content: columnContent(line, number, column, maxChars) });
  }
}

describe("AGENT-IN-04: a column deep in a long line, read from the scan's checkpoints", () => {
  it("an ASCII line: columns at, before and after each checkpoint interval, the line's end + 1, and past it", async () => {
    const line = Array.from({ length: 5 * INTERVAL + 123 }, (_, i) => String.fromCharCode(0x61 + (i % 26))).join("");
    const text = `first\n${line}\nlast\n`;
    const { root } = sandbox({ "a.txt": text });
    const columns = columnsNearBoundaries(Buffer.from(text), 2, 3);
    expect(columns.length).toBe(5 * 7);
    await expectColumns(root, "a.txt", text, 2, [2, ...columns, line.length - 1, line.length, line.length + 1]);
    expect((await readText(root, { path: "a.txt", start_line: 2, column: line.length + 1 })).content).toBe(`[line 2 from column ${line.length + 1}]\n2\t\n3\tlast`);
    expect(await readFailure(root, { path: "a.txt", start_line: 2, column: line.length + 2 })).toEqual([
      "COLUMN_OUT_OF_RANGE",
      `\`column\` ${line.length + 2} is past the end of line 2 of 'a.txt': a column is at most the line's length + 1. Read the line from its start (without \`column\`).`,
    ]);
  });

  it("2-, 3- and 4-byte characters straddling the checkpoint bytes, and the text read from them", async () => {
    // Each wide character starts 1, 2 or 3 bytes before a multiple of 64 KiB, so that the multiple falls inside it.
    const parts: string[] = [];
    let written = 0;
    const wide = ["é", "日", "😀", "😀", "日", "😀"];
    for (const [index, character] of wide.entries()) {
      const lead = (index + 1) * INTERVAL - (index % 3) - 1 - written;
      parts.push("x".repeat(lead), character);
      written += lead + Buffer.byteLength(character);
    }
    parts.push("é日😀 tail");
    const line = parts.join("");
    const text = `${line}\n`;
    const { root } = sandbox({ "w.txt": text });
    // Each multiple of the interval is a continuation byte: a checkpoint inside a character.
    const bytes = Buffer.from(text);
    expect(wide.map((_, k) => (bytes[(k + 1) * INTERVAL] ?? 0) & 0xc0)).toEqual(wide.map(() => 0x80));
    const columns = columnsNearBoundaries(bytes, 1, 6);
    await expectColumns(root, "w.txt", text, 1, columns);
    await expectColumns(root, "w.txt", text, 1, columns, 3);
    const length = Array.from(line).length;
    await expectColumns(root, "w.txt", text, 1, [length - 2, length - 1, length, length + 1]);
    expect((await readFailure(root, { path: "w.txt", column: length + 2 }))[0]).toBe("COLUMN_OUT_OF_RANGE");
  });

  it("CRLF lines: a CRLF whose CR ends an interval, a lone CR (text) ending another, and the next lines", async () => {
    const first = "a".repeat(INTERVAL - 1);
    const second = `${"b".repeat(2 * INTERVAL - 2)}\r${"c".repeat(INTERVAL)}`;
    const text = `${first}\r\n${second}\r\nend\r\n`;
    const bytes = Buffer.from(text);
    expect([bytes[INTERVAL - 1], bytes[INTERVAL], bytes[3 * INTERVAL - 1], bytes[3 * INTERVAL]]).toEqual([0x0d, 0x0a, 0x0d, 0x63]);
    const { root } = sandbox({ "crlf.txt": text });
    await expectColumns(root, "crlf.txt", text, 1, [2, first.length - 1, first.length, first.length + 1]);
    expect(await readFailure(root, { path: "crlf.txt", column: first.length + 2 })).toEqual([
      "COLUMN_OUT_OF_RANGE",
      `\`column\` ${first.length + 2} is past the end of line 1 of 'crlf.txt': a column is at most the line's length + 1. Read the line from its start (without \`column\`).`,
    ]);
    await expectColumns(root, "crlf.txt", text, 2, [...columnsNearBoundaries(bytes, 2, 3), second.length, second.length + 1]);
    expect((await readFailure(root, { path: "crlf.txt", start_line: 2, column: second.length + 2 }))[0]).toBe("COLUMN_OUT_OF_RANGE");
    expect((await readText(root, { path: "crlf.txt", start_line: 2, column: second.length + 1 })).content).toBe(`[line 2 from column ${second.length + 1}]\n2\t\n3\tend`);
  });

  it("a CRLF whose CR ends an interval exactly: the line's end + 1 is empty, one further is out of range", async () => {
    const line = "q".repeat(INTERVAL - 1);
    const text = `${line}\r\nnext\r\n`;
    const { root } = sandbox({ "edge.txt": text });
    expect(Buffer.from(text)[INTERVAL - 1]).toBe(0x0d);
    expect((await readText(root, { path: "edge.txt", column: INTERVAL, limit: 1 })).content).toBe(`[line 1 from column ${INTERVAL}]\n1\t`);
    expect((await readFailure(root, { path: "edge.txt", column: INTERVAL + 1 }))[0]).toBe("COLUMN_OUT_OF_RANGE");
    const long = `${"r".repeat(2 * INTERVAL - 1)}\r\n`;
    const { root: other } = sandbox({ "edge2.txt": long });
    expect(Buffer.from(long)[2 * INTERVAL - 1]).toBe(0x0d);
    await expectColumns(other, "edge2.txt", long, 1, [INTERVAL - 1, INTERVAL, INTERVAL + 1, 2 * INTERVAL - 1, 2 * INTERVAL]);
    expect((await readFailure(other, { path: "edge2.txt", column: 2 * INTERVAL + 1 }))[0]).toBe("COLUMN_OUT_OF_RANGE");
  });

  it("a CR that ends the file (no line feed after it) is text, as read shows the line from column 1", async () => {
    const { root } = sandbox({ "short.txt": "one\r\ntail\r" });
    expect((await readText(root, { path: "short.txt", start_line: 2 })).content).toBe("2\ttail\r");
    expect((await readText(root, { path: "short.txt", start_line: 2, column: 3 })).content).toBe("[line 2 from column 3]\n2\til\r");
    expect((await readText(root, { path: "short.txt", start_line: 2, column: 6 })).content).toBe("[line 2 from column 6]\n2\t");
    expect((await readFailure(root, { path: "short.txt", start_line: 2, column: 7 }))[0]).toBe("COLUMN_OUT_OF_RANGE");
    const text = `one\r\n${"t".repeat(INTERVAL + 5)}\r`;
    const { root: long } = sandbox({ "cr.txt": text });
    expect(linesOf(text)[1]).toBe(`${"t".repeat(INTERVAL + 5)}\r`);
    await expectColumns(long, "cr.txt", text, 2, [2, INTERVAL, INTERVAL + 5, INTERVAL + 6, INTERVAL + 7]);
    expect((await readFailure(long, { path: "cr.txt", start_line: 2, column: INTERVAL + 8 }))[0]).toBe("COLUMN_OUT_OF_RANGE");
  });

  it("a byte order mark on line 1 is not a character of it, at any depth", async () => {
    const line = `${"é".repeat(INTERVAL / 2)}${"z".repeat(2 * INTERVAL)}`;
    const text = `\uFEFF${line}\nsecond\n`;
    const { root } = sandbox({ "bom.txt": text });
    const columns = columnsNearBoundaries(Buffer.from(text), 1, 4).map((column) => column - 1).filter((column) => column > 1);
    await expectColumns(root, "bom.txt", `${line}\nsecond\n`, 1, [2, ...columns, line.length, line.length + 1]);
    expect((await readFailure(root, { path: "bom.txt", column: line.length + 2 }))[0]).toBe("COLUMN_OUT_OF_RANGE");
  });

  it("a line past max_scan_bytes: the checkpoints of the part scanned, then the walk", async () => {
    const line = Array.from({ length: 6 * INTERVAL }, (_, i) => (i % 1000 === 999 ? "日" : "w")).join("");
    const text = `${line}\n`;
    const { root } = sandbox({ "big.txt": text });
    const options = { max_scan_bytes: 2 * INTERVAL + 10 };
    for (const column of [INTERVAL + 5, 3 * INTERVAL, 5 * INTERVAL + 7, line.length + 1]) {
      const output = await readText(root, { path: "big.txt", column, limit: 1 }, options);
      expect([output.total_lines, output.content]).toEqual([null, columnContent(line, 1, column, 2000)]);
    }
    expect((await readFailure(root, { path: "big.txt", column: line.length + 2 }, options))[0]).toBe("COLUMN_OUT_OF_RANGE");
  });

  it("a settled file rewritten with other characters of the same size: no stale checkpoint is used", async () => {
    const ascii = "a".repeat(3 * INTERVAL);
    // The same bytes, the first interval's characters two bytes wide: every checkpoint counts fewer characters.
    const wide = `${"é".repeat(INTERVAL / 2)}${"a".repeat(2 * INTERVAL)}`;
    expect(Buffer.byteLength(wide)).toBe(Buffer.byteLength(ascii));
    const { root } = sandbox({ "s.txt": `${ascii}\n` });
    const file = path.join(root, "s.txt");
    fs.utimesSync(file, 1_700_000_000, 1_700_000_000);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const column = 2 * INTERVAL + 17;
    expect((await readText(root, { path: "s.txt", column, limit: 1 })).content).toBe(columnContent(ascii, 1, column, 2000));
    expect((await readText(root, { path: "s.txt", column, limit: 1 })).content).toBe(columnContent(ascii, 1, column, 2000));
    fs.writeFileSync(file, `${wide}\n`);
    fs.utimesSync(file, 1_700_000_000, 1_700_000_000);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    for (const asked of [column, INTERVAL / 2 + 1, Array.from(wide).length + 1]) {
      expect((await readText(root, { path: "s.txt", column: asked, limit: 1 })).content).toBe(columnContent(wide, 1, asked, 2000));
    }
    expect((await readFailure(root, { path: "s.txt", column: Array.from(wide).length + 2 }))[0]).toBe("COLUMN_OUT_OF_RANGE");
  });

  it("UTF-16 files (decoded whole) take columns by code point, surrogate pairs as one", async () => {
    const line = "a😀b日c";
    const { root } = sandbox({ "u.txt": Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${line}\nx\n`, "utf16le")]) });
    await expectColumns(root, "u.txt", `${line}\nx\n`, 1, [2, 3, 4, 5, 6]);
    expect((await readFailure(root, { path: "u.txt", column: 7 }))[0]).toBe("COLUMN_OUT_OF_RANGE");
  });
});

// Runs of one character, some long enough to cross several checkpoint intervals; lone CRs and CRLFs too.
const run = fc.record({
  character: fc.constantFrom("a", "Z", " ", "é", "ß", "日", "€", "😀", "𝄞", "\r", "\t"),
  count: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 40 }) }, { weight: 1, arbitrary: fc.integer({ min: 1000, max: 60_000 }) }),
});
const randomLine = fc.array(run, { maxLength: 8 }).map((runs) => runs.map(({ character, count }) => character.repeat(count)).join(""));
const randomFile = fc.record({ lines: fc.array(randomLine, { minLength: 1, maxLength: 4 }), crlf: fc.boolean(), finalNewline: fc.boolean(), bom: fc.boolean() });

describe("AGENT-IN-04: columns against a naive reference", () => {
  it("property: every column (random, and near each checkpoint byte) reads Array.from(line).slice(column - 1)", async () => {
    const { root } = sandbox();
    let count = 0;
    await fc.assert(
      fc.asyncProperty(randomFile, fc.integer({ min: 1, max: 60 }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 4 }), async (spec, maxChars, picks) => {
        const name = `p${count++}.txt`;
        const body = spec.lines.join(spec.crlf ? "\r\n" : "\n") + (spec.finalNewline ? (spec.crlf ? "\r\n" : "\n") : "");
        const bytes = Buffer.from(`${spec.bom ? "\uFEFF" : ""}${body}`);
        fs.writeFileSync(path.join(root, name), bytes);
        const lines = linesOf(body);
        const options = { max_line_chars: maxChars };
        for (const [index, line] of lines.entries()) {
          const number = index + 1;
          const length = Array.from(line).length;
          const near = columnsNearBoundaries(bytes, number, 2).map((column) => (number === 1 && spec.bom ? column - 1 : column));
          const random = picks.map((pick) => 2 + Math.floor(pick * length));
          for (const column of [...new Set([...near, ...random, length + 1])].filter((c) => c >= 2 && c <= length + 1)) {
            const output = await readText(root, { path: name, start_line: number, column, limit: 1 }, options);
            expect({ number, column, content: output.content }).toEqual({ number, column, content: columnContent(line, number, column, maxChars) });
          }
          expect((await readFailure(root, { path: name, start_line: number, column: length + 2 }, options))[0]).toBe("COLUMN_OUT_OF_RANGE");
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});

describe("column checkpoints and character counts", () => {
  const bytesOf = fc.array(fc.oneof(fc.constantFrom(0x61, 0x0a, 0x0d, 0x80, 0xbf, 0xc3, 0xe6, 0xf0), fc.integer({ min: 0, max: 255 })), { maxLength: 9000 });

  it("property: countCharacters and skipCharacters agree with a byte-by-byte count, at any alignment", () => {
    fc.assert(
      fc.property(bytesOf, fc.integer({ min: 0, max: 3 }), fc.nat({ max: 10_000 }), (values, shift, skip) => {
        const bytes = Buffer.alloc(values.length + shift);
        bytes.set(values, shift);
        const view = bytes.subarray(shift);
        const starts = values.flatMap((value, index) => ((value & 0xc0) === 0x80 ? [] : [index]));
        expect(countCharacters(view)).toBe(starts.length);
        const at = starts[skip];
        expect(skipCharacters(view, skip)).toEqual(at === undefined ? { at: -1, left: skip - starts.length } : { at, left: 0 });
      }),
    );
  });

  it("one checkpoint per interval a line crosses whole and one at that line's start, none for short lines; at most 2048 for any max_scan_bytes", () => {
    expect([checkpointInterval(64 * 1024 * 1024), checkpointInterval(64 * 1024 * 1024 + 1), checkpointInterval(1), checkpointInterval(2 ** 40)]).toEqual([INTERVAL, 2 * INTERVAL, INTERVAL, 2 ** 30]);
    expect(MAX_COLUMN_CHECKPOINTS).toBe(2048);
    const recorder = new CheckpointRecorder(64 * 1024 * 1024);
    const short = Buffer.from("short line\n".repeat(20_000));
    const long = Buffer.alloc(3 * INTERVAL, 0x61);
    // Fed in pieces that do not fall on the interval, as the reader's 2 MiB chunks would not for another offset.
    const whole = Buffer.concat([short, long, Buffer.from("\nend")]);
    let lineFeeds = 0;
    for (let from = 0; from < whole.length; from += 50_000) lineFeeds += recorder.add(whole.subarray(from, from + 50_000));
    expect(lineFeeds).toBe(20_001);
    const checkpoints = recorder.checkpoints();
    const first = Math.ceil((short.length + INTERVAL) / INTERVAL) * INTERVAL;
    expect(checkpoints).toEqual({
      offsets: [short.length, first, first + INTERVAL],
      lines: [20_001, 20_001, 20_001],
      characters: [0, first - short.length, first + INTERVAL - short.length],
    });
    expect(checkpointBefore(checkpoints, 20_001, first - short.length - 1)).toEqual({ offset: short.length, characters: 0 });
    expect(checkpointBefore(checkpoints, 20_001, first - short.length)).toEqual({ offset: first, characters: first - short.length });
    expect(checkpointBefore(checkpoints, 20_001, 10 * INTERVAL)).toEqual({ offset: first + INTERVAL, characters: first + INTERVAL - short.length });
    expect([checkpointBefore(checkpoints, 20_000, 10 * INTERVAL), checkpointBefore(checkpoints, 20_002, 0)]).toEqual([undefined, undefined]);
    const bom = new CheckpointRecorder(64 * 1024 * 1024);
    bom.add(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.alloc(2 * INTERVAL, 0x61)]));
    expect(bom.checkpoints()).toEqual({ offsets: [3, INTERVAL, 2 * INTERVAL], lines: [1, 1, 1], characters: [0, INTERVAL - 3, 2 * INTERVAL - 3] });
  });
});
