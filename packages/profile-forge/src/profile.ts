import { defineProfile, ok, withOpenFile, type Workspace } from "@read/core";
import { unboundedWildcards } from "./compile-glob.js";
import { configSchema } from "./config-schema.js";
import { definition } from "./definition.js";
import { DEFAULT_DENIED_PATTERNS } from "./default-denied-patterns.js";
import { deniedPatternRules } from "./denied-pattern-rules.js";
import { mapFailure } from "./map-failure.js";
import { isReadError, readError, readOutputSchema, type ReadError, type ReadOutput } from "./output.js";
import { parseInput } from "./parse-input.js";
import { planRead } from "./plan-read.js";
import { readFile, type ReadGuards } from "./read-file.js";
import { TOOL_ALIASES, TOOL_NAME } from "./resolve-tool-name.js";

/**
 * The `forge` profile: spec 004's `Read` tool, configured by `[tools.read_file]`. The config keys are
 * validated when the tool is created (never during a call); the root is canonicalised once. The sandbox
 * refuses what its deny list matches (`denied_patterns`; forge's defaults while `secrets` is on) and,
 * with `secrets` on, what the secrets policy matches: both are rules of core's secrets machinery, the
 * patterns first, so each refusal is `SANDBOX_DENIED`. An absolute pattern whose fixed directories do not
 * resolve is a `ProfileConfigError` for `denied_patterns` when the tool is created.
 */
export const profile = defineProfile({
  name: "forge",
  configTable: ["tools", "read_file"],
  configSchema,
  // Forge's Read runs inside its sandbox, whose deny list keeps secrets out.
  secrets: true,
  tightening: { max_file_read_bytes: "lower", max_scan_bytes: "lower", max_answer_bytes: "lower", denied_patterns: deniedPatternsTightening },
  outputSchema: readOutputSchema,
  isError: isReadError,
  render,
  setup: ({ workspace, config, sensitive, redact, configError }) => {
    const patterns = effectivePatterns(config);
    // Here rather than in the schema: resolving an absolute pattern's directories touches the file system.
    const denied = deniedPatternRules(patterns, workspace.root);
    if ("problem" in denied) throw configError("denied_patterns", denied.problem);
    const rules = [...denied.rules, ...sensitive];
    return {
      name: TOOL_NAME,
      aliases: TOOL_ALIASES,
      definition: definition(config),
      async call(input, { signal }) {
        const parsed = parseInput(input);
        if (isReadError(parsed)) return parsed;
        const plan = planRead(parsed, config);
        const guards = { signal, sensitive: rules, redact };
        if (isReadError(plan)) return sandboxFirst(workspace, parsed.path, plan, guards);
        return readFile(workspace, plan, config, guards);
      },
      internalError: (reason) => readError("READ_FAILED", `The read failed unexpectedly (${reason}). Retry the read.`),
    };
  },
});

/** Creates the Forge `Read` tool (spec 004) over a workspace root: {@link profile}'s `createTool`. */
export const createTool = profile.createTool;

/** Options of {@link createTool}: the workspace root and the keys of `[tools.read_file]`, as in TOML. */
export type ForgeToolOptions = Parameters<typeof createTool>[0];

// As in forge, the sandbox judges the path before the line arguments are checked: a path it refuses gets
// its refusal, whatever else is wrong with the call; any other path gets the argument error.
async function sandboxFirst(
  workspace: Workspace,
  path: string,
  argumentError: ReadError,
  guards: ReadGuards,
): Promise<ReadError> {
  const checked = await withOpenFile(workspace, path, guards, () => Promise.resolve(ok(undefined)));
  if (checked.ok || (checked.failure.code !== "OUTSIDE_ROOT" && checked.failure.code !== "SENSITIVE")) return argumentError;
  return mapFailure(checked.failure, { path });
}

function render(output: ReadOutput): string {
  if (isReadError(output)) return `Error ${output.error.code}: ${output.error.message}`;
  if (!output.binary) return output.content;
  const returned = Buffer.byteLength(output.content, "base64");
  return `${output.path}: binary file, ${output.size_bytes} bytes${output.truncated ? `, the first ${returned} returned as base64 (truncated at max_file_read_bytes)` : ", returned as base64"}.`;
}

// The last matching pattern decides and `!` re-allows, so a list only protects more when it keeps the
// trusted list as it is and adds deny patterns after it.
function deniedPatternsTightening(trusted: Readonly<Record<string, unknown>>, layered: Readonly<Record<string, unknown>>): string | undefined {
  const before = effectivePatterns(trusted);
  const after = effectivePatterns(layered);
  const keeps = before.every((pattern, index) => after[index] === pattern);
  const added = after.slice(before.length);
  const costly = added.filter((pattern) => (unboundedWildcards(pattern) ?? 0) > 2);
  if (keeps && costly.length > 0) {
    return `adds ${costly.map((pattern) => JSON.stringify(pattern)).join(", ")}, with more than two * or ** (a pattern a workspace adds holds at most two, as forge's own do)`;
  }
  if (keeps && !added.some((pattern) => pattern.startsWith("!"))) return undefined;
  return keeps
    ? `adds an exception (${added.filter((pattern) => pattern.startsWith("!")).map((pattern) => JSON.stringify(pattern)).join(", ")}), which re-allows what is denied`
    : `does not begin with the ${before.length} patterns denied now (your configuration's, or the defaults), in order (it may only add deny patterns after them)`;
}

function effectivePatterns(config: { readonly denied_patterns?: unknown; readonly secrets?: unknown }): readonly string[] {
  return (config.denied_patterns as readonly string[] | undefined) ?? (config.secrets === true ? DEFAULT_DENIED_PATTERNS : []);
}
