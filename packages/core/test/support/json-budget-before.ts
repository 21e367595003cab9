// The answer-bound pricing of json-budget.ts as it was before its SIMD byte classes (commit aaaa995), kept
// as the reference test/json-budget-unchanged.test.ts compares today's with: same results, byte for byte.
import { isUtf8 } from "node:buffer";
import { wholeCharacterEnd } from "../../src/decode-lines.js";

const MAX_JSON_BYTES_PER_BYTE = 6;

function costTable(valid: boolean): Uint8Array {
  const table = new Uint8Array(256).fill(1);
  for (let byte = 0; byte < 0x20; byte++) table[byte] = 6;
  for (const byte of [0x08, 0x09, 0x0a, 0x0c, 0x0d, 0x22, 0x5c]) table[byte] = 2;
  if (!valid) table.fill(3, 0x80);
  return table;
}

const VALID_COSTS = costTable(true);
const ANY_COSTS = costTable(false);

/**
 * The cost of each byte of `bytes`: exact up to their last whole character when that much is valid UTF-8;
 * a character left unfinished at the end may be replaced (or finished by bytes that follow), so its bytes
 * are priced as invalid ones.
 */
function costsOf(bytes: Uint8Array, lineBytes = 0): (index: number) => number {
  const whole = wholeCharacterEnd(bytes, bytes.length);
  const costs = isUtf8(bytes.subarray(0, whole)) ? VALID_COSTS : ANY_COSTS;
  if (lineBytes === 0) return (index) => ((index < whole ? costs : ANY_COSTS)[bytes[index] ?? 0] ?? 0);
  // A line end (LF, or a CR, which may end a line too) starts the next line and its prefix.
  return (index) => {
    const byte = bytes[index] ?? 0;
    return ((index < whole ? costs : ANY_COSTS)[byte] ?? 0) + (byte === 0x0a || byte === 0x0d ? lineBytes : 0);
  };
}

/**
 * At most how many bytes the text decoded from `bytes` takes in a JSON string (UTF-8, escapes counted, no
 * quotes): exact for valid UTF-8, an upper bound otherwise. `lineBytes` are added for each LF or CR.
 */
export function jsonBytesOfBefore(bytes: Uint8Array, lineBytes = 0): number {
  const cost = costsOf(bytes, lineBytes);
  let total = 0;
  for (let index = 0; index < bytes.length; index++) total += cost(index);
  return total;
}

/**
 * The bytes of a window counted against a bound on its JSON form, as they are collected. While six times
 * the bytes (the most a byte can cost) fits, nothing is counted: a window far below the bound, the common
 * case, costs no pass over its bytes. Past that the bytes kept so far are counted once, then each chunk's
 * bytes one by one until the bound is reached.
 */
export class JsonBudgetBefore {
  // The cost of the bytes kept so far: exact once `exact`, an upper bound (the most per byte) before.
  private spent: number;
  private exact = false;
  private readonly perByte: number;

  /** `lineBytes`: what the caller adds to each line (a line number prefix), counted per line. */
  constructor(
    readonly limit: number,
    private readonly lineBytes = 0,
  ) {
    this.spent = lineBytes;
    this.perByte = Math.max(MAX_JSON_BYTES_PER_BYTE, 2 + lineBytes);
  }

  /**
   * How many of the first `length` bytes of `chunk` still fit, the window's bytes so far being `kept()`;
   * those are counted as kept.
   */
  fit(chunk: Uint8Array, length: number, kept: () => Uint8Array): number {
    if (!this.exact) {
      if (this.spent + length * this.perByte <= this.limit) {
        this.spent += length * this.perByte;
        return length;
      }
      this.spent = this.lineBytes + jsonBytesOfBefore(kept(), this.lineBytes);
      this.exact = true;
    }
    const cost = costsOf(chunk.subarray(0, length), this.lineBytes);
    let spent = this.spent;
    let index = 0;
    for (; index < length; index++) {
      const next = spent + cost(index);
      if (next > this.limit) break;
      spent = next;
    }
    this.spent = spent;
    return index;
  }
}

/**
 * Where a tail of `bytes` may start so that the text from there fits `limit` bytes as a JSON string, with
 * `lineBytes` for each of its lines: the smallest such offset (`bytes.length` when not one byte fits).
 */
export function jsonTailStartBefore(bytes: Uint8Array, limit: number, lineBytes = 0): number {
  if (lineBytes + bytes.length * Math.max(MAX_JSON_BYTES_PER_BYTE, 2 + lineBytes) <= limit) return 0;
  const cost = costsOf(bytes, lineBytes);
  let spent = lineBytes;
  let index = bytes.length;
  for (; index > 0; index--) {
    const next = spent + cost(index - 1);
    if (next > limit) break;
    spent = next;
  }
  return index;
}
