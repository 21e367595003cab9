import type { JsonSchema, ToolDefinition } from "@read/core";
import { z } from "zod";
import { inputSchema } from "./input-schema.js";

/** The tool's name as the agent sees it (spec 001 §2.1). */
export const TOOL_NAME = "Read";

/** The tool's description (spec 001 §2.2). */
export const TOOL_DESCRIPTION = "Reads a file from the local filesystem with line numbers. Optimized for code editing.";

/**
 * The definition the model sees, exactly spec 001 §2.2. `parameters` is generated from
 * {@link inputSchema} and reduced to the keywords the spec writes, in its order (`type`, `description`,
 * `default`; `properties`, `required`): the bounds it leaves out of the schema are enforced by `call`.
 */
export const definition: ToolDefinition = {
  name: TOOL_NAME,
  description: TOOL_DESCRIPTION,
  parameters: toSpecShape(z.toJSONSchema(inputSchema, { io: "input" })),
};

function toSpecShape(schema: JsonSchema): JsonSchema {
  const shaped: Record<string, unknown> = {};
  if (schema.type !== undefined) shaped.type = schema.type;
  if (schema.description !== undefined) shaped.description = schema.description;
  if (schema.default !== undefined) shaped.default = schema.default;
  if (isRecord(schema.properties)) {
    const properties: Record<string, JsonSchema> = {};
    for (const [name, property] of Object.entries(schema.properties)) {
      if (isRecord(property)) properties[name] = toSpecShape(property);
    }
    shaped.properties = properties;
  }
  if (Array.isArray(schema.required)) shaped.required = [...schema.required];
  return shaped;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
