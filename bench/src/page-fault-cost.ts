import { summarize } from "./stats.js";

const PAGE = 4096;
// Far above glibc's largest mmap threshold (32 MiB): every buffer is a fresh mapping, its pages untouched.
const BYTES = 64 * 1024 * 1024;

/**
 * What one minor page fault costs on this machine, in nanoseconds: the median over `rounds` fresh 64 MiB
 * buffers of the time to touch each page once, divided by the faults counted meanwhile. A call that V8
 * gives newly mapped memory (a string of over 128 KiB goes to its own pages, mapped for it and unmapped
 * when it is collected) pays this for every 4 KiB it writes; on a virtual machine that traps each fault
 * into its hypervisor it is far dearer than on bare metal. `null` when touching caused no fault (a kernel
 * that maps huge pages for anonymous memory).
 */
export function pageFaultCostNs(rounds = 5): number | null {
  const perFault: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const buffer = Buffer.allocUnsafeSlow(BYTES);
    const faultsBefore = process.resourceUsage().minorPageFault;
    const start = process.hrtime.bigint();
    for (let at = 0; at < BYTES; at += PAGE) buffer[at] = 1;
    const ns = Number(process.hrtime.bigint() - start);
    const faults = process.resourceUsage().minorPageFault - faultsBefore;
    if (faults > 0) perFault.push(ns / faults);
  }
  return perFault.length === 0 ? null : summarize(perFault).median;
}
