import type { CallOptions, ModelPart, ReadTool } from "@read/core";
import { answersTo } from "./answers-to.js";
import { modelText } from "./model-text.js";

/** A `tool_use` content block of an Anthropic Messages response. */
export interface AnthropicToolUse {
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
}

/** A block of a `tool_result`'s content: text, or an image as base64 (the SDK's `TextBlockParam`, `ImageBlockParam`). */
export type AnthropicToolResultBlock =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "image"; readonly source: { readonly type: "base64"; readonly media_type: "image/png" | "image/jpeg" | "image/gif" | "image/webp"; readonly data: string } };

/** The `tool_result` content block that answers one `tool_use`. */
export interface AnthropicToolResult {
  readonly type: "tool_result";
  readonly tool_use_id: string;
  /**
   * The tool's output as the model receives it (its `modelContent`: for the four spec profiles, the exact
   * output as JSON), tool-level errors included: one string, or, for an output holding an image (the agent
   * profile's read of an image), its text and `image` blocks.
   */
  readonly content: string | AnthropicToolResultBlock[];
  /** Present (true) only when the output is a tool-level error. */
  readonly is_error?: true;
}

/**
 * Runs one Anthropic `tool_use` through the tool and returns the `tool_result` block that answers it.
 * `options.signal` aborts the read (the promise rejects with an `AbortError`).
 *
 * @throws Error when the block names another tool.
 */
export async function anthropicToolResult(tool: ReadTool, use: AnthropicToolUse, options: CallOptions = {}): Promise<AnthropicToolResult> {
  if (!answersTo(tool, use.name)) throw new Error(`the tool_use is for '${use.name}', not ${tool.name}`);
  const output = await tool.call(use.input, options);
  const parts = tool.modelContent?.(output);
  const content = parts?.some((part) => part.type === "image") === true ? parts.map(block) : modelText(tool, output);
  return tool.isError(output) ? { type: "tool_result", tool_use_id: use.id, content, is_error: true } : { type: "tool_result", tool_use_id: use.id, content };
}

function block(part: ModelPart): AnthropicToolResultBlock {
  if (part.type === "text") return { type: "text", text: part.text };
  return { type: "image", source: { type: "base64", media_type: imageType(part.mimeType), data: part.data } };
}

// The four image types the Messages API takes, which are the four a profile's image part can hold.
function imageType(mimeType: string): "image/png" | "image/jpeg" | "image/gif" | "image/webp" {
  if (mimeType === "image/png" || mimeType === "image/jpeg" || mimeType === "image/gif" || mimeType === "image/webp") return mimeType;
  throw new Error(`the Anthropic Messages API takes no image of type ${mimeType}`);
}
