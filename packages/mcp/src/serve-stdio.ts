import { quoteText } from "@read/core";
import { createReadServer, type ReadServerOptions } from "./create-read-server.js";
import { LineTransport } from "./line-transport.js";

/** Options of {@link serveStdio}: the server's, and the streams it speaks over (the process's by default). */
export interface ServeStdioOptions<Options extends object = object> extends ReadServerOptions<Options> {
  readonly stdin?: NodeJS.ReadableStream;
  readonly stdout?: NodeJS.WritableStream;
  /** Where one-line diagnostics go; stdout carries only the protocol. */
  readonly stderr?: NodeJS.WritableStream;
  /**
   * The program and its version (`read-mcp 0.1.0`): when given, one line on stderr says what is served
   * before the first message is read, so a client's log shows which server, profile and root it started.
   */
  readonly announceAs?: string;
}

/**
 * Serves the profile's tool over stdio (newline-delimited JSON-RPC, the MCP stdio transport) until the
 * input ends. Resolves when the connection is closed.
 */
export async function serveStdio<Options extends object>(options: ServeStdioOptions<Options>): Promise<void> {
  const stderr = options.stderr ?? process.stderr;
  const log = (line: string) => void stderr.write(`read-mcp: ${line}\n`);
  const server = createReadServer(options);
  if (options.announceAs !== undefined) {
    stderr.write(`${options.announceAs}: MCP server on stdio, profile ${options.module.name}, root ${quoteText(options.root)}\n`);
  }
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  server.onerror = (error) => log(error.message);
  await server.connect(new LineTransport(options.stdin ?? process.stdin, options.stdout ?? process.stdout, { log }));
  await closed;
}
