import type { BenchResults, CaseResult, TargetResult } from "./results.js";

const SMALL = ["4k", "100k", "1m"] as const;

/** Checks the targets of issues 9 and 19 against one run; a target whose cases were not run is `met: null`. */
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

  for (const profile of ["envelope", "workspace-jp", "forge", "guard"]) {
    const mine = cases.filter((c) => c.kind === "profile" && c.subject === profile && (SMALL as readonly string[]).includes(c.workload) && c.timeNs !== undefined);
    const target = `${profile}: default window of 4 KiB-1 MiB files (first and repeated calls) at most 10x its floor and at least 10x faster than MCP fs and gemini-cli`;
    if (mine.length === 0) {
      targets.push({ target, measured: "not run", met: null });
      continue;
    }
    let worstFloor = 0;
    let worstCase: CaseResult | undefined;
    let leastMcp = Infinity;
    let leastGemini = Infinity;
    // How much faster than each peer the floor itself is: no implementation of the spec can do better.
    let ceilingMcp = Infinity;
    let ceilingGemini = Infinity;
    for (const c of mine) {
      const own = median(c) ?? Infinity;
      const floor = floorOf(c);
      if (floor !== undefined && own / floor > worstFloor) {
        worstFloor = own / floor;
        worstCase = c;
      }
      const mcp = fastestPeer(c.workload, "MCP fs");
      const gemini = fastestPeer(c.workload, "gemini-cli");
      if (mcp !== undefined) leastMcp = Math.min(leastMcp, mcp / own);
      if (gemini !== undefined) leastGemini = Math.min(leastGemini, gemini / own);
      if (mcp !== undefined && floor !== undefined) ceilingMcp = Math.min(ceilingMcp, mcp / floor);
      if (gemini !== undefined && floor !== undefined) ceilingGemini = Math.min(ceilingGemini, gemini / floor);
    }
    const failed = mine.some((c) => c.outcome !== "ok");
    const ceiling =
      ceilingMcp < 10 || ceilingGemini < 10 ? `; the floor itself is only ${x(ceilingMcp)} faster than MCP fs and ${x(ceilingGemini)} than gemini-cli on some file` : "";
    // A call that returns a whole 1 MiB file must decode it all: the bench times that decode alone.
    const decode = results.scans.find((s) => s.id === "decode-1m");
    const decodeFloor = worstCase?.floor === "1m:floor:all" && decode !== undefined ? decode.timeNs.median / (floorOf(worstCase) ?? Infinity) : undefined;
    const decoding = decodeFloor !== undefined && decodeFloor > 10 ? `; decoding that whole file alone (\`decodeUtf8\`) takes ${x(decodeFloor)} its floor` : "";
    targets.push({
      target,
      measured: `worst ${x(worstFloor)} its floor${decoding}; at least ${x(leastMcp)} faster than MCP fs, ${x(leastGemini)} than gemini-cli${ceiling}${failed ? "; some calls failed" : ""}`,
      met: !failed && worstFloor <= 10 && leastMcp >= 10 && leastGemini >= 10,
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

  const probed = cases.filter((c) => c.kind === "profile" && c.maxRssKiB !== undefined);
  if (probed.length > 0) {
    const worst = probed.reduce((a, b) => ((a.maxRssKiB ?? 0) >= (b.maxRssKiB ?? 0) ? a : b));
    const mib = (worst.maxRssKiB ?? 0) / 1024;
    targets.push({
      target: "peak RSS of a fresh process making any one profile call under 64 MiB",
      measured: `worst ${mib.toFixed(1)} MiB (${worst.subject} ${worst.call}, ${worst.workload}); Node alone ${((results.baselineRssKiB ?? 0) / 1024).toFixed(1)} MiB, Node with zod imported ${((results.zodRssKiB ?? 0) / 1024).toFixed(1)} MiB`,
      met: mib < 64,
    });
  } else {
    targets.push({ target: "peak RSS under 64 MiB", measured: "not run", met: null });
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
      target: `${envelope.reads.toLocaleString("en-US")} envelope reads of 4 KiB files, 64 in flight, descriptor limit ${envelope.descriptorLimit ?? "?"}: no exhaustion or leak, at least 3x the MCP fs throughput`,
      measured: `${envelope.errors} errors, ${leak} descriptors leaked, peak ${envelope.fdsPeak} open; ${x(speedup)} the MCP fs throughput${floor === undefined ? "" : `; the floor itself reaches ${x(floor.readsPerSecond / mcp.readsPerSecond)}`}${checked === undefined ? "" : `, ${x(checked.readsPerSecond / mcp.readsPerSecond)} with the security rules' checks`}`,
      met: envelope.errors === 0 && leak <= 0 && speedup >= 3,
    });
  } else {
    targets.push({ target: "concurrent envelope reads", measured: "not run", met: null });
  }
  return targets;
}
