import fs from "node:fs";

const { O_WRONLY, O_NONBLOCK } = fs.constants;

/** Opens `fifo` for writing, which completes a pending open of it; `undefined` when nobody has it open for reading. */
export function connectWriter(fifo: string): number | undefined {
  try {
    return fs.openSync(fifo, O_WRONLY | O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENXIO") return undefined;
    throw error;
  }
}

/**
 * {@link connectWriter} once a reader waits on `fifo`: an open that blocks runs on a thread of libuv's pool,
 * which other work of a loaded test process may still hold when the test gets here. Rejects after
 * `timeoutMs` without one.
 */
export async function writerWhenReaderWaits(fifo: string, timeoutMs = 10_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const writer = connectWriter(fifo);
    if (writer !== undefined) return writer;
    if (performance.now() - started > timeoutMs) throw new Error(`nobody opened ${fifo} for reading within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Resolves once the reading end of `writer`'s FIFO is closed (a write then fails with EPIPE). */
export async function readerClosed(writer: number): Promise<boolean> {
  for (let i = 0; i < 200; i++) {
    try {
      fs.writeSync(writer, "x");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EPIPE") return true;
      throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}
