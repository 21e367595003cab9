import { performance } from "node:perf_hooks";
import { canCreateDevices, type FileEntry } from "../scratch-workspace.js";
import { callTool, denyIfAsked, expect, expectOutcome, windowInput, withScratch, type SuiteContext } from "../suite-context.js";

/**
 * A special file must be refused within this bound beyond what a read of a small regular file takes
 * through the same adapter (a subprocess pays for starting a process on every call): it is refused on
 * `fstat`, never read, while a read that blocked would never return.
 */
export const SPECIAL_FILE_BOUND_MS = 3_000;

/**
 * ALL-special-files: a directory, a FIFO with no writer, a listening Unix socket and a character device
 * inside the root each get the declared error at once: within {@link SPECIAL_FILE_BOUND_MS} plus three
 * times what a read of a small regular file took just before. The device is created only where this
 * process may call `mknod`; the notes say when it was not.
 */
export async function assertSpecialFiles(ctx: SuiteContext): Promise<readonly string[]> {
  const { oracle } = ctx;
  const devices = await canCreateDevices();
  const files: Record<string, FileEntry> = { "control.txt": { text: "control\n" }, "a-dir": { directory: true }, "a-fifo": { fifo: true }, "a-socket": { socket: true } };
  if (devices) files["a-device"] = { device: true };
  await withScratch({ files }, async (workspace) => {
    const cases = [
      ["a-dir", oracle.behaviour.directory, "a directory"],
      ["a-fifo", oracle.behaviour.fifo, "a FIFO"],
      ["a-socket", oracle.behaviour.socket, "a Unix socket"],
      ...(devices ? ([["a-device", oracle.behaviour.device, "a character device"]] as const) : []),
    ] as const;
    const controlStarted = performance.now();
    const control = await callTool(ctx, workspace, windowInput(oracle, "control.txt"), denyIfAsked(oracle));
    const bound = SPECIAL_FILE_BOUND_MS + 3 * (performance.now() - controlStarted);
    expect(!ctx.read.isError(control.output), "a regular file next to the special files is read", control);
    for (const [name, outcome, what] of cases) {
      const started = performance.now();
      const called = await callTool(ctx, workspace, windowInput(oracle, name), denyIfAsked(oracle));
      const elapsed = performance.now() - started;
      expectOutcome(ctx, called, outcome, what);
      expect(elapsed < bound, `${what} is refused at once (took ${Math.round(elapsed)} ms; bound ${Math.round(bound)} ms)`, called);
    }
  });
  return devices ? [] : ["the character device case did not run: this process cannot create device nodes (mknod needs CAP_MKNOD)"];
}
