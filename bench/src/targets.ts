import { HOSTILE_PING_GAP_MS } from "./documents.js";
import type { BenchResults, CaseResult, TargetResult } from "./results.js";
import { time } from "./report.js";
import { summarize } from "./stats.js";

const SMALL = ["4k", "100k", "1m"] as const;
const PEERS = ["MCP fs", "gemini-cli"] as const;
type Peer = (typeof PEERS)[number];

/** Checks the targets of issues 9, 17 and 19 against one run; a target whose cases were not run is `met: null`. */
export function checkTargets(results: BenchResults): TargetResult[] {
  const cases = results.cases;
  const median = (c: CaseResult | undefined) => c?.timeNs?.median;
  const byId = new Map(cases.map((c) => [c.id, c]));
  const floorOf = (c: CaseResult) => median(c.floor === undefined ? undefined : byId.get(c.floor));
  const fastestPeer = (workload: string, subject: string) => {
    const times = cases.filter((c) => c.workload === workload && c.subject === subject && c.outcome === "ok" && c.timeNs !== undefined).map((c) => c.timeNs?.median ?? Infinity);
    return times.length === 0 ? undefined : Math.min(...times);
  };
  const targets: TargetResult[] = [];
  const x = (value: number) => `${value >= 10 ? value.toFixed(0) : value.toFixed(1)}x`;

  for (const profile of ["envelope", "workspace-jp", "forge", "guard", "agent"]) {
    const rows = cases.filter((c) => c.kind === "profile" && c.subject === profile && (SMALL as readonly string[]).includes(c.workload) && c.timeNs !== undefined);
    // A refusal the case expects (the guard's answer bound refuses the 1 MiB file) reads no window to time.
    const mine = rows.filter((c) => c.outcome === "ok");
    const target = `${profile}: default window of 4 KiB-1 MiB files (first and repeated calls) at most 10x its floor; at least 10x faster than MCP fs and gemini-cli on every file where the floor itself is 10x faster than they are (issue 17)`;
    if (rows.length === 0) {
      targets.push({ target, measured: "not run", met: null });
      continue;
    }
    let worstFloor = 0;
    let worstCase: CaseResult | undefined;
    // Beside the target: the calls whose floor does whole-file work their spec obliges, against a floor
    // without it, and against that floor again with the work's own cost (the two floors' difference) taken
    // off the call, so that the 10x does not multiply it.
    let worstPartial: { ratio: number; floor: CaseResult } | undefined;
    let worstWorkOff = 0;
    // How much faster than each peer this profile is, and the floor itself: no implementation can do better.
    const least: Record<Peer, number> = { "MCP fs": Infinity, "gemini-cli": Infinity };
    const ceiling: Record<Peer, number> = { "MCP fs": Infinity, "gemini-cli": Infinity };
    let peersMet = true;
    for (const c of mine) {
      const own = median(c) ?? Infinity;
      const floor = floorOf(c);
      if (floor !== undefined && own / floor > worstFloor) {
        worstFloor = own / floor;
        worstCase = c;
      }
      const partial = c.partialFloor === undefined ? undefined : byId.get(c.partialFloor);
      const partialNs = median(partial);
      if (partial !== undefined && partialNs !== undefined && floor !== undefined) {
        if (own / partialNs > (worstPartial?.ratio ?? 0)) worstPartial = { ratio: own / partialNs, floor: partial };
        worstWorkOff = Math.max(worstWorkOff, (own - (floor - partialNs)) / partialNs);
      }
      for (const peer of PEERS) {
        const theirs = fastestPeer(c.workload, peer);
        if (theirs === undefined) continue;
        least[peer] = Math.min(least[peer], theirs / own);
        if (floor === undefined) continue;
        ceiling[peer] = Math.min(ceiling[peer], theirs / floor);
        if (theirs / floor >= 10 && theirs / own < 10) peersMet = false;
      }
    }
    const failed = rows.some((c) => c.unexpected);
    const bounded =
      ceiling["MCP fs"] < 10 || ceiling["gemini-cli"] < 10 ? `; the floor itself is only ${x(ceiling["MCP fs"])} faster than MCP fs and ${x(ceiling["gemini-cli"])} than gemini-cli on some file` : "";
    // What the worst call pays in first touches of fresh memory, when that is a tenth of its time or more.
    const worstMedian = worstCase === undefined ? undefined : median(worstCase);
    const faults = worstCase?.faultsPerCall;
    const faultNs = results.pageFaultNs ?? null;
    const faulting =
      faultNs !== null && faults !== undefined && worstMedian !== undefined && faults * faultNs >= worstMedian / 10
        ? `; that call (${worstCase?.workload}) takes ${faults.toFixed(0)} page faults, about ${time(faults * faultNs)} of its ${time(worstMedian)} at ${time(faultNs)} each`
        : "";
    const besidePartial =
      worstPartial === undefined ? "" : `; its first calls against a floor without the whole-file work their spec obliges ("${worstPartial.floor.call}"), worst ${x(worstPartial.ratio)}, and ${x(worstWorkOff)} with that work's own cost taken off the call`;
    targets.push({
      target,
      measured: `worst ${x(worstFloor)} its floor${faulting}${besidePartial}; at least ${x(least["MCP fs"])} faster than MCP fs, ${x(least["gemini-cli"])} than gemini-cli${bounded}${failed ? "; some calls failed" : ""}`,
      met: !failed && worstFloor <= 10 && peersMet,
    });
  }

  // The guard answers with the whole file, as MCP fs's read_text_file does (issue 31).
  const guardTarget = "guard: a whole-file read of each 4 KiB-1 MiB file it reads, first and repeated calls, at least as fast as MCP fs read_text_file (issue 31)";
  let worstGuard: { ratio: number; c: CaseResult; theirs: number } | undefined;
  for (const c of cases) {
    if (c.kind !== "profile" || c.subject !== "guard" || c.outcome !== "ok" || !(SMALL as readonly string[]).includes(c.workload)) continue;
    const theirs = median(cases.find((peer) => peer.workload === c.workload && peer.subject === "MCP fs" && peer.call === "read_text_file (whole)"));
    const own = median(c);
    if (theirs === undefined || own === undefined) continue;
    if (worstGuard === undefined || own / theirs > worstGuard.ratio) worstGuard = { ratio: own / theirs, c, theirs };
  }
  targets.push(
    worstGuard === undefined
      ? { target: guardTarget, measured: "not run", met: null }
      : {
          target: guardTarget,
          measured: `worst ${worstGuard.ratio.toFixed(2)}x MCP fs's time (${worstGuard.c.workload}, ${worstGuard.c.mode}: ${time(median(worstGuard.c) ?? 0)} against ${time(worstGuard.theirs)})`,
          met: worstGuard.ratio <= 1,
        },
  );

  const twins = cases.filter((c) => c.kind === "baseline" && c.timeNs !== undefined);
  const twinTarget = "every profile's default window of 4 KiB-1 MiB files, first and repeated calls: median at most 1.1x the synchronous baseline's (issue 17)";
  if (twins.length === 0) {
    const why = results.baseline !== null && "unavailable" in results.baseline ? `not run: ${results.baseline.unavailable}` : "not run";
    targets.push({ target: twinTarget, measured: why, met: null });
  } else {
    // The fresh-process comparison when it was made (see pairs.ts), else the bench process's own rows.
    const ratios = twins
      .map((twin) => ({ twin, today: twin.baselineOf === undefined ? undefined : byId.get(twin.baselineOf) }))
      .map(({ twin, today }) => ({ twin, today, ratio: twin.pair?.ratio.median ?? (median(today) ?? Infinity) / (median(twin) ?? Number.NaN) }));
    const worst = ratios.reduce((a, b) => (b.ratio > a.ratio ? b : a));
    // A run with --only may leave today's row out: only a row that ran and failed counts.
    const failed = ratios.some(({ twin, today }) => twin.outcome !== "ok" || (today !== undefined && today.outcome !== "ok"));
    const over = ratios.filter((r) => r.ratio > 1.1).length;
    // A process's first calls, before its warm-up, are reported beside the target, never judged by it.
    const early = twins.flatMap((twin) => (twin.pair === undefined ? [] : [twin.pair.early.ratio.median]));
    const earlyText = early.length === 0 ? "" : `; a process's first calls: worst ${Math.max(...early).toFixed(2)}x, median ${summarize(early).median.toFixed(2)}x`;
    targets.push({
      target: twinTarget,
      measured: `worst ${worst.ratio.toFixed(2)}x (${worst.today?.subject ?? worst.twin.subject} ${worst.twin.call}, ${worst.twin.workload}, ${worst.twin.mode === "first" ? "first call" : "repeat"}); ${over} of ${ratios.length} over 1.1x${worst.twin.pair === undefined ? " (in the bench's process)" : ` (medians over ${worst.twin.pair.processes} fresh processes per call, once warm)`}${earlyText}${failed ? "; some calls failed" : ""}`,
      met: !failed && worst.ratio <= 1.1,
    });
  }

  const tail = cases.filter((c) => c.workload === "log-tail" && c.subject === "forge" && c.timeNs !== undefined);
  const tailSmall = cases.find((c) => c.workload === "log-tail" && c.subject === "forge on the 1 MiB file");
  const mcpTail = fastestPeer("log-tail", "MCP fs");
  if (tail.length > 0 && tailSmall?.timeNs !== undefined && mcpTail !== undefined) {
    const worst = Math.max(...tail.map((c) => median(c) ?? Infinity));
    const floor = Math.max(...tail.map((c) => (median(c) ?? Infinity) / (floorOf(c) ?? 0)));
    const small = worst / tailSmall.timeNs.median;
    targets.push({
      target: "forge: last 100 lines of the 1 GiB log at most 20x its floor, at most 1.5x the same call on a 1 MiB file, at least 10x faster than MCP fs tailFile",
      measured: `${x(floor)} its floor; ${x(small)} the 1 MiB call; ${x(mcpTail / worst)} faster than MCP fs`,
      met: tail.every((c) => c.outcome === "ok") && floor <= 20 && small <= 1.5 && mcpTail / worst >= 10,
    });
  } else {
    targets.push({ target: "forge: last 100 lines of the 1 GiB log", measured: "not run", met: null });
  }

  for (const subject of ["envelope", "forge"]) {
    const first = cases.find((c) => c.workload === "log-window" && c.subject === subject && c.mode === "first");
    const next = cases.find((c) => c.workload === "log-window" && c.subject === subject && c.mode === "next-page");
    const target = `${subject}: window at line 5,000,000 of the 1 GiB log at most 1.5x its floor on an unseen file; the next page under 1% of the first`;
    if (first?.timeNs === undefined || next?.timeNs === undefined) {
      targets.push({ target, measured: "not run", met: null });
      continue;
    }
    const floor = first.timeNs.median / (floorOf(first) ?? Number.NaN);
    const page = next.timeNs.median / first.timeNs.median;
    targets.push({
      target,
      measured: `first ${x(floor)} its floor; next page ${(page * 100).toFixed(2)}% of the first`,
      met: first.outcome === "ok" && next.outcome === "ok" && floor <= 1.5 && page < 0.01,
    });
  }

  // Images are decoded by libvips, whose working memory is not the answer's: they have a target of their own.
  const probed = cases.filter((c) => c.kind === "profile" && !c.workload.startsWith("image-") && c.maxRssKiB !== undefined && c.answerBytes !== undefined);
  const rssTarget = "peak RSS of a fresh process making any one profile call at most Node with zod imported plus twice the answer's bytes, for any file size (issue 17)";
  if (probed.length > 0 && results.zodRssKiB !== null) {
    const zod = results.zodRssKiB;
    const over = (c: CaseResult) => (c.maxRssKiB ?? 0) - zod - (2 * (c.answerBytes ?? 0)) / 1024;
    const worst = probed.reduce((a, b) => (over(b) > over(a) ? b : a));
    const mib = (kib: number) => `${(kib / 1024).toFixed(1)} MiB`;
    const imported = results.importedRssKiB?.[worst.subject.split(" ")[0] ?? ""];
    // The call's own growth over twice its answer: what the call adds beyond its window, once loaded.
    const grown = probed.filter((c) => c.callGrowthKiB !== undefined);
    const beyond = (c: CaseResult) => (c.callGrowthKiB ?? 0) - (2 * (c.answerBytes ?? 0)) / 1024;
    const mostGrown = grown.length === 0 ? undefined : grown.reduce((a, b) => (beyond(b) > beyond(a) ? b : a));
    const largest = grown.length === 0 ? undefined : grown.reduce((a, b) => ((b.answerBytes ?? 0) > (a.answerBytes ?? 0) ? b : a));
    const growth =
      mostGrown === undefined || largest === undefined
        ? ""
        : `; a call's own growth (its process's peak when it returned minus just before it): at most ${mib(mostGrown.callGrowthKiB ?? 0)} beside a ${((mostGrown.answerBytes ?? 0) / 1024).toFixed(0)} KiB answer (${mostGrown.subject}, ${mostGrown.workload}), ${mib(largest.callGrowthKiB ?? 0)} for the largest answer (${((largest.answerBytes ?? 0) / 1024).toFixed(0)} KiB, ${largest.subject}, ${largest.workload})`;
    targets.push({
      target: rssTarget,
      measured: `worst ${mib(worst.maxRssKiB ?? 0)} (${worst.subject} ${worst.call}, ${worst.workload}) for a ${((worst.answerBytes ?? 0) / 1024).toFixed(0)} KiB answer: ${mib(over(worst))} over; Node with zod imported ${mib(zod)}${imported === undefined ? "" : `, with the ${worst.subject.split(" ")[0]} profile imported and no call made ${mib(imported)}`}, Node alone ${mib(results.baselineRssKiB ?? 0)}${growth}`,
      met: over(worst) <= 0,
    });
  } else {
    targets.push({ target: rssTarget, measured: "not run", met: null });
  }

  const startup = results.startup;
  const startTarget = "read-tool call (envelope, a 4 KiB file) starts and exits in at most 1.5x the time of node -e 0, started side by side (issue 19)";
  if (startup === null) {
    targets.push({ target: startTarget, measured: "not run", met: null });
  } else {
    const warm = startup.warm.median / startup.node.median;
    const cold = startup.cold.median / startup.node.median;
    const ms = (ns: number) => `${(ns / 1e6).toFixed(0)} ms`;
    targets.push({
      target: startTarget,
      measured: `${warm.toFixed(2)}x: ${ms(startup.warm.median)} against ${ms(startup.node.median)} (medians of ${startup.rounds}); the first start, without the code cache, ${cold.toFixed(2)}x`,
      met: warm <= 1.5,
    });
  }

  const envelope = results.concurrency.find((c) => c.subject === "envelope");
  const mcp = results.concurrency.find((c) => c.subject === "MCP fs");
  const floor = results.concurrency.find((c) => c.subject === "floor");
  const checked = results.concurrency.find((c) => c.subject === "floor + checks");
  if (envelope !== undefined && mcp !== undefined) {
    const speedup = envelope.readsPerSecond / mcp.readsPerSecond;
    const leak = envelope.fdsAfter - envelope.fdsBefore;
    targets.push({
      target: `${envelope.reads.toLocaleString("en-US")} envelope reads of 4 KiB files, 64 in flight, descriptor limit ${envelope.descriptorLimit ?? "?"}: no exhaustion or leak, at least the MCP fs throughput (issue 17)`,
      measured: `${envelope.errors} errors, ${leak} descriptors leaked, peak ${envelope.fdsPeak} open; ${x(speedup)} the MCP fs throughput${floor === undefined ? "" : `; the floor itself reaches ${x(floor.readsPerSecond / mcp.readsPerSecond)}`}${checked === undefined ? "" : `, ${x(checked.readsPerSecond / mcp.readsPerSecond)} with the security rules' checks`}`,
      met: envelope.errors === 0 && leak <= 0 && speedup >= 1,
    });
  } else {
    targets.push({ target: "concurrent envelope reads", measured: "not run", met: null });
  }
  targets.push(columnTarget(cases));
  targets.push(...responsivenessTargets(results), ...imageTargets(cases), ...documentTargets(results));
  targets.push(...tokenTargets(results));
  return targets;
}

// Issue 32: a `column` read deep in a 50 MiB line costs about what a shallow one does.
function columnTarget(cases: readonly CaseResult[]): TargetResult {
  const target = "agent: a `column` read ~40 MB deep in a 50 MiB one-line file at most 1.5x the one ~1 KiB deep (flat in the column, issue 32)";
  const depth = (c: CaseResult) => Number(/"column":(\d+)/.exec(c.id)?.[1] ?? Number.NaN);
  const reads = cases.filter((c) => c.workload === "column" && c.kind === "profile" && c.mode === "repeat" && c.timeNs !== undefined).sort((a, b) => depth(a) - depth(b));
  const shallow = reads[0];
  if (reads.length < 2 || shallow?.timeNs === undefined) return { target, measured: "not run", met: null };
  const base = shallow.timeNs.median;
  const worst = Math.max(...reads.map((c) => (c.timeNs?.median ?? Infinity) / base));
  const shown = reads.map((c, i) => `column ${depth(c).toLocaleString("en-US")}: ${time(c.timeNs?.median ?? Number.NaN)}${i === 0 ? "" : ` (${((c.timeNs?.median ?? Number.NaN) / base).toFixed(2)}x)`}`);
  const failed = reads.some((c) => c.outcome !== "ok");
  return { target, measured: `${shown.join("; ")}${failed ? "; some calls failed" : ""}`, met: !failed && worst <= 1.5 };
}

// Issue 32: what the agent profile's answers cost a model, and its max_tokens estimate, in real tokens.
function tokenTargets(results: BenchResults): TargetResult[] {
  const tokens = results.tokens ?? null;
  const lines = tokens === null ? "200" : tokens.lines.toLocaleString("en-US");
  const file = tokens === null ? "a source file" : `\`${tokens.file.split("/").at(-1)}\``;
  const rawTarget = `agent: o200k tokens of its whole answer (as a model receives it) for the first ${lines} lines of ${file} at most 1.25x the raw text's (issue 32)`;
  const peerTarget = `agent: that answer at most each peer's (MCP fs read_text_file, gemini-cli read_file) plus what numbering adds (\`cat -n\` minus raw) (issue 32)`;
  const unchangedTarget = "agent: a conditional read of an unchanged file (`if_version`) at most 50 o200k tokens (issue 32)";
  const estimateTarget = "agent: the max_tokens estimate of every answer reading the token corpus (code, prose, CJK, minified) at least its o200k and cl100k counts and at most 1.25x the larger (issue 32)";
  if (tokens === null) return [rawTarget, peerTarget, unchangedTarget, estimateTarget].map((target) => ({ target, measured: "not run", met: null }));
  const of = (subject: string) => tokens.answers.find((answer) => answer.subject === subject)?.o200k ?? Number.NaN;
  const agent = of("agent");
  const raw = of("raw");
  const numbering = of("cat -n") - raw;
  const peers = ["MCP fs", "gemini-cli"].map((peer) => ({ peer, allowed: of(peer) + numbering }));
  const n = (value: number) => value.toLocaleString("en-US");
  const worst = tokens.estimates.reduce((a, b) => (b.most > a.most ? b : a));
  const lowest = tokens.estimates.reduce((a, b) => (b.least < a.least ? b : a));
  return [
    {
      target: rawTarget,
      measured: `${n(agent)} against raw ${n(raw)}: ${(agent / raw).toFixed(2)}x (\`cat -n\` ${n(of("cat -n"))}, ${(of("cat -n") / raw).toFixed(2)}x; envelope ${n(of("envelope"))}, forge ${n(of("forge"))})`,
      met: agent <= 1.25 * raw,
    },
    {
      target: peerTarget,
      measured: `${n(agent)}; ${peers.map(({ peer, allowed }) => `${peer} ${n(of(peer))} + ${n(numbering)} = ${n(allowed)}`).join(", ")}`,
      met: peers.every(({ allowed }) => agent <= allowed),
    },
    {
      target: unchangedTarget,
      measured: `${n(tokens.unchanged.o200k)} (cl100k ${n(tokens.unchanged.cl100k)})`,
      met: tokens.unchanged.o200k <= 50,
    },
    {
      target: estimateTarget,
      measured: `from ${lowest.least.toFixed(2)}x (${lowest.file}) to ${worst.most.toFixed(2)}x (${worst.file}) over ${tokens.estimates.reduce((sum, e) => sum + e.answers, 0)} answers of ${tokens.estimates.length} files`,
      met: lowest.least >= 1 && worst.most <= 1.25,
    },
  ];
}

const ms = (ns: number) => (Number.isFinite(ns) ? `${(ns / 1e6).toFixed(ns < 10e6 ? 1 : 0)} ms` : "-");

// Issue 33: a page window of a long PDF, flat in the page number, and read-mcp answering pings while a hostile PDF is parsed.
function documentTargets(results: BenchResults): TargetResult[] {
  const pdfTarget = 'agent: a 300-page PDF, pages "150-152", at most 500 ms (a worker with pdf.js loaded; the first call, which loads it, is reported) and flat in the page number: at most 1.5x pages "1-3" (issue 33)';
  const pingTarget = `agent over read-mcp: while a PDF whose page inflates to 56 MB of operators is parsed, every ping (sent ${HOSTILE_PING_GAP_MS} ms after the last one's answer) is answered within 20 ms (issue 33)`;
  const documents = results.documents ?? null;
  if (documents === null) return [{ target: pdfTarget, measured: "not run", met: null }, { target: pingTarget, measured: "not run", met: null }];
  const windowNs = (pages: string) => documents.windows.find((window) => window.pages === pages)?.warmNs.median ?? Number.NaN;
  const middle = windowNs("150-152");
  const start = windowNs("1-3");
  const flat = middle / start;
  const targets: TargetResult[] = [
    {
      target: pdfTarget,
      measured: `${documents.windows.map((window) => `pages ${window.pages} ${ms(window.warmNs.median)}`).join(", ")} (medians of ${documents.windows[0]?.warmNs.n ?? 0}); 150-152 is ${flat.toFixed(2)}x 1-3; the first call ${ms(documents.firstCallNs)}`,
      met: middle <= 500e6 && flat <= 1.5,
    },
  ];
  const hostile = documents.hostile;
  targets.push(
    hostile === null
      ? { target: pingTarget, measured: "not run (read-mcp is not built)", met: null }
      : {
          target: pingTarget,
          measured: `slowest of ${hostile.paced.pings} pings ${ms(hostile.paced.slowestPingNs.max)} during calls of ${ms(hostile.paced.callNs.median)} that answered ${hostile.paced.answer}; the same servers' slowest ping in a second before the call: ${ms(hostile.paced.idleSlowestPingNs.max)} (pinged back to back: ${ms(hostile.flood.slowestPingNs.max)} during the call, ${ms(hostile.flood.idleSlowestPingNs.max)} before it)`,
          met: hostile.paced.pings > 0 && hostile.paced.slowestPingNs.max <= 20e6 && hostile.paced.answer === "DOCUMENT_TOO_COMPLEX",
        },
  );
  return targets;
}

// Issue 17: the event loop during a long first call, its abort, and read-mcp serving beside it.
function responsivenessTargets(results: BenchResults): TargetResult[] {
  const targets: TargetResult[] = [];
  const long = results.longRead;
  const lateTarget = "envelope: while a first call scans the 1 GiB log, a 1 ms timer in the same process is never more than 10 ms late, and the call takes at most 1.25x the synchronous baseline's time (issue 17)";
  const abortTarget = "an abort 50 ms into that scan settles the call within 10 ms and leaves no descriptor open (issue 17)";
  if (long === null) {
    targets.push({ target: lateTarget, measured: "not run", met: null }, { target: abortTarget, measured: "not run", met: null });
  } else {
    const base = "unavailable" in long.baseline ? undefined : long.baseline;
    const slower = base === undefined ? undefined : long.callNs.median / base.callNs.median;
    targets.push({
      target: lateTarget,
      measured: `timer at most ${ms(long.latenessNs.max)} late over ${long.latenessNs.n} calls; call ${ms(long.callNs.median)}${
        base === undefined || slower === undefined
          ? ` (no baseline: ${"unavailable" in long.baseline ? long.baseline.unavailable : ""})`
          : `, ${slower.toFixed(2)}x the baseline's ${ms(base.callNs.median)}, during which the timer was ${ms(base.latenessNs.max)} late`
      }`,
      met: long.latenessNs.max <= 10e6 && slower !== undefined && slower <= 1.25,
    });
    const abort = long.abort;
    targets.push({
      target: abortTarget,
      measured:
        abort.problems.length > 0
          ? abort.problems.join("; ")
          : `settled within ${ms(abort.settleNs.max)} of the abort (median ${ms(abort.settleNs.median)}, ${abort.settleNs.n} aborts); the file closed within ${ms(abort.closedNs.max)}; ${abort.leaked} descriptors left open`,
      met: abort.problems.length === 0 && abort.settleNs.max <= 10e6 && abort.leaked <= 0,
    });
  }
  const mcp = results.mcpResponsiveness;
  const mcpTarget = "read-mcp: a ping sent during a 1 GiB first call is answered within 20 ms; a cancelled call stops its read (issue 17)";
  if (mcp === null) {
    targets.push({ target: mcpTarget, measured: "not run", met: null });
  } else {
    const cancel = mcp.cancel;
    targets.push({
      target: mcpTarget,
      measured: `slowest of ${mcp.pings} pings ${ms(mcp.slowestPingNs.max)} during calls of ${ms(mcp.callNs.median)}; ${
        cancel.problems.length > 0 ? cancel.problems.join("; ") : `after notifications/cancelled the server closed the file within ${ms(cancel.closedNs.max)} and answered the next call`
      }`,
      met: mcp.pings > 0 && mcp.slowestPingNs.max <= 20e6 && cancel.problems.length === 0,
    });
  }
  return targets;
}

/** The image targets of issue 33, on the agent profile's image cases. */
function imageTargets(cases: readonly CaseResult[]): TargetResult[] {
  const ms = (ns: number) => `${(ns / 1e6).toFixed(0)} ms`;
  const mib = (kib: number) => `${(kib / 1024).toFixed(0)} MiB`;
  const of = (workload: string) => cases.filter((c) => c.workload === workload && c.kind === "profile" && c.timeNs !== undefined);
  const describe = (c: CaseResult) => `${c.call}: ${c.outcome}${c.unexpected ? " (unexpected)" : ""} in ${ms(c.timeNs?.median ?? 0)}${c.maxRssKiB === undefined ? "" : `, peak RSS ${mib(c.maxRssKiB)}`}`;
  const small = of("image-4mp");
  const large = of("image-30mp");
  const smallTarget = "agent: a 4 MP PNG is answered within 250 ms (issue 33)";
  const largeTarget = "agent: a 30 MP noisy PNG is downscaled or refused within 1 s, with a peak RSS under 256 MiB (issue 33)";
  return [
    small.length === 0
      ? { target: smallTarget, measured: "not run", met: null }
      : { target: smallTarget, measured: small.map(describe).join("; "), met: small.every((c) => !c.unexpected && (c.timeNs?.median ?? Infinity) <= 250e6) },
    large.length === 0
      ? { target: largeTarget, measured: "not run", met: null }
      : {
          target: largeTarget,
          measured: large.map(describe).join("; "),
          met: large.every((c) => !c.unexpected && (c.timeNs?.median ?? Infinity) <= 1e9 && c.maxRssKiB !== undefined && c.maxRssKiB < 256 * 1024),
        },
  ];
}
