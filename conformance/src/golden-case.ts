import fs from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import type { ConformanceCheck } from "./conformance-check.js";
import type { Oracle } from "./oracle.js";
import { fileEntrySchema, type FileEntry } from "./scratch-workspace.js";
import { callTool, ConformanceFailure, withScratch, type Called } from "./suite-context.js";
import { toToml } from "./to-toml.js";

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
  /**
   * The workspace's own configuration (keys of the profile's table), written where the oracle's
   * `workspaceConfig` says: it may only tighten `options` (the user's own). `expected` is the output of a
   * host that leaves the loosening without effect; a host that refuses the call instead passes when its
   * reason names every key.
   */
  workspaceConfig: z.record(z.string(), z.json()).optional(),
  permission: z.enum(["allow", "deny"]).optional(),
  tool: z.string().optional(),
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
 * `${OUTSIDE}` and `${DIR}`, must equal `expected` exactly. A case with a workspace configuration that
 * loosens its options also passes when the call is refused for it, the reason naming every key (as
 * `read-tool call` exits 2); not applicable when the oracle names no such file.
 */
export function goldenCheck(loaded: LoadedGoldenCase): ConformanceCheck {
  const golden = loaded.case;
  return {
    id: `golden/${loaded.profile}/${loaded.name}`,
    title: golden.description,
    requirements: () => golden.requirements,
    notApplicable: (oracle) => (golden.workspaceConfig !== undefined && oracle.workspaceConfig === undefined ? "the implementation reads no configuration of the workspace's own" : null),
    async run(ctx) {
      return withScratch({ files: { ...golden.files, ...workspaceConfigFile(ctx.oracle, golden.workspaceConfig) }, outside: golden.outside }, async (workspace) => {
        const input = JSON.parse(workspace.expand(JSON.stringify(golden.input))) as unknown;
        const extras = {
          ...(Object.keys(golden.options).length > 0 ? { options: golden.options as Record<string, unknown> } : {}),
          ...(golden.permission === undefined ? {} : { permission: golden.permission }),
          ...(golden.tool === undefined ? {} : { tool: golden.tool }),
        };
        let called: Called;
        try {
          called = await callTool(ctx, workspace, input, extras);
        } catch (error) {
          if (golden.workspaceConfig === undefined) throw error;
          const reason = error instanceof Error ? error.message : String(error);
          const unnamed = Object.keys(golden.workspaceConfig).filter((key) => !reason.includes(key));
          if (unnamed.length > 0) throw new ConformanceFailure(`fixtures/${loaded.file}: the call was refused without naming ${unnamed.join(", ")} of the workspace's configuration: ${reason}`);
          return [`refused: the workspace's configuration loosens ${Object.keys(golden.workspaceConfig).join(", ")}`];
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

// The workspace's own configuration file of a case, as a scratch entry (none when the case has none).
function workspaceConfigFile(oracle: Oracle, table: GoldenCase["workspaceConfig"]): Record<string, FileEntry> {
  if (table === undefined || oracle.workspaceConfig === undefined) return {};
  return { [oracle.workspaceConfig.file]: { text: toToml(oracle.configTable, table) } };
}
