import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach } from "vitest";

/**
 * A child process blocked in `open(fifo, O_WRONLY)`: the open returns only once someone opens the FIFO
 * for reading, so the writer reveals whether anything opened the file.
 */
export interface FifoWriter {
  /** Waits up to `timeoutMs` for the writer's open to return; whether it did. */
  opened(timeoutMs: number): Promise<boolean>;
  /** Opens the FIFO for reading (the control: the writer must then report); whether it reported. */
  release(): Promise<boolean>;
}

const running = new Set<ChildProcess>();

afterEach(() => {
  for (const child of running) child.kill();
  running.clear();
});

export async function fifoWriter(fifo: string): Promise<FifoWriter> {
  const child = spawn(process.execPath, ["-e", "process.stdout.write('ready;'); require('fs').openSync(process.argv[1], 'w'); process.stdout.write('opened')", fifo], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  running.add(child);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const saw = async (text: string, timeoutMs: number) => {
    for (let waited = 0; !output.includes(text) && waited < timeoutMs; waited += 20) await sleep(20);
    return output.includes(text);
  };
  // The child must be blocked in open before the test acts, or a quick open-and-close by the tool would
  // be missed: the kernel names where it sleeps (Linux: `wait_for_partner`, waiting for a reader).
  if (!(await saw("ready;", 10_000))) throw new Error("the FIFO writer did not start");
  const wchan = `/proc/${child.pid}/wchan`;
  for (let waited = 0; fs.readFileSync(wchan, "utf8") !== "wait_for_partner"; waited += 20) {
    if (waited > 10_000) throw new Error(`the FIFO writer is not blocked in open (wchan: ${fs.readFileSync(wchan, "utf8")})`);
    await sleep(20);
  }
  return {
    opened: (timeoutMs) => saw("opened", timeoutMs),
    async release() {
      const fd = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
      try {
        return await saw("opened", 10_000);
      } finally {
        fs.closeSync(fd);
      }
    },
  };
}
