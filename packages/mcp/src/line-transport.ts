import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { MessageHeadScanner } from "./message-head-scanner.js";

const NEWLINE = 0x0a;

/** The longest line (one JSON-RPC message) the server parses: 4 MiB. */
export const DEFAULT_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

/** Options of {@link LineTransport}. */
export interface LineTransportOptions {
  /** Lines longer than this are skipped unparsed and answered with an error; default 4 MiB. */
  readonly maxMessageBytes?: number;
  /** Where one-line diagnostics go (never stdout, which carries the protocol). */
  readonly log?: (line: string) => void;
}

type Answerable = string | number | null;

/**
 * The MCP stdio transport (newline-delimited JSON-RPC) with bounded memory. The SDK's
 * `StdioServerTransport` buffers a line of any size up to 10 MB and then closes the connection; this
 * one skips an over-long line as it streams by, answers it with an `InvalidRequest` error carrying the
 * request's `id` (found by {@link MessageHeadScanner}), and keeps serving. A line that is not JSON is
 * answered with a `ParseError`, one that is not a JSON-RPC message with an `InvalidRequest`, as
 * JSON-RPC 2.0 prescribes. The transport closes when its input ends.
 */
export class LineTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: (<T extends JSONRPCMessage>(message: T) => void) | undefined;

  readonly #input: NodeJS.ReadableStream;
  readonly #output: NodeJS.WritableStream;
  readonly #maxMessageBytes: number;
  readonly #log: (line: string) => void;
  #chunks: Buffer[] = [];
  #buffered = 0;
  #skipping: { scanner: MessageHeadScanner; bytes: number } | undefined;
  #closed = false;

  constructor(input: NodeJS.ReadableStream, output: NodeJS.WritableStream, options: LineTransportOptions = {}) {
    this.#input = input;
    this.#output = output;
    this.#maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.#log = options.log ?? (() => {});
  }

  async start(): Promise<void> {
    this.#input.on("data", this.#onData);
    this.#input.on("end", this.#onEnd);
    this.#input.on("error", this.#onError);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    await this.#write(message);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#input.off("data", this.#onData);
    this.#input.off("end", this.#onEnd);
    this.#input.off("error", this.#onError);
    this.#input.pause();
    this.#chunks = [];
    this.#skipping = undefined;
    this.onclose?.();
  }

  readonly #onData = (chunk: Buffer | string): void => {
    let data = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    for (;;) {
      const newline = data.indexOf(NEWLINE);
      const piece = newline === -1 ? data : data.subarray(0, newline);
      this.#take(piece);
      if (newline === -1) return;
      this.#endLine();
      data = data.subarray(newline + 1);
    }
  };

  readonly #onEnd = (): void => {
    void this.close();
  };

  readonly #onError = (error: Error): void => {
    this.onerror?.(error);
  };

  #take(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.#skipping !== undefined) {
      this.#skipping.scanner.push(piece);
      this.#skipping.bytes += piece.length;
      return;
    }
    this.#chunks.push(piece);
    this.#buffered += piece.length;
    if (this.#buffered <= this.#maxMessageBytes) return;
    const scanner = new MessageHeadScanner();
    for (const held of this.#chunks) scanner.push(held);
    this.#skipping = { scanner, bytes: this.#buffered };
    this.#chunks = [];
    this.#buffered = 0;
  }

  #endLine(): void {
    if (this.#skipping !== undefined) {
      const { scanner, bytes } = this.#skipping;
      this.#skipping = undefined;
      this.#answerOversized(scanner, bytes);
      return;
    }
    const line = Buffer.concat(this.#chunks).toString("utf8").replace(/\r$/, "");
    this.#chunks = [];
    this.#buffered = 0;
    if (line.trim() === "") return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (error) {
      this.#log(`parse error: ${(error as Error).message}`);
      void this.#writeError(null, ErrorCode.ParseError, "Parse error: the line is not valid JSON");
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(json);
    if (!parsed.success) {
      void this.#writeError(requestId(json), ErrorCode.InvalidRequest, "Invalid Request: not a JSON-RPC 2.0 message");
      return;
    }
    this.onmessage?.(parsed.data);
  }

  #answerOversized(scanner: MessageHeadScanner, bytes: number): void {
    const { id, method } = scanner.head();
    const limit = `the limit is ${this.#maxMessageBytes} bytes`;
    // Only a request (it has both) expects an answer; a response or notification is dropped.
    if (id === undefined || method === undefined) {
      this.#log(`dropped a message of ${bytes} bytes without a request id (${limit})`);
      return;
    }
    this.#log(`refused '${method}' request ${JSON.stringify(id)}: ${bytes} bytes (${limit})`);
    void this.#writeError(id, ErrorCode.InvalidRequest, `Request too large: more than ${this.#maxMessageBytes} bytes (${bytes} received)`);
  }

  #writeError(id: Answerable, code: number, message: string): Promise<void> {
    return this.#write({ jsonrpc: "2.0", id, error: { code, message } });
  }

  #write(message: object): Promise<void> {
    if (this.#closed) return Promise.resolve();
    return new Promise((resolve) => {
      if (this.#output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.#output.once("drain", () => resolve());
    });
  }
}

function requestId(json: unknown): Answerable {
  if (typeof json !== "object" || json === null || !("id" in json)) return null;
  const { id } = json;
  return typeof id === "string" || typeof id === "number" ? id : null;
}
