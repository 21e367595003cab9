import fs from "node:fs";

/**
 * Where any thread of this process can read the processor time of the thread that calls this: on Linux,
 * that thread's `/proc/<pid>/task/<tid>/stat` (read with {@link threadCpuMs}); `null` elsewhere, or where
 * `/proc` cannot be read (a sandbox).
 */
export function threadCpuClock(): string | null {
  if (process.platform !== "linux") return null;
  try {
    const stat = `/proc/${fs.readlinkSync("/proc/thread-self")}/stat`;
    return threadCpuMs(stat) === null ? null : stat;
  } catch {
    return null;
  }
}

/**
 * Milliseconds of processor time (user and system) the thread behind `stat` (from {@link threadCpuClock}) has
 * used, in steps of 10 ms; `null` once the thread is gone.
 */
export function threadCpuMs(stat: string): number | null {
  let text: string;
  try {
    text = fs.readFileSync(stat, "latin1");
  } catch {
    return null;
  }
  // Fields 14 and 15 of proc(5), utime and stime, counted after the command's closing parenthesis (a thread's
  // name may hold spaces and parentheses), in clock ticks: USER_HZ, 100 a second on the architectures Node
  // runs on.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? ticks * 10 : null;
}
