import type { JsonSchema, ReadTool } from "@read/core";

/** A function tool as the OpenAI Chat Completions API takes it in `tools`. */
export interface OpenAiToolDefinition {
  readonly type: "function";
  readonly function: {
    readonly name: string;
    readonly description: string;
    readonly parameters: JsonSchema;
  };
}

/** The tool's definition in the OpenAI Chat Completions `tools` shape, unchanged (no strict mode). */
export function openAiToolDefinition(tool: ReadTool): OpenAiToolDefinition {
  const { name, description, parameters } = tool.definition;
  return { type: "function", function: { name, description, parameters } };
}
