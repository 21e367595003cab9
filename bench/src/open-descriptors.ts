import fs from "node:fs";

/** Descriptors a process has open (`/proc/<pid>/fd`); `self` by default. */
export function openDescriptors(pid: number | "self" = "self"): number {
  return fs.readdirSync(`/proc/${pid}/fd`).length;
}

/**
 * Polls every millisecond until no descriptor of process `pid` points at `file`; resolves to the
 * `hrtime` at which none did, or undefined when one was still open after `timeoutMs`.
 */
export async function descriptorClosed(pid: number | "self", file: string, timeoutMs: number): Promise<bigint | undefined> {
  const real = fs.realpathSync(file);
  const deadline = process.hrtime.bigint() + BigInt(timeoutMs) * 1_000_000n;
  while (process.hrtime.bigint() < deadline) {
    if (!holds(pid, real)) return process.hrtime.bigint();
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return undefined;
}

/** Whether process `pid` has a descriptor open on `file` (a real path). */
export function holds(pid: number | "self", real: string): boolean {
  return fs.readdirSync(`/proc/${pid}/fd`).some((fd) => {
    try {
      return fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === real;
    } catch {
      return false;
    }
  });
}
