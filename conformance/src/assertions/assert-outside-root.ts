import { referenceLines, renderWindow } from "../reference-lines.js";
import { callTool, expectOutcome, windowInput, withScratch, type SuiteContext } from "../suite-context.js";

const OUTSIDE_TEXT = "outside line 1\noutside line 2\n";

/**
 * Paths that resolve outside the root: `../` traversal, an absolute path, a symlink to an outside file,
 * a symlinked directory leading out, and a sibling directory sharing the root's name as a prefix. With
 * the permission answer `deny` (or none) each gets the declared outcome; a profile that asks a person
 * is asked again with `allow`, and then returns the declared outcome for an approved outside read. A
 * profile that never follows a symlink as the last component gives `link-out` its `finalSymlink` outcome.
 */
export async function assertOutsideRoot(ctx: SuiteContext): Promise<void> {
  const { oracle } = ctx;
  const layout = {
    files: { "link-out": { symlink: "../outside/data.txt" }, "dir-out": { symlink: "${OUTSIDE}" } },
    outside: { "data.txt": { text: OUTSIDE_TEXT } },
    around: { "ws_evil/data.txt": { text: OUTSIDE_TEXT } },
  };
  await withScratch(layout, async (workspace) => {
    const paths = ["../outside/data.txt", workspace.expand("${OUTSIDE}/data.txt"), "link-out", "dir-out/data.txt", "../ws_evil/data.txt", workspace.expand("${DIR}/ws_evil/data.txt")];
    const answers = oracle.permissionModes.length === 0 ? [undefined] : oracle.permissionModes;
    for (const answer of answers) {
      const outcome = answer === "allow" ? oracle.behaviour.outsideRootAllowed : oracle.behaviour.outsideRoot;
      if (outcome === null) continue;
      for (const path of paths) {
        const called = await callTool(ctx, workspace, windowInput(oracle, path), answer === undefined ? {} : { permission: answer });
        const lines = referenceLines(Buffer.from(OUTSIDE_TEXT), oracle);
        const declared = path === "link-out" ? (oracle.behaviour.finalSymlink ?? outcome) : outcome;
        expectOutcome(ctx, called, declared, `the outside path '${path}'${answer === undefined ? "" : ` (permission ${answer})`}`, () => renderWindow(oracle, lines, 1));
      }
    }
  });
}
