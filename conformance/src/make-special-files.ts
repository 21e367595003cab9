import { runProcess } from "./run-process.js";

/** A special file to create: a FIFO, or a character or block device with its numbers. */
export type SpecialFile =
  | { readonly fifo: string }
  | { readonly device: string; readonly kind: "c" | "b"; readonly major: number; readonly minor: number };

/** How long `mkfifo` or `mknod` may take (they are instant; a loaded machine starts them late). */
const TIMEOUT_MS = 30_000;

/**
 * Creates special files with `mkfifo` (one run for all FIFOs) and `mknod` (one per device), in child
 * processes this process waits for without holding its event loop: a synchronous spawn of the test
 * process costs tens of milliseconds on a loaded machine, and the FIFO swarm's sixteen in a row held the
 * loop long enough for a check running beside it to report a hang. Rejects with the program's message
 * when one fails (`mknod` needs `CAP_MKNOD`, in practice root).
 */
export async function makeSpecialFiles(files: readonly SpecialFile[]): Promise<void> {
  const fifos = files.flatMap((file) => ("fifo" in file ? [file.fifo] : []));
  const runs = [
    ...files.flatMap((file) => ("device" in file ? [{ program: "mknod", args: [file.device, file.kind, String(file.major), String(file.minor)] }] : [])),
    ...(fifos.length === 0 ? [] : [{ program: "mkfifo", args: fifos }]),
  ];
  await Promise.all(
    runs.map(async ({ program, args }) => {
      const done = await runProcess(program, args, "", { timeoutMs: TIMEOUT_MS, label: program });
      if (done.code !== 0) throw new Error(`${program} ${args.join(" ")} failed (exit ${String(done.code)}): ${done.stderr.trim()}`);
    }),
  );
}
