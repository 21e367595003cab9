import type { CallOptions, ReadTool } from "@read/core";
import { answersTo } from "./answers-to.js";
import { modelText } from "./model-text.js";

/** A `tool_use` content block of an Anthropic Messages response. */
export interface AnthropicToolUse {
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
}

/** The `tool_result` content block that answers one `tool_use`. */
export interface AnthropicToolResult {
  readonly type: "tool_result";
  readonly tool_use_id: string;
  /** The tool's output as the model receives it (its `modelContent`: for the four spec profiles, the exact output as JSON), tool-level errors included. */
  readonly content: string;
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
  const content = modelText(tool, output);
  return tool.isError(output) ? { type: "tool_result", tool_use_id: use.id, content, is_error: true } : { type: "tool_result", tool_use_id: use.id, content };
}
