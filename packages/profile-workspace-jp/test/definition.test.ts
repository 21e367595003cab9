import { describe, expect, test } from "vitest";
import { z } from "zod";
import { READ_FILE_DEFINITION, TOOL_DEFINITIONS, ToolCatalog, createTool, inputSchema, outputSchema, profile, readFileHandler } from "../src/index.js";
import { MTIME_MS, useSandbox } from "./sandbox.js";

// Spec 002 §4.4, copied verbatim.
const READ_FILE_DEFINITION_FROM_SPEC = {
  name: "read_file",
  description:
    "Reads a UTF-8 text file in the workspace and returns a line-limited content window.",
  parameters: {
    type: "object",
    properties: {
      path: {
        type: "string",
        description:
          "Workspace-root-relative file path to read (e.g., \"src/main.ts\").",
      },
      start_line: {
        type: "number",
        default: 1,
        description: "1-based start line of the returned window (default: 1).",
      },
      max_lines: {
        type: "number",
        default: 200,
        description: "Maximum number of lines to return (default: 200).",
      },
    },
    required: ["path"],
  },
} as const;

describe("JP-4.4: TOOL_DEFINITIONS.read_file equals the spec's definition character for character", () => {
  test("JP-4.4: same keys, same order, same strings", () => {
    expect(TOOL_DEFINITIONS.read_file).toStrictEqual(READ_FILE_DEFINITION_FROM_SPEC);
    expect(JSON.stringify(TOOL_DEFINITIONS.read_file)).toBe(JSON.stringify(READ_FILE_DEFINITION_FROM_SPEC));
    expect(TOOL_DEFINITIONS.read_file).toBe(READ_FILE_DEFINITION);
    expect(Object.keys(TOOL_DEFINITIONS)).toStrictEqual(["read_file"]);
  });

  test("JP-4.4: descriptions are one short English sentence and state their defaults", () => {
    const { properties } = TOOL_DEFINITIONS.read_file.parameters;
    expect(TOOL_DEFINITIONS.read_file.description).toMatch(/^[A-Z][^.]*\.$/u);
    expect(properties.start_line.description).toContain(`(default: ${properties.start_line.default})`);
    expect(properties.max_lines.description).toContain(`(default: ${properties.max_lines.default})`);
  });

  test("JP-4.4: the zod input schema agrees with the definition: properties, types, defaults, required", () => {
    const generated = z.toJSONSchema(inputSchema, { io: "input" }) as {
      properties: Record<string, { type: string; default?: unknown }>;
      required: string[];
    };
    const written = TOOL_DEFINITIONS.read_file.parameters;
    expect(Object.keys(generated.properties)).toStrictEqual(Object.keys(written.properties));
    for (const [name, property] of Object.entries(written.properties)) {
      const zodProperty = generated.properties[name];
      // zod says `integer` where the spec says `number`: every integer is a number.
      expect(zodProperty?.type === "integer" ? "number" : zodProperty?.type).toBe(property.type);
      expect(zodProperty?.default).toStrictEqual("default" in property ? property.default : undefined);
    }
    expect(generated.required).toStrictEqual([...written.required]);
  });

  test("JP-4.4: the tool exposes the definition and is what the profile creates", () => {
    const tool = profile.createTool({ root: process.cwd() });
    expect(tool.name).toBe("read_file");
    expect(tool.aliases).toStrictEqual([]);
    expect(tool.definition).toBe(TOOL_DEFINITIONS.read_file);
    expect(tool.outputSchema).toBe(outputSchema);
  });
});

describe("JP-11.8: read_file is registered in ToolCatalog and TOOL_DEFINITIONS", () => {
  const sandbox = useSandbox();

  test("JP-11.8: ToolCatalog.read_file has the reference's metadata and handler, the definition, the schemas and a working factory", async () => {
    expect(Object.keys(ToolCatalog)).toStrictEqual(["read_file"]);
    expect(ToolCatalog.read_file.metadata).toStrictEqual({
      name: "read_file",
      isWriteOp: false,
      description: "Reads a UTF-8 text file in the workspace and returns a line-limited content window.",
    });
    expect(ToolCatalog.read_file.handler).toBe(readFileHandler);
    expect(ToolCatalog.read_file.definition).toBe(TOOL_DEFINITIONS.read_file);
    expect(ToolCatalog.read_file.inputSchema).toBe(inputSchema);
    expect(ToolCatalog.read_file.outputSchema).toBe(outputSchema);
    expect(ToolCatalog.read_file.createTool).toBe(createTool);
    sandbox().write("c.txt", "catalog\n");
    const output = { path: "c.txt", content: "catalog\n", truncated: false, next_start_line: null, meta: { byte_length: 8, line_count: 2, returned_line_count: 2, mtime_ms: MTIME_MS } };
    expect(await ToolCatalog.read_file.createTool({ root: sandbox().root }).call({ path: "c.txt" })).toStrictEqual(output);
    expect(await ToolCatalog.read_file.handler({ workspaceRoot: sandbox().root }, "c.txt")).toStrictEqual(output);
  });
});
