import type { ReadTool } from "@read/core";
import { modelText } from "./model-text.js";

/** What `toModelOutput` of an AI SDK tool returns for a profile with its own model form. */
export type AiSdkModelOutput =
  | { readonly type: "text"; readonly value: string }
  | {
      readonly type: "content";
      // Mutable, as the SDK's type is.
      readonly value: ({ readonly type: "text"; readonly text: string } | { readonly type: "media"; readonly data: string; readonly mediaType: string })[];
    };

/**
 * An output as the AI SDK hands it to the model: the tool's text alone, or, when its `modelContent` holds
 * an image (the agent profile's read of an image), a `content` output of text and image parts. The image
 * part is `media`, the one kind `ai` 5 knows; `ai` 6 turns it into an `image-data` part for the provider.
 */
export function aiSdkModelOutput(tool: ReadTool, output: unknown): AiSdkModelOutput {
  const parts = tool.modelContent?.(output);
  if (parts === undefined || parts.every((part) => part.type === "text")) return { type: "text", value: modelText(tool, output) };
  return {
    type: "content",
    value: parts.map((part) => (part.type === "text" ? { type: "text" as const, text: part.text } : { type: "media" as const, data: part.data, mediaType: part.mimeType })),
  };
}
