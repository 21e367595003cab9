import type { JsonSchema, ToolDefinition } from "@read/core";
import { z } from "zod";
import type { ForgeConfig } from "./config-schema.js";
import { inputSchema } from "./input-schema.js";
import { BINARY_SNIFF_BYTES } from "./read-file.js";
import { TOOL_NAME } from "./resolve-tool-name.js";

/**
 * The definition the model sees: the tool's name, a description that states the configured limits, and
 * the JSON Schema of {@link inputSchema} with the configured `show_line_numbers` as that parameter's
 * `default` (without `$schema`, which some agent APIs refuse).
 */
export function definition(config: ForgeConfig): ToolDefinition {
  const parameters = parametersFor(config.show_line_numbers);
  const view = config.show_line_numbers
    ? "A text file comes back as a view of its lines, each prefixed with its line number and `| ` (`  7| text`); set show_line_numbers to false for the raw lines."
    : "A text file comes back as its raw lines; set show_line_numbers to true to prefix each with its line number and `| ` (`  7| text`).";
  return {
    name: TOOL_NAME,
    description: [
      "Reads a file in the workspace.",
      view,
      "Read part of a file with start_line/end_line (1-indexed, inclusive) or start_line with limit, its first lines with head, or its last lines with tail;",
      "head and tail cannot be combined with each other or with start_line/end_line/limit.",
      `A whole-file read is limited to ${config.max_file_read_bytes} bytes. A range, head or tail returns at most ${config.max_file_read_bytes} bytes of lines: what does not fit is left out (a line too long is cut), and a line of the view starting with "... [" says so.`,
      `A range can only reach lines within the first ${config.max_scan_bytes} bytes of a file; tail reads the end of a file of any size.`,
      `A binary file (a NUL byte in its first ${BINARY_SNIFF_BYTES / 1024} KiB) comes back base64-encoded, at most ${config.max_file_read_bytes} bytes, and takes no line parameters.`,
      "The sandbox refuses paths its deny list matches (.env files, private keys, credentials, .git/, crash dumps).",
      "When next_start_line is set, continue with start_line = next_start_line; when truncated is true without it, the view's \"... [\" line says how to go on.",
    ].join(" "),
    parameters,
  };
}

// The JSON Schema takes zod a millisecond to generate, and a tool is made per call by servers whose
// requests carry their own config (`read-tool jsonl`): one schema per default of show_line_numbers,
// shared by the tools, as the other profiles share their one definition.
const schemaByDefault = new Map<boolean, JsonSchema>();

function parametersFor(showLineNumbers: boolean): JsonSchema {
  const known = schemaByDefault.get(showLineNumbers);
  if (known !== undefined) return known;
  const generated = z.toJSONSchema(inputSchema, {
    override: ({ zodSchema, jsonSchema }) => {
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      if (zodSchema === inputSchema.shape.show_line_numbers) jsonSchema.default = showLineNumbers;
    },
  });
  delete generated.$schema;
  schemaByDefault.set(showLineNumbers, generated);
  return generated;
}
