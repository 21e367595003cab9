const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

// Keys and values longer than this are not an `id` or a `method` worth answering with.
const MAX_CAPTURE = 256;
const WANTED = new Set(["id", "method"]);

/** The `id` and `method` members of a JSON-RPC message, when they are short scalars. */
export interface MessageHead {
  readonly id: string | number | undefined;
  readonly method: string | undefined;
}

/**
 * Reads the top-level `id` and `method` of one JSON object streamed in chunks, keeping only those two
 * members' text: how an over-long line is answered with an error carrying its request id, without ever
 * holding the line. Members may come in any order (SDK clients send `id` last, after `params`).
 * Anything it cannot make sense of leaves the member `undefined`.
 */
export class MessageHeadScanner {
  #depth = 0;
  #inString = false;
  #escaped = false;
  #phase: "key" | "colon" | "value" = "key";
  #key: number[] = [];
  #value: number[] = [];
  #member: string | undefined;
  readonly #found = new Map<string, string>();

  /** Feeds the next bytes of the line (without its newline). */
  push(bytes: Uint8Array): void {
    for (const byte of bytes) this.#step(byte);
  }

  /** What the bytes so far said; call once the line has ended. */
  head(): MessageHead {
    if (this.#depth === 1 && this.#phase === "value") this.#endValue();
    const id = parseScalar(this.#found.get("id"));
    const method = parseScalar(this.#found.get("method"));
    return {
      id: typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : undefined,
      method: typeof method === "string" ? method : undefined,
    };
  }

  #step(byte: number): void {
    const topLevel = this.#depth === 1;
    if (this.#inString) {
      if (topLevel && this.#phase === "key") this.#capture(this.#key, byte);
      else this.#captureValue(byte);
      if (this.#escaped) this.#escaped = false;
      else if (byte === BACKSLASH) this.#escaped = true;
      else if (byte === QUOTE) {
        this.#inString = false;
        if (topLevel && this.#phase === "key") this.#endKey();
      }
      return;
    }
    switch (byte) {
      case QUOTE:
        this.#inString = true;
        if (topLevel && this.#phase === "key") {
          this.#key = [byte];
          return;
        }
        this.#captureValue(byte);
        return;
      case OPEN_BRACE:
      case OPEN_BRACKET:
        if (this.#depth > 0) this.#captureValue(byte);
        this.#depth += 1;
        return;
      case CLOSE_BRACE:
      case CLOSE_BRACKET:
        this.#depth -= 1;
        if (this.#depth === 0) this.#endValue();
        else this.#captureValue(byte);
        return;
      case COLON:
        if (topLevel && this.#phase === "colon") {
          this.#phase = "value";
          this.#value = [];
          return;
        }
        this.#captureValue(byte);
        return;
      case COMMA:
        if (topLevel) {
          this.#endValue();
          this.#phase = "key";
          return;
        }
        this.#captureValue(byte);
        return;
      default:
        this.#captureValue(byte);
    }
  }

  #endKey(): void {
    const key = parseScalar(Buffer.from(this.#key).toString("utf8"));
    this.#member = typeof key === "string" && WANTED.has(key) ? key : undefined;
    this.#phase = "colon";
  }

  #endValue(): void {
    if (this.#phase === "value" && this.#member !== undefined && this.#value.length <= MAX_CAPTURE) {
      this.#found.set(this.#member, Buffer.from(this.#value).toString("utf8"));
    }
    this.#member = undefined;
    this.#phase = "key";
  }

  #captureValue(byte: number): void {
    if (this.#phase === "value" && this.#member !== undefined) this.#capture(this.#value, byte);
  }

  #capture(into: number[], byte: number): void {
    // One byte past the cap marks the member as too long without growing further.
    if (into.length <= MAX_CAPTURE) into.push(byte);
  }
}

function parseScalar(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
