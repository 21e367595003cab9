import type { ProfileModule, ReadTool, ToolOptions } from "@read/core";
import { aiSdkModelOutput } from "./ai-sdk-model-output.js";
import { jsonSchema, tool, type JSONSchema7, type Tool } from "ai";

/**
 * The profile's tool as a Vercel AI SDK tool (`ai` 5 or 6): the definition's description, its JSON
 * Schema as `inputSchema` (not validated by the SDK, so the profile answers bad arguments with its own
 * spec error), and `execute` resolving to the profile's exact output, which the model receives as JSON, or
 * as the tool's `modelContent` where the profile has one (`toModelOutput`: its text, and an image part for a
 * read of an image). The SDK's `abortSignal` aborts the read (the call rejects with an `AbortError`). `options` are the profile's `createTool` options; a `requester` decides pending guard reads.
 */
export function aiSdkTool<Options extends object>(module: ProfileModule<Options>, options: ToolOptions<Options>): Tool {
  return fromReadTool(module.createTool(options));
}

/** The same, keyed by the tool's name: ready for `generateText({ tools })`. */
export function aiSdkToolSet<Options extends object>(
  module: ProfileModule<Options>,
  options: ToolOptions<Options>,
): Record<string, Tool> {
  const readTool = module.createTool(options);
  return { [readTool.name]: fromReadTool(readTool) };
}

function fromReadTool(readTool: ReadTool): Tool {
  return tool({
    description: readTool.definition.description,
    inputSchema: jsonSchema(readTool.definition.parameters as JSONSchema7),
    // The SDK's abortSignal (the caller's, passed to generateText/streamText) aborts the read.
    execute: (input: unknown, { abortSignal }) => readTool.call(input, { signal: abortSignal }),
    // A profile with its own model form hands the model its text; the others, their output as JSON.
    ...(readTool.modelContent === undefined ? {} : { toModelOutput: ({ output }: { output: unknown }) => aiSdkModelOutput(readTool, output) }),
  });
}
