import type { ReadTool } from "@read/core";

/**
 * Whether a tool call names this tool (its name or an alias); the call helpers refuse any other, since
 * running the read for another tool's call is a dispatch bug.
 */
export function answersTo(tool: ReadTool, name: string): boolean {
  return name === tool.name || tool.aliases.includes(name);
}
