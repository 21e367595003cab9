/** The tool's name, as FR-RD-01 fixes it. */
export const TOOL_NAME = "Read";

/** The other names that resolve to the tool (FR-RD-01), matched exactly (case-sensitive). */
export const TOOL_ALIASES = ["read", "read_file", "read-file", "ReadFile"] as const;

/**
 * Resolves a tool name a caller used (`read-tool call --tool`, a golden case's `tool`, an agent's tool
 * call) to the tool's own name: `"Read"` for `Read` and each of its aliases, `undefined` for anything else.
 */
export function resolveToolName(name: string): typeof TOOL_NAME | undefined {
  return name === TOOL_NAME || (TOOL_ALIASES as readonly string[]).includes(name) ? TOOL_NAME : undefined;
}
