import { createHash } from "node:crypto";
import fs from "node:fs";
import { countNewlines as coreCountNewlines } from "@read/core";

const CHUNK = 64 * 1024;
const chunk = Buffer.allocUnsafe(CHUNK);
const LF = 0x0a;

/** The least work a read obliges: the window's bytes, the newlines before `countTo` when it must count, and the decoding or hash its answer needs. */
export interface FloorSpec {
  /** Absolute path. */
  readonly file: string;
  /** Byte range of the window, [from, to). */
  readonly from: number;
  readonly to: number;
  /**
   * Newlines in [0, countTo) are counted: 0 when the window's offset is known, the window's start when
   * finding it takes a scan, the file's size when the spec reports a total line count.
   */
  readonly countTo: number;
  /** The window is decoded to a string (UTF-8) as well, as a read that answers with a whole file must. */
  readonly decode?: boolean;
  /** The counted bytes are hashed with SHA-256 as well, as a first read that reports the file's version must (agent). */
  readonly hash?: boolean;
}

/**
 * Returns the floor operation of `spec`: synchronous open + fstat + pread of the window (into a buffer
 * allocated once) + close, the window decoded to a string with `decode`, plus a newline count of [0, countTo) (and their SHA-256 with `hash`) read in 64 KiB chunks with core's
 * `countNewlines` (WebAssembly SIMD, the fastest counter at hand). Bytes of the window met while counting are copied, never read twice.
 */
export function floorOp(spec: FloorSpec): () => number {
  const window = Buffer.allocUnsafe(Math.max(0, spec.to - spec.from));
  return () => {
    const fd = fs.openSync(spec.file, fs.constants.O_RDONLY);
    try {
      fs.fstatSync(fd);
      let newlines = 0;
      let position = 0;
      const digest = spec.hash === true ? createHash("sha256") : undefined;
      while (position < spec.countTo) {
        const bytes = fs.readSync(fd, chunk, 0, Math.min(CHUNK, spec.countTo - position), position);
        if (bytes === 0) break;
        newlines += coreCountNewlines(chunk.subarray(0, bytes));
        digest?.update(chunk.subarray(0, bytes));
        const overlapFrom = Math.max(position, spec.from);
        const overlapTo = Math.min(position + bytes, spec.to);
        if (overlapTo > overlapFrom) chunk.copy(window, overlapFrom - spec.from, overlapFrom - position, overlapTo - position);
        position += bytes;
      }
      const rest = Math.max(spec.from, Math.min(position, spec.to));
      let at = rest;
      while (at < spec.to) {
        const bytes = fs.readSync(fd, window, at - spec.from, spec.to - at, at);
        if (bytes === 0) break;
        at += bytes;
      }
      // The digest's first byte joins the result, so that no hash is left unused.
      const hashed = digest === undefined ? 0 : (digest.digest()[0] ?? 0);
      return (spec.decode === true ? newlines + window.toString("utf8").length : newlines) + hashed;
    } finally {
      fs.closeSync(fd);
    }
  };
}

/**
 * The floor of a default window that holds a whole small file, as envelope returns it with its total
 * line count: open + fstat + 64 KiB `pread`s of the file's bytes (the size `fstat` gave) with their
 * newlines counted + close. With `checks`, the syscalls the security rules add to any read
 * (`security-rules.md` 1, 6 and 8): the path is resolved by the kernel (`realpath`), opened with
 * `O_NOFOLLOW | O_NONBLOCK`, and the descriptor is looked up in `/proc/self/fd` (only their cost counts
 * here, not their outcome). Returns the file's newline count.
 */
export function floorOfWholeFile(file: string, checks: boolean): number {
  const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK } = fs.constants;
  const fd = checks ? fs.openSync(fs.realpathSync.native(file), O_RDONLY | O_NOFOLLOW | O_NONBLOCK) : fs.openSync(file, O_RDONLY);
  try {
    const { size } = fs.fstatSync(fd);
    if (checks) fs.readlinkSync(`/proc/self/fd/${fd}`);
    let newlines = 0;
    for (let position = 0; position < size; ) {
      const bytes = fs.readSync(fd, chunk, 0, Math.min(CHUNK, size - position), position);
      if (bytes === 0) break;
      newlines += coreCountNewlines(chunk.subarray(0, bytes));
      position += bytes;
    }
    return newlines;
  } finally {
    fs.closeSync(fd);
  }
}

/** Newlines in the first `length` bytes of `buffer`, found with `Buffer.indexOf`. */
export function countNewlines(buffer: Buffer, length = buffer.length): number {
  const view = length === buffer.length ? buffer : buffer.subarray(0, length);
  let count = 0;
  let from = 0;
  for (;;) {
    const at = view.indexOf(LF, from);
    if (at === -1) return count;
    count++;
    from = at + 1;
  }
}

/** Byte offset of the start of 1-based line `line` in `bytes` (its length when the file has fewer lines). */
export function lineStart(bytes: Buffer, line: number): number {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const at = bytes.indexOf(LF, offset);
    if (at === -1) return bytes.length;
    offset = at + 1;
  }
  return offset;
}
