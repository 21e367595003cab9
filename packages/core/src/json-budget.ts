import { isUtf8 } from "node:buffer";
import { wholeCharacterEnd } from "./decode-lines.js";
import { jsonByteClasses } from "./json-byte-classes.js";

/**
 * The default bound of an answer's text: 256 KiB of it serialised as a JSON string, escapes counted
 * (Claude Code's `Read` answers at most 256 KB). A model cannot take much more in one answer, and a call's
 * memory follows its answer.
 */
export const DEFAULT_MAX_ANSWER_BYTES = 256 * 1024;

/**
 * The largest answer bound a configuration may set: 64 MiB serialised. A JavaScript string holds at most
 * about 512 Mi UTF-16 units, and an MCP answer writes a profile's output twice, once escaped again; 64 MiB
 * keeps every answer and its copies far from that, and a call's memory within a few hundred MiB.
 */
export const MAX_ANSWER_BYTES_CEILING = 64 * 1024 * 1024;

/** Most bytes one byte of a file may take in a JSON string: a C0 control escaped as `\u0001`. */
export const MAX_JSON_BYTES_PER_BYTE = 6;

// What each byte of a file costs in a JSON string, in UTF-8 bytes (JSON.stringify's escapes: `\"`, `\\`,
// `\b \t \n \f \r`, `\u00XX` for the other C0 controls; everything else as it is). A byte of a valid
// UTF-8 sequence costs itself. Bytes of text that is not valid UTF-8 may each decode to U+FFFD, 3 bytes,
// so there every byte over 0x7f costs 3: an upper bound, never an underestimate. `lineBytes` are added
// to a line end (LF, or a CR, which may end a line too): it starts the next line and its prefix.
function costTable(valid: boolean, lineBytes: number): Uint32Array {
  const table = new Uint32Array(256).fill(1);
  for (let byte = 0; byte < 0x20; byte++) table[byte] = 6;
  for (const byte of [0x08, 0x09, 0x0a, 0x0c, 0x0d, 0x22, 0x5c]) table[byte] = 2;
  if (!valid) table.fill(3, 0x80);
  table[0x0a] = 2 + lineBytes;
  table[0x0d] = 2 + lineBytes;
  return table;
}

const VALID_COSTS = costTable(true, 0);
const ANY_COSTS = costTable(false, 0);

/**
 * The cost of each byte of some bytes, as tables looked up by the byte's value (a closure per byte is
 * several times slower): `head` for the bytes before `whole`, `rest` for those from it.
 */
interface Costs {
  readonly whole: number;
  readonly head: Uint32Array;
  readonly rest: Uint32Array;
}

/**
 * The costs of `bytes`: exact up to their last whole character when that much is valid UTF-8; a
 * character left unfinished at the end may be replaced (or finished by bytes that follow), so its bytes
 * are priced as invalid ones.
 */
function costsOf(bytes: Uint8Array, lineBytes: number): Costs {
  const whole = wholeCharacterEnd(bytes, bytes.length);
  const valid = isUtf8(bytes.subarray(0, whole));
  const rest = lineBytes === 0 ? ANY_COSTS : costTable(false, lineBytes);
  if (!valid) return { whole, head: rest, rest };
  return { whole, head: lineBytes === 0 ? VALID_COSTS : costTable(true, lineBytes), rest };
}

function costAt(costs: Costs, bytes: Uint8Array, index: number): number {
  return (index < costs.whole ? costs.head : costs.rest)[bytes[index] ?? 0] ?? 0;
}

/**
 * At most how many bytes the text decoded from `bytes` takes in a JSON string (UTF-8, escapes counted, no
 * quotes): exact for valid UTF-8, an upper bound otherwise. `lineBytes` are added for each LF or CR.
 */
export function jsonBytesOf(bytes: Uint8Array, lineBytes = 0): number {
  const classes = jsonByteClasses(bytes);
  if (classes === undefined) {
    const { whole, head, rest } = costsOf(bytes, lineBytes);
    let total = 0;
    for (let index = 0; index < whole; index++) total += head[bytes[index] ?? 0] ?? 0;
    for (let index = whole; index < bytes.length; index++) total += rest[bytes[index] ?? 0] ?? 0;
    return total;
  }
  // The costs of costTable by class: each byte 1, a C0 control 6 but 2 for the short escapes (line ends
  // among them, which add `lineBytes`), a quote or backslash 2, a byte over 0x7f 3 where priced as invalid.
  const whole = wholeCharacterEnd(bytes, bytes.length);
  let invalid = classes.high;
  if (isUtf8(bytes.subarray(0, whole))) {
    invalid = 0;
    for (let index = whole; index < bytes.length; index++) if ((bytes[index] ?? 0) >= 0x80) invalid++;
  }
  return bytes.length + 5 * classes.control - 4 * classes.short + classes.quote + lineBytes * classes.ends + 2 * invalid;
}

/**
 * The bytes of a window counted against a bound on its JSON form, as they are collected. While six times
 * the bytes (the most a byte can cost) fits, nothing is counted: a window far below the bound, the common
 * case, costs no pass over its bytes. Past that the bytes kept so far are counted once, then each chunk's
 * bytes one by one until the bound is reached.
 */
export class JsonBudget {
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
      this.spent = this.lineBytes + jsonBytesOf(kept(), this.lineBytes);
      this.exact = true;
    }
    const part = chunk.subarray(0, length);
    const costs = costsOf(part, this.lineBytes);
    let spent = this.spent;
    let index = 0;
    for (; index < length; index++) {
      const next = spent + costAt(costs, part, index);
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
export function jsonTailStart(bytes: Uint8Array, limit: number, lineBytes = 0): number {
  if (lineBytes + bytes.length * Math.max(MAX_JSON_BYTES_PER_BYTE, 2 + lineBytes) <= limit) return 0;
  const costs = costsOf(bytes, lineBytes);
  let spent = lineBytes;
  let index = bytes.length;
  for (; index > 0; index--) {
    const next = spent + costAt(costs, bytes, index - 1);
    if (next > limit) break;
    spent = next;
  }
  return index;
}
