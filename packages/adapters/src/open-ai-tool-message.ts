import type { CallOptions, ReadTool } from "@read/core";
import { answersTo } from "./answers-to.js";
import { modelText } from "./model-text.js";

/**
 * A function `tool_calls[]` entry of an OpenAI Chat Completions assistant message (the SDK's
 * `ChatCompletionMessageFunctionToolCall`, or the same written inline).
 */
export interface OpenAiToolCall {
  readonly id: string;
  readonly type?: "function";
  readonly function: { readonly name: string; readonly arguments: string };
}

/** The `role: "tool"` message that answers one tool call. */
export interface OpenAiToolMessage {
  readonly role: "tool";
  readonly tool_call_id: string;
  /** The tool's output as the model receives it (its `modelContent`: for the four spec profiles, the exact output as JSON), tool-level errors included. */
  readonly content: string;
}

/**
 * Runs one OpenAI tool call through the tool and returns the message that answers it. Arguments that are
 * not JSON are passed to the tool as the raw string, so the profile answers with its own spec error.
 * `options.signal` aborts the read (the promise rejects with an `AbortError`).
 *
 * @throws Error when the call names another tool.
 */
export async function openAiToolMessage(tool: ReadTool, call: OpenAiToolCall, options: CallOptions = {}): Promise<OpenAiToolMessage> {
  if (!answersTo(tool, call.function.name)) throw new Error(`the tool call is for '${call.function.name}', not ${tool.name}`);
  let input: unknown;
  try {
    input = JSON.parse(call.function.arguments);
  } catch {
    input = call.function.arguments;
  }
  return { role: "tool", tool_call_id: call.id, content: modelText(tool, await tool.call(input, options)) };
}
