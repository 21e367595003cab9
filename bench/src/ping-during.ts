import type { Client } from "@modelcontextprotocol/sdk/client/index.js";

/** What pinging a server during one of its calls saw. */
export interface PingsDuring<T> {
  /** The call's own result. */
  readonly result: T;
  /** The call's time, from its start to its answer, in nanoseconds. */
  readonly callNs: number;
  /** The slowest ping's round trip, in nanoseconds (0 when the call ended before any was sent). */
  readonly worstNs: number;
  readonly pings: number;
}

/**
 * Starts `call` on `client`'s server and pings that server, one ping after another, until the call settles:
 * back to back, or `gapMs` after each answer.
 */
export async function pingDuring<T>(client: Client, call: () => Promise<T>, gapMs = 0): Promise<PingsDuring<T>> {
  let done = false;
  const started = process.hrtime.bigint();
  const pending = call().finally(() => {
    done = true;
  });
  let worstNs = 0;
  let pings = 0;
  while (!done) {
    if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
    const sent = process.hrtime.bigint();
    await client.ping();
    worstNs = Math.max(worstNs, Number(process.hrtime.bigint() - sent));
    pings++;
  }
  const result = await pending;
  return { result, callNs: Number(process.hrtime.bigint() - started), worstNs, pings };
}
