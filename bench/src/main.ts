import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { SETTLE_MS } from "@read/core";
import { prepareBaseline } from "./baseline.js";
import { buildCases, PROFILE_NAMES, profileBuilt, QUICK_WORKLOADS, REPORTED_PACKAGES, type BenchCase, type ProfileName } from "./cases.js";
import type { ConcurrencyResult, ConcurrencySpec } from "./concurrency.js";
import { HOSTILE_PING_GAP_MS, measureDocuments, type DocumentBenchResult } from "./documents.js";
import type { LongReadResult, LongReadSpec } from "./long-read.js";
import { measureMcpResponsiveness, type McpResponsivenessResult } from "./mcp-responsiveness.js";
import { pageFaultCostNs } from "./page-fault-cost.js";
import { measurePair } from "./pairs.js";
import { collectGarbage, prepareSampler, WARM_UP, type Sampler } from "./measure.js";
import type { ProbeResult, ProbeSpec } from "./probe.js";
import { renderMarkdown } from "./report.js";
import { summarize } from "./stats.js";
import type { BenchResults, CaseResult } from "./results.js";
import { ensurePeers, installedPeerVersion, PEERS } from "./peers.js";
import { measureScans } from "./scans.js";
import { measureStartup, type StartupResult } from "./startup.js";
import { measureTokens, TOKENS_PROFILES, type TokensResult } from "./tokens.js";
import { checkTargets } from "./targets.js";
import { defaultCacheDir, LOG_WINDOW_LINE, prepareWorkloads } from "./workloads.js";

const HELP = `Usage: pnpm bench [--quick] [--only REGEX] [--profiles a,b] [--no-rss] [--no-concurrency] [--no-startup] [--no-baseline] [--no-responsiveness] [--no-tokens] [--no-documents] [--out DIR]

  --quick           small files and the column reads only, few samples (well under a minute); writes to a temp dir
  --only REGEX      time only the cases whose id matches
  --profiles LIST   compare only these profiles (default: all four, which must be built)
  --no-rss          skip the fresh-process peak RSS probes
  --no-concurrency  skip the 10,000-read scenario
  --no-startup      skip timing read-tool call's start against node -e 0 (needs \`pnpm build\`)
  --no-baseline     skip the rows of the synchronous baseline commit (built from git into the cache)
  --no-responsiveness  skip the long first call watched by a timer, aborted, and served by read-mcp
  --no-tokens       skip the tokens table (o200k and cl100k counts of the answers, the max_tokens estimate)
  --no-documents    skip the agent profile's PDF scenarios (a 300-page PDF's pages, pings during a hostile PDF)
  --out DIR         where results go (default: bench/results and docs/benchmarks.md; --quick: a temp dir)

Generated files are cached in $READ_BENCH_CACHE (default: <tmpdir>/read-bench).`;

const here = path.dirname(fileURLToPath(import.meta.url));
const benchDir = path.resolve(here, "..");
const repoRoot = path.resolve(benchDir, "..");

const { values: args } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    only: { type: "string" },
    profiles: { type: "string" },
    "no-rss": { type: "boolean", default: false },
    "no-concurrency": { type: "boolean", default: false },
    "no-startup": { type: "boolean", default: false },
    "no-baseline": { type: "boolean", default: false },
    "no-responsiveness": { type: "boolean", default: false },
    "no-tokens": { type: "boolean", default: false },
    "no-documents": { type: "boolean", default: false },
    out: { type: "string" },
    help: { type: "boolean", default: false },
  },
});
if (args.help) {
  console.log(HELP);
  process.exit(0);
}

// Children are started by a bash that forks them (never execs them): a process exec'd straight from this
// one would inherit its peak RSS as its own `maxRSS` (Linux keeps the pre-exec high-water mark).
const FRESH_NODE = `"$0" "$@"; exit $?`;

const quick = args.quick;
const started = Date.now();
const log = (message: string) => process.stderr.write(`${message}\n`);

const profiles = (args.profiles?.split(",").map((name) => name.trim()) ?? PROFILE_NAMES) as ProfileName[];
for (const name of profiles) {
  if (!PROFILE_NAMES.includes(name)) throw new Error(`unknown profile '${name}' (known: ${PROFILE_NAMES.join(", ")})`);
  if (!(await profileBuilt(name))) throw new Error(`profile '${name}' is not built: run \`pnpm build\` first (or pass --profiles)`);
}

ensurePeers(log);
const cacheDir = defaultCacheDir();
log(`workloads in ${cacheDir}${quick ? "" : " (the 1 GiB log is generated once, then reused)"}`);
const workloads = prepareWorkloads(cacheDir, { withLog: !quick, manyCount: quick ? 2_000 : 10_000 });
// Core never indexes a file changed in the last SETTLE_MS: let freshly written files settle (with half a
// second to spare) so that repeated calls measure the steady state.
const settle = workloads.writtenAt + SETTLE_MS + 500 - Date.now();
if (settle > 0) await new Promise((resolve) => setTimeout(resolve, settle));
const only = args.only === undefined ? undefined : new RegExp(args.only);
const baseline = args["no-baseline"] ? null : await prepareBaseline(repoRoot, cacheDir);
if (baseline !== null && "unavailable" in baseline) log(`no baseline rows: ${baseline.unavailable}`);
const cases = buildCases(workloads, profiles, baseline === null || "unavailable" in baseline ? undefined : baseline).filter((c) => (!quick || QUICK_WORKLOADS.includes(c.workload)) && (only === undefined || only.test(c.id)));

const results: CaseResult[] = [];
let unexpected = 0;
for (const workload of [...new Set(cases.map((c) => c.workload))]) results.push(...(await runWorkload(cases.filter((c) => c.workload === workload))));
// Results follow the cases' order (the RSS probes below pair them by index).
const order = new Map(cases.map((c, index) => [c.id, index]));
results.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));

// Each baseline row's call again, today's and the baseline's side by side in fresh processes that load
// only that profile: in the bench's process today's core also serves the floor and core rows, and the
// peers are loaded, which weighs on today's side alone.
if (baseline !== null && !("unavailable" in baseline)) {
  for (let i = 0; i < results.length; i++) {
    const c = cases[i];
    const result = results[i];
    const entries = c?.pair === undefined ? undefined : baseline.entries(c.pair.profile);
    if (c?.pair === undefined || result === undefined || entries === undefined || result.outcome !== "ok") continue;
    const pair = measurePair({ ...c.pair, root: workloads.root, baselineCore: entries.core, baselineProfile: entries.profile, rounds: quick ? 3 : 12, batchNs: 5_000_000, ...WARM_UP }, quick ? 1 : 5);
    log(`pair ${c.id}: today / baseline ${pair.ratio.median.toFixed(2)}x over ${pair.processes} process(es) (${pair.ratio.min.toFixed(2)}-${pair.ratio.max.toFixed(2)})`);
    results[i] = { ...result, pair };
  }
}

const scans = await measureScans(workloads, { quick, log });

let startup: StartupResult | null = null;
if (!args["no-startup"] && (only === undefined || only.test("startup"))) {
  const bin = path.join(repoRoot, "packages", "cli", "bin", "read-tool.js");
  if (!fs.existsSync(path.join(repoRoot, "packages", "cli", "dist", "read-tool.cjs"))) throw new Error("read-tool is not built: run `pnpm build` first (or pass --no-startup)");
  startup = measureStartup({ bin, root: workloads.root, file: workloads.small["4k"], cacheDir, rounds: quick ? 11 : 41 });
  log(`start read-tool call ${(startup.warm.median / 1e6).toFixed(1)} ms (cold ${(startup.cold.median / 1e6).toFixed(1)} ms), node -e 0 ${(startup.node.median / 1e6).toFixed(1)} ms: ${(startup.warm.median / startup.node.median).toFixed(2)}x`);
}

let longRead: LongReadResult | null = null;
let mcpResponsiveness: McpResponsivenessResult | null = null;
if (!quick && !args["no-responsiveness"] && (only === undefined || only.test("responsiveness")) && profiles.includes("envelope")) {
  const input = { path: workloads.log, start_line: LOG_WINDOW_LINE };
  // Eleven rounds: with five, the same code's median ratio to the baseline went from 0.75x to 1.25x between runs.
  longRead = runLongRead({ repoRoot, cacheDir, root: workloads.root, file: workloads.log, profile: "envelope", input, rounds: 11, abortAfterMs: 50 });
  log(`long read: ${(longRead.callNs.median / 1e6).toFixed(0)} ms, timer late by ${(longRead.latenessNs.max / 1e6).toFixed(1)} ms at most; abort settles in ${(longRead.abort.settleNs.max / 1e6).toFixed(1)} ms at most`);
  const bin = path.join(repoRoot, "packages", "mcp", "bin", "read-mcp.js");
  if (!fs.existsSync(path.join(repoRoot, "packages", "mcp", "dist", "run-read-mcp.js"))) throw new Error("read-mcp is not built: run `pnpm build` first (or pass --no-responsiveness)");
  mcpResponsiveness = await measureMcpResponsiveness({
    bin,
    profile: "envelope",
    root: workloads.root,
    file: workloads.log,
    input,
    warmupFile: workloads.small["4k"],
    rounds: 3,
    cancelAfterMs: 50,
  });
  log(`read-mcp: slowest ping ${(mcpResponsiveness.slowestPingNs.max / 1e6).toFixed(1)} ms during the call (${mcpResponsiveness.pings} pings); cancelled call closes the file in ${(mcpResponsiveness.cancel.closedNs.max / 1e6).toFixed(1)} ms at most`);
}

let documents: DocumentBenchResult | null = null;
if (!quick && !args["no-documents"] && (only === undefined || only.test("documents"))) {
  const mcpBin = path.join(repoRoot, "packages", "mcp", "bin", "read-mcp.js");
  const mcpBuilt = fs.existsSync(path.join(repoRoot, "packages", "mcp", "dist", "run-read-mcp.js"));
  documents = await measureDocuments({ root: path.join(workloads.root, "documents"), rounds: 40, mcpBin: mcpBuilt ? mcpBin : undefined, hostileRounds: 2 });
  const window = documents.windows.map((each) => `${each.pages} ${(each.warmNs.median / 1e6).toFixed(1)} ms`).join(", ");
  log(`agent PDF (${documents.pdfPages} pages): ${window}; first call ${(documents.firstCallNs / 1e6).toFixed(0)} ms${documents.hostile === null ? "" : `; hostile PDF over read-mcp: slowest ping ${(documents.hostile.paced.slowestPingNs.max / 1e6).toFixed(1)} ms (${documents.hostile.paced.pings} pings ${HOSTILE_PING_GAP_MS} ms apart; back to back ${(documents.hostile.flood.slowestPingNs.max / 1e6).toFixed(1)} ms)`}`);
}

const concurrency: (ConcurrencyResult & { runs: number })[] = [];
if (!args["no-concurrency"] && only === undefined) {
  const subjects: ConcurrencySpec["subject"][] = profiles.includes("envelope") ? ["floor", "floor + checks", "envelope", "MCP fs", "naive"] : ["floor", "floor + checks", "MCP fs", "naive"];
  // In rounds, one run of each subject per round: a slower spell of the machine weighs on all of them alike
  // (run back to back, MCP fs's three runs once took 9,050 reads/s against 6,700-7,300 in other runs).
  const runs = quick ? 1 : 3;
  const measured = subjects.map((): ConcurrencyResult[] => []);
  for (let run = 0; run < runs; run++) subjects.forEach((subject, i) => measured[i]?.push(runConcurrencyOnce(subject)));
  subjects.forEach((subject, i) => concurrency.push(medianRun(subject, measured[i] ?? [], runs)));
}

let baselineRssKiB: number | null = null;
let zodRssKiB: number | null = null;
const importedRssKiB: Record<string, number> = {};
if (!args["no-rss"]) {
  baselineRssKiB = probe({ kind: "baseline" }).maxRssKiB;
  zodRssKiB = probe({ kind: "zod" }).maxRssKiB;
  for (const profile of profiles) importedRssKiB[profile] = probe({ kind: "imported", profile, root: workloads.root }).maxRssKiB;
  for (let i = 0; i < results.length; i++) {
    const c = cases[i];
    const result = results[i];
    if (c?.probe === undefined || result === undefined) continue;
    const probed = probe(c.probe);
    log(`rss  ${c.id}: ${(probed.maxRssKiB / 1024).toFixed(1)} MiB${probed.error === undefined ? "" : ` (${probed.error.slice(0, 80)})`}`);
    const withRss: CaseResult = {
      ...result,
      maxRssKiB: probed.maxRssKiB,
      ...(probed.answerBytes === undefined ? {} : { answerBytes: probed.answerBytes }),
      ...(probed.callGrowthKiB === undefined ? {} : { callGrowthKiB: probed.callGrowthKiB }),
      ...(probed.error === undefined ? {} : { rssError: probed.error }),
    };
    if (!c.timed) {
      const outcome = probed.error === undefined ? "ok" : "error";
      const wrong = (c.expect === "ok") !== (outcome === "ok");
      if (wrong) unexpected++;
      results[i] = { ...withRss, outcome, unexpected: wrong, ...(probed.error === undefined ? {} : { error: probed.error }) };
    } else {
      results[i] = withRss;
    }
  }
}

// Counted last, once every timed case has run: the tokenizers' tables are tens of MiB of heap.
let tokens: TokensResult | null = null;
if (!args["no-tokens"] && (only === undefined || only.test("tokens")) && TOKENS_PROFILES.every((name) => profiles.includes(name))) {
  tokens = await measureTokens(repoRoot);
  const agent = tokens.answers.find((answer) => answer.subject === "agent");
  log(`tokens: agent's answer for ${tokens.lines} lines of ${tokens.file} ${agent?.o200k ?? "?"} (o200k); unchanged ${tokens.unchanged.o200k}`);
}

const report: BenchResults = {
  generatedAt: new Date().toISOString(),
  quick,
  durationSeconds: Math.round((Date.now() - started) / 1000),
  machine: {
    cpu: os.cpus()[0]?.model ?? "unknown",
    cores: os.cpus().length,
    memoryBytes: os.totalmem(),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    uvThreadpoolSize: process.env.UV_THREADPOOL_SIZE ?? "4 (default)",
  },
  packages: Object.fromEntries(REPORTED_PACKAGES.map((name) => [name, packageVersion(name)])),
  workloads: workloadFacts(),
  baselineRssKiB,
  pageFaultNs: pageFaultCostNs(),
  zodRssKiB,
  importedRssKiB,
  cases: results,
  scans,
  startup,
  concurrency,
  baseline: baseline === null ? null : "unavailable" in baseline ? baseline : { commit: baseline.commit },
  longRead,
  mcpResponsiveness,
  tokens,
  documents,
  targets: [],
};
const final: BenchResults = { ...report, targets: checkTargets(report) };

const outDir = args.out ?? (quick ? fs.mkdtempSync(path.join(os.tmpdir(), "read-bench-quick-")) : path.join(benchDir, "results"));
fs.mkdirSync(outDir, { recursive: true });
const jsonPath = path.join(outDir, quick || args.out !== undefined ? "results.json" : "latest.json");
fs.writeFileSync(jsonPath, `${JSON.stringify(final, null, 2)}\n`);
const markdownPath = quick || args.out !== undefined ? path.join(outDir, "benchmarks.md") : path.join(repoRoot, "docs", "benchmarks.md");
fs.writeFileSync(markdownPath, renderMarkdown(final));
log(`wrote ${path.relative(process.cwd(), jsonPath) || jsonPath} and ${path.relative(process.cwd(), markdownPath) || markdownPath} in ${final.durationSeconds} s`);
for (const target of final.targets) log(`${target.met === null ? "n/a " : target.met ? "met " : "MISS"} ${target.target}: ${target.measured}`);
if (unexpected > 0) {
  log(`${unexpected} case(s) did not have the expected outcome (see the report)`);
  process.exitCode = 1;
}

interface Prepared {
  readonly result: CaseResult;
  readonly sampler?: Sampler;
  readonly samples: number;
}

// Loads a case, checks its outcome once and warms it up; a call slower than 100 ms gets 5 samples like the
// 1 GiB scans, and one slower than 2 s (a peer that is quadratic on the workload) is timed once, so that
// no pathological call can stall the run.
async function prepareCase(c: BenchCase): Promise<Prepared> {
  const base = {
    id: c.id,
    workload: c.workload,
    kind: c.kind,
    subject: c.subject,
    call: c.call,
    mode: c.mode,
    expect: c.expect,
    ...(c.floor === undefined ? {} : { floor: c.floor }),
    ...(c.partialFloor === undefined ? {} : { partialFloor: c.partialFloor }),
    ...(c.baselineOf === undefined ? {} : { baselineOf: c.baselineOf }),
  };
  if (!c.timed) return { result: { ...base, outcome: "ok", unexpected: false }, samples: 0 };
  const runner = await c.load();
  if (runner.before !== undefined) await runner.before();
  const probeStart = process.hrtime.bigint();
  const error = runner.errorOf(await runner.run());
  const probeNs = Number(process.hrtime.bigint() - probeStart);
  const outcome = error === undefined ? "ok" : "error";
  const wrong = (c.expect === "ok") !== (outcome === "ok");
  if (wrong) {
    unexpected++;
    log(`UNEXPECTED ${c.id}: ${error ?? "a read, where an error was expected"}`);
  }
  const result: CaseResult = { ...base, outcome, unexpected: wrong, ...(error === undefined ? {} : { error }) };
  if (probeNs > 2_000_000_000) return { result: { ...result, timeNs: summarize([probeNs]), batch: 1 }, samples: 0 };
  const slow = c.heavy || probeNs > 100_000_000;
  const sampler = await prepareSampler(runner.run, {
    warmup: slow ? 1 : quick ? 3 : 20,
    ...(slow || quick ? {} : { warmUntil: { calls: WARM_UP.warmCalls, ns: WARM_UP.warmNs } }),
    minSampleNs: quick ? 500_000 : 10_000_000,
    maxBatch: quick ? 50 : 1000,
    ...(runner.before === undefined ? {} : { before: runner.before }),
  });
  return { result: { ...result, batch: sampler.batch }, sampler, samples: slow ? 5 : quick ? 7 : 25 };
}

/**
 * Times the cases of one workload side by side: every case is warmed up, then the samples are taken in
 * rounds, one sample of each case per round, so that a burst of load on the machine weighs on all of
 * them alike instead of on whichever case ran at that moment.
 */
async function runWorkload(group: readonly BenchCase[]): Promise<CaseResult[]> {
  const prepared: Prepared[] = [];
  for (const c of group) prepared.push(await prepareCase(c));
  const samples = prepared.map((): number[] => []);
  const rounds = Math.max(0, ...prepared.map((p) => p.samples));
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < prepared.length; i++) {
      const entry = prepared[i];
      if (entry?.sampler === undefined || round >= entry.samples) continue;
      // The garbage a whole-file reader leaves would otherwise be collected during the next case's sample.
      collectGarbage();
      samples[i]?.push(await entry.sampler.sample());
    }
  }
  return prepared.map((entry, i) => {
    const taken = samples[i] ?? [];
    const result = taken.length > 0 && entry.sampler !== undefined ? { ...entry.result, timeNs: summarize(taken), faultsPerCall: entry.sampler.faultsPerCall() } : entry.result;
    if (result.timeNs !== undefined) log(`time ${result.id}: ${(result.timeNs.median / 1000).toFixed(1)} µs (n=${result.timeNs.n})`);
    return result;
  });
}

function probe(spec: ProbeSpec): ProbeResult {
  const child = spawnSync("bash", ["-c", FRESH_NODE, process.execPath, path.join(here, "rss-probe.js"), JSON.stringify(spec)], { encoding: "utf8", maxBuffer: 1024 * 1024 });
  const line = child.stdout.trim().split("\n").pop() ?? "";
  try {
    return JSON.parse(line) as ProbeResult;
  } catch {
    return { maxRssKiB: Number.NaN, error: `probe crashed (status ${child.status}, signal ${child.signal}): ${child.stderr.slice(-300)}` };
  }
}

function runConcurrencyOnce(subject: ConcurrencySpec["subject"]): ConcurrencyResult {
  const specFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "read-bench-conc-")), "spec.json");
  const spec: ConcurrencySpec = { subject, root: workloads.root, files: workloads.many, reads: workloads.many.length, inFlight: 64 };
  fs.writeFileSync(specFile, JSON.stringify(spec));
  try {
    const child = spawnSync("bash", ["-c", `ulimit -n 1024 && ${FRESH_NODE}`, process.execPath, path.join(here, "concurrency-child.js"), specFile], { encoding: "utf8" });
    if (child.status !== 0) throw new Error(`concurrency child for ${subject} failed: ${child.stderr.slice(-500)}`);
    return JSON.parse(child.stdout.trim()) as ConcurrencyResult;
  } finally {
    fs.rmSync(path.dirname(specFile), { recursive: true, force: true });
  }
}

function medianRun(subject: ConcurrencySpec["subject"], measured: readonly ConcurrencyResult[], runs: number): ConcurrencyResult & { runs: number } {
  const sorted = [...measured].sort((a, b) => a.readsPerSecond - b.readsPerSecond);
  const median = sorted[Math.floor(sorted.length / 2)];
  if (median === undefined) throw new Error("no concurrency run");
  log(`conc ${subject}: ${Math.round(median.readsPerSecond)} reads/s, ${median.errors} errors, fds ${median.fdsBefore} -> peak ${median.fdsPeak} -> ${median.fdsAfter}`);
  return { ...median, runs };
}

// In a fresh process, so that nothing the bench itself holds (its heap, its timers) weighs on the timer.
function runLongRead(spec: LongReadSpec): LongReadResult {
  const specFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "read-bench-long-")), "spec.json");
  fs.writeFileSync(specFile, JSON.stringify(spec));
  try {
    const child = spawnSync(process.execPath, ["--expose-gc", path.join(here, "long-read-child.js"), specFile], { encoding: "utf8" });
    if (child.status !== 0) throw new Error(`the long-read child failed: ${child.stderr.slice(-500)}`);
    return JSON.parse(child.stdout.trim()) as LongReadResult;
  } finally {
    fs.rmSync(path.dirname(specFile), { recursive: true, force: true });
  }
}

// A peer (installed in the cache), a package the bench depends on, or a profile package (installed beside
// the registry that loads it).
function packageVersion(name: string): string {
  if (PEERS[name] !== undefined) return installedPeerVersion(name) ?? "not installed";
  const registry = fs.realpathSync(path.join(benchDir, "node_modules", "@read", "profiles"));
  for (const modules of [path.join(benchDir, "node_modules"), path.join(registry, "node_modules")]) {
    const file = path.join(modules, name, "package.json");
    if (fs.existsSync(file)) return (JSON.parse(fs.readFileSync(file, "utf8")) as { version: string }).version;
  }
  return "not installed";
}

function workloadFacts(): BenchResults["workloads"] {
  const facts: Record<string, { file: string; bytes: number; lines: number }> = {};
  const add = (id: string, rel: string) => {
    const bytes = fs.readFileSync(path.join(workloads.root, rel));
    let lines = 0;
    for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) lines++;
    if (bytes.length > 0 && bytes[bytes.length - 1] !== 0x0a) lines++;
    facts[id] = { file: rel, bytes: bytes.length, lines };
  };
  add("4k", workloads.small["4k"]);
  add("100k", workloads.small["100k"]);
  add("1m", workloads.small["1m"]);
  add("column", workloads.columnLine);
  if (!quick) {
    add("single-line", workloads.singleLine);
    facts.log = { file: workloads.log, bytes: workloads.logFacts.bytes, lines: workloads.logFacts.lines };
  }
  return facts;
}
