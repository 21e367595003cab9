import { runProcess, type Completed } from "../run-process.js";
import { ConformanceFailure } from "../suite-context.js";

/**
 * Lowers the descriptor limit (`RLIMIT_NOFILE`, soft and hard) of a running process to `limit` with
 * prlimit(1) of util-linux, without holding this process's event loop while it runs. A system without
 * prlimit, or a process it may not change, fails the check with what to install or fix: the limit cannot
 * be lowered from inside Node.
 */
export async function lowerDescriptorLimit(pid: number, limit: number): Promise<void> {
  const args = ["--pid", String(pid), `--nofile=${limit}:${limit}`];
  let completed: Completed;
  try {
    completed = await runProcess("prlimit", args, "", { timeoutMs: 10_000, label: "prlimit(1)" });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") {
      throw new ConformanceFailure("the descriptor exhaustion test lowers its child's limit with prlimit(1), which is not on PATH: install util-linux (Debian: apt-get install util-linux)");
    }
    throw error;
  }
  if (completed.code !== 0) {
    throw new ConformanceFailure(`prlimit ${args.join(" ")} ended with ${String(completed.code)}: ${completed.stderr.trim().slice(0, 300)}`);
  }
}
