import type Anthropic from "@anthropic-ai/sdk";
import { generateText, type Tool } from "ai";
import type OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { anthropicToolDefinition, anthropicToolResult, openAiToolDefinition, openAiToolMessage } from "../src/index.js";
import { aiSdkTool, aiSdkToolSet } from "../src/ai-sdk.js";
import { makeWorkspace, PROFILES } from "./support.js";

// Type tests against the official SDKs: this file is type-checked by `pnpm typecheck` (CI), and each
// assignment below is one an application writes. A mismatch is a compile error, not a failed expect.

describe("the adapters' values are what the official SDKs' own types accept", () => {
  for (const module of PROFILES) {
    test(`${module.name}: openai's ChatCompletionTool, tool_calls and tool message`, async () => {
      const read = module.createTool({ root: makeWorkspace({ "a.txt": "x\n" }) });
      const params: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = {
        model: "gpt-5",
        messages: [{ role: "user", content: "Read a.txt" }],
        tools: [openAiToolDefinition(read)],
      };
      const definition: OpenAI.Chat.ChatCompletionTool = openAiToolDefinition(read);
      expect(definition.type).toBe("function");

      // What the API answers with (an assistant message's tool call), then the message that answers it.
      const toolCall: OpenAI.Chat.ChatCompletionMessageFunctionToolCall = { id: "call_1", type: "function", function: { name: read.name, arguments: '{"path":"a.txt"}' } };
      const fromSdk = await openAiToolMessage(read, toolCall);
      const inline = await openAiToolMessage(read, { id: "call_2", type: "function", function: { name: read.name, arguments: '{"path":"a.txt"}' } });
      const next: OpenAI.Chat.ChatCompletionMessageParam[] = [...params.messages, { role: "assistant", tool_calls: [toolCall] }, fromSdk, inline];
      const answer: OpenAI.Chat.ChatCompletionToolMessageParam = fromSdk;
      expect(answer.tool_call_id).toBe("call_1");
      expect(next.map((message) => message.role)).toEqual(["user", "assistant", "tool", "tool"]);
    });

    test(`${module.name}: @anthropic-ai/sdk's Tool in messages.create, tool_use and tool_result`, async () => {
      const read = module.createTool({ root: makeWorkspace({ "a.txt": "x\n" }) });
      const params: Anthropic.MessageCreateParamsNonStreaming = {
        model: "claude-sonnet-4-5",
        max_tokens: 1024,
        messages: [{ role: "user", content: "Read a.txt" }],
        tools: [anthropicToolDefinition(read)],
      };
      const definition: Anthropic.Tool = anthropicToolDefinition(read);
      expect(definition.input_schema).toEqual(read.definition.parameters);

      const use: Anthropic.ToolUseBlock = { type: "tool_use", id: "toolu_1", name: read.name, input: { path: "a.txt" }, caller: { type: "direct" } };
      const result = await anthropicToolResult(read, use);
      const next: Anthropic.MessageParam[] = [...params.messages, { role: "assistant", content: [use] }, { role: "user", content: [result] }];
      const block: Anthropic.ToolResultBlockParam = result;
      expect(block.tool_use_id).toBe("toolu_1");
      expect(next).toHaveLength(3);
    });

    test(`${module.name}: the AI SDK's Tool (ai 6), alone and as generateText's tools`, () => {
      const options = { root: makeWorkspace({}) };
      const single: Tool = aiSdkTool(module, options);
      const tools: Parameters<typeof generateText>[0]["tools"] = aiSdkToolSet(module, options);
      expect(typeof single.execute).toBe("function");
      expect(Object.keys(tools ?? {})).toEqual([module.createTool(options).name]);
    });
  }
});
