import { callTool, denyIfAsked, expectOutcome, windowInput, withScratch, type SuiteContext } from "../suite-context.js";

/**
 * A missing file, a missing file in a missing directory, and a dangling symlink inside the root (the
 * declared `finalSymlink` outcome for a profile that never follows a link as the last component).
 */
export async function assertNotFound(ctx: SuiteContext): Promise<void> {
  const { oracle } = ctx;
  const layout = { files: { "present.txt": { text: "here\n" }, "dangling-in": { symlink: "gone.txt" } } };
  await withScratch(layout, async (workspace) => {
    for (const name of ["missing.txt", "no/such/dir/file.txt", "dangling-in"]) {
      const called = await callTool(ctx, workspace, windowInput(oracle, name), denyIfAsked(oracle));
      const outcome = name === "dangling-in" ? (oracle.behaviour.finalSymlink ?? oracle.behaviour.notFound) : oracle.behaviour.notFound;
      expectOutcome(ctx, called, outcome, `the missing path '${name}'`);
    }
  });
}
