import { SETTLE_MS, type OpenFile } from "@read/core";
import type { FileScan } from "./scan-file.js";

/** Files whose whole-file scan is remembered: the most recently read ones. */
export const SCAN_CACHE_FILES = 32;

const scans = new Map<string, FileScan>();

/**
 * The scan of a settled file read before (version, terminators, size), so that paging through a large file
 * hashes it once, not once per page. Only a complete scan of a file unchanged for {@link SETTLE_MS} is
 * kept, keyed by its identity (device, inode, size, modification and status-change times), as core keeps
 * its line indexes: any write after that changes the status-change time, which no caller can set back.
 */
export function cachedScan(file: OpenFile): FileScan | undefined {
  const key = settledKey(file);
  const scan = key === undefined ? undefined : scans.get(key);
  if (key !== undefined && scan !== undefined) {
    scans.delete(key);
    scans.set(key, scan);
  }
  return scan;
}

/**
 * Forgets every remembered scan, so that the next read of each file hashes it again: what a first read of
 * a file no cache has seen costs (the bench's first calls), as core's `clearLineIndexes` does for its
 * line indexes.
 */
export function clearScanCache(): void {
  scans.clear();
}

/** Remembers a complete scan of a settled file (see {@link cachedScan}). */
export function rememberScan(file: OpenFile, scan: FileScan): void {
  const key = settledKey(file);
  if (key === undefined || !scan.complete || scan.size !== file.stat.size) return;
  scans.set(key, scan);
  if (scans.size > SCAN_CACHE_FILES) scans.delete(scans.keys().next().value as string);
}

function settledKey({ stat }: OpenFile): string | undefined {
  if (Math.max(stat.mtimeMsExact, stat.ctimeMs) > Date.now() - SETTLE_MS) return undefined;
  return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMsExact}:${stat.ctimeMs}`;
}
