import { describe, expect, test } from "vitest";
import { createTool, definition, inputSchema, profile } from "../src/index.js";
import { makeWorkspace } from "./workspace.js";

// Spec 001 §2.2, verbatim.
const SPEC_DEFINITION = {
  name: "Read",
  description: "Reads a file from the local filesystem with line numbers. Optimized for code editing.",
  parameters: {
    type: "object",
    properties: {
      path: {
        type: "string",
        description: "Path to the file (relative to project root). Required.",
      },
      start_line: {
        type: "integer",
        description: "The line number to start reading from (1-based). Default is 1.",
        default: 1,
      },
      limit: {
        type: "integer",
        description: "The maximum number of lines to read. Default is 500. Hard limit is 2000.",
        default: 500,
      },
    },
    required: ["path"],
  },
};

describe("§2.1 tool definition", () => {
  test("ENV-2.1: the tool is exposed as Read, with no aliases", () => {
    const tool = createTool({ root: makeWorkspace().root });
    expect(tool.name).toBe("Read");
    expect(tool.definition.name).toBe("Read");
    expect(tool.aliases).toEqual([]);
    expect(profile.name).toBe("envelope");
  });
});

describe("§2.2 input parameters", () => {
  test("ENV-2.2: the definition generated from the zod schema equals the spec's JSON, key order included", () => {
    expect(definition).toEqual(SPEC_DEFINITION);
    expect(JSON.stringify(definition)).toBe(JSON.stringify(SPEC_DEFINITION));
    expect(createTool({ root: makeWorkspace().root }).definition).toBe(definition);
  });

  test("ENV-2.2: the zod schema applies the spec's defaults and requires path", () => {
    expect(inputSchema.parse({ path: "a.py" })).toEqual({ path: "a.py", start_line: 1, limit: 500 });
    expect(inputSchema.safeParse({ start_line: 1 }).success).toBe(false);
    expect(inputSchema.safeParse({ path: "a.py", limit: 2000 }).success).toBe(true);
    expect(inputSchema.safeParse({ path: "a.py", limit: 2001 }).success).toBe(false);
  });
});
