import { isUtf8 } from "node:buffer";
import { wholeCharacterEnd, wholeCharacterStart } from "./decode-lines.js";

const EMPTY = Buffer.alloc(0);

/**
 * Whether a stream of bytes, fed in order in pieces of any size, is valid UTF-8: a character split
 * between two pieces is checked once both are there (at most three bytes are carried over), and one left
 * unfinished at the end makes the stream invalid.
 */
export class Utf8Check {
  private carry: Buffer = EMPTY;
  private invalid = false;

  /** Checks the next bytes of the stream. */
  feed(bytes: Uint8Array): void {
    if (this.invalid || bytes.length === 0) return;
    let from = 0;
    if (this.carry.length > 0) {
      // The continuation bytes that finish the carried character (a non-continuation byte ends it).
      from = wholeCharacterStart(bytes, 0, bytes.length);
      const head = Buffer.concat([this.carry, bytes.subarray(0, from)]);
      if (from === bytes.length && wholeCharacterEnd(head, head.length) === 0 && head.length < 4) {
        this.carry = head;
        return;
      }
      this.carry = EMPTY;
      if (!isUtf8(head)) {
        this.invalid = true;
        return;
      }
    }
    const end = wholeCharacterEnd(bytes, bytes.length);
    if (end < from || !isUtf8(bytes.subarray(from, end))) {
      this.invalid = true;
      return;
    }
    this.carry = end === bytes.length ? EMPTY : Buffer.from(bytes.subarray(end));
  }

  /** Whether everything fed is valid UTF-8, as a whole stream (a character left unfinished is not). */
  get valid(): boolean {
    return !this.invalid && this.carry.length === 0;
  }
}
