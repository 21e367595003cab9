import { anthropicToolDefinition, anthropicToolResult, openAiToolDefinition } from "@read/adapters";
import { profile } from "@read/profile-forge";

const read = profile.createTool({ root: process.cwd() });

// Register it: `tools: [openAiToolDefinition(read)]` (OpenAI) or `tools: [anthropicToolDefinition(read)]` (Anthropic).
console.log(openAiToolDefinition(read).function.name, anthropicToolDefinition(read).input_schema["required"]);

// Answer the model's `tool_use` block with the `tool_result` block it expects.
const answer = await anthropicToolResult(read, { id: "toolu_1", name: "Read", input: { path: "notes.txt", head: 1 } });
console.log(answer);
