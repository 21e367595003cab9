import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { descriptorClosed, holds } from "./open-descriptors.js";
import { pingDuring } from "./ping-during.js";
import { summarize, type Summary } from "./stats.js";

/** The MCP scenario of issue 17: `read-mcp` serving one long first call to the SDK's own client. */
export interface McpResponsivenessSpec {
  /** `packages/mcp/bin/read-mcp.js`, built. */
  readonly bin: string;
  readonly profile: string;
  readonly root: string;
  /** The file the long call scans, relative to `root`. */
  readonly file: string;
  readonly input: Record<string, unknown>;
  /** A small file read first, so that the server's modules are loaded before anything is timed. */
  readonly warmupFile: string;
  readonly rounds: number;
  readonly cancelAfterMs: number;
}

/** What the scenario measured; every round has a server of its own (a first call on an unseen file). */
export interface McpResponsivenessResult {
  readonly call: string;
  readonly callNs: Summary;
  /** The slowest ping of each round, sent one after the other while the call ran. */
  readonly slowestPingNs: Summary;
  readonly pings: number;
  readonly cancel: {
    readonly afterMs: number;
    /** From the client's abort (which sends `notifications/cancelled`) to the server closing the file. */
    readonly closedNs: Summary;
    /** What went wrong in a round: the file still open, no answer to a later call. */
    readonly problems: readonly string[];
  };
}

interface Session {
  readonly client: Client;
  readonly pid: number;
  readonly tool: string;
}

/** Runs `rounds` servers for pings during the call, then `rounds` for cancelled calls. */
export async function measureMcpResponsiveness(spec: McpResponsivenessSpec): Promise<McpResponsivenessResult> {
  const absolute = path.join(spec.root, spec.file);
  const callNs: number[] = [];
  const slowest: number[] = [];
  let pings = 0;
  for (let round = 0; round < spec.rounds; round++) {
    await withSession(spec, async ({ client, tool }) => {
      const during = await pingDuring(client, () => client.callTool({ name: tool, arguments: spec.input }));
      pings += during.pings;
      callNs.push(during.callNs);
      if (during.result.isError === true) throw new Error(`read-mcp answered the long call with an error: ${JSON.stringify(during.result.content).slice(0, 300)}`);
      slowest.push(during.worstNs);
    });
  }

  const closed: number[] = [];
  const problems: string[] = [];
  for (let round = 0; round < spec.rounds; round++) {
    await withSession(spec, async ({ client, pid, tool }) => {
      const controller = new AbortController();
      const call = client.callTool({ name: tool, arguments: spec.input }, undefined, { signal: controller.signal }).then(
        () => "the call was answered before the cancellation",
        () => undefined,
      );
      await new Promise((resolve) => setTimeout(resolve, spec.cancelAfterMs));
      if (!holds(pid, absolute)) {
        problems.push(`the server had no descriptor of ${spec.file} open ${spec.cancelAfterMs} ms into the call`);
        return;
      }
      const cancelledAt = process.hrtime.bigint();
      controller.abort();
      const early = await call;
      if (early !== undefined) problems.push(early);
      const closedAt = await descriptorClosed(pid, absolute, 1000);
      if (closedAt === undefined) problems.push(`the server still had ${spec.file} open 1 s after the cancellation`);
      else closed.push(Number(closedAt - cancelledAt));
      const next = await client.callTool({ name: tool, arguments: { path: spec.warmupFile } });
      if (next.isError === true) problems.push("the call after the cancellation failed");
    });
  }

  return {
    call: JSON.stringify({ ...spec.input, path: spec.file }),
    callNs: summarize(callNs),
    slowestPingNs: summarize(slowest),
    pings,
    cancel: { afterMs: spec.cancelAfterMs, closedNs: summarize(closed.length === 0 ? [Number.NaN] : closed), problems },
  };
}

async function withSession(spec: McpResponsivenessSpec, use: (session: Session) => Promise<void>): Promise<void> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [spec.bin, "--profile", spec.profile, "--root", spec.root],
    stderr: "ignore",
  });
  const client = new Client({ name: "read-bench", version: "1.0.0" });
  await client.connect(transport);
  try {
    const pid = transport.pid;
    const tool = (await client.listTools()).tools[0]?.name;
    if (pid === null || tool === undefined) throw new Error("read-mcp started without a pid or a tool");
    const warm = await client.callTool({ name: tool, arguments: { path: spec.warmupFile } });
    if (warm.isError === true) throw new Error(`read-mcp could not read ${spec.warmupFile}: ${JSON.stringify(warm.content).slice(0, 300)}`);
    await use({ client, pid, tool });
  } finally {
    await client.close();
  }
}
