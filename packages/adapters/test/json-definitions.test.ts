import { describe, expect, test } from "vitest";
import { anthropicToolDefinition, anthropicToolResult, openAiToolDefinition, openAiToolMessage } from "../src/index.js";
import { modelText } from "../src/model-text.js";
import { makeWorkspace, maskTime, maskTimeText, PROFILES, textOf } from "./support.js";

describe("plain JSON tool definitions and answers, for every profile", () => {
  for (const module of PROFILES) {
    test(`${module.name}: the OpenAI and Anthropic definitions carry the profile's definition unchanged`, () => {
      const tool = module.createTool({ root: makeWorkspace({}) });
      const { name, description, parameters } = tool.definition;
      expect(openAiToolDefinition(tool)).toEqual({ type: "function", function: { name, description, parameters } });
      expect(anthropicToolDefinition(tool)).toEqual({ name, description, input_schema: parameters });
      expect(JSON.parse(JSON.stringify(openAiToolDefinition(tool)))).toEqual(openAiToolDefinition(tool));
    });

    test(`${module.name}: an OpenAI tool call is answered with the tool's output as the model receives it, as the tool message`, async () => {
      const root = makeWorkspace({ "a.txt": "alpha\nbeta\n" });
      const tool = module.createTool({ root });
      const message = await openAiToolMessage(tool, { id: "call_1", function: { name: tool.name, arguments: '{"path":"a.txt"}' } });
      expect(message.role).toBe("tool");
      expect(message.tool_call_id).toBe("call_1");
      expect(maskTimeText(message.content)).toBe(maskTimeText(modelText(tool, await tool.call({ path: "a.txt" }))));
    });

    test(`${module.name}: OpenAI arguments that are not JSON reach the profile, which answers with its own error`, async () => {
      const tool = module.createTool({ root: makeWorkspace({}) });
      const message = await openAiToolMessage(tool, { id: "call_2", function: { name: tool.name, arguments: '{"path":' } });
      const output = JSON.parse(message.content);
      expect(maskTime(output)).toEqual(maskTime(await tool.call('{"path":')));
      expect(tool.isError(output)).toBe(true);
    });

    test(`${module.name}: an Anthropic tool_use is answered with a tool_result, is_error only for tool-level errors`, async () => {
      const root = makeWorkspace({ "a.txt": "alpha\n" });
      const tool = module.createTool({ root });
      const ok = await anthropicToolResult(tool, { id: "toolu_1", name: tool.name, input: { path: "a.txt" } });
      expect(Object.keys(ok)).toEqual(["type", "tool_use_id", "content"]);
      expect(ok).toMatchObject({ type: "tool_result", tool_use_id: "toolu_1" });
      expect(maskTimeText(textOf(ok.content))).toBe(maskTimeText(modelText(tool, await tool.call({ path: "a.txt" }))));
      const missing = await anthropicToolResult(tool, { id: "toolu_2", name: tool.name, input: { path: "missing.txt" } });
      expect({ ...missing, content: maskTime(JSON.parse(textOf(missing.content))) }).toEqual({
        type: "tool_result",
        tool_use_id: "toolu_2",
        content: maskTime(await tool.call({ path: "missing.txt" })),
        is_error: true,
      });
    });

    test(`${module.name}: a call for another tool is refused, never run as a read`, async () => {
      const tool = module.createTool({ root: makeWorkspace({ "a.txt": "x\n" }) });
      await expect(openAiToolMessage(tool, { id: "c", function: { name: "write_file", arguments: '{"path":"a.txt"}' } })).rejects.toThrow(
        `the tool call is for 'write_file', not ${tool.name}`,
      );
      await expect(anthropicToolResult(tool, { id: "t", name: "write_file", input: { path: "a.txt" } })).rejects.toThrow(
        `the tool_use is for 'write_file', not ${tool.name}`,
      );
    });
  }

  test("the four spec profiles' tool messages are their exact output as JSON; agent's (AGENT-OUT-11) its fields line, then its content unescaped", async () => {
    const root = makeWorkspace({ "a.txt": "alpha\n\"beta\"\n" });
    for (const module of PROFILES) {
      const tool = module.createTool({ root });
      const message = await openAiToolMessage(tool, { id: "call_1", function: { name: tool.name, arguments: '{"path":"a.txt"}' } });
      const result = await anthropicToolResult(tool, { id: "toolu_1", name: tool.name, input: { path: "a.txt" } });
      if (module.name === "agent") {
        const text = '{"path":"a.txt","start_line":1,"end_line":2,"total_lines":2,"truncated":false,"next":null,"version":"5c76c86678488be56776e8a9363f7702","encoding":"utf-8","bom":false,"line_endings":"lf"}\n1\talpha\n2\t"beta"';
        expect([message.content, result.content]).toEqual([text, text]);
      } else {
        expect(maskTime(JSON.parse(message.content))).toEqual(maskTime(await tool.call({ path: "a.txt" })));
        expect(maskTime(JSON.parse(textOf(result.content)))).toEqual(maskTime(await tool.call({ path: "a.txt" })));
      }
    }
  });

  test("a call under one of the tool's aliases is answered", async () => {
    const forge = PROFILES.find((module) => module.createTool({ root: makeWorkspace({}) }).aliases.length > 0);
    if (forge === undefined) throw new Error("no profile with aliases");
    const tool = forge.createTool({ root: makeWorkspace({ "a.txt": "x\n" }) });
    for (const alias of tool.aliases) {
      const answer = await anthropicToolResult(tool, { id: "t", name: alias, input: { path: "a.txt" } });
      expect(maskTime(JSON.parse(textOf(answer.content))), alias).toEqual(maskTime(await tool.call({ path: "a.txt" })));
    }
  });

  test("the OpenAI and Anthropic helpers pass options.signal to the read: an aborted signal rejects", async () => {
    const root = makeWorkspace({ "a.txt": "x\n" });
    for (const module of PROFILES) {
      const tool = module.createTool({ root });
      const signal = AbortSignal.abort();
      const call = { id: "c", function: { name: tool.name, arguments: '{"path":"a.txt"}' } };
      await expect(openAiToolMessage(tool, call, { signal })).rejects.toMatchObject({ name: "AbortError" });
      await expect(anthropicToolResult(tool, { id: "t", name: tool.name, input: { path: "a.txt" } }, { signal })).rejects.toMatchObject({ name: "AbortError" });
    }
  });
});
