import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { makeInflatingPdf, makePdf } from "@read/conformance";
import { loadProfile } from "@read/profiles";
import { pingDuring } from "./ping-during.js";
import { summarize, type Summary } from "./stats.js";

/** Issue 33's PDF scenarios for the agent profile. */
export interface DocumentBenchSpec {
  /** A directory the PDFs are written to, the tool's root. */
  readonly root: string;
  /** Timed calls of each page window. */
  readonly rounds: number;
  /** `packages/mcp/bin/read-mcp.js`, built: the hostile-PDF scenario is skipped without it. */
  readonly mcpBin: string | undefined;
  /** Servers started for the hostile-PDF scenario, each with one call that runs to the parse's time limit. */
  readonly hostileRounds: number;
}

/** One `pages` window of the 300-page PDF. */
export interface PageWindowResult {
  readonly pages: string;
  /** The median of calls served by a worker that already loaded pdf.js. */
  readonly warmNs: Summary;
}

/** What the scenarios measured. */
export interface DocumentBenchResult {
  readonly pdfPages: number;
  readonly pdfBytes: number;
  /** The first call of the process: a worker started and pdf.js loaded, then pages 150-152. */
  readonly firstCallNs: number;
  readonly windows: readonly PageWindowResult[];
  /**
   * read-mcp serving a call on a PDF whose page inflates to 56 MB of operators, pinged meanwhile
   * {@link HOSTILE_PING_GAP_MS} apart (`paced`: the target), then in a second call back to back (`flood`).
   */
  readonly hostile: { readonly paced: PingedCalls; readonly flood: PingedCalls } | null;
}

/** Calls of read-mcp on the hostile PDF, one a server, and the pings answered meanwhile. */
export interface PingedCalls {
  readonly pings: number;
  readonly slowestPingNs: Summary;
  /** The slowest ping of the same servers, pinged as during the call, in a second before it: what the machine alone costs a ping. */
  readonly idleSlowestPingNs: Summary;
  readonly callNs: Summary;
  readonly answer: string;
}

/**
 * Milliseconds between a ping's answer and the next ping while the hostile PDF is parsed: 200 probes a
 * second. Back to back, a client sends 20,000 a second, and the MCP SDK's garbage of that many messages (its
 * scavenges of 5 to 9 ms, every tenth of a second) is what the slowest ping measures, not the parse: an idle
 * server flooded so answers as slowly. That figure is reported beside the target's.
 */
export const HOSTILE_PING_GAP_MS = 5;

/** Pages of the long PDF and the windows read from it: near its start, middle and end. */
export const PDF_PAGES = 300;
export const PAGE_WINDOWS = ["1-3", "150-152", "298-300"] as const;

// A page of a paper: 40 lines of about 80 characters, the page and line numbers in each line.
function pageLines(page: number): string[] {
  return Array.from({ length: 40 }, (_, line) => `Page ${page}, line ${line + 1}: the quick brown fox jumps over the lazy dog, twice or more.`);
}

/** Writes the PDFs and measures the windows in this process, then the hostile PDF through read-mcp. */
export async function measureDocuments(spec: DocumentBenchSpec): Promise<DocumentBenchResult> {
  fs.mkdirSync(spec.root, { recursive: true });
  const long = makePdf(Array.from({ length: PDF_PAGES }, (_, index) => pageLines(index + 1)));
  fs.writeFileSync(path.join(spec.root, "long.pdf"), long);
  fs.writeFileSync(path.join(spec.root, "hostile.pdf"), makeInflatingPdf("(a) Tj\n", 8_000_000));
  fs.writeFileSync(path.join(spec.root, "small.txt"), "warm-up\n");
  const tool = (await loadProfile("agent")).createTool({ root: spec.root });
  const call = async (pages: string): Promise<number> => {
    const started = process.hrtime.bigint();
    const output = (await tool.call({ path: "long.pdf", pages })) as { error?: unknown; pages?: string };
    const ns = Number(process.hrtime.bigint() - started);
    if (output.error !== undefined || output.pages !== pages) throw new Error(`pages ${pages} of the ${PDF_PAGES}-page PDF: ${JSON.stringify(output).slice(0, 300)}`);
    return ns;
  };
  const firstCallNs = await call("150-152");
  // In rounds, each window once per round: a slower spell of the machine weighs on all of them alike.
  const samples = PAGE_WINDOWS.map((): number[] => []);
  for (let round = 0; round < spec.rounds; round++) {
    for (const [index, pages] of PAGE_WINDOWS.entries()) samples[index]?.push(await call(pages));
  }
  const windows = PAGE_WINDOWS.map((pages, index) => ({ pages, warmNs: summarize(samples[index] ?? []) }));
  const hostile = spec.mcpBin === undefined ? null : await measureHostile(spec.mcpBin, spec.root, spec.hostileRounds);
  return { pdfPages: PDF_PAGES, pdfBytes: long.length, firstCallNs, windows, hostile };
}

async function measureHostile(bin: string, root: string, rounds: number): Promise<NonNullable<DocumentBenchResult["hostile"]>> {
  const runs = { paced: newRuns(), flood: newRuns() };
  for (let round = 0; round < rounds; round++) {
    const transport = new StdioClientTransport({ command: process.execPath, args: [bin, "--profile", "agent", "--root", root], stderr: "ignore" });
    const client = new Client({ name: "read-bench", version: "1.0.0" });
    await client.connect(transport);
    try {
      await client.callTool({ name: "read", arguments: { path: "small.txt" } });
      for (const [kind, gapMs] of [["paced", HOSTILE_PING_GAP_MS], ["flood", 0]] as const) {
        const run = runs[kind];
        const idle = await pingDuring(client, () => new Promise((resolve) => setTimeout(resolve, 1000)), gapMs);
        run.idle.push(idle.worstNs);
        const during = await pingDuring(client, () => client.callTool({ name: "read", arguments: { path: "hostile.pdf" } }, undefined, { timeout: 120_000 }), gapMs);
        run.pings += during.pings;
        run.calls.push(during.callNs);
        run.slowest.push(during.worstNs);
        run.answer = (during.result.structuredContent as { error?: { code?: string } } | undefined)?.error?.code ?? "content";
      }
    } finally {
      await client.close();
    }
  }
  const done = (run: ReturnType<typeof newRuns>): PingedCalls => ({ pings: run.pings, slowestPingNs: summarize(run.slowest), idleSlowestPingNs: summarize(run.idle), callNs: summarize(run.calls), answer: run.answer });
  return { paced: done(runs.paced), flood: done(runs.flood) };
}

function newRuns() {
  return { pings: 0, slowest: [] as number[], idle: [] as number[], calls: [] as number[], answer: "" };
}
