import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { closeFile, sniffBinary, type Line, type LineWindowRequest } from "../src/index.js";
import { isValid, referenceLines, type ReferenceLine } from "./support/reference-lines.js";
import { open, read, useTempDirs, valueOf, workspaceOf } from "./support/temp-workspace.js";

const CHUNK = 64 * 1024;
const dir = useTempDirs().make();
const workspace = workspaceOf(dir);
const file = path.join(dir, "f");

/** Text files: lines of mixed characters, some longer than a read chunk, LF or CRLF, with or without a final newline. */
const textFile = fc
  .array(
    fc.record({
      text: fc.string({ unit: fc.constantFrom("a", "b", " ", "\u00e9", "\u20ac", "\u{1F600}", "\r", "\t", "\uFEFF"), maxLength: 6 }),
      repeat: fc.oneof({ weight: 8, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 30_000 }) }),
      ending: fc.constantFrom("\n", "\r\n"),
    }),
    { maxLength: 30 },
  )
  .chain((lines) =>
    fc.boolean().map((finalNewline) => {
      const body = lines.map((line, i) => line.text.repeat(line.repeat) + (i < lines.length - 1 || finalNewline ? line.ending : ""));
      return new Uint8Array(Buffer.from(body.join("")));
    }),
  );

/** Arbitrary bytes, biased towards newlines, CRs, BOM and multi-byte lead and continuation bytes, sometimes repeated to span chunks. */
const byteFile = fc
  .tuple(
    fc.array(
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(0x0a, 0x0d, 0xef, 0xbb, 0xbf, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0xff, 0x80) },
        { weight: 2, arbitrary: fc.integer({ min: 0, max: 255 }) },
      ),
      { maxLength: 200 },
    ),
    fc.option(fc.integer({ min: CHUNK / 2, max: 3 * CHUNK }), { freq: 3 }),
  )
  .map(([bytes, size]) => {
    const one = Uint8Array.from(bytes);
    if (size === null || one.length === 0) return one;
    const all = new Uint8Array(size);
    for (let at = 0; at < size; at += one.length) all.set(one.subarray(0, Math.min(one.length, size - at)), at);
    return all;
  });

const anyFile = fc.oneof(textFile, byteFile);

/** A line index spread over the whole file (and a little past it): `permille` of its line count plus 2. */
function spread(permille: number, lineCount: number): number {
  return Math.round((permille / 1000) * (lineCount + 2));
}

const position = fc.nat({ max: 1000 });

function expectedLines(ref: readonly ReferenceLine[], first: number, count: number): Line[] {
  return ref.slice(first - 1, first - 1 + count).map((line, i) => ({ number: first + i, text: line.text, terminator: line.terminator }));
}

function endsWithLf(bytes: Uint8Array): boolean {
  return bytes.length > 0 && bytes[bytes.length - 1] === 0x0a;
}

function startsWithBom(bytes: Uint8Array): boolean {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

describe("streaming windows agree with the in-memory reference model", () => {
  test("any forward window equals the same slice of the reference, its text the lines with their terminators", async () => {
    await fc.assert(
      fc.asyncProperty(
        anyFile,
        position,
        fc.option(fc.nat({ max: 40 })),
        fc.boolean(),
        async (bytes, at, maxLines, countTotal) => {
          fs.writeFileSync(file, bytes);
          const ref = referenceLines(bytes);
          const startLine = spread(at, ref.length) + 1;
          const expected = expectedLines(ref, startLine, maxLines ?? Number.POSITIVE_INFINITY);
          const window = valueOf(await read(workspace, "f", { from: "start", startLine, maxLines }, { countTotal, decode: "replace" })).window;
          const afterWindow = startLine - 1 + expected.length;
          expect(window.lines).toEqual(expected);
          expect(window.text).toBe(expected.map((line) => line.text + line.terminator).join(""));
          expect(window.firstLine).toBe(expected.length > 0 ? startLine : null);
          expect(window.hasMore).toBe(afterWindow < ref.length);
          // Without countTotal the count is known when the window reached the end of the file.
          expect(window.totalLines).toBe(countTotal || afterWindow >= ref.length ? ref.length : null);
          expect(window.finalNewline).toBe(window.totalLines === null ? null : endsWithLf(bytes));
          expect(window.replaced).toBe(ref.slice(startLine - 1, afterWindow).some((line) => !line.valid));
          expect(window.bom).toBe(startsWithBom(bytes));
        },
      ),
    );
  });

  test("strict decoding fails exactly when the window holds invalid UTF-8", async () => {
    await fc.assert(
      fc.asyncProperty(anyFile, position, fc.option(fc.nat({ max: 40 })), async (bytes, at, maxLines) => {
        fs.writeFileSync(file, bytes);
        const ref = referenceLines(bytes);
        const startOffset = spread(at, ref.length);
        const inWindow = ref.slice(startOffset, maxLines === null ? undefined : startOffset + maxLines);
        const result = await read(workspace, "f", { from: "start", startLine: startOffset + 1, maxLines }, { decode: "strict" });
        expect(result.ok).toBe(inWindow.every((line) => line.valid));
        if (!result.ok) expect(result.failure.code).toBe("INVALID_UTF8");
      }),
    );
  });

  test("any tail equals the reference's last lines, numbered, with totalLines, its text the lines with their terminators", async () => {
    await fc.assert(
      fc.asyncProperty(anyFile, position, fc.boolean(), async (bytes, at, countTotal) => {
        fs.writeFileSync(file, bytes);
        const ref = referenceLines(bytes);
        const count = spread(at, ref.length);
        const first = Math.max(1, ref.length - count + 1);
        const expected = count === 0 ? [] : expectedLines(ref, first, count);
        const numbered = countTotal || first === 1;
        const window = valueOf(await read(workspace, "f", { from: "end", lines: count }, { countTotal, decode: "replace" })).window;
        expect(window.lines).toEqual(numbered ? expected : expected.map((line) => ({ ...line, number: null })));
        expect(window.text).toBe(expected.map((line) => line.text + line.terminator).join(""));
        expect(window.firstLine).toBe(numbered && expected.length > 0 ? first : null);
        expect(window.totalLines).toBe(numbered ? ref.length : null);
        expect(window.hasMore).toBe(false);
        expect(window.finalNewline).toBe(endsWithLf(bytes));
        expect(window.replaced).toBe(ref.slice(first - 1).some((line) => !line.valid) && count > 0);
      }),
    );
  });

  test("paging with hasMore reproduces the file, line by line and byte by byte", async () => {
    await fc.assert(
      fc.asyncProperty(anyFile, fc.integer({ min: 1, max: 7 }), fc.boolean(), async (bytes, smallPage, countTotal) => {
        fs.writeFileSync(file, bytes);
        const ref = referenceLines(bytes);
        // Every page rescans from the start: at most about 20 pages keep a run fast.
        const pageSize = Math.max(smallPage, Math.ceil(ref.length / 20));
        const seen: Line[] = [];
        let startLine = 1;
        for (;;) {
          const window = valueOf(await read(workspace, "f", { from: "start", startLine, maxLines: pageSize }, { countTotal, decode: "replace" })).window;
          seen.push(...window.lines);
          if (!window.hasMore) break;
          expect(window.lines).toHaveLength(pageSize);
          startLine += window.lines.length;
        }
        expect(seen).toEqual(expectedLines(ref, 1, ref.length));
        const again = Buffer.from(seen.map((line) => line.text + line.terminator).join(""));
        expect(again.equals(Buffer.from(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)))).toBe(true);
      }),
    );
  });

  test("totalLines equals the reference's line count, forward and tail", async () => {
    await fc.assert(
      fc.asyncProperty(anyFile, async (bytes) => {
        fs.writeFileSync(file, bytes);
        const count = referenceLines(bytes).length;
        expect(valueOf(await read(workspace, "f", { from: "start", startLine: 1, maxLines: 1 }, { decode: "replace" })).window.totalLines).toBe(count);
        expect(valueOf(await read(workspace, "f", { from: "end", lines: 1 }, { decode: "replace" })).window.totalLines).toBe(count);
      }),
    );
  });

  test("a scan budget either gives the unlimited window or SCAN_LIMIT, exactly when the window ends past it", async () => {
    await fc.assert(
      fc.asyncProperty(
        anyFile,
        position,
        fc.option(fc.nat({ max: 40 })),
        fc.boolean(),
        fc.nat({ max: 3 * CHUNK }),
        async (bytes, at, maxLines, countTotal, budget) => {
          fs.writeFileSync(file, bytes);
          const ref = referenceLines(bytes);
          const startOffset = spread(at, ref.length);
          const request: LineWindowRequest = { from: "start", startLine: startOffset + 1, maxLines };
          const last = maxLines === null ? ref.length : Math.min(ref.length, startOffset + maxLines);
          // Where the window ends in bytes: past its last line, or where the seek for its start stops.
          const windowEnd = startOffset >= ref.length ? bytes.length : last > startOffset ? (ref[last - 1]?.end ?? 0) : startOffset === 0 ? 0 : (ref[startOffset - 1]?.end ?? 0);
          const limited = await read(workspace, "f", request, { countTotal, decode: "replace", maxScanBytes: budget });
          if (windowEnd > budget) {
            expect(limited).toMatchObject({ ok: false, failure: { code: "SCAN_LIMIT", maxScanBytes: budget } });
            return;
          }
          const unlimited = valueOf(await read(workspace, "f", request, { countTotal: true, decode: "replace" })).window;
          const window = valueOf(limited).window;
          expect(window.lines).toEqual(unlimited.lines);
          expect(window.hasMore).toBe(unlimited.hasMore);
          const totalKnown = countTotal ? bytes.length <= budget : windowEnd === bytes.length;
          expect(window.totalLines).toBe(totalKnown ? ref.length : null);
        },
      ),
    );
  });
});

describe("universal line breaks (LF, CRLF, lone CR) and whole-file UTF-8 agree with the reference model", () => {
  const universal = (startLine: number, maxLines: number | null): LineWindowRequest => ({ from: "start", startLine, maxLines, lineBreaks: "universal", wholeFileUtf8: true });

  test("any forward window equals the same slice of the universal reference, and fileReplaced says whether the whole file is valid", async () => {
    await fc.assert(
      fc.asyncProperty(anyFile, position, fc.option(fc.nat({ max: 40 })), async (bytes, at, maxLines) => {
        fs.writeFileSync(file, bytes);
        const ref = referenceLines(bytes, "universal");
        const startLine = spread(at, ref.length) + 1;
        const expected = expectedLines(ref, startLine, maxLines ?? Number.POSITIVE_INFINITY);
        const window = valueOf(await read(workspace, "f", universal(startLine, maxLines), { countTotal: true, decode: "replace" })).window;
        expect(window.lines).toEqual(expected);
        expect(window.hasMore).toBe(startLine - 1 + expected.length < ref.length);
        expect(window.totalLines).toBe(ref.length);
        expect(window.finalNewline).toBe(ref.length > 0 && ref[ref.length - 1]?.terminator !== "");
        expect(window.replaced).toBe(ref.slice(startLine - 1, startLine - 1 + expected.length).some((line) => !line.valid));
        expect(window.fileReplaced).toBe(!isValid(bytes));
      }),
    );
  });

  test("paging through a file with universal line breaks gives back its decoded text", async () => {
    await fc.assert(
      fc.asyncProperty(anyFile, fc.integer({ min: 1, max: 7 }), async (bytes, smallPage) => {
        fs.writeFileSync(file, bytes);
        const ref = referenceLines(bytes, "universal");
        const pageSize = Math.max(smallPage, Math.ceil(ref.length / 20));
        const seen: Line[] = [];
        for (let startLine = 1; ; startLine += pageSize) {
          const window = valueOf(await read(workspace, "f", universal(startLine, pageSize), { countTotal: true, decode: "replace" })).window;
          seen.push(...window.lines);
          if (!window.hasMore) break;
        }
        expect(seen).toEqual(expectedLines(ref, 1, ref.length));
        expect(seen.map((line) => line.text + line.terminator).join("")).toBe(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes));
      }),
    );
  });
});

/** The byte offset where line `index` (0-based) of the reference starts. */
function lineStart(ref: readonly ReferenceLine[], index: number): number {
  return index === 0 ? 0 : (ref[index - 1]?.end ?? 0);
}

/** A byte limit: small (lines of the text files run to 180 KB), or at most a few chunks. */
const byteLimit = fc.oneof(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 3 * CHUNK }));

describe("overflow: \"cut\" agrees with the reference model", () => {
  test("a forward window keeps the whole lines that end within both limits, else its first line in part", async () => {
    await fc.assert(
      fc.asyncProperty(
        anyFile,
        position,
        fc.option(fc.integer({ min: 1, max: 40 })),
        byteLimit,
        // A scan budget of some bytes, or exactly where a line ends (the next one starts at the budget).
        fc.option(fc.oneof(byteLimit.map((bytes) => ({ bytes })), position.map((line) => ({ line })))),
        async (bytes, at, maxLines, maxWindow, scan) => {
          fs.writeFileSync(file, bytes);
          const ref = referenceLines(bytes);
          const first = spread(at, ref.length);
          const budget = scan === null ? null : "bytes" in scan ? scan.bytes : Math.max(1, ref[Math.min(spread(scan.line, ref.length), ref.length - 1)]?.end ?? 1);
          const scanEnd = budget ?? Number.POSITIVE_INFINITY;
          const result = await read(workspace, "f", { from: "start", startLine: first + 1, maxLines }, { countTotal: true, decode: "replace", overflow: "cut", maxWindowBytes: maxWindow, ...(budget === null ? {} : { maxScanBytes: budget }) });
          const windowStart = first < ref.length ? lineStart(ref, first) : bytes.length;
          if (first < ref.length ? windowStart >= scanEnd : bytes.length > scanEnd) {
            expect(result).toMatchObject({ ok: false, failure: { code: "SCAN_LIMIT" } });
            return;
          }
          const window = valueOf(result).window;
          // The limit that ends first: the window's bytes or the scan budget.
          const limitEnd = Math.min(windowStart + maxWindow, scanEnd);
          let taken = 0;
          while (first + taken < ref.length && taken < (maxLines ?? Number.POSITIVE_INFINITY) && (ref[first + taken]?.end ?? 0) <= limitEnd) taken++;
          const stopped = first + taken < ref.length && taken < (maxLines ?? Number.POSITIVE_INFINITY);
          const limit = windowStart + maxWindow < scanEnd ? "window" : "scan";
          expect(window.totalLines).toBe(bytes.length <= scanEnd ? ref.length : null);
          if (!stopped) {
            expect(window.lines).toEqual(expectedLines(ref, first + 1, taken));
            expect(window.cut).toBeNull();
            const hasMore = first + taken < ref.length;
            expect(window.hasMore).toBe(hasMore);
            expect(window.nextLine).toBe(hasMore && lineStart(ref, first + taken) < scanEnd ? first + taken + 1 : null);
            return;
          }
          if (taken > 0) {
            expect(window.lines).toEqual(expectedLines(ref, first + 1, taken));
            expect(window.cut).toEqual({ limit, partial: false, offset: lineStart(ref, first + taken) });
            expect(window.hasMore).toBe(true);
            expect(window.nextLine).toBe(lineStart(ref, first + taken) < scanEnd ? first + taken + 1 : null);
            return;
          }
          // Not even the first line fits: its start, up to the limit, less at most 3 bytes of a split
          // character and a CR that may belong to a CRLF.
          const line = ref[first] as ReferenceLine;
          const shown = window.lines[0];
          const shownBytes = shown === undefined ? 0 : Buffer.byteLength(shown.text);
          expect(window.lines).toHaveLength(1);
          expect(shown).toMatchObject({ number: first + 1, terminator: "" });
          expect(window.cut).toMatchObject({ limit, partial: true });
          const kept = (window.cut?.offset ?? 0) - windowStart;
          expect(kept).toBeLessThanOrEqual(limitEnd - windowStart);
          expect(kept).toBeGreaterThanOrEqual(limitEnd - windowStart - 4);
          if (line.valid) {
            expect(line.text.startsWith(shown?.text ?? "")).toBe(true);
            expect(shownBytes).toBe(kept);
          }
          const rest = line.end > scanEnd;
          expect(window.hasMore).toBe(rest || first + 1 < ref.length);
          expect(window.nextLine).toBe(!rest && first + 1 < ref.length && line.end < scanEnd ? first + 2 : null);
        },
      ),
    );
  });

  test("a tail keeps the last whole lines that fit, else the end of the last line from a character boundary", async () => {
    await fc.assert(
      fc.asyncProperty(anyFile, position, byteLimit, fc.boolean(), async (bytes, at, maxWindow, countTotal) => {
        fs.writeFileSync(file, bytes);
        const ref = referenceLines(bytes);
        const count = spread(at, ref.length);
        const window = valueOf(await read(workspace, "f", { from: "end", lines: count }, { countTotal, decode: "replace", overflow: "cut", maxWindowBytes: maxWindow })).window;
        let taken = 0;
        while (taken < Math.min(count, ref.length) && bytes.length - lineStart(ref, ref.length - taken - 1) <= maxWindow) taken++;
        const firstTaken = ref.length - taken;
        const numbered = countTotal || (taken === ref.length && taken > 0);
        const number = (line: Line) => (numbered ? line : { ...line, number: null });
        expect(window.hasMore).toBe(false);
        expect(window.nextLine).toBeNull();
        if (taken === Math.min(count, ref.length)) {
          expect(window.lines).toEqual(expectedLines(ref, firstTaken + 1, taken).map(number));
          expect(window.cut).toBeNull();
          return;
        }
        if (taken > 0) {
          expect(window.lines).toEqual(expectedLines(ref, firstTaken + 1, taken).map(number));
          expect(window.cut).toEqual({ limit: "window", partial: false, offset: lineStart(ref, firstTaken) });
          return;
        }
        const last = ref[ref.length - 1] as ReferenceLine;
        const offset = window.cut?.offset ?? 0;
        expect(window.cut).toEqual({ limit: "window", partial: true, offset });
        expect(bytes.length - offset).toBeLessThanOrEqual(maxWindow);
        expect(bytes.length - offset).toBeGreaterThanOrEqual(maxWindow - 3);
        expect(window.lines).toHaveLength(1);
        const shown = window.lines[0] as Line;
        const terminator = offset === bytes.length ? "" : last.terminator === "\r\n" && bytes.length - offset === 1 ? "\n" : last.terminator;
        expect(shown).toMatchObject({ number: countTotal ? ref.length : null, terminator });
        if (last.valid && bytes.length - offset >= last.terminator.length) expect(last.text.endsWith(shown.text)).toBe(true);
        expect(window.totalLines).toBe(countTotal ? ref.length : null);
      }),
    );
  });
});

describe("binary sniff", () => {
  test("a NUL is found exactly when it lies inside the sniff window", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 3 * CHUNK }),
        fc.option(fc.nat({ max: 3 * CHUNK })),
        fc.oneof(fc.nat({ max: 3 * CHUNK }), fc.constant(Number.POSITIVE_INFINITY)),
        async (size, nulAt, sniff) => {
          const bytes = Buffer.alloc(size, 0x61);
          const hasNul = nulAt !== null && nulAt < size;
          if (hasNul) bytes[nulAt] = 0;
          fs.writeFileSync(file, bytes);
          const binary = hasNul && nulAt < sniff;
          const opened = open(workspace, "f");
          try {
            expect(valueOf(await sniffBinary(opened, sniff))).toBe(binary);
          } finally {
            closeFile(opened);
          }
          const result = await read(workspace, "f", { from: "start", startLine: 1, maxLines: 1 }, { sniffBytes: sniff });
          expect(result.ok ? "text" : result.failure.code).toBe(binary ? "BINARY" : "text");
        },
      ),
    );
  });
});
