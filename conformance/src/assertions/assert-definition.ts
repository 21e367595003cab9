import { NotApplicable } from "../not-applicable.js";
import { expect, show, type SuiteContext } from "../suite-context.js";

/**
 * The definition: what the implementation publishes for its tool (in-process its `definition`, through
 * JSONL the `definition` request, through MCP `tools/list`) holds exactly the name, description and
 * parameters the oracle declares, key order included (a spec that fixes a definition fixes it
 * character for character). Keys the oracle leaves out are not compared.
 */
export async function assertDefinition(ctx: SuiteContext): Promise<void> {
  const { oracle, adapter } = ctx;
  const declared = oracle.definition;
  if (declared === undefined) throw new Error("the oracle declares no definition");
  if (adapter.definition === undefined) throw new NotApplicable(`the ${adapter.kind} protocol has no way to ask for the tool's definition`);
  const published = await adapter.definition({ tool: oracle.tool });
  for (const key of ["name", "description", "parameters"] as const) {
    const wanted = declared[key];
    if (wanted === undefined) continue;
    expect(JSON.stringify(published[key]) === JSON.stringify(wanted), `the definition's ${key} is exactly ${show(wanted)}, key order included; published: ${show(published[key])}`);
  }
}
