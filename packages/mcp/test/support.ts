import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { makeTempDir } from "../../../vitest.temp-dirs.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema, type ElicitRequest, type ElicitResult } from "@modelcontextprotocol/sdk/types.js";

const here = path.dirname(fileURLToPath(import.meta.url));

/** The built `read-tool` binary, as users run it. */
export const READ_TOOL = path.resolve(here, "..", "..", "cli", "bin", "read-tool.js");
/** The built `read-mcp` binary of this package (what `npx @read/mcp` runs). */
export const READ_MCP = path.resolve(here, "..", "bin", "read-mcp.js");

/** A fresh temporary directory holding `files` (POSIX paths to UTF-8 contents), removed after the test file's last test. */
export function makeWorkspace(files: Record<string, string>): string {
  const root = makeTempDir("read-mcp-");
  for (const [name, text] of Object.entries(files)) {
    const target = path.join(root, name);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, text);
  }
  return root;
}

/** What `read-tool call ARGS JSON` prints, parsed. */
export function readToolCall(args: readonly string[], input: unknown): unknown {
  const run = spawnSync(process.execPath, [READ_TOOL, "call", ...args, JSON.stringify(input)], { encoding: "utf8", timeout: 20_000 });
  if (run.status !== 0) throw new Error(`read-tool call failed (${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout);
}

/** A JSON value with its timing fields zeroed (`time_ms`, `(Took Nms)`), which differ between runs. */
export function maskTime(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value).replace(/"time_ms":\d+/g, '"time_ms":0').replace(/\(Took \d+ms\)/g, "(Took 0ms)"));
}

/** How the test client answers elicitation requests; `undefined` declares no elicitation capability. */
export type Elicit = ((request: ElicitRequest["params"]) => ElicitResult) | undefined;

/** A connected SDK client and the server's stderr, as a host application sees them. */
export interface Connection {
  readonly client: Client;
  readonly stderr: () => string;
  readonly close: () => Promise<void>;
}

/**
 * Spawns `command` (a built binary and its arguments) as an MCP stdio server and connects the SDK's own
 * `Client` to it, with form elicitation when `elicit` is given, in `cwd` when given.
 */
export async function connect(command: readonly string[], elicit?: Elicit, cwd?: string): Promise<Connection> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [...command], stderr: "pipe", ...(cwd === undefined ? {} : { cwd }) });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const client = new Client({ name: "read-mcp-test", version: "1.0.0" }, { capabilities: elicit === undefined ? {} : { elicitation: { form: {} } } });
  if (elicit !== undefined) client.setRequestHandler(ElicitRequestSchema, (request) => elicit(request.params));
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

/** A server spoken to line by line, for what the SDK client never sends (bad JSON, huge lines). */
export interface RawSession {
  /** Writes one line (a newline is added). */
  send(line: string): void;
  /** The next line the server writes, parsed. */
  next(): Promise<unknown>;
  /** Ends stdin and resolves to the exit code. */
  end(): Promise<number | null>;
}

/** Spawns `command` (a built binary and its arguments) with piped stdio. */
export function rawSession(command: readonly string[]): RawSession {
  const child = spawn(process.execPath, [...command], { stdio: ["pipe", "pipe", "pipe"] });
  const lines: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  let pending = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    pending += chunk;
    for (let newline = pending.indexOf("\n"); newline !== -1; newline = pending.indexOf("\n")) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      const waiter = waiting.shift();
      if (waiter === undefined) lines.push(line);
      else waiter(line);
    }
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    send: (line) => {
      child.stdin.write(`${line}\n`);
    },
    next: async () => {
      const line = lines.shift() ?? (await new Promise<string>((resolve) => waiting.push(resolve)));
      return JSON.parse(line);
    },
    end: () => {
      child.stdin.end();
      return exited;
    },
  };
}
