#!/usr/bin/env node
// Peak-RSS benchmark of @read/core on a 1 GiB log: memory follows the window, never the file.
//
// Needs core's build first (`pnpm build` at the repository root, or
// `npx tsc -p packages/core/tsconfig.build.json`): this plain script imports packages/core/dist/index.js.
//
//   node packages/core/bench/rss-1gib.mjs [LOG]
//
// LOG defaults to $TMPDIR/read-core-bench/1gib.log. When it does not exist, a 1 GiB log of numbered lines
// (8,388,608 lines of 128 bytes: "line 00000001 xxxx...\n") is written there; an existing file is used as
// it is. Each read then runs in a fresh child process, which prints its own peak RSS
// (process.resourceUsage().maxRSS) and time: a window at the start, a window at line 5,000,000, the last
// 100 lines (counting the whole file to number them), and a bare import of core as the baseline. Exits 1
// when any read's peak RSS reaches 128 MiB, or a window is not the lines asked for.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const CORE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist/index.js");
const LINE_BYTES = 128;
const GIB = 1024 ** 3;
const LINES = GIB / LINE_BYTES;
const RSS_LIMIT = 128 * 1024 * 1024;
const WINDOW = 100;
const DEEP_LINE = 5_000_000;

/** The generated log's line `n` (1-based), without its newline. */
function lineText(n) {
  const head = `line ${String(n).padStart(8, "0")} `;
  return head + "x".repeat(LINE_BYTES - 1 - head.length);
}

const CASES = {
  baseline: null,
  start: { window: { from: "start", startLine: 1, maxLines: WINDOW }, countTotal: false, first: 1 },
  [`line ${DEEP_LINE}`]: { window: { from: "start", startLine: DEEP_LINE, maxLines: WINDOW }, countTotal: false, first: DEEP_LINE },
  [`tail ${WINDOW}`]: { window: { from: "end", lines: WINDOW }, countTotal: true, first: LINES - WINDOW + 1 },
};

if (process.argv[2] === "--child") {
  await child(process.argv[3], process.argv[4]);
} else {
  main(process.argv[2] ?? path.join(os.tmpdir(), "read-core-bench", "1gib.log"));
}

function main(log) {
  if (!fs.existsSync(CORE)) {
    console.error(`${CORE} is missing: run \`pnpm build\` (or npx tsc -p packages/core/tsconfig.build.json) first.`);
    process.exit(2);
  }
  if (fs.existsSync(log)) console.log(`using ${log} (${fs.statSync(log).size} bytes)`);
  else writeLog(log);
  // The windows' texts are checked only on a log this script wrote.
  const generated = isGenerated(log);
  let failed = false;
  console.log(`${"read".padEnd(14)} ${"time".padStart(10)} ${"peak RSS".padStart(12)}  window`);
  for (const name of Object.keys(CASES)) {
    const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--child", name, log], { encoding: "utf8" });
    if (run.status !== 0) {
      console.error(`${name}: child failed (${run.status}): ${run.stderr.trim()}`);
      failed = true;
      continue;
    }
    const result = JSON.parse(run.stdout);
    const problems = [];
    if (name !== "baseline" && result.maxRssBytes >= RSS_LIMIT) problems.push(`peak RSS ${mib(result.maxRssBytes)} >= ${mib(RSS_LIMIT)}`);
    if (result.failure) problems.push(`read failed: ${result.failure.code} ${result.failure.message}`);
    if (generated && CASES[name] && !result.failure) {
      const want = CASES[name].first;
      if (result.lines !== WINDOW || result.firstLine !== want || result.firstText !== lineText(want)) {
        problems.push(`expected ${WINDOW} lines from ${want}, got ${result.lines} from ${result.firstLine}`);
      }
    }
    const window = result.lines === undefined ? "-" : `${result.lines} lines from ${result.firstLine ?? "?"}, totalLines ${result.totalLines ?? "null"}`;
    console.log(`${name.padEnd(14)} ${`${result.ms.toFixed(1)} ms`.padStart(10)} ${mib(result.maxRssBytes).padStart(12)}  ${window}${problems.length ? `  FAIL: ${problems.join("; ")}` : ""}`);
    if (problems.length) failed = true;
  }
  console.log(failed ? "FAIL: see above" : `OK: every read stayed under ${mib(RSS_LIMIT)} of peak RSS`);
  process.exit(failed ? 1 : 0);
}

function isGenerated(log) {
  const fd = fs.openSync(log, "r");
  try {
    const buffer = Buffer.alloc(LINE_BYTES);
    fs.readSync(fd, buffer, 0, LINE_BYTES, 0);
    return fs.fstatSync(fd).size === GIB && buffer.toString("latin1") === `${lineText(1)}\n`;
  } finally {
    fs.closeSync(fd);
  }
}

function writeLog(log) {
  fs.mkdirSync(path.dirname(log), { recursive: true });
  const perBatch = 65_536;
  const started = performance.now();
  const partial = `${log}.partial`;
  const fd = fs.openSync(partial, "w");
  try {
    const batch = Buffer.alloc(perBatch * LINE_BYTES);
    for (let first = 1; first <= LINES; first += perBatch) {
      for (let i = 0; i < perBatch; i++) batch.write(`${lineText(first + i)}\n`, i * LINE_BYTES, "latin1");
      fs.writeSync(fd, batch);
    }
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(partial, log);
  console.log(`wrote ${log}: ${LINES} lines, ${GIB} bytes in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function child(name, log) {
  const started = performance.now();
  const core = await import(pathToFileURL(CORE).href);
  const request = CASES[name];
  let summary = {};
  if (request) {
    const workspace = core.createWorkspace(path.dirname(log));
    if (!workspace.ok) throw new Error(workspace.failure.message);
    const read = core.readTextWindow(workspace.value, path.basename(log), {
      window: request.window,
      countTotal: request.countTotal,
      decode: "strict",
      sniffBytes: 8192,
    });
    summary = read.ok
      ? { lines: read.value.window.lines.length, firstLine: read.value.window.firstLine, totalLines: read.value.window.totalLines, firstText: read.value.window.lines[0]?.text }
      : { failure: read.failure };
  }
  const ms = performance.now() - started;
  process.stdout.write(JSON.stringify({ name, ms, maxRssBytes: process.resourceUsage().maxRSS * 1024, ...summary }));
}

function mib(bytes) {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
