import { isDeepStrictEqual } from "node:util";
import { callTool, denyIfAsked, expect, show, windowInput, withScratch, type SuiteContext } from "../suite-context.js";

/**
 * The tool's name and aliases: a call addressed to the declared name, and to each declared alias,
 * reaches the same tool (the same output, time masked) as a call that names none.
 */
export async function assertToolNames(ctx: SuiteContext): Promise<void> {
  const { oracle, read } = ctx;
  await withScratch({ files: { "named.txt": { text: "one\ntwo\n" } } }, async (workspace) => {
    const input = windowInput(oracle, "named.txt");
    const plain = await callTool(ctx, workspace, input, denyIfAsked(oracle));
    expect(!read.isError(plain.output), "the file is read", plain);
    for (const tool of [oracle.tool, ...oracle.aliases]) {
      const named = await callTool(ctx, workspace, input, { ...denyIfAsked(oracle), tool });
      expect(isDeepStrictEqual(read.masked(named.output), read.masked(plain.output)), `the name '${tool}' reaches the same tool; unnamed it gave ${show(plain.output)}`, named);
    }
  });
}
