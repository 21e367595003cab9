export { openAiToolDefinition, type OpenAiToolDefinition } from "./open-ai-tool-definition.js";
export { anthropicToolDefinition, type AnthropicToolDefinition } from "./anthropic-tool-definition.js";
export { openAiToolMessage, type OpenAiToolCall, type OpenAiToolMessage } from "./open-ai-tool-message.js";
export { anthropicToolResult, type AnthropicToolResult, type AnthropicToolUse } from "./anthropic-tool-result.js";
