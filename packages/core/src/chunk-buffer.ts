import fs from "node:fs";

/** Size of the reused read buffer: large enough for sequential throughput, small enough to stay cached. */
export const CHUNK_SIZE = 64 * 1024;

// Every core read is synchronous, so one buffer per process is never shared by two reads at once.
const shared = Buffer.allocUnsafe(CHUNK_SIZE);

// What the shared buffer holds: bytes [heldAt, heldAt + held) of descriptor `heldFd`, and whether the
// file was seen to end there. Serving a later read of that range from it is the same as having read it at
// once, so the sniff, the BOM check and the first window chunk of a small file cost one pread.
let heldFd = -1;
let heldAt = 0;
let held = 0;
let heldToEof = false;

// Descriptors opened by `openFile`, with their size at open: a short read that ends exactly there
// proves the end of the file (a `/proc` file says size 0 and short reads prove nothing there).
const sizeAtOpen = new Map<number, number>();

/** Reads up to `length` (at most {@link CHUNK_SIZE}) bytes at `position` into the shared buffer. */
export function readChunk(fd: number, position: number, length = CHUNK_SIZE): { readonly buffer: Buffer; readonly bytes: number } {
  const wanted = Math.min(length, CHUNK_SIZE);
  if (fd === heldFd && position >= heldAt) {
    const offset = position - heldAt;
    const available = held - offset;
    if (available >= wanted || (heldToEof && available >= 0)) {
      return { buffer: offset === 0 ? shared : shared.subarray(offset), bytes: Math.min(wanted, available) };
    }
  }
  heldFd = -1;
  const bytes = fs.readSync(fd, shared, 0, wanted, position);
  const size = sizeAtOpen.get(fd);
  heldFd = size === undefined ? -1 : fd;
  heldAt = position;
  held = bytes;
  heldToEof = bytes < wanted && size !== undefined && size > 0 && position + bytes === size;
  return { buffer: shared, bytes };
}

/** Whether the shared buffer holds the end of `fd`'s file and it lies at `position`: a read there gets 0 bytes. */
export function knownToEnd(fd: number, position: number): boolean {
  return fd === heldFd && heldToEof && position === heldAt + held;
}

/** Starts tracking a freshly opened descriptor (its number may have been used before: nothing held is kept). */
export function adoptDescriptor(fd: number, size: number): void {
  if (heldFd === fd) heldFd = -1;
  sizeAtOpen.set(fd, size);
}

/** Forgets a descriptor before it is closed. */
export function releaseDescriptor(fd: number): void {
  if (heldFd === fd) heldFd = -1;
  sizeAtOpen.delete(fd);
}
