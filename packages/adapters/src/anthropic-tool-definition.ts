import type { JsonSchema, ReadTool } from "@read/core";

/** A client tool as the Anthropic Messages API takes it in `tools`. */
export interface AnthropicToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly input_schema: JsonSchema;
}

/** The tool's definition in the Anthropic Messages `tools` shape, unchanged. */
export function anthropicToolDefinition(tool: ReadTool): AnthropicToolDefinition {
  const { name, description, parameters } = tool.definition;
  return { name, description, input_schema: parameters };
}
