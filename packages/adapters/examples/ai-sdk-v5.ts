import { aiSdkToolSet } from "@read/adapters/ai-sdk";
import { profile } from "@read/profile-workspace-jp";
import { generateText, stepCountIs, type LanguageModel } from "ai";
import { MockLanguageModelV2 } from "ai/test";

// ai 5: the same tools; only the scripted model speaks the v2 model interface.
const usage = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };
const model: LanguageModel = new MockLanguageModelV2({
  doGenerate: [
    {
      content: [{ type: "tool-call", toolCallId: "call_1", toolName: "read_file", input: JSON.stringify({ path: "notes.txt", max_lines: 1 }) }],
      finishReason: "tool-calls",
      usage,
      warnings: [],
    },
    { content: [{ type: "text", text: "It starts with 'one'." }], finishReason: "stop", usage, warnings: [] },
  ],
});

const result = await generateText({
  model,
  tools: aiSdkToolSet(profile, { root: process.cwd() }),
  prompt: "What does notes.txt start with?",
  stopWhen: stepCountIs(2),
});
console.log(result.steps[0]?.toolResults[0]?.output, result.text);
