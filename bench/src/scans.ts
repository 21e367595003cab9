import { isAscii, transcode } from "node:buffer";
import fs from "node:fs";
import path from "node:path";
import { countNewlines as coreCountNewlines, decodeUtf8 } from "@read/core";
import { countNewlines } from "./floor.js";
import { measure } from "./measure.js";
import type { ScanResult } from "./results.js";
import type { Workloads } from "./workloads.js";

const CHUNK = 64 * 1024;

/**
 * The speed of the primitives a read is made of: `Buffer.indexOf` counting newlines in memory, sequential
 * 64 KiB `pread`s of the 1 GiB log (page cache warm) with and without the count, and decoding a window
 * with `Buffer#toString`, through `transcode` to UTF-16, or with core's `decodeUtf8` (the source files
 * are mostly ASCII with some multi-byte characters, the Japanese prose nearly all multi-byte; the ASCII
 * copy replaces those with `?`).
 */
export async function measureScans(w: Workloads, options: { quick: boolean; log: (message: string) => void }): Promise<ScanResult[]> {
  const scans: ScanResult[] = [];
  const add = async (id: string, label: string, bytes: number, op: () => unknown, heavy: boolean) => {
    const measured = await measure(op, {
      warmup: heavy ? 1 : options.quick ? 3 : 10,
      samples: heavy ? 5 : options.quick ? 7 : 15,
      minSampleNs: 2_000_000,
      maxBatch: 100,
    });
    const bytesPerSecond = bytes / (measured.perCallNs.median / 1e9);
    options.log(`scan ${id}: ${(bytesPerSecond / 1e9).toFixed(2)} GB/s`);
    scans.push({ id, label, bytes, timeNs: measured.perCallNs, bytesPerSecond });
  };

  const source = fs.readFileSync(path.join(w.root, w.small["1m"]));
  await add("indexof-source", "`Buffer.indexOf` newline count, 1 MiB source file in memory", source.length, () => countNewlines(source), false);
  await add("core-source", "core `countNewlines` (WebAssembly SIMD), 1 MiB source file in memory", source.length, () => coreCountNewlines(source), false);
  const ascii = Buffer.from(source.map((byte) => (byte < 0x80 ? byte : 0x3f)));
  const small = fs.readFileSync(path.join(w.root, w.small["4k"]));
  const head = source.subarray(0, validPrefix(source, 16 * 1024));
  const page = source.subarray(0, validPrefix(source, 64 * 1024));
  const japanese = Buffer.from("日本語の文章です。行番号はここから数えます。\n".repeat(1200));
  const dense = japanese.subarray(0, validPrefix(japanese, 64 * 1024));
  for (const [id, what, bytes] of [
    ["4k", "4 KiB source file", small],
    ["16k", "the first 16 KiB of the 1 MiB source file", head],
    ["64k", "the first 64 KiB of the 1 MiB source file", page],
    ["64k-ja", "64 KiB of Japanese prose (no ASCII but line feeds)", dense],
    ["1m", "1 MiB source file", source],
    ["1m-ascii", "1 MiB source file made ASCII", ascii],
  ] as const) {
    await add(`tostring-${id}`, `\`Buffer#toString("utf8")\`, ${what}`, bytes.length, () => bytes.toString("utf8"), false);
    if (!isAscii(bytes)) {
      await add(`transcode-${id}`, `\`transcode\` to UTF-16 + \`toString("ucs2")\`, ${what}`, bytes.length, () => transcode(bytes, "utf8", "ucs2").toString("ucs2"), false);
    }
    await add(`decode-${id}`, `core \`decodeUtf8\`, ${what}`, bytes.length, () => decodeUtf8(bytes), false);
  }

  if (!options.quick && w.logFacts.bytes > 0) {
    const logFile = path.join(w.root, w.log);
    const head = Buffer.allocUnsafe(64 * 1024 * 1024);
    const fd = fs.openSync(logFile, "r");
    try {
      fs.readSync(fd, head, 0, head.length, 0);
    } finally {
      fs.closeSync(fd);
    }
    await add("indexof-log", "`Buffer.indexOf` newline count, 64 MiB of the log in memory", head.length, () => countNewlines(head), false);
    await add("core-log", "core `countNewlines` (WebAssembly SIMD), 64 MiB of the log in memory", head.length, () => coreCountNewlines(head), false);
    const chunk = Buffer.allocUnsafe(CHUNK);
    const sweep = (count: "none" | "indexOf" | "simd") => () => {
      const file = fs.openSync(logFile, "r");
      let newlines = 0;
      try {
        for (let position = 0; ; ) {
          const bytes = fs.readSync(file, chunk, 0, CHUNK, position);
          if (bytes === 0) break;
          if (count === "indexOf") newlines += countNewlines(chunk, bytes);
          else if (count === "simd") newlines += coreCountNewlines(chunk.subarray(0, bytes));
          position += bytes;
        }
      } finally {
        fs.closeSync(file);
      }
      return newlines;
    };
    await add("pread-log", "64 KiB `pread`s of the whole 1 GiB log, no count", w.logFacts.bytes, sweep("none"), true);
    await add("pread-indexof-log", "64 KiB `pread`s of the whole 1 GiB log + `Buffer.indexOf` count", w.logFacts.bytes, sweep("indexOf"), true);
    await add("pread-simd-log", "64 KiB `pread`s of the whole 1 GiB log + core `countNewlines` (SIMD)", w.logFacts.bytes, sweep("simd"), true);
  }
  return scans;
}

// The longest prefix of at most `length` bytes that does not cut a multi-byte character.
function validPrefix(bytes: Buffer, length: number): number {
  let end = Math.min(length, bytes.length);
  while (end > 0 && end < bytes.length && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
  return end;
}
