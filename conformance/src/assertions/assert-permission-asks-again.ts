import { referenceLines, renderWindow } from "../reference-lines.js";
import { callTool, expectOutcome, windowInput, withScratch, type SuiteContext } from "../suite-context.js";

const OUTSIDE_TEXT = "asked again\n";

/**
 * A tool that asks a person before reading outside the root asks every time and remembers nothing: the
 * same outside path answered `allow`, then `deny`, then `allow`, then `deny` gets the declared outcome
 * for each answer. A tool that remembered the first answer would read after the `deny`.
 */
export async function assertPermissionAsksAgain(ctx: SuiteContext): Promise<void> {
  const { oracle } = ctx;
  const { outsideRoot, outsideRootAllowed } = oracle.behaviour;
  if (outsideRootAllowed === null) throw new Error("the oracle declares no outcome for an allowed outside read");
  await withScratch({ outside: { "asked.txt": { text: OUTSIDE_TEXT } } }, async (workspace) => {
    const input = windowInput(oracle, "../outside/asked.txt");
    const lines = referenceLines(Buffer.from(OUTSIDE_TEXT), oracle);
    for (const [round, permission] of (["allow", "deny", "allow", "deny"] as const).entries()) {
      const called = await callTool(ctx, workspace, input, { permission });
      const outcome = permission === "allow" ? outsideRootAllowed : outsideRoot;
      expectOutcome(ctx, called, outcome, `read ${round + 1} of the same outside path, answered ${permission}`, () => renderWindow(oracle, lines, 1));
    }
  });
}
