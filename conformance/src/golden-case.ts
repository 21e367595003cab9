import fs from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import type { ConformanceCheck } from "./conformance-check.js";
import { isProtocolRefusal } from "./protocol-refusal.js";
import { fileEntrySchema } from "./scratch-workspace.js";
import { callTool, ConformanceFailure, withScratch } from "./suite-context.js";

/** A golden case (`fixtures/golden/<profile>/<case>.json`); the format is documented in `fixtures/README.md`. */
export const goldenCaseSchema = z.strictObject({
  $comment: z.string().optional(),
  description: z.string().min(1),
  /** Where the case comes from: a spec section, an issue, a bug it pins. */
  source: z.string().min(1),
  requirements: z.array(z.string()).min(1),
  files: z.record(z.string(), fileEntrySchema).default({}),
  outside: z.record(z.string(), fileEntrySchema).default({}),
  options: z.record(z.string(), z.json()).default({}),
  permission: z.enum(["allow", "deny"]).optional(),
  tool: z.string().optional(),
  /**
   * The input lies outside the tool's published input schema (an unknown key, `null` where a type is
   * given) though the profile accepts it, as its reference does: an MCP server may refuse such arguments
   * with a JSON-RPC invalid-params error instead (the MCP specification lets it), and that passes.
   */
  outsideSchema: z.literal(true).optional(),
  input: z.json(),
  expected: z.json(),
});
export type GoldenCase = z.infer<typeof goldenCaseSchema>;

/** A golden case with where it was found. */
export interface LoadedGoldenCase {
  /** `golden/<profile>/<name>.json`, relative to the fixtures directory. */
  readonly file: string;
  readonly profile: string;
  readonly name: string;
  readonly case: GoldenCase;
}

/** Every golden case under `<fixturesDir>/golden`, sorted by file; throws naming the file of a malformed case. */
export function loadGoldenCases(fixturesDir: string): readonly LoadedGoldenCase[] {
  const goldenDir = path.join(fixturesDir, "golden");
  if (!fs.existsSync(goldenDir)) return [];
  const cases: LoadedGoldenCase[] = [];
  for (const profile of fs.readdirSync(goldenDir).sort()) {
    const profileDir = path.join(goldenDir, profile);
    if (!fs.statSync(profileDir).isDirectory()) continue;
    for (const entry of fs.readdirSync(profileDir).sort()) {
      if (!entry.endsWith(".json")) continue;
      const file = `golden/${profile}/${entry}`;
      let raw: unknown;
      try {
        raw = JSON.parse(fs.readFileSync(path.join(profileDir, entry), "utf8"));
      } catch (error) {
        throw new Error(`fixtures/${file}: not JSON: ${(error as Error).message}`);
      }
      const parsed = goldenCaseSchema.safeParse(raw);
      if (!parsed.success) throw new Error(`fixtures/${file}: ${z.prettifyError(parsed.error)}`);
      cases.push({ file, profile, name: entry.slice(0, -".json".length), case: parsed.data });
    }
  }
  return cases;
}

/**
 * A golden case as a check: the files are created, the call is made with the case's options, permission
 * and tool name, and the output, time fields masked and the scratch paths written as `${ROOT}`,
 * `${OUTSIDE}` and `${DIR}`, must equal `expected` exactly.
 */
export function goldenCheck(loaded: LoadedGoldenCase): ConformanceCheck {
  const golden = loaded.case;
  return {
    id: `golden/${loaded.profile}/${loaded.name}`,
    title: golden.description,
    requirements: () => golden.requirements,
    notApplicable: () => null,
    async run(ctx) {
      return withScratch({ files: golden.files, outside: golden.outside }, async (workspace) => {
        const input = JSON.parse(workspace.expand(JSON.stringify(golden.input))) as unknown;
        const extras = {
          ...(Object.keys(golden.options).length > 0 ? { options: golden.options as Record<string, unknown> } : {}),
          ...(golden.permission === undefined ? {} : { permission: golden.permission }),
          ...(golden.tool === undefined ? {} : { tool: golden.tool }),
        };
        const called = await callTool(ctx, workspace, input, extras);
        if (isProtocolRefusal(called.output)) {
          // An MCP server refused the arguments with a JSON-RPC error: only the code can be compared.
          const code = ctx.read.errorCode(called.output);
          if (golden.outsideSchema === true) return [`answered with a JSON-RPC invalid-params error (${String(code)}): the input lies outside the published input schema`];
          if (!ctx.read.isError(golden.expected) || ctx.read.errorCode(golden.expected) !== code) {
            throw new ConformanceFailure(`fixtures/${loaded.file}: the server refused the arguments with a JSON-RPC invalid-params error, read as ${String(code)}, but 'expected' is ${JSON.stringify(golden.expected)}`, called);
          }
          return [`answered with a JSON-RPC invalid-params error, which the oracle reads as ${String(code)}: the code is compared, not the message`];
        }
        const actual = workspace.placeholders(ctx.read.masked(called.output));
        if (!isDeepStrictEqual(actual, golden.expected)) {
          throw new ConformanceFailure(
            `fixtures/${loaded.file}: the output differs from 'expected'\n  expected: ${JSON.stringify(golden.expected)}\n  actual:   ${JSON.stringify(actual)}`,
          );
        }
        return [];
      });
    },
  };
}
