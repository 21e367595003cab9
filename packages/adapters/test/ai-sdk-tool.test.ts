import fs from "node:fs";
import path from "node:path";
import { loadProfile } from "@read/profiles";
import { generateText, stepCountIs, type ToolSet } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, test } from "vitest";
import { aiSdkTool, aiSdkToolSet } from "../src/ai-sdk.js";
import { modelText } from "../src/model-text.js";
import { makeWorkspace, maskTime, PROFILES } from "./support.js";

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };

/** Runs generateText with a scripted model that calls `toolName` with `input`, then stops. */
async function runToolCall(tools: ToolSet, toolName: string, input: unknown, abortSignal?: AbortSignal) {
  const model = new MockLanguageModelV3({
    doGenerate: [
      {
        content: [{ type: "tool-call", toolCallId: "call_1", toolName, input: JSON.stringify(input) }],
        finishReason: { unified: "tool-calls", raw: undefined },
        usage,
        warnings: [],
      },
      { content: [{ type: "text", text: "done" }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] },
    ],
  });
  const result = await generateText({ model, tools, prompt: "read it", stopWhen: stepCountIs(2), ...(abortSignal === undefined ? {} : { abortSignal }) });
  return { result, calls: model.doGenerateCalls };
}

const guard = await loadProfile("guard");

describe("aiSdkTool through the AI SDK's own tool loop (generateText)", () => {
  for (const module of PROFILES) {
    test(`${module.name}: the model sees the definition, the SDK executes the call, the model receives the exact output`, async () => {
      const root = makeWorkspace({ "src/a.txt": "alpha\nbeta\n" });
      const tool = module.createTool({ root });
      const { result, calls } = await runToolCall(aiSdkToolSet(module, { root }), tool.name, { path: "src/a.txt" });
      const expected = maskTime(await tool.call({ path: "src/a.txt" }));

      expect(calls[0]?.tools).toEqual([
        { type: "function", name: tool.name, description: tool.definition.description, inputSchema: tool.definition.parameters, providerOptions: undefined },
      ]);
      const [toolResult] = result.steps[0]?.toolResults ?? [];
      expect(toolResult).toMatchObject({ type: "tool-result", toolCallId: "call_1", toolName: tool.name, input: { path: "src/a.txt" } });
      expect(maskTime(toolResult?.output)).toEqual(expected);
      const answered = calls[1]?.prompt.at(-1);
      expect(answered?.role).toBe("tool");
      // A profile with a model form of its own (agent, AGENT-OUT-11) hands the model that text; the others, their output as JSON.
      const output = tool.modelContent === undefined ? { type: "json", value: expected } : { type: "text", value: modelText(tool, toolResult?.output) };
      expect(maskTime(answered?.content)).toEqual([{ type: "tool-result", toolCallId: "call_1", toolName: tool.name, output }]);
      expect(result.text).toBe("done");
    });

    test(`${module.name}: arguments of the wrong type reach the profile, and its own spec error is the result`, async () => {
      const root = makeWorkspace({});
      const tool = module.createTool({ root });
      const { result } = await runToolCall({ [tool.name]: aiSdkTool(module, { root }) }, tool.name, { path: 42 });
      const output = result.steps[0]?.toolResults[0]?.output;
      expect(maskTime(output)).toEqual(maskTime(await tool.call({ path: 42 })));
      expect(tool.isError(output)).toBe(true);
    });
  }

  test("GUARD-4.4: the guard's requester option decides pending reads inside the SDK's loop", async () => {
    const base = makeWorkspace({ "ws/.keep": "", "outside.txt": "outside\n" });
    const root = path.join(base, "ws");
    const outside = path.join(base, "outside.txt");
    const allowed = await runToolCall(aiSdkToolSet(guard, { root, requester: async () => "allow" }), "read_file", { path: outside });
    expect(allowed.result.steps[0]?.toolResults[0]?.output).toEqual({ path: fs.realpathSync(outside), content: "outside\n", bytes_read: 8 });
    const denied = await runToolCall(aiSdkToolSet(guard, { root, requester: async () => "deny" }), "read_file", { path: outside });
    const output = denied.result.steps[0]?.toolResults[0]?.output;
    expect(output).toEqual(await guard.createTool({ root, requester: async () => "deny" }).call({ path: outside }));
    expect(guard.createTool({ root }).isError(output)).toBe(true);
  });

  test("the SDK's abortSignal reaches the read: aborting while the guard asks the person aborts the whole run", async () => {
    const base = makeWorkspace({ "ws/.keep": "", "outside.txt": "outside\n" });
    const controller = new AbortController();
    const requester = () => {
      controller.abort();
      return new Promise<"allow">(() => {});
    };
    const run = runToolCall(aiSdkToolSet(guard, { root: path.join(base, "ws"), requester }), "read_file", { path: path.join(base, "outside.txt") }, controller.signal);
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
  });

  test("execute passes its abortSignal to call: an aborted signal rejects instead of reading", async () => {
    const root = makeWorkspace({ "a.txt": "a\n" });
    for (const module of PROFILES) {
      const sdkTool = aiSdkTool(module, { root });
      const aborted = AbortSignal.abort();
      const outcome = sdkTool.execute?.({ path: "a.txt" }, { toolCallId: "c", messages: [], abortSignal: aborted });
      await expect(Promise.resolve(outcome)).rejects.toMatchObject({ name: "AbortError" });
    }
  });
});
