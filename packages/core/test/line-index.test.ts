import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { clearLineIndexes, lineIndexOf, MAX_CHECKPOINTS, MIN_CHECKPOINT_STRIDE, INDEXED_FILES, SETTLE_MS, type ScanPoint } from "../src/line-index.js";
import { CHUNK_SIZE, closeFile, openFile, type LineWindowRequest, type OpenFile, type TextWindowOptions, type Workspace } from "../src/index.js";
import { read, useTempDirs, workspaceOf } from "./support/temp-workspace.js";

const dirs = useTempDirs();
let dir = "";
let workspace: Workspace;

// Deterministic fixtures: short lines, CRLF without a final newline (with multi-byte and invalid bytes),
// very long lines straddling checkpoints, and a file whose only newline is its last byte.
const FIXTURES: Record<string, Buffer> = {
  "short.txt": Buffer.from(Array.from({ length: 40_000 }, (_, i) => `line ${i} ${"x".repeat(i % 23)}`).join("\n") + "\n"),
  "crlf.txt": Buffer.concat([Buffer.from(Array.from({ length: 9_000 }, (_, i) => `é行 ${i}${i % 97 === 0 ? "" : " text"}`).join("\r\n")), Buffer.from([0xff, 0x41])]),
  "long.txt": Buffer.from(Array.from({ length: 12 }, (_, i) => "L".repeat(((i * 37_001) % 150_000) + 1)).join("\n") + "\n"),
  "one-line.txt": Buffer.from(`${"z".repeat(70_000)}\n`),
};

// Files no larger than one read chunk are never indexed: a line of this before the small fixtures' lines.
const PAD = `${"p".repeat(CHUNK_SIZE)}\n`;

function open(name: string): OpenFile {
  const resolved = workspace.resolve(name);
  if (!resolved.ok) throw new Error(resolved.failure.message);
  const opened = openFile(resolved.value);
  if (!opened.ok) throw new Error(opened.failure.message);
  return opened.value;
}

function withIndex<T>(name: string, use: (file: OpenFile, bytes: Buffer) => T): T {
  const file = open(name);
  try {
    return use(file, fs.readFileSync(path.join(dir, name)));
  } finally {
    closeFile(file);
  }
}

// The exact scan state at `position`: newlines before it and the byte before it.
function truth(bytes: Buffer, position: number): ScanPoint {
  let newlines = 0;
  for (let at = bytes.indexOf(0x0a); at !== -1 && at < position; at = bytes.indexOf(0x0a, at + 1)) newlines++;
  return { newlines, position, lastByte: position === 0 ? -1 : (bytes[position - 1] ?? -1) };
}

beforeAll(async () => {
  dir = dirs.make("read-line-index-");
  for (const [name, bytes] of Object.entries(FIXTURES)) fs.writeFileSync(path.join(dir, name), bytes);
  for (let i = 0; i <= INDEXED_FILES; i++) fs.writeFileSync(path.join(dir, `many-${i}.txt`), `${PAD}a\nb\n${i}\n`);
  const sparse = path.join(dir, "sparse.bin");
  fs.closeSync(fs.openSync(sparse, "w"));
  fs.truncateSync(sparse, 320 * 1024 * 1024);
  workspace = workspaceOf(dir);
  // Files changed within SETTLE_MS are never indexed: let every fixture settle once.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS + 200));
}, SETTLE_MS + 30_000);

describe("line index: what a read records", () => {
  test("a full count records exact checkpoints a stride apart and the end of the file", async () => {
    clearLineIndexes();
    const result = await read(workspace, "short.txt", { from: "start", startLine: 1, maxLines: 5 });
    expect(result.ok).toBe(true);
    withIndex("short.txt", (file, bytes) => {
      const index = lineIndexOf(file);
      if (index === undefined) throw new Error("a settled file is indexed");
      expect(index.end).toEqual(truth(bytes, bytes.length));
      expect(index.checkpoints).toBe(Math.floor((bytes.length - 1) / MIN_CHECKPOINT_STRIDE));
      for (const position of [0, 1, MIN_CHECKPOINT_STRIDE - 1, MIN_CHECKPOINT_STRIDE, 200_000, bytes.length]) {
        const scan: ScanPoint = { newlines: 0, position: 0, lastByte: -1 };
        index.seekPosition(scan, position);
        expect(scan.position).toBeLessThanOrEqual(position);
        expect(position - scan.position).toBeLessThan(MIN_CHECKPOINT_STRIDE + 65_536);
        expect(scan).toEqual(truth(bytes, scan.position));
      }
    });
  });

  test("seekNewlines stops before the sought newline and below the scan budget", async () => {
    withIndex("short.txt", (file, bytes) => {
      const index = lineIndexOf(file);
      if (index === undefined) throw new Error("a settled file is indexed");
      const lineStart = (line: number) => {
        let offset = 0;
        for (let n = 1; n < line; n++) offset = bytes.indexOf(0x0a, offset) + 1;
        return offset;
      };
      for (const line of [2, 5_000, 30_000, 40_000]) {
        const scan: ScanPoint = { newlines: 0, position: 0, lastByte: -1 };
        index.seekNewlines(scan, line - 1, Number.POSITIVE_INFINITY);
        expect(scan.newlines).toBeLessThan(line - 1 === 0 ? 1 : line - 1);
        expect(scan.position).toBeLessThanOrEqual(lineStart(line));
        expect(scan).toEqual(truth(bytes, scan.position));
      }
      const budgeted: ScanPoint = { newlines: 0, position: 0, lastByte: -1 };
      index.seekNewlines(budgeted, 39_000, 100_000);
      expect(budgeted.position).toBeLessThan(100_000);
    });
  });

  test("memory is bounded: at most MAX_CHECKPOINTS per file, whatever its size", async () => {
    const result = await read(workspace, "sparse.bin", { from: "start", startLine: 2, maxLines: 1 });
    expect(result.ok && result.value.window.totalLines).toBe(1);
    withIndex("sparse.bin", (file) => {
      const index = lineIndexOf(file);
      expect(index?.checkpoints).toBeLessThanOrEqual(MAX_CHECKPOINTS);
      expect(index?.checkpoints).toBeGreaterThan(MAX_CHECKPOINTS / 2);
      expect(index?.end).toEqual({ newlines: 0, position: 320 * 1024 * 1024, lastByte: 0 });
    });
  });

  test(`only the ${INDEXED_FILES} most recently read files keep an index`, async () => {
    clearLineIndexes();
    expect((await read(workspace, "many-0.txt", { from: "start", startLine: 1, maxLines: 1 })).ok).toBe(true);
    withIndex("many-0.txt", (file) => expect(lineIndexOf(file)?.end?.newlines).toBe(4));
    for (let i = 1; i <= INDEXED_FILES; i++) expect((await read(workspace, `many-${i}.txt`, { from: "start", startLine: 1, maxLines: 1 })).ok).toBe(true);
    withIndex("many-0.txt", (file) => expect(lineIndexOf(file)?.end).toBeUndefined());
    withIndex(`many-${INDEXED_FILES}.txt`, (file) => expect(lineIndexOf(file)?.end?.newlines).toBe(4));
  });
});

describe("line index: identity", () => {
  test("a file changed within SETTLE_MS has no index; a new write gives a new identity", async () => {
    const name = "fresh.txt";
    const end = { newlines: 4, position: PAD.length + 6, lastByte: 0x0a };
    fs.writeFileSync(path.join(dir, name), `${PAD}1\n2\n3\n`);
    withIndex(name, (file) => {
      expect(lineIndexOf(file)).toBeUndefined();
      const later = lineIndexOf(file, "lf", Date.now() + SETTLE_MS + 1);
      expect(later).toBeDefined();
      later?.complete(end);
      expect(lineIndexOf(file, "lf", Date.now() + SETTLE_MS + 1)?.end).toEqual(end);
    });
    // Same size, the mtime put back: the ctime still differs, so the old count is not reused.
    const { mtime } = fs.statSync(path.join(dir, name));
    fs.writeFileSync(path.join(dir, name), `${PAD}1\n2\n34`);
    fs.utimesSync(path.join(dir, name), mtime, mtime);
    withIndex(name, (file) => expect(lineIndexOf(file, "lf", Date.now() + SETTLE_MS + 1)?.end).toBeUndefined());
  });

  test("an empty file has no index", async () => {
    fs.writeFileSync(path.join(dir, "empty.txt"), "");
    withIndex("empty.txt", (file) => expect(lineIndexOf(file, "lf", Date.now() + SETTLE_MS + 1)).toBeUndefined());
  });

  test("a file no larger than one read chunk has no index; one byte more has one", async () => {
    fs.writeFileSync(path.join(dir, "chunk.txt"), `${"c".repeat(CHUNK_SIZE - 1)}\n`);
    fs.writeFileSync(path.join(dir, "chunk-and-one.txt"), `${"c".repeat(CHUNK_SIZE)}\n`);
    withIndex("chunk.txt", (file) => expect(lineIndexOf(file, "lf", Date.now() + SETTLE_MS + 1)).toBeUndefined());
    withIndex("chunk-and-one.txt", (file) => expect(lineIndexOf(file, "lf", Date.now() + SETTLE_MS + 1)).toBeDefined());
  });
});

describe("line index: reads that use it return exactly what a full scan returns", () => {
  const names = Object.keys(FIXTURES);
  const request: fc.Arbitrary<{ window: LineWindowRequest; overrides: Partial<TextWindowOptions> }> = fc.record({
    window: fc.oneof(
      fc.record({ from: fc.constant("start" as const), startLine: fc.integer({ min: 1, max: 45_000 }), maxLines: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }) }),
      fc.record({ from: fc.constant("end" as const), lines: fc.integer({ min: 0, max: 400 }) }),
    ),
    overrides: fc.record(
      {
        countTotal: fc.boolean(),
        decode: fc.constantFrom("strict" as const, "replace" as const),
        maxScanBytes: fc.integer({ min: 1, max: 700_000 }),
        maxFileBytes: fc.integer({ min: 1, max: 700_000 }),
      },
      { requiredKeys: ["countTotal", "decode"] },
    ),
  });

  test("any sequence of windows, tails and budgets: warm reads equal cold reads", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...names), fc.array(request, { minLength: 1, maxLength: 5 }), async (name, requests) => {
        for (let k = 0; k < requests.length; k++) {
          const current = requests[k];
          if (current === undefined) continue;
          clearLineIndexes();
          const cold = await read(workspace, name, current.window, current.overrides);
          clearLineIndexes();
          for (const earlier of requests.slice(0, k)) await read(workspace, name, earlier.window, earlier.overrides);
          const warm = await read(workspace, name, current.window, current.overrides);
          expect(warm).toEqual(cold);
        }
      }),
      { numRuns: 60 },
    );
  });

  test("paging after a full count: every page equals its cold read", async () => {
    clearLineIndexes();
    expect((await read(workspace, "short.txt", { from: "start", startLine: 1, maxLines: 10 })).ok).toBe(true);
    for (let start = 1; start <= 40_001; start += 3_333) {
      const warm = await read(workspace, "short.txt", { from: "start", startLine: start, maxLines: 50 });
      clearLineIndexes();
      const cold = await read(workspace, "short.txt", { from: "start", startLine: start, maxLines: 50 });
      expect(warm).toEqual(cold);
      expect(cold.ok && cold.value.window.lines[0]?.text).toBe(start <= 40_000 ? `line ${start - 1} ${"x".repeat((start - 1) % 23)}` : undefined);
    }
  });
});
