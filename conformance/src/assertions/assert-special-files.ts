import { performance } from "node:perf_hooks";
import { canCreateDevices, type FileEntry } from "../scratch-workspace.js";
import { callTool, denyIfAsked, expect, expectOutcome, windowInput, withScratch, type SuiteContext } from "../suite-context.js";

/** A special file must be refused well within this bound: it is refused on `fstat`, never read. */
export const SPECIAL_FILE_BOUND_MS = 3_000;

/**
 * ALL-special-files: a directory, a FIFO with no writer, a listening Unix socket and a character device
 * inside the root each get the declared error at once (a read that blocked would never return). The
 * device is created only where this process may call `mknod`; the notes say when it was not.
 */
export async function assertSpecialFiles(ctx: SuiteContext): Promise<readonly string[]> {
  const { oracle } = ctx;
  const devices = canCreateDevices();
  const files: Record<string, FileEntry> = { "a-dir": { directory: true }, "a-fifo": { fifo: true }, "a-socket": { socket: true } };
  if (devices) files["a-device"] = { device: true };
  await withScratch({ files }, async (workspace) => {
    const cases = [
      ["a-dir", oracle.behaviour.directory, "a directory"],
      ["a-fifo", oracle.behaviour.fifo, "a FIFO"],
      ["a-socket", oracle.behaviour.socket, "a Unix socket"],
      ...(devices ? ([["a-device", oracle.behaviour.device, "a character device"]] as const) : []),
    ] as const;
    for (const [name, outcome, what] of cases) {
      const started = performance.now();
      const called = await callTool(ctx, workspace, windowInput(oracle, name), denyIfAsked(oracle));
      const elapsed = performance.now() - started;
      expectOutcome(ctx, called, outcome, what);
      expect(elapsed < SPECIAL_FILE_BOUND_MS, `${what} is refused at once (took ${Math.round(elapsed)} ms)`, called);
    }
  });
  return devices ? [] : ["the character device case did not run: this process cannot create device nodes (mknod needs CAP_MKNOD)"];
}
