export { openAiToolDefinition, type OpenAiToolDefinition } from "./open-ai-tool-definition.js";
export { anthropicToolDefinition, type AnthropicToolDefinition } from "./anthropic-tool-definition.js";
export { openAiToolMessage } from "./open-ai-tool-message.js";
export { openAiToolAnswer, type OpenAiImageMessage, type OpenAiToolAnswer, type OpenAiToolCall, type OpenAiToolMessage } from "./open-ai-tool-answer.js";
export { anthropicToolResult, type AnthropicToolResult, type AnthropicToolResultBlock, type AnthropicToolUse } from "./anthropic-tool-result.js";
