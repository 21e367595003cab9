import fs from "node:fs";

/** Size of the reused read buffer: large enough for sequential throughput, small enough to stay cached. */
export const CHUNK_SIZE = 64 * 1024;

// Every core read is synchronous, so one buffer per process is never shared by two reads at once.
const shared = Buffer.allocUnsafe(CHUNK_SIZE);

/** Reads up to `length` (at most {@link CHUNK_SIZE}) bytes at `position` into the shared buffer. */
export function readChunk(fd: number, position: number, length = CHUNK_SIZE): { readonly buffer: Buffer; readonly bytes: number } {
  const bytes = fs.readSync(fd, shared, 0, Math.min(length, CHUNK_SIZE), position);
  return { buffer: shared, bytes };
}
