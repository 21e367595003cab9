import { isDeepStrictEqual } from "node:util";
import { callTool, denyIfAsked, expect, show, windowInput, withScratch, type SuiteContext } from "../suite-context.js";

/**
 * The tool's name and aliases: a call addressed to the declared name, and to each declared alias,
 * reaches the same tool as a call that names none: the same content and next page. (Whether two calls
 * give the very same output, every field included, is the determinism check's business.)
 */
export async function assertToolNames(ctx: SuiteContext): Promise<void> {
  const { oracle, read } = ctx;
  const answer = (output: unknown) => (read.isError(output) ? { error: read.errorCode(output) } : { content: read.content(output), next: read.continuation(output) });
  await withScratch({ files: { "named.txt": { text: "one\ntwo\n" } } }, async (workspace) => {
    const input = windowInput(oracle, "named.txt");
    const plain = await callTool(ctx, workspace, input, denyIfAsked(oracle));
    expect(!read.isError(plain.output), "the file is read", plain);
    for (const tool of [oracle.tool, ...oracle.aliases]) {
      const named = await callTool(ctx, workspace, input, { ...denyIfAsked(oracle), tool });
      expect(isDeepStrictEqual(answer(named.output), answer(plain.output)), `the name '${tool}' reaches the same tool; unnamed it gave ${show(plain.output)}`, named);
    }
  });
}
