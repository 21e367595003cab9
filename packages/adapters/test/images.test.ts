import fs from "node:fs";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import type Anthropic from "@anthropic-ai/sdk";
import { loadProfile } from "@read/profiles";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import type OpenAI from "openai";
import { describe, expect, test } from "vitest";
import { aiSdkToolSet } from "../src/ai-sdk.js";
import { anthropicToolResult, openAiToolAnswer, openAiToolMessage } from "../src/index.js";
import { makeWorkspace } from "./support.js";

const agent = await loadProfile("agent");
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };

/** A 3 x 2 RGB PNG, made byte by byte. */
function smallPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length);
    head.write(type, 4, "latin1");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))));
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.from([0, 0, 0, 3, 0, 0, 0, 2, 8, 2, 0, 0, 0]);
  const rows = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 255, 255, 255, 0, 0, 0, 128, 128, 128]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]);
}

function imageWorkspace() {
  const root = makeWorkspace({});
  const png = smallPng();
  fs.writeFileSync(path.join(root, "shot.png"), png);
  const tool = agent.createTool({ root });
  return { root, png, tool, data: png.toString("base64") };
}

/** The text part of the agent's answer for shot.png: every field but the image's data. */
async function fieldsText(tool: ReturnType<typeof agent.createTool>): Promise<string> {
  const parts = tool.modelContent?.(await tool.call({ path: "shot.png" })) ?? [];
  expect(parts.map((part) => part.type)).toEqual(["text", "image"]);
  return parts[0]?.type === "text" ? parts[0].text : "";
}

describe("AGENT-IMG-02: a read of an image through the adapters reaches the model as an image", () => {
  test("the AI SDK: toModelOutput gives a content output, and the mock model's prompt holds the image part", async () => {
    const { root, tool, data } = imageWorkspace();
    const model = new MockLanguageModelV3({
      doGenerate: [
        { content: [{ type: "tool-call", toolCallId: "call_1", toolName: "read", input: JSON.stringify({ path: "shot.png" }) }], finishReason: { unified: "tool-calls", raw: undefined }, usage, warnings: [] },
        { content: [{ type: "text", text: "a red, a green and a blue pixel" }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] },
      ],
    });
    const result = await generateText({ model, tools: aiSdkToolSet(agent, { root }), prompt: "what is in shot.png?", stopWhen: stepCountIs(2) });
    const text = await fieldsText(tool);
    expect(model.doGenerateCalls[1]?.prompt.at(-1)).toEqual({
      role: "tool",
      content: [
        {
          type: "tool-result",
          toolCallId: "call_1",
          toolName: "read",
          output: { type: "content", value: [{ type: "text", text }, { type: "image-data", data, mediaType: "image/png" }] },
        },
      ],
    });
    expect(JSON.parse(text)).toMatchObject({ path: "shot.png", format: "png", width: 3, height: 2, downscaled: false, image: { mime_type: "image/png", width: 3, height: 2 } });
    expect(result.text).toBe("a red, a green and a blue pixel");
  });

  test("Anthropic: the tool_result holds a text block and an image block (base64), as the SDK's types take them", async () => {
    const { tool, data } = imageWorkspace();
    const result = await anthropicToolResult(tool, { id: "toolu_1", name: "read", input: { path: "shot.png" } });
    const block: Anthropic.ToolResultBlockParam = result;
    expect(block).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_1",
      content: [
        { type: "text", text: await fieldsText(tool) },
        { type: "image", source: { type: "base64", media_type: "image/png", data } },
      ],
    });
  });

  test("OpenAI Chat Completions: a tool message holds text only, so the image follows in a user message as a data URL", async () => {
    const { tool, data } = imageWorkspace();
    const call: OpenAI.Chat.ChatCompletionMessageFunctionToolCall = { id: "call_1", type: "function", function: { name: "read", arguments: '{"path":"shot.png"}' } };
    const { message, imageMessage } = await openAiToolAnswer(tool, call);
    const text = await fieldsText(tool);
    expect(message).toEqual({ role: "tool", tool_call_id: "call_1", content: text });
    expect(imageMessage).toEqual({ role: "user", content: [{ type: "text", text: "The image read by tool call call_1:" }, { type: "image_url", image_url: { url: `data:image/png;base64,${data}` } }] });
    if (imageMessage === null) throw new Error("no image message");
    const next: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: "assistant", tool_calls: [call] }, message, imageMessage];
    expect(next).toHaveLength(3);
    expect(await openAiToolMessage(tool, call)).toEqual(message);
    const textOnly = await openAiToolAnswer(tool, { id: "call_2", function: { name: "read", arguments: '{"path":"missing.png"}' } });
    expect(textOnly.imageMessage).toBeNull();
  });
});
