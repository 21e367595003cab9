import type { ChildProcess } from "node:child_process";

/**
 * Stops a child: `ask` asks it to end (a signal, or closing its input), and after `graceMs` it is killed
 * (SIGKILL). Resolves once it has exited.
 */
export function stopChild(child: ChildProcess, ask: () => void, graceMs = 2_000): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve();
      return;
    }
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("close", () => {
      clearTimeout(timer);
      resolve();
    });
    ask();
  });
}
