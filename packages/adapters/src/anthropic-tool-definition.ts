import type { ReadTool } from "@read/core";

/** A client tool as the Anthropic Messages API takes it in `tools` (the SDK's `Tool`). */
export interface AnthropicToolDefinition {
  readonly name: string;
  readonly description: string;
  /** The tool's parameters: JSON Schema of an object, as the API requires (`type: "object"`). */
  readonly input_schema: { readonly type: "object"; readonly [key: string]: unknown };
}

/**
 * The tool's definition in the Anthropic Messages `tools` shape: its parameters unchanged (every profile's
 * are an object schema; `type: "object"` is stated so the SDK's `Tool` type accepts them).
 */
export function anthropicToolDefinition(tool: ReadTool): AnthropicToolDefinition {
  const { name, description, parameters } = tool.definition;
  return { name, description, input_schema: { ...parameters, type: "object" } };
}
