import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pngBytes } from "./png-bytes.js";

/** Bumped whenever the generated files change, so a stale cache is regenerated. */
const GENERATOR_VERSION = 1;

const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;

/** Where the generated files live between runs (`READ_BENCH_CACHE` overrides). */
export function defaultCacheDir(): string {
  return process.env.READ_BENCH_CACHE ?? path.join(os.tmpdir(), "read-bench");
}

/** Byte offsets of line starts the floors need, recorded while a file is generated. */
export interface LogFacts {
  readonly bytes: number;
  readonly lines: number;
  /** Byte offset of the start of line N (1-based), for the lines the workloads ask for. */
  readonly lineStarts: Readonly<Record<string, number>>;
}

/** The generated files, relative to the workspace root {@link Workloads.root}. */
export interface Workloads {
  readonly root: string;
  readonly small: { readonly "4k": string; readonly "100k": string; readonly "1m": string };
  readonly log: string;
  readonly logFacts: LogFacts;
  readonly singleLine: string;
  /** One line of {@link COLUMN_LINE_BYTES} (minified JavaScript with some non-ASCII strings), for `column` reads. */
  readonly columnLine: string;
  /**
   * The 4 KiB source file with one line that names an environment variable holding a secret: text a secrets
   * policy hands to its scanner (a keyword of the formats it knows), without any secret in it.
   */
  readonly secretsKeyword: string;
  /**
   * The images of issue 33: a 4 MP screenshot-like PNG (2560x1600, over the agent profile's 2000-pixel
   * edge, so it is downscaled) and, in full runs only, two 30 MP PNGs of noise (6708x4472), in RGB (95 MB,
   * over the largest image file read) and in grey (30 MB, decoded and downscaled); empty names when not
   * made.
   */
  readonly images: { readonly "4mp": string; readonly "30mp": string; readonly "30mp-grey": string };
  /** 4 KiB files for the concurrency scenario. */
  readonly many: readonly string[];
  /** When this run last wrote a workload file (epoch ms), or 0 when every file came from the cache. */
  readonly writtenAt: number;
}

/** Lines of the log whose starts are recorded (window at 5,000,000 and its next page). */
export const LOG_WINDOW_LINE = 5_000_000;
export const LOG_TAIL_LINES = 100;

/** The size of the one-line file that `column` reads are timed in (50 MiB, under the agent's 64 MiB `max_scan_bytes`). */
export const COLUMN_LINE_BYTES = 50 * MiB;
/** The columns (characters) read in it: about 1 KiB, 1 MB and 40 MB deep. */
export const COLUMN_DEPTHS = [1_024, 1_000_000, 40_000_000] as const;

/**
 * Creates (once) and returns the workload files. The 1 GiB log is generated only when `withLog`; small
 * and many files are cheap and always checked. Content is deterministic (a seeded generator).
 */
export function prepareWorkloads(cacheDir: string, options: { withLog: boolean; manyCount: number }): Workloads {
  fs.mkdirSync(cacheDir, { recursive: true });
  const stampPath = path.join(cacheDir, "manifest.json");
  let writtenAt = 0;
  const stamp = readStamp(stampPath);
  const small = {
    "4k": "src/small-4k.ts",
    "100k": "src/medium-100k.ts",
    "1m": "src/large-1m.ts",
  } as const;
  const sizes = { "4k": 4 * KiB, "100k": 100 * KiB, "1m": MiB } as const;
  fs.mkdirSync(path.join(cacheDir, "src"), { recursive: true });
  for (const key of ["4k", "100k", "1m"] as const) {
    const file = path.join(cacheDir, small[key]);
    if (stamp.version !== GENERATOR_VERSION || !hasSize(file, sizes[key])) {
      fs.writeFileSync(file, sourceText(sizes[key], key.length * 7919));
      writtenAt = Date.now();
    }
  }
  const secretsKeyword = "src/small-4k-secret-keyword.ts";
  const keywordText = `const apiSecret = process.env.API_SECRET;\n${fs.readFileSync(path.join(cacheDir, small["4k"]), "utf8")}`;
  const keywordFile = path.join(cacheDir, secretsKeyword);
  if (!fs.existsSync(keywordFile) || fs.readFileSync(keywordFile, "utf8") !== keywordText) {
    fs.writeFileSync(keywordFile, keywordText);
    writtenAt = Date.now();
  }
  const singleLine = "dist/bundle.min.js";
  fs.mkdirSync(path.join(cacheDir, "dist"), { recursive: true });
  if (stamp.version !== GENERATOR_VERSION || !hasSize(path.join(cacheDir, singleLine), 5 * MiB)) {
    fs.writeFileSync(path.join(cacheDir, singleLine), minifiedText(5 * MiB));
    writtenAt = Date.now();
  }
  const columnLine = "dist/one-line-50m.js";
  if (!hasSize(path.join(cacheDir, columnLine), COLUMN_LINE_BYTES)) {
    writeColumnLine(path.join(cacheDir, columnLine), COLUMN_LINE_BYTES);
    writtenAt = Date.now();
  }
  const many: string[] = [];
  for (let i = 0; i < options.manyCount; i++) {
    const rel = `many/${String(Math.floor(i / 1000)).padStart(2, "0")}/file-${String(i).padStart(5, "0")}.ts`;
    many.push(rel);
    const file = path.join(cacheDir, rel);
    if (stamp.version !== GENERATOR_VERSION || !hasSize(file, 4 * KiB)) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, sourceText(4 * KiB, 100_003 + i));
      writtenAt = Date.now();
    }
  }
  const images = { "4mp": "img/screenshot-4mp.png", "30mp": options.withLog ? "img/noise-30mp.png" : "", "30mp-grey": options.withLog ? "img/noise-30mp-grey.png" : "" };
  fs.mkdirSync(path.join(cacheDir, "img"), { recursive: true });
  for (const [key, make] of [
    ["4mp", () => screenshotPng(2560, 1600)],
    ["30mp", () => noisePng(6708, 4472, 3)],
    ["30mp-grey", () => noisePng(6708, 4472, 1)],
  ] as const) {
    const file = path.join(cacheDir, images[key]);
    if (images[key] !== "" && (stamp.version !== GENERATOR_VERSION || !stamp.images?.includes(images[key]) || !fs.existsSync(file))) {
      fs.writeFileSync(file, make());
      writtenAt = Date.now();
    }
  }
  const log = "logs/app.log";
  let logFacts = stamp.log;
  if (options.withLog && (stamp.version !== GENERATOR_VERSION || logFacts === undefined || !hasSize(path.join(cacheDir, log), GiB))) {
    fs.mkdirSync(path.join(cacheDir, "logs"), { recursive: true });
    logFacts = writeLog(path.join(cacheDir, log), GiB);
    writtenAt = Date.now();
  }
  const madeImages = [...new Set([...(stamp.version === GENERATOR_VERSION ? (stamp.images ?? []) : []), ...Object.values(images).filter((name) => name !== "")])];
  fs.writeFileSync(stampPath, JSON.stringify({ version: GENERATOR_VERSION, log: logFacts, images: madeImages }, null, 2));
  return { root: cacheDir, small, secretsKeyword, log, logFacts: logFacts ?? { bytes: 0, lines: 0, lineStarts: {} }, singleLine, columnLine, images, many, writtenAt };
}

function readStamp(file: string): { version?: number; log?: LogFacts; images?: string[] } {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as { version?: number; log?: LogFacts; images?: string[] };
  } catch {
    return {};
  }
}

function hasSize(file: string, size: number): boolean {
  try {
    return fs.statSync(file).size === size;
  } catch {
    return false;
  }
}

/** A screenshot-like PNG: a light page with bands of dark, irregular "text" (seeded) and a sidebar. */
function screenshotPng(width: number, height: number): Buffer {
  const next = random(33);
  return pngBytes(width, height, 3, (y, row) => {
    const inText = y % 24 < 12;
    for (let x = 0; x < width; x++) {
      const sidebar = x < 280;
      const ink = !sidebar && inText && x % 640 < 600 && next() < 0.35;
      const shade = ink ? 40 : sidebar ? 230 - (y % 48 < 24 ? 12 : 0) : 250;
      row[x * 3] = shade;
      row[x * 3 + 1] = shade;
      row[x * 3 + 2] = ink ? 60 : Math.min(255, shade + 3);
    }
  });
}

/** A PNG of seeded noise, which no encoder compresses: the costliest image of its size to decode. */
function noisePng(width: number, height: number, channels: 1 | 3): Buffer {
  const next = random(30 + channels);
  return pngBytes(width, height, channels, (_y, row) => {
    for (let index = 0; index < row.length; index += 4) row.writeUInt32LE(Math.floor(next() * 4294967296), Math.min(index, row.length - 4));
  }, 1);
}

/** A deterministic 32-bit generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ["const", "value", "result", "options", "buffer", "offset", "window", "return", "await", "export", "function", "string", "number", "lines", "index", "file", "path", "error", "config", "state"];
const COMMENTS = ["// Keeps the window bounded", "// Décodage UTF-8 strict", "// 行番号は 1 から", "/** Reads one chunk. */", "// TODO: measure"];

/** TypeScript-like source text of exactly `size` bytes, ending with a newline (ASCII filler at the cut). */
export function sourceText(size: number, seed: number): Buffer {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const lines: string[] = [];
  let bytes = 0;
  let depth = 0;
  while (bytes < size) {
    const roll = next();
    let line: string;
    if (roll < 0.08) line = "";
    else if (roll < 0.16) line = "  ".repeat(depth) + pick(COMMENTS);
    else if (roll < 0.24 && depth < 4) {
      line = `${"  ".repeat(depth)}export function ${pick(WORDS)}${Math.floor(next() * 100)}(${pick(WORDS)}: ${pick(WORDS)}) {`;
      depth++;
    } else if (roll < 0.32 && depth > 0) {
      depth--;
      line = `${"  ".repeat(depth)}}`;
    } else {
      const words = 2 + Math.floor(next() * 8);
      line = "  ".repeat(depth) + Array.from({ length: words }, () => pick(WORDS)).join(" ") + ";";
    }
    lines.push(line);
    bytes += Buffer.byteLength(line) + 1;
  }
  const text = Buffer.from(`${lines.join("\n")}\n`);
  // Cut to the exact size on an ASCII tail so no multi-byte character is split.
  const out = Buffer.alloc(size, 0x20);
  text.copy(out, 0, 0, size);
  let end = size - 1;
  while (end > 0 && (out[end - 1] ?? 0) >= 0x80) out[--end] = 0x20;
  out[size - 1] = 0x0a;
  return out;
}

/** One line of minified JavaScript, exactly `size` bytes, no newline. */
function minifiedText(size: number): Buffer {
  const next = random(42);
  const parts: string[] = [];
  let bytes = 0;
  while (bytes < size) {
    const part = `function ${pick(next)}(a,b){return a.${pick(next)}(b)||${Math.floor(next() * 1e6)}};var ${pick(next)}=${pick(next)}(1,"x");`;
    parts.push(part);
    bytes += part.length;
  }
  return Buffer.from(parts.join("")).subarray(0, size);
}

const STRINGS = ["Größe", "naïve café", "日本語の文字列", "😀 emoji", "plain ascii", "more ascii text", "ascii again", "ascii"];

/**
 * One line of minified JavaScript of exactly `size` bytes, no newline, written a MiB at a time: mostly
 * ASCII, with string literals in 2-, 3- and 4-byte characters here and there (as bundles have them).
 */
function writeColumnLine(file: string, size: number): void {
  const next = random(4242);
  const fd = fs.openSync(file, "w");
  try {
    let written = 0;
    while (written < size) {
      const parts: string[] = [];
      let bytes = 0;
      while (bytes < MiB) {
        const part = `function ${pick(next)}(a){return a.${pick(next)}("${STRINGS[Math.floor(next() * STRINGS.length)] ?? ""}")||${Math.floor(next() * 1e6)}};`;
        parts.push(part);
        bytes += Buffer.byteLength(part);
      }
      let piece = Buffer.from(parts.join(""));
      if (written + piece.length > size) {
        // Cut to the exact size on an ASCII tail, so no character is split.
        piece = piece.subarray(0, size - written);
        for (let end = piece.length - 1; end >= 0 && (piece[end] ?? 0) >= 0x80; end--) piece[end] = 0x20;
      }
      fs.writeSync(fd, piece);
      written += piece.length;
    }
  } finally {
    fs.closeSync(fd);
  }
}

function pick(next: () => number): string {
  return (WORDS[Math.floor(next() * WORDS.length)] ?? "x") + Math.floor(next() * 99);
}

const LEVELS = ["INFO ", "INFO ", "INFO ", "DEBUG", "WARN ", "ERROR"];
const PATHS = ["/api/v1/users", "/api/v1/orders", "/health", "/api/v2/search?q=read+tool", "/static/app.js", "/api/v1/files/upload"];

/**
 * An application log of exactly `size` bytes, ending with a newline. Returns its line count and the
 * byte offsets of the lines the workloads read (the window at {@link LOG_WINDOW_LINE}, its next page,
 * the last {@link LOG_TAIL_LINES} lines).
 */
function writeLog(file: string, size: number): LogFacts {
  const next = random(7);
  const fd = fs.openSync(file, "w");
  const want = new Set([1, 201, 501, LOG_WINDOW_LINE, LOG_WINDOW_LINE + 200, LOG_WINDOW_LINE + 500, LOG_WINDOW_LINE + 1000]);
  const starts: Record<string, number> = {};
  const recent: number[] = [];
  let written = 0;
  let line = 0;
  let pending: string[] = [];
  let pendingBytes = 0;
  let time = Date.UTC(2025, 0, 1);
  const flush = () => {
    const chunk = Buffer.from(pending.join(""));
    fs.writeSync(fd, chunk);
    pending = [];
    pendingBytes = 0;
  };
  try {
    while (written < size) {
      line++;
      time += Math.floor(next() * 50);
      const level = LEVELS[Math.floor(next() * LEVELS.length)] ?? "INFO ";
      const route = PATHS[Math.floor(next() * PATHS.length)] ?? "/";
      let text = `${new Date(time).toISOString()} ${level} [worker-${Math.floor(next() * 16)}] request id=${Math.floor(next() * 1e9).toString(16)} ${route} status=${next() < 0.9 ? 200 : 500} dur=${Math.floor(next() * 900)}ms user=${Math.floor(next() * 1e5)}\n`;
      if (written + text.length > size) text = `${"#".repeat(size - written - 1)}\n`;
      if (want.has(line)) starts[String(line)] = written;
      recent.push(written);
      if (recent.length > LOG_TAIL_LINES) recent.shift();
      pending.push(text);
      pendingBytes += text.length;
      written += text.length;
      if (pendingBytes >= MiB) flush();
    }
    flush();
  } finally {
    fs.closeSync(fd);
  }
  starts.tail = recent[0] ?? 0;
  return { bytes: written, lines: line, lineStarts: starts };
}
