import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

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
 * one skips an over-long line as it streams by, keeping only its first and last bytes, answers it with
 * an `InvalidRequest` error, and keeps serving. The error carries the request's `id` when the line
 * starts or ends with it as a top-level member (SDK clients write it last), so the caller's request
 * fails at once instead of waiting; otherwise `id` is `null`, as JSON-RPC 2.0 says for a request whose id
 * could not be read. A line that is not JSON is answered with a `ParseError`, one that is not a JSON-RPC
 * message with an `InvalidRequest`. The transport closes when its input ends.
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
  /** The over-long line being skipped: its size, and its first and last bytes (where an `id` may be). */
  #skipped: { bytes: number; head: Buffer; tail: Buffer } | undefined;
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
    this.#skipped = undefined;
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
    if (this.#skipped !== undefined) {
      this.#skipped.bytes += piece.length;
      this.#skipped.tail = lastBytes(Buffer.concat([this.#skipped.tail, piece]));
      return;
    }
    this.#chunks.push(piece);
    this.#buffered += piece.length;
    if (this.#buffered <= this.#maxMessageBytes) return;
    const held = Buffer.concat(this.#chunks);
    this.#skipped = { bytes: this.#buffered, head: held.subarray(0, EDGE_BYTES), tail: lastBytes(held) };
    this.#chunks = [];
    this.#buffered = 0;
  }

  #endLine(): void {
    if (this.#skipped !== undefined) {
      const { bytes, head, tail } = this.#skipped;
      this.#skipped = undefined;
      const id = edgeId(head, tail);
      this.#log(`refused a message of ${bytes} bytes${id === null ? "" : ` (request ${JSON.stringify(id)})`} (the limit is ${this.#maxMessageBytes} bytes)`);
      void this.#writeError(id, ErrorCode.InvalidRequest, `Request too large: more than ${this.#maxMessageBytes} bytes (${bytes} received)`);
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

/** How many bytes at each end of an over-long line are kept to find its `id`. */
const EDGE_BYTES = 256;

// A scalar id as the top-level object's first member after `jsonrpc`/`method` strings (`{"id":5,` or
// `{"jsonrpc":"2.0","id":5,`), or as its last member (`,"id":5}` closing the line): nested objects
// close with more braces, so an `id` inside `params` matches neither.
const HEAD_ID = /^\s*\{\s*(?:"(?:jsonrpc|method)"\s*:\s*"[^"\\]*"\s*,\s*)*"id"\s*:\s*(-?\d+|"[^"\\]*")\s*[,}]/u;
const TAIL_ID = /[,{]\s*"id"\s*:\s*(-?\d+|"[^"\\]*")\s*\}\s*$/u;

function edgeId(head: Buffer, tail: Buffer): Answerable {
  const found = HEAD_ID.exec(head.toString("latin1")) ?? TAIL_ID.exec(tail.toString("latin1"));
  if (found?.[1] === undefined) return null;
  const id: unknown = JSON.parse(found[1]);
  return typeof id === "number" ? (Number.isSafeInteger(id) ? id : null) : typeof id === "string" ? Buffer.from(id, "latin1").toString("utf8") : null;
}

function lastBytes(buffer: Buffer): Buffer {
  return buffer.length <= EDGE_BYTES ? buffer : buffer.subarray(buffer.length - EDGE_BYTES);
}

function requestId(json: unknown): Answerable {
  if (typeof json !== "object" || json === null || !("id" in json)) return null;
  const { id } = json;
  return typeof id === "string" || typeof id === "number" ? id : null;
}
