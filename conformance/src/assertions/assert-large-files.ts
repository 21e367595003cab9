import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import fc from "fast-check";
import { lineText } from "../arbitraries.js";
import { referenceLines, renderWindow, type ReferenceLine } from "../reference-lines.js";
import { pageThrough } from "../page-through.js";
import { FIXED_MTIME_MS } from "../scratch-workspace.js";
import { assertProperty, callTool, expect, pageSize, permissionAnswers, windowInput, withScratch, type SuiteContext } from "../suite-context.js";

/** The chunk size readers commonly use (64 KiB): terminators and characters are placed across its multiples. */
const CHUNK = 64 * 1024;

/** How long files lie untouched before they are read, as files on a disk usually have. */
const SETTLED_MS = 2_500;

/**
 * A file of about `size` bytes whose line breaks and characters straddle every multiple of 64 KiB: at
 * each boundary a CRLF has its CR as the last byte of one chunk and its LF as the first of the next, or
 * a three- or four-byte character is split across the two. Between boundaries, lines of drawn text.
 */
function boundaryFile(size: number, texts: readonly string[]): Buffer {
  const parts: Buffer[] = [];
  let length = 0;
  let index = 0;
  for (let boundary = CHUNK, kind = 0; length < size; boundary += CHUNK, kind++) {
    const [straddle, before] = STRADDLES[kind % STRADDLES.length] ?? ["\r\n", 1];
    // Whole lines while they fit, then a line of `x` that runs up to where the straddling bytes start.
    for (;;) {
      const line = Buffer.from(`${texts[index % texts.length] ?? ""}\n`, "utf8");
      if (length + line.length > boundary - before) break;
      parts.push(line);
      length += line.length;
      index++;
    }
    const closing = Buffer.concat([Buffer.from("x".repeat(boundary - before - length)), Buffer.from(straddle, "utf8")]);
    parts.push(closing);
    length += closing.length;
  }
  return Buffer.concat(parts);
}

/** What straddles a boundary, and how many of its bytes lie before it. */
const STRADDLES: readonly (readonly [string, number])[] = [
  ["\r\n", 1],
  ["語\n", 2],
  ["😀\r\n", 1],
  ["é\r\n", 1],
];

/**
 * Large files (up to about 600 KiB, lines up to a few thousand bytes, CRLF and multi-byte characters
 * straddling every 64 KiB boundary) that have settled on disk, read in drawn windows, again and again on
 * the same files (so an implementation that remembers where lines are is exercised), and paged through
 * whole. Then one file is rewritten in place, same size and same mtime: the next read returns the new
 * lines, never the old ones.
 */
export async function assertLargeFiles(ctx: SuiteContext): Promise<void> {
  const { oracle, read } = ctx;
  const { seed } = ctx.properties;
  const longText = fc.oneof(lineText, fc.string({ unit: fc.constantFrom("a", "b", " ", "é", "日", "😀"), minLength: 100, maxLength: 600 }));
  const texts = fc.sample(longText, { seed, numRuns: 200 });
  const sizes = [200_000, 420_000, 600_000];
  const files = Object.fromEntries(sizes.map((size, index) => [`big-${index}.txt`, { bytes: boundaryFile(size, texts.slice(index * 50)) }]));
  await withScratch({ files }, async (workspace) => {
    await sleep(SETTLED_MS);
    const lines = new Map<string, ReferenceLine[]>(Object.entries(files).map(([name, entry]) => [name, referenceLines(entry.bytes, oracle)]));
    const windowed = oracle.request.start !== null;
    const maxCount = Math.min(oracle.window.maxCount ?? 50, 50);
    const requests = fc.record({ file: fc.constantFrom(...lines.keys()), start: fc.integer({ min: 1, max: 1_000 }), count: fc.integer({ min: 1, max: maxCount }), permission: permissionAnswers(oracle) });
    await assertProperty(ctx, [requests], async ({ file, start: drawn, count, permission }) => {
      const all = lines.get(file) ?? [];
      const start = windowed ? 1 + ((drawn - 1) % all.length) : 1;
      const called = await callTool(ctx, workspace, windowInput(oracle, file, start, count), permission === undefined ? {} : { permission });
      expect(!read.isError(called.output), `a window of the ${all.length}-line ${file} is read`, called);
      const window = windowed ? all.slice(start - 1, start - 1 + pageSize(oracle, count)) : all;
      expect(read.content(called.output) === renderWindow(oracle, window, start), `the window holds lines ${start}-${start + window.length - 1} of ${file} exactly`, called);
    });
    const name = "big-1.txt";
    const all = lines.get(name) ?? [];
    const count = pageSize(oracle, Math.min(Math.max(Math.ceil(all.length / 8), 1), maxCount));
    const firstPage = windowInput(oracle, name, 1, count);
    if (windowed) {
      await pageThrough(ctx, workspace, name, all, count);
    } else {
      const called = await callTool(ctx, workspace, firstPage);
      expect(read.content(called.output) === renderWindow(oracle, all, 1), `${name} is read whole`, called);
    }
    const target = path.join(workspace.root, name);
    const original = fs.readFileSync(target);
    // Swapping two ASCII letters keeps the size and every line break, and changes the text.
    const rewritten = Buffer.from(original.map((byte) => (byte === 0x61 ? 0x62 : byte === 0x62 ? 0x61 : byte === 0x78 ? 0x79 : byte)));
    fs.writeFileSync(target, rewritten);
    fs.utimesSync(target, new Date(FIXED_MTIME_MS), new Date(FIXED_MTIME_MS));
    const fresh = referenceLines(rewritten, oracle);
    const again = await callTool(ctx, workspace, firstPage);
    const expected = windowed ? fresh.slice(0, count) : fresh;
    expect(read.content(again.output) === renderWindow(oracle, expected, 1), `after ${name} was rewritten in place (same size, same mtime), the same read returns the new lines`, again);
  });
}
