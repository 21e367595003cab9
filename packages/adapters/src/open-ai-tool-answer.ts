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

/** A `role: "user"` message carrying the images of a tool's answer, which a tool message cannot carry. */
export interface OpenAiImageMessage {
  readonly role: "user";
  readonly content: ({ readonly type: "text"; readonly text: string } | { readonly type: "image_url"; readonly image_url: { readonly url: string } })[];
}

/** {@link openAiToolAnswer}'s result. */
export interface OpenAiToolAnswer {
  readonly message: OpenAiToolMessage;
  /** The answer's images (the agent profile's read of an image), or null when it has none. */
  readonly imageMessage: OpenAiImageMessage | null;
}

/**
 * Runs one OpenAI tool call through the tool and returns the messages that answer it. A Chat Completions
 * tool message holds text only (its content is a string or text parts), so an answer holding an image
 * (the agent profile's read of an image) is answered in two: the tool message, whose text gives the
 * image's format, dimensions and size, and a user message holding the image as a `data:` URL. The API
 * wants every tool message of an assistant turn right after it: append all the turn's `message`s first,
 * then their `imageMessage`s. Arguments that are not JSON are passed to the tool as the raw string, so the
 * profile answers with its own spec error. `options.signal` aborts the read.
 *
 * @throws Error when the call names another tool.
 */
export async function openAiToolAnswer(tool: ReadTool, call: OpenAiToolCall, options: CallOptions = {}): Promise<OpenAiToolAnswer> {
  if (!answersTo(tool, call.function.name)) throw new Error(`the tool call is for '${call.function.name}', not ${tool.name}`);
  let input: unknown;
  try {
    input = JSON.parse(call.function.arguments);
  } catch {
    input = call.function.arguments;
  }
  const output = await tool.call(input, options);
  const message: OpenAiToolMessage = { role: "tool", tool_call_id: call.id, content: modelText(tool, output) };
  const images = (tool.modelContent?.(output) ?? []).flatMap((part) => (part.type === "image" ? [{ type: "image_url" as const, image_url: { url: `data:${part.mimeType};base64,${part.data}` } }] : []));
  if (images.length === 0) return { message, imageMessage: null };
  return { message, imageMessage: { role: "user", content: [{ type: "text", text: `The image read by tool call ${call.id}:` }, ...images] } };
}
