import { expect, test } from "vitest";
import type { DocumentBenchResult } from "../src/documents.js";
import type { BenchResults, CaseResult } from "../src/results.js";
import { summarize } from "../src/stats.js";
import { checkTargets } from "../src/targets.js";
import type { TokensResult } from "../src/tokens.js";

function timed(id: string, fields: Omit<CaseResult, "id" | "call" | "mode" | "expect" | "outcome" | "unexpected" | "timeNs">, medianNs: number): CaseResult {
  return { id, call: id, mode: "repeat", expect: "ok", outcome: "ok", unexpected: false, timeNs: summarize([medianNs]), ...fields };
}

function results(cases: readonly CaseResult[]): BenchResults {
  return {
    generatedAt: "2026-11-22T00:00:00.000Z",
    quick: true,
    durationSeconds: 1,
    machine: { cpu: "test", cores: 2, memoryBytes: 1, os: "test", node: "v20", uvThreadpoolSize: "4" },
    packages: {},
    workloads: {},
    baselineRssKiB: null,
    zodRssKiB: null,
    cases,
    scans: [],
    startup: null,
    concurrency: [],
    baseline: null,
    longRead: null,
    mcpResponsiveness: null,
    targets: [],
  };
}

/** A floor, an envelope call and the two peers on one workload, with these medians (ns). */
function smallFile(workload: "4k" | "1m", ns: { floor: number; envelope: number; mcp: number; gemini: number }): CaseResult[] {
  return [
    timed(`${workload}:floor`, { workload, kind: "floor", subject: "floor" }, ns.floor),
    timed(`${workload}:envelope`, { workload, kind: "profile", subject: "envelope", floor: `${workload}:floor` }, ns.envelope),
    timed(`${workload}:mcp`, { workload, kind: "peer", subject: "MCP fs" }, ns.mcp),
    timed(`${workload}:gemini`, { workload, kind: "peer", subject: "gemini-cli" }, ns.gemini),
  ];
}

const SMALL_TARGET =
  "envelope: default window of 4 KiB-1 MiB files (first and repeated calls) at most 10x its floor; at least 10x faster than MCP fs and gemini-cli on every file where the floor itself is 10x faster than they are (issue 17)";

test("the 10x-faster-than-peers part of the small-file target is waived where the floor itself is not 10x faster than the peer (issue 17)", () => {
  const [envelope] = checkTargets(results(smallFile("1m", { floor: 100, envelope: 200, mcp: 400, gemini: 4000 })));
  expect(envelope).toEqual({
    target: SMALL_TARGET,
    measured: "worst 2.0x its floor; at least 2.0x faster than MCP fs, 20x than gemini-cli; the floor itself is only 4.0x faster than MCP fs and 40x than gemini-cli on some file",
    met: true,
  });
});

test("a profile under 10x faster than a peer its floor is 10x faster than misses the small-file target", () => {
  expect(checkTargets(results(smallFile("1m", { floor: 100, envelope: 200, mcp: 4000, gemini: 4000 })))[0]).toEqual({
    target: SMALL_TARGET,
    measured: "worst 2.0x its floor; at least 20x faster than MCP fs, 20x than gemini-cli",
    met: true,
  });
  expect(checkTargets(results(smallFile("1m", { floor: 100, envelope: 500, mcp: 4000, gemini: 40_000 })))[0]).toEqual({
    target: SMALL_TARGET,
    measured: "worst 5.0x its floor; at least 8.0x faster than MCP fs, 80x than gemini-cli",
    met: false,
  });
});

test("a profile more than 10x its floor misses the small-file target", () => {
  expect(checkTargets(results(smallFile("4k", { floor: 10, envelope: 110, mcp: 4000, gemini: 4000 })))[0]).toMatchObject({ measured: "worst 11x its floor; at least 36x faster than MCP fs, 36x than gemini-cli", met: false });
});

test("the worst call's page faults are named when they cost a tenth of its time or more, with what they cost", () => {
  const cases = smallFile("1m", { floor: 100_000, envelope: 2_000_000, mcp: 40_000_000, gemini: 40_000_000 });
  const faulting = cases.map((c) => (c.kind === "profile" ? { ...c, faultsPerCall: 50 } : c));
  expect(checkTargets({ ...results(faulting), pageFaultNs: 20_000 })[0]).toMatchObject({
    measured: "worst 20x its floor; that call (1m) takes 50 page faults, about 1.00 ms of its 2.00 ms at 20.0 µs each; at least 20x faster than MCP fs, 20x than gemini-cli",
    met: false,
  });
  // A fault a hundred times cheaper: 1% of the call, not worth a word.
  expect(checkTargets({ ...results(faulting), pageFaultNs: 200 })[0]).toMatchObject({ measured: "worst 20x its floor; at least 20x faster than MCP fs, 20x than gemini-cli" });
});

test("no ceiling is stated when the floor leaves room for 10x", () => {
  expect(checkTargets(results(smallFile("4k", { floor: 10, envelope: 20, mcp: 400, gemini: 400 })))[0]).toMatchObject({ measured: "worst 2.0x its floor; at least 20x faster than MCP fs, 20x than gemini-cli", met: true });
});

function concurrent(subject: string, readsPerSecond: number) {
  return { subject, reads: 10_000, inFlight: 64, descriptorLimit: 1024, wallMs: 1, readsPerSecond, errors: 0, fdsBefore: 20, fdsPeak: 20, fdsAfter: 20, maxRssKiB: 1, runs: 1 };
}

test("the concurrency target is at least the MCP fs throughput, and states how far the floor itself gets past it (issue 17)", () => {
  const target = (envelope: number) =>
    checkTargets({ ...results([]), concurrency: [concurrent("floor", 60_000), concurrent("floor + checks", 36_000), concurrent("envelope", envelope), concurrent("MCP fs", 12_000)] }).find((t) =>
      t.target.startsWith("10,000 envelope reads"),
    );
  expect(target(15_000)).toEqual({
    target: "10,000 envelope reads of 4 KiB files, 64 in flight, descriptor limit 1024: no exhaustion or leak, at least the MCP fs throughput (issue 17)",
    measured: "0 errors, 0 descriptors leaked, peak 20 open; 1.3x the MCP fs throughput; the floor itself reaches 5.0x, 3.0x with the security rules' checks",
    met: true,
  });
  expect(target(11_000)?.met).toBe(false);
});

const RSS_TARGET = "peak RSS of a fresh process making any one profile call at most Node with zod imported plus twice the answer's bytes, for any file size (issue 17)";

test("the RSS target allows Node with zod plus twice the answer's bytes, and names the worst call and the baselines (issue 17)", () => {
  const call = (id: string, maxRssKiB: number, answerBytes: number) => ({ ...timed(id, { workload: "single-line", kind: "profile", subject: "envelope" }, 1), maxRssKiB, answerBytes });
  const rss = (probed: CaseResult[]) =>
    checkTargets({ ...results(probed), baselineRssKiB: 42 * 1024, zodRssKiB: 54 * 1024, importedRssKiB: { envelope: 56 * 1024 } }).find((t) => t.target === RSS_TARGET);
  expect(rss([call("a", 55 * 1024, 1024 * 1024), call("b", 56 * 1024, 512 * 1024)])).toEqual({
    target: RSS_TARGET,
    measured: "worst 56.0 MiB (envelope b, single-line) for a 512 KiB answer: 1.0 MiB over; Node with zod imported 54.0 MiB, with the envelope profile imported and no call made 56.0 MiB, Node alone 42.0 MiB",
    met: false,
  });
  expect(rss([call("a", 56 * 1024, 1024 * 1024)])?.met).toBe(true);
  const grown = (id: string, workload: CaseResult["workload"], answerBytes: number, callGrowthKiB: number) => ({ ...call(id, 60 * 1024, answerBytes), workload, callGrowthKiB });
  expect(rss([grown("small", "4k", 4096, 1536), grown("large", "single-line", 5 * 1024 * 1024, 6 * 1024)])?.measured).toBe(
    "worst 60.0 MiB (envelope small, 4k) for a 4 KiB answer: 6.0 MiB over; Node with zod imported 54.0 MiB, with the envelope profile imported and no call made 56.0 MiB, Node alone 42.0 MiB; a call's own growth (its process's peak when it returned minus just before it): at most 1.5 MiB beside a 4 KiB answer (envelope, 4k), 6.0 MiB for the largest answer (5120 KiB, envelope, single-line)",
  );
});

const GUARD_TARGET = "guard: a whole-file read of each 4 KiB-1 MiB file it reads, first and repeated calls, at least as fast as MCP fs read_text_file (issue 31)";

test("the guard's whole-file reads are compared with MCP fs read_text_file on the same file, the slowest named (issue 31)", () => {
  const rows = (guardFirst: number, guardRepeat: number) => [
    timed("100k:floor:all-text", { workload: "100k", kind: "floor", subject: "floor" }, 100),
    { ...timed("100k:guard:first", { workload: "100k", kind: "profile", subject: "guard", floor: "100k:floor:all-text" }, guardFirst), mode: "first" as const },
    timed("100k:guard", { workload: "100k", kind: "profile", subject: "guard", floor: "100k:floor:all-text" }, guardRepeat),
    { ...timed("100k:mcp", { workload: "100k", kind: "peer", subject: "MCP fs" }, 800), call: "read_text_file (whole)" },
    { ...timed("100k:mcp-head", { workload: "100k", kind: "peer", subject: "MCP fs" }, 10), call: "read_text_file head 200" },
    { ...timed("1m:guard", { workload: "1m", kind: "profile", subject: "guard" }, 1), outcome: "error" as const },
  ];
  expect(checkTargets(results(rows(700, 400))).find((t) => t.target === GUARD_TARGET)).toEqual({ target: GUARD_TARGET, measured: "worst 0.88x MCP fs's time (100k, first: 700 ns against 800 ns)", met: true });
  expect(checkTargets(results(rows(700, 900))).find((t) => t.target === GUARD_TARGET)).toMatchObject({ measured: "worst 1.13x MCP fs's time (100k, repeat: 900 ns against 800 ns)", met: false });
  expect(checkTargets(results([])).find((t) => t.target === GUARD_TARGET)).toEqual({ target: GUARD_TARGET, measured: "not run", met: null });
});

test("a refusal the case expects is no failed call and no window timed in the 10x-floor target; an unexpected one is (issue 31)", () => {
  const rows = (unexpected: boolean) => [
    timed("4k:floor:all-text", { workload: "4k", kind: "floor", subject: "floor" }, 10),
    timed("4k:guard", { workload: "4k", kind: "profile", subject: "guard", floor: "4k:floor:all-text" }, 50),
    timed("1m:floor:all-text", { workload: "1m", kind: "floor", subject: "floor" }, 1),
    { ...timed("1m:guard", { workload: "1m", kind: "profile", subject: "guard", floor: "1m:floor:all-text" }, 80), outcome: "error" as const, unexpected },
  ];
  const guard = (unexpected: boolean) => checkTargets(results(rows(unexpected))).find((t) => t.target.startsWith("guard: default window"));
  expect(guard(false)).toMatchObject({ measured: "worst 5.0x its floor; at least Infinityx faster than MCP fs, Infinityx than gemini-cli", met: true });
  expect(guard(true)).toMatchObject({ measured: "worst 5.0x its floor; at least Infinityx faster than MCP fs, Infinityx than gemini-cli; some calls failed", met: false });
});

const TWIN_TARGET = "every profile's default window of 4 KiB-1 MiB files, first and repeated calls: median at most 1.1x the synchronous baseline's (issue 17)";

test("each profile row on a small file is compared with its twin of the synchronous baseline (issue 17)", () => {
  const pair = (workload: "4k" | "1m", today: number, then: number) => [
    timed(`${workload}:envelope`, { workload, kind: "profile", subject: "envelope" }, today),
    timed(`${workload}:envelope:baseline`, { workload, kind: "baseline", subject: "envelope at d25e52d", baselineOf: `${workload}:envelope` }, then),
  ];
  expect(checkTargets(results([...pair("4k", 105, 100), ...pair("1m", 1000, 1000)])).find((t) => t.target === TWIN_TARGET)).toEqual({
    target: TWIN_TARGET,
    measured: "worst 1.05x (envelope 4k:envelope:baseline, 4k, repeat); 0 of 2 over 1.1x (in the bench's process)",
    met: true,
  });
  expect(checkTargets(results([...pair("4k", 105, 100), ...pair("1m", 1200, 1000)])).find((t) => t.target === TWIN_TARGET)).toMatchObject({ measured: "worst 1.20x (envelope 1m:envelope:baseline, 1m, repeat); 1 of 2 over 1.1x (in the bench's process)", met: false });
});

test("a twin compared again in fresh processes is judged by the median of those processes' ratios (issue 17)", () => {
  const ratios = (values: number[]) => ({
    processes: values.length,
    rounds: 12,
    todayNs: summarize(values.map((v) => v * 100)),
    baselineNs: summarize(values.map(() => 100)),
    ratio: summarize(values),
    // The first calls, before the warm-up: informative only, never judged.
    early: { calls: 500, todayNs: summarize(values.map((v) => v * 300)), baselineNs: summarize(values.map(() => 100)), ratio: summarize(values.map((v) => v * 3)) },
  });
  const twin = (workload: "4k" | "1m", inProcess: number, fresh: number[]) => [
    timed(`${workload}:envelope`, { workload, kind: "profile", subject: "envelope" }, inProcess),
    { ...timed(`${workload}:envelope:baseline`, { workload, kind: "baseline", subject: "envelope at d25e52d", baselineOf: `${workload}:envelope` }, 100), pair: ratios(fresh) },
  ];
  // In the bench's process 4k looks 1.9x; its five fresh processes say 1.04x (median), 1m's say 1.12x. Their
  // first calls (3.12x and 3.36x) are reported, not judged.
  expect(checkTargets(results([...twin("4k", 190, [1.0, 1.02, 1.04, 1.3, 1.5]), ...twin("1m", 100, [1.1, 1.12, 1.12, 1.2, 0.9])])).find((t) => t.target === TWIN_TARGET)).toEqual({
    target: TWIN_TARGET,
    measured: "worst 1.12x (envelope 1m:envelope:baseline, 1m, repeat); 1 of 2 over 1.1x (medians over 5 fresh processes per call, once warm); a process's first calls: worst 3.36x, median 3.24x",
    met: false,
  });
});

test("a twin whose today row was left out (--only) is named by its own subject and is no failed call", () => {
  const twin = { ...timed("4k:envelope:baseline", { workload: "4k", kind: "baseline", subject: "envelope at d25e52d", baselineOf: "4k:envelope" }, 100) };
  const withPair = { ...twin, pair: { processes: 1, rounds: 3, todayNs: summarize([120]), baselineNs: summarize([100]), ratio: summarize([1.2]), early: { calls: 500, todayNs: summarize([300]), baselineNs: summarize([200]), ratio: summarize([1.5]) } } };
  expect(checkTargets(results([withPair])).find((t) => t.target === TWIN_TARGET)).toEqual({
    target: TWIN_TARGET,
    measured: "worst 1.20x (envelope at d25e52d 4k:envelope:baseline, 4k, repeat); 1 of 1 over 1.1x (medians over 1 fresh processes per call, once warm); a process's first calls: worst 1.50x, median 1.50x",
    met: false,
  });
});

test("without a baseline the twin target says why it was not run", () => {
  expect(checkTargets({ ...results([]), baseline: { unavailable: "git archive failed" } }).find((t) => t.target === TWIN_TARGET)).toEqual({ target: TWIN_TARGET, measured: "not run: git archive failed", met: null });
});

const ms = (values: number[]) => summarize(values.map((value) => value * 1e6));

function longRead(fields: { call: number[]; late: number[]; baselineCall: number[]; baselineLate: number[]; settle: number[]; closed: number[]; leaked?: number; problems?: string[] }): BenchResults["longRead"] {
  return {
    profile: "envelope",
    call: '{"start_line":5000000,"path":"logs/app.log"}',
    callNs: ms(fields.call),
    latenessNs: ms(fields.late),
    baseline: { commit: "d25e52d", callNs: ms(fields.baselineCall), latenessNs: ms(fields.baselineLate) },
    abort: { afterMs: 50, settleNs: ms(fields.settle), closedNs: ms(fields.closed), leaked: fields.leaked ?? 0, problems: fields.problems ?? [] },
  };
}

test("the long-read targets: timer lateness and time against the baseline, then the abort (issue 17)", () => {
  const met = longRead({ call: [220, 230], late: [2, 4], baselineCall: [200, 190], baselineLate: [190, 200], settle: [0.5, 1], closed: [1, 2] });
  const [late, abort] = checkTargets({ ...results([]), longRead: met }).filter((t) => t.target.includes("scan"));
  expect(late).toEqual({
    target: "envelope: while a first call scans the 1 GiB log, a 1 ms timer in the same process is never more than 10 ms late, and the call takes at most 1.25x the synchronous baseline's time (issue 17)",
    measured: "timer at most 4.0 ms late over 2 calls; call 225 ms, 1.15x the baseline's 195 ms, during which the timer was 200 ms late",
    met: true,
  });
  expect(abort).toEqual({
    target: "an abort 50 ms into that scan settles the call within 10 ms and leaves no descriptor open (issue 17)",
    measured: "settled within 1.0 ms of the abort (median 0.8 ms, 2 aborts); the file closed within 2.0 ms; 0 descriptors left open",
    met: true,
  });
  const slow = longRead({ call: [260], late: [11], baselineCall: [200], baselineLate: [200], settle: [12], closed: [13], leaked: 1 });
  expect(checkTargets({ ...results([]), longRead: slow }).filter((t) => t.target.includes("scan")).map((t) => t.met)).toEqual([false, false]);
  const early = longRead({ call: [200], late: [1], baselineCall: [200], baselineLate: [200], settle: [1], closed: [1], problems: ["the call finished before the abort"] });
  expect(checkTargets({ ...results([]), longRead: early }).find((t) => t.target.startsWith("an abort"))).toMatchObject({ measured: "the call finished before the abort", met: false });
});

test("the read-mcp target: pings during the call and the cancelled call's file closed (issue 17)", () => {
  const mcp = (slowestPing: number[], problems: string[] = []): BenchResults["mcpResponsiveness"] => ({
    call: "{}",
    callNs: ms([300, 320]),
    slowestPingNs: ms(slowestPing),
    pings: 40,
    cancel: { afterMs: 50, closedNs: ms([2, 3]), problems },
  });
  const target = (value: BenchResults["mcpResponsiveness"]) => checkTargets({ ...results([]), mcpResponsiveness: value }).find((t) => t.target.startsWith("read-mcp"));
  expect(target(mcp([4, 6]))).toEqual({
    target: "read-mcp: a ping sent during a 1 GiB first call is answered within 20 ms; a cancelled call stops its read (issue 17)",
    measured: "slowest of 40 pings 6.0 ms during calls of 310 ms; after notifications/cancelled the server closed the file within 3.0 ms and answered the next call",
    met: true,
  });
  expect(target(mcp([4, 21]))?.met).toBe(false);
  expect(target(mcp([4], ["the server still had logs/app.log open 1 s after the cancellation"]))).toMatchObject({
    measured: "slowest of 40 pings 4.0 ms during calls of 310 ms; the server still had logs/app.log open 1 s after the cancellation",
    met: false,
  });
});

test("the start-up target: read-tool call's median start at most 1.5x node -e 0's, the cold start stated beside it", () => {
  const one = (value: number) => summarize([value * 1e6]);
  const run = (warm: number) => {
    const base = results([]);
    return checkTargets({ ...base, startup: { command: "read-tool call", rounds: 11, node: one(60), warm: one(warm), cold: one(150) } }).find((t) => t.target.startsWith("read-tool call"));
  };
  expect(run(90)).toEqual({
    target: "read-tool call (envelope, a 4 KiB file) starts and exits in at most 1.5x the time of node -e 0, started side by side (issue 19)",
    measured: "1.50x: 90 ms against 60 ms (medians of 11); the first start, without the code cache, 2.50x",
    met: true,
  });
  expect(run(91)?.met).toBe(false);
  expect(checkTargets(results([])).find((t) => t.target.startsWith("read-tool call"))).toMatchObject({ measured: "not run", met: null });
});

test("the image targets of issue 33: a 4 MP PNG within 250 ms; a 30 MP noisy PNG within 1 s and under 256 MiB of peak RSS", () => {
  const image = (workload: "image-4mp" | "image-30mp", call: string, ms: number, rssMiB: number, outcome: "ok" | "error" = "ok") => ({
    ...timed(`${workload}:${call}`, { workload, kind: "profile", subject: "agent", maxRssKiB: rssMiB * 1024 }, ms * 1e6),
    call,
    outcome,
  });
  const targetsOf = (cases: CaseResult[]) => checkTargets(results(cases)).filter((target) => target.target.includes("issue 33") && target.target.includes("PNG"));
  expect(targetsOf([image("image-4mp", "{path}", 120, 110), image("image-30mp", "rgb", 40, 90, "error"), image("image-30mp", "grey", 700, 160)])).toEqual([
    { target: "agent: a 4 MP PNG is answered within 250 ms (issue 33)", measured: "{path}: ok in 120 ms, peak RSS 110 MiB", met: true },
    {
      target: "agent: a 30 MP noisy PNG is downscaled or refused within 1 s, with a peak RSS under 256 MiB (issue 33)",
      measured: "rgb: error in 40 ms, peak RSS 90 MiB; grey: ok in 700 ms, peak RSS 160 MiB",
      met: true,
    },
  ]);
  const missed = targetsOf([image("image-4mp", "{path}", 300, 110), image("image-30mp", "grey", 700, 300)]);
  expect(missed.map((target) => target.met)).toEqual([false, false]);
  expect(targetsOf([]).map((target) => [target.measured, target.met])).toEqual([
    ["not run", null],
    ["not run", null],
  ]);
});

const isTokenTarget = (t: { readonly target: string }) => /o200k|each peer's|max_tokens estimate/.test(t.target);

/** A tokens table with these o200k counts (cl100k one less), the unchanged answer's and the estimate's extremes. */
function tokensTable(o200k: Record<string, number>, unchanged: number, estimate: { least: number; most: number }): TokensResult {
  const answer = (subject: string, tokens: number) => ({ subject, what: subject, characters: tokens * 4, o200k: tokens, cl100k: tokens - 1 });
  return {
    file: "packages/core/src/read-lines.ts",
    lines: 200,
    answers: Object.entries(o200k).map(([subject, tokens]) => answer(subject, tokens)),
    unchanged: answer("agent", unchanged),
    estimates: [
      { file: "code.ts", bytes: 6511, answers: 1, o200k: 100, cl100k: 99, estimate: 110, least: 1.1, most: 1.1 },
      { file: "minified.js", bytes: 9738, answers: 5, o200k: 100, cl100k: 99, estimate: 120, least: estimate.least, most: estimate.most },
    ],
    cost: { estimateNsPerKiB: 1000, jsonNsPerKiB: 500 },
  };
}

test("the token targets: agent within 1.25x raw and within each peer plus cat -n's numbering, a conditional read within 50, the estimate within 1-1.25x (issue 32)", () => {
  const counts = { raw: 2000, "cat -n": 2500, agent: 2400, envelope: 2900, forge: 2700, "MCP fs": 2000, "gemini-cli": 2300 };
  const met = checkTargets({ ...results([]), tokens: tokensTable(counts, 27, { least: 1.05, most: 1.2 }) }).filter(isTokenTarget);
  expect(met).toEqual([
    {
      target: "agent: o200k tokens of its whole answer (as a model receives it) for the first 200 lines of `read-lines.ts` at most 1.25x the raw text's (issue 32)",
      measured: "2,400 against raw 2,000: 1.20x (`cat -n` 2,500, 1.25x; envelope 2,900, forge 2,700)",
      met: true,
    },
    {
      target: "agent: that answer at most each peer's (MCP fs read_text_file, gemini-cli read_file) plus what numbering adds (`cat -n` minus raw) (issue 32)",
      measured: "2,400; MCP fs 2,000 + 500 = 2,500, gemini-cli 2,300 + 500 = 2,800",
      met: true,
    },
    { target: "agent: a conditional read of an unchanged file (`if_version`) at most 50 o200k tokens (issue 32)", measured: "27 (cl100k 26)", met: true },
    {
      target:
        "agent: the max_tokens estimate of every answer reading the token corpus (code, prose, CJK, minified) at least its o200k and cl100k counts and at most 1.25x the larger (issue 32)",
      measured: "from 1.05x (minified.js) to 1.20x (minified.js) over 6 answers of 2 files",
      met: true,
    },
  ]);
  const missed = checkTargets({ ...results([]), tokens: tokensTable({ ...counts, agent: 2600 }, 51, { least: 0.98, most: 1.3 }) }).filter(isTokenTarget);
  expect(missed.map((t) => t.met)).toEqual([false, false, false, false]);
  expect(missed[1]?.measured).toBe("2,600; MCP fs 2,000 + 500 = 2,500, gemini-cli 2,300 + 500 = 2,800");
  expect(checkTargets(results([])).filter(isTokenTarget).map((t) => [t.measured, t.met])).toEqual([
    ["not run", null],
    ["not run", null],
    ["not run", null],
    ["not run", null],
  ]);
});

const COLUMN_TARGET = "agent: a `column` read ~40 MB deep in a 50 MiB one-line file at most 1.5x the one ~1 KiB deep (flat in the column, issue 32)";

/** The agent's three column reads of the 50 MiB line, with these medians (ns), listed deepest first. */
function columnReads(shallow: number, middle: number, deep: number): CaseResult[] {
  const read = (column: number, ns: number) => timed(`column:agent:{"path":"dist/one-line-50m.js","column":${column},"limit":1}:repeat`, { workload: "column", kind: "profile", subject: "agent" }, ns);
  // A first call (the whole file scanned) is reported beside them, never judged.
  const first = { ...read(40_000_000, 50 * shallow), id: `column:agent:{"path":"dist/one-line-50m.js","column":40000000,"limit":1}:first`, mode: "first" as const };
  return [read(40_000_000, deep), read(1_000_000, middle), read(1_024, shallow), first];
}

test("issue 32: a column read deep in the 50 MiB line is judged against the shallowest one", () => {
  expect(checkTargets(results(columnReads(100_000, 110_000, 140_000))).find((t) => t.target === COLUMN_TARGET)).toEqual({
    target: COLUMN_TARGET,
    measured: "column 1,024: 100.0 µs; column 1,000,000: 110.0 µs (1.10x); column 40,000,000: 140.0 µs (1.40x)",
    met: true,
  });
  expect(checkTargets(results(columnReads(100_000, 160_000, 120_000))).find((t) => t.target === COLUMN_TARGET)).toMatchObject({ met: false });
  expect(checkTargets(results(columnReads(100_000, 100_000, 151_000))).find((t) => t.target === COLUMN_TARGET)).toMatchObject({ met: false });
  expect(checkTargets(results([])).find((t) => t.target === COLUMN_TARGET)).toEqual({ target: COLUMN_TARGET, measured: "not run", met: null });
});

test("the PDF targets of issue 33: pages 150-152 of a 300-page PDF within 500 ms and flat; pings within 20 ms during a hostile PDF", () => {
  const windows = (start: number, middle: number) => [
    { pages: "1-3", warmNs: summarize([start * 1e6]) },
    { pages: "150-152", warmNs: summarize([middle * 1e6]) },
    { pages: "298-300", warmNs: summarize([start * 1e6]) },
  ];
  const calls = (pingMs: number, answer: string) => ({ pings: 100, slowestPingNs: summarize([pingMs * 1e6]), idleSlowestPingNs: summarize([5e6]), callNs: summarize([5000e6]), answer });
  // Only the paced pings decide; the flood's are reported beside them.
  const hostile = (pingMs: number, answer = "DOCUMENT_TOO_COMPLEX") => ({ paced: calls(pingMs, answer), flood: calls(30, answer) });
  const targetsOf = (documents: DocumentBenchResult | null) => checkTargets({ ...results([]), documents }).filter((target) => target.target.includes("PDF"));
  expect(targetsOf({ pdfPages: 300, pdfBytes: 1000, firstCallNs: 400e6, windows: windows(40, 50), hostile: hostile(12) })).toEqual([
    {
      target: 'agent: a 300-page PDF, pages "150-152", at most 500 ms (a worker with pdf.js loaded; the first call, which loads it, is reported) and flat in the page number: at most 1.5x pages "1-3" (issue 33)',
      measured: "pages 1-3 40 ms, pages 150-152 50 ms, pages 298-300 40 ms (medians of 1); 150-152 is 1.25x 1-3; the first call 400 ms",
      met: true,
    },
    {
      target: "agent over read-mcp: while a PDF whose page inflates to 56 MB of operators is parsed, every ping (sent 5 ms after the last one's answer) is answered within 20 ms (issue 33)",
      measured: "slowest of 100 pings 12 ms during calls of 5000 ms that answered DOCUMENT_TOO_COMPLEX; the same servers' slowest ping in a second before the call: 5.0 ms (pinged back to back: 30 ms during the call, 5.0 ms before it)",
      met: true,
    },
  ]);
  expect(targetsOf({ pdfPages: 300, pdfBytes: 1000, firstCallNs: 400e6, windows: windows(40, 61), hostile: hostile(21) }).map((target) => target.met)).toEqual([false, false]);
  expect(targetsOf({ pdfPages: 300, pdfBytes: 1000, firstCallNs: 400e6, windows: windows(400, 501), hostile: hostile(5, "content") }).map((target) => target.met)).toEqual([false, false]);
  expect(targetsOf(null).map((target) => target.measured)).toEqual(["not run", "not run"]);
});

test("a first call is judged on the floor of the whole-file work its spec obliges (the agent's hash, as the guard's floor decodes); the floor without it is shown beside the target, also with that work's cost taken off the call (issue 32)", () => {
  const target = "agent: default window of 4 KiB-1 MiB files (first and repeated calls) at most 10x its floor; at least 10x faster than MCP fs and gemini-cli on every file where the floor itself is 10x faster than they are (issue 17)";
  const rows = (firstNs: number, repeatNs: number, peerNs = 30_000) => [
    { ...timed("100k:floor:2000c", { workload: "100k", kind: "floor", subject: "floor" }, 20), call: "2000 lines + count" },
    { ...timed("100k:floor:2000ch", { workload: "100k", kind: "floor", subject: "floor" }, 80), call: "2000 lines + count + SHA-256" },
    { ...timed("100k:agent:first", { workload: "100k", kind: "profile", subject: "agent", floor: "100k:floor:2000ch", partialFloor: "100k:floor:2000c" }, firstNs), mode: "first" as const },
    timed("100k:agent", { workload: "100k", kind: "profile", subject: "agent", floor: "100k:floor:2000c" }, repeatNs),
    timed("100k:mcp", { workload: "100k", kind: "peer", subject: "MCP fs" }, peerNs),
    timed("100k:gemini", { workload: "100k", kind: "peer", subject: "gemini-cli" }, peerNs),
  ];
  const agentTarget = (firstNs: number, repeatNs: number, peerNs?: number) => checkTargets(results(rows(firstNs, repeatNs, peerNs))).find((t) => t.target === target);
  // The first call is 3.8x its floor, 15x the one without the hash, 12x that one with the hash's 60 ns off;
  // the repeated call 9x the floor without the hash.
  expect(agentTarget(300, 180)).toEqual({
    target,
    measured: 'worst 9.0x its floor; its first calls against a floor without the whole-file work their spec obliges ("2000 lines + count"), worst 15x, and 12x with that work\'s own cost taken off the call; at least 100x faster than MCP fs, 100x than gemini-cli',
    met: true,
  });
  // A first call at 11x the floor that hashes fails the target.
  expect(agentTarget(900, 180)).toEqual({
    target,
    measured: 'worst 11x its floor; its first calls against a floor without the whole-file work their spec obliges ("2000 lines + count"), worst 45x, and 42x with that work\'s own cost taken off the call; at least 33x faster than MCP fs, 33x than gemini-cli',
    met: false,
  });
  // The peer clause compares a first call's peers with its own floor, the one that hashes: peers 7.5x slower
  // than that floor (30x slower than the one without the hash) do not oblige the first call to be 10x faster
  // than they are. The repeated call's floor is 30x faster than the peers, so it is held to the clause (12x).
  expect(agentTarget(300, 50, 600)).toEqual({
    target,
    measured: 'worst 3.8x its floor; its first calls against a floor without the whole-file work their spec obliges ("2000 lines + count"), worst 15x, and 12x with that work\'s own cost taken off the call; at least 2.0x faster than MCP fs, 2.0x than gemini-cli; the floor itself is only 7.5x faster than MCP fs and 7.5x than gemini-cli on some file',
    met: true,
  });
});
