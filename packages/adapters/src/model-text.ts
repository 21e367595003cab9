import type { ReadTool } from "@read/core";

/**
 * The text a model receives for an output: the text parts of the tool's `modelContent`, one after another,
 * or the output serialised as JSON for a profile without one.
 */
export function modelText(tool: ReadTool, output: unknown): string {
  if (tool.modelContent === undefined) return JSON.stringify(output);
  return tool
    .modelContent(output)
    .flatMap((part) => (part.type === "text" ? [part.text] : []))
    .join("\n");
}
