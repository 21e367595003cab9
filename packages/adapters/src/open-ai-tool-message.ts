import type { CallOptions, ReadTool } from "@read/core";
import { openAiToolAnswer, type OpenAiToolCall, type OpenAiToolMessage } from "./open-ai-tool-answer.js";

/**
 * Runs one OpenAI tool call through the tool and returns the message that answers it. Arguments that are
 * not JSON are passed to the tool as the raw string, so the profile answers with its own spec error.
 * `options.signal` aborts the read (the promise rejects with an `AbortError`). An answer holding an image
 * gives its text only: use {@link openAiToolAnswer} to send the image too.
 *
 * @throws Error when the call names another tool.
 */
export async function openAiToolMessage(tool: ReadTool, call: OpenAiToolCall, options: CallOptions = {}): Promise<OpenAiToolMessage> {
  return (await openAiToolAnswer(tool, call, options)).message;
}
