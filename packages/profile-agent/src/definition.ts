import type { JsonSchema, ToolDefinition } from "@read/core";
import { z } from "zod";
import type { AgentConfig } from "./config-schema.js";
import { inputSchema } from "./input-schema.js";

/** The tool's name (AGENT-IN-01). */
export const TOOL_NAME = "read";

let parameters: JsonSchema | undefined;

/**
 * The definition the model sees: what `read` returns and how to go on, with the configured bounds, and
 * the JSON Schema of {@link inputSchema} (without `$schema`, which some agent APIs refuse).
 */
export function definition(config: AgentConfig): ToolDefinition {
  parameters ??= jsonSchemaOf();
  return {
    name: TOOL_NAME,
    description: [
      "Reads a text file, an image, a PDF or a Jupyter notebook in the workspace.",
      "content holds its lines, each as `<line number>\\t<text>` without the line terminator (line_endings says which the file uses: keep it when you write the file back; encoding and bom likewise).",
      "A line of content starting with `[` is a notice from the tool, not a line of the file.",
      `One answer holds at most ${config.max_lines} lines and ${config.max_content_bytes} bytes; a line longer than ${config.max_line_chars} characters is cut, and a notice gives the column where its rest starts.`,
      "When next is not null, call again with start_line = next.start_line (and column = next.column when it is given) to continue.",
      "Use start_line/limit for a window, tail for the last lines, ranges for several windows in one call, max_tokens to bound the answer's size.",
      "version identifies the file's bytes: pass it as if_version to get only {unchanged: true} when the file did not change since.",
      `A PNG, JPEG, GIF or WebP file is returned as the image itself (with its format, dimensions and size), downscaled when its longer edge is over ${config.max_image_edge} pixels or its base64 over ${config.max_image_bytes} bytes.`,
      `A PDF (.pdf) is read by pages: \`pages\` "3" or "1-5", at most ${config.max_pages} a call; content holds each page after a line \`--- page N of T ---\`, total_pages the count, and next.pages the pages to ask for next.`,
      "A notebook (.ipynb) is read as lines like a text file: each cell after a line `=== cell N: kind ===`, its outputs after `--- output: ... ---`; images and HTML are named, not shown.",
      "Credential files (.env, private keys, ...) and other binary files are refused.",
    ].join(" "),
    parameters,
  };
}

function jsonSchemaOf(): JsonSchema {
  const generated = z.toJSONSchema(inputSchema, {
    override: ({ jsonSchema }) => {
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  });
  delete generated.$schema;
  return generated;
}
