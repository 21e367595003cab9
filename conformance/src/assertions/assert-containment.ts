import { hostilePath, KNOWN_ESCAPES } from "../arbitraries.js";
import { referenceLines, renderWindow } from "../reference-lines.js";
import { assertProperty, callTool, denyIfAsked, expect, windowInput, withScratch, type SuiteContext } from "../suite-context.js";

/** Text only outside files hold: an output that carries it read from outside the root. */
export const OUTSIDE_MARKER = "OUTSIDE-THE-ROOT-7f3a";

/**
 * A workspace full of ways out: symlinks to an outside file and directory (relative and absolute), a
 * link that leaves and comes back, a dangling link, a loop, and a sibling directory sharing the root's
 * name as a prefix (`ws_evil`). Files outside the root hold {@link OUTSIDE_MARKER}.
 */
export const CONTAINMENT_LAYOUT = {
  files: {
    "inside.txt": { text: "inside\n" },
    "sub/nested.txt": { text: "nested\n" },
    "link-in": { symlink: "inside.txt" },
    "link-out": { symlink: "../outside/data.txt" },
    "link-out-abs": { symlink: "${OUTSIDE}/data.txt" },
    "dir-out": { symlink: "../outside" },
    "sub-up": { symlink: "../../outside/deep" },
    "sub/back-in": { symlink: "../../ws/inside.txt" },
    dangling: { symlink: "../outside/missing.txt" },
    "loop-a": { symlink: "loop-b" },
    "loop-b": { symlink: "loop-a" },
  },
  outside: {
    "data.txt": { text: `${OUTSIDE_MARKER} data\n` },
    "deep/deep.txt": { text: `${OUTSIDE_MARKER} deep\n` },
    "deep/data.txt": { text: `${OUTSIDE_MARKER} deep data\n` },
  },
  around: {
    "ws_evil/data.txt": { text: `${OUTSIDE_MARKER} sibling\n` },
    "data.txt": { text: `${OUTSIDE_MARKER} parent\n` },
  },
} as const;

/**
 * ALL-containment: whatever the path string (traversal, absolute, links out and back, look-alike
 * siblings, encodings), no output carries a byte of a file outside the root. A profile that asks a
 * person before outside reads is answered `deny`. Every known escape is tried once, then drawn paths;
 * every run first reads `inside.txt` of the same workspace, which must succeed: a tool that refuses
 * everything contains nothing.
 */
export async function assertContainment(ctx: SuiteContext): Promise<void> {
  const { oracle, read } = ctx;
  const inside = renderWindow(oracle, referenceLines(Buffer.from(CONTAINMENT_LAYOUT.files["inside.txt"].text), oracle), 1);
  await withScratch(CONTAINMENT_LAYOUT, async (workspace) => {
    for (const escape of KNOWN_ESCAPES) {
      const called = await callTool(ctx, workspace, windowInput(oracle, workspace.expand(escape)), denyIfAsked(oracle));
      expect(!JSON.stringify(called.output).includes(OUTSIDE_MARKER), "no content from outside the root reaches the output", called);
    }
  });
  await assertProperty(ctx, [hostilePath], async (template) => {
    await withScratch(CONTAINMENT_LAYOUT, async (workspace) => {
      const control = await callTool(ctx, workspace, windowInput(oracle, "inside.txt"), denyIfAsked(oracle));
      expect(!read.isError(control.output) && read.content(control.output) === inside, "a file inside the root is read", control);
      const input = { ...oracle.request.fixed, [oracle.request.path]: workspace.expand(template) };
      const called = await callTool(ctx, workspace, input, denyIfAsked(oracle));
      expect(!JSON.stringify(called.output).includes(OUTSIDE_MARKER), "no content from outside the root reaches the output", called);
    });
  });
}
