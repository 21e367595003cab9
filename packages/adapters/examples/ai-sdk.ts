import { aiSdkToolSet } from "@read/adapters/ai-sdk";
import { profile } from "@read/profile-workspace-jp";
import { generateText, stepCountIs, type LanguageModel } from "ai";
import { MockLanguageModelV3 } from "ai/test";

// Any AI SDK model goes here (openai("..."), anthropic("...")); a scripted one keeps this example offline:
// it asks to read notes.txt, then answers.
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const model: LanguageModel = new MockLanguageModelV3({
  doGenerate: [
    {
      content: [{ type: "tool-call", toolCallId: "call_1", toolName: "read_file", input: JSON.stringify({ path: "notes.txt", max_lines: 1 }) }],
      finishReason: { unified: "tool-calls", raw: undefined },
      usage,
      warnings: [],
    },
    { content: [{ type: "text", text: "It starts with 'one'." }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] },
  ],
});

const result = await generateText({
  model,
  tools: aiSdkToolSet(profile, { root: process.cwd() }),
  prompt: "What does notes.txt start with?",
  stopWhen: stepCountIs(2),
});
console.log(result.steps[0]?.toolResults[0]?.output, result.text);
