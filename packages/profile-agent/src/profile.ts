import { defineProfile, type ModelPart } from "@read/core";
import { configSchema } from "./config-schema.js";
import { definition, TOOL_NAME } from "./definition.js";
import { imageModelContent, renderImage } from "./image-model-content.js";
import { isReadError, isReadImage, readError, readOutputSchema, type ReadOutput } from "./output.js";
import { parseInput } from "./parse-input.js";
import { readFile } from "./read-file.js";

/**
 * The `agent` profile: this project's own read tool (`docs/specs/agent.md`), configured by `[agent]`.
 * Every key is a bound a workspace's own config may only lower; the secrets policy is on by default.
 */
export const profile = defineProfile({
  name: "agent",
  configTable: ["agent"],
  configSchema,
  secrets: true,
  tightening: { max_lines: "lower", max_content_bytes: "lower", max_line_chars: "lower", max_decoded_bytes: "lower", max_scan_bytes: "lower", max_image_bytes: "lower", max_image_edge: "lower", max_image_pixels: "lower", max_image_file_bytes: "lower", max_document_bytes: "lower", max_pages: "lower", document_timeout_ms: "lower" },
  outputSchema: readOutputSchema,
  isError: isReadError,
  render,
  modelContent,
  setup: ({ workspace, config, sensitive, redact }) => ({
    name: TOOL_NAME,
    definition: definition(config),
    async call(input, { signal }) {
      const parsed = parseInput(input);
      if (isReadError(parsed)) return parsed;
      return readFile(workspace, parsed, config, { signal, sensitive, redact });
    },
    internalError: (reason) => readError("READ_FAILED", `The read failed unexpectedly (${reason}). Retry the read.`),
  }),
});

/** Creates the `agent` profile's `read` tool over a workspace root: {@link profile}'s `createTool`. */
export const createTool = profile.createTool;

/** Options of {@link createTool}: the workspace root and the keys of `[agent]`. */
export type AgentToolOptions = Parameters<typeof createTool>[0];

function render(output: ReadOutput): string {
  if (isReadError(output)) return `Error ${output.error.code}: ${output.error.message}`;
  if ("unchanged" in output) return `${output.path}: unchanged (version ${output.version}).`;
  if (isReadImage(output)) return renderImage(output);
  return output.content;
}

/**
 * AGENT-OUT-11: the answer as a model receives it as text (over MCP, through the adapters): a page's
 * fields but `content` as one line of JSON, then its `content` unescaped from the second line on, so that
 * no line of the file pays for JSON's escapes; an error or an unchanged answer is its JSON; an image, its
 * fields as JSON and the image itself (AGENT-IMG-02).
 */
function modelContent(output: ReadOutput): readonly ModelPart[] {
  if (isReadImage(output)) return imageModelContent(output);
  if (!("content" in output)) return [{ type: "text", text: JSON.stringify(output) }];
  const { content, ...fields } = output;
  return [{ type: "text", text: `${JSON.stringify(fields)}\n${content}` }];
}
