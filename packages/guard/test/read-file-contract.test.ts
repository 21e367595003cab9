import { describe, expect, test } from "vitest";
import { configSchema, createGuard, createTool, definition, outputSchema, profile, READ_FILE_ERROR_CODES, readFile, readFileErrorCode } from "../src/index.js";
import { scratch } from "./support/scratch.js";

describe("spec 003 §3: the tool contract", () => {
  test("GUARD-3-name: the tool is read_file with the §3 description", () => {
    const tool = createTool({ root: scratch().root });
    expect(tool.name).toBe("read_file");
    expect(tool.aliases).toEqual([]);
    expect(tool.definition.name).toBe("read_file");
    expect(tool.definition.description).toBe("Read a UTF-8 text file after filesystem policy + user permission checks.");
  });

  test("GUARD-3-schema: the parameters are exactly the §3 input schema", () => {
    expect(createTool({ root: scratch().root }).definition.parameters).toEqual({
      type: "object",
      properties: {
        path: {
          type: "string",
          description: "Absolute or relative path to the file to read",
        },
      },
      required: ["path"],
      additionalProperties: false,
    });
    expect(definition.parameters).toEqual(createTool({ root: scratch().root }).definition.parameters);
  });

  test("GUARD-3-schema GUARD-6.1-any-name: an argument besides path is ignored, as the reference ignores it", async () => {
    const s = scratch();
    s.write("ws/a.txt", "a\n");
    expect(await createTool({ root: s.root }).call({ path: "a.txt", limit: 10, extra: { nested: true } })).toEqual({ path: `${s.root}/a.txt`, content: "a\n", bytes_read: 2 });
  });

  test("GUARD-3-success: success is { path, content, bytes_read } with the resolved absolute path", async () => {
    const s = scratch();
    s.write("ws/docs/notes.md", "# Notes\r\nline two\n");
    const output = await createTool({ root: s.root }).call({ path: "docs/../docs/notes.md" });
    expect(output).toEqual({ path: `${s.root}/docs/notes.md`, content: "# Notes\r\nline two\n", bytes_read: 18 });
    expect(Object.keys(output)).toEqual(["path", "content", "bytes_read"]);
  });

  test("GUARD-3-success: content is the file's text exactly, byte order mark and multi-byte characters included", async () => {
    const s = scratch();
    s.write("ws/bom.txt", Buffer.from("\ufeffh\u00e9llo \u{1f600}\n", "utf8"));
    expect(await createTool({ root: s.root }).call({ path: "bom.txt" })).toEqual({
      path: `${s.root}/bom.txt`,
      content: "\ufeffh\u00e9llo \u{1f600}\n",
      bytes_read: 15,
    });
  });

  test("GUARD-3-error GUARD-6-labels: every failure is { error } and nothing else; the library's readFile keeps the code", async () => {
    const s = scratch();
    const output = await createTool({ root: s.root }).call({ path: "missing.txt" });
    expect(output).toEqual({ error: `not found: file "${s.root}/missing.txt" does not exist` });
    expect(Object.keys(output)).toEqual(["error"]);
    expect(await readFile(createGuard({ root: s.root }), undefined, { path: "missing.txt" })).toEqual({ error: `not found: file "${s.root}/missing.txt" does not exist`, code: "NOT_FOUND" });
    expect(readFileErrorCode(output as { error: string })).toBe("NOT_FOUND");
  });

  test("GUARD-3-error: isError and render tell errors from successes", async () => {
    const s = scratch();
    s.write("ws/a.txt", "alpha\n");
    const tool = createTool({ root: s.root });
    const success = await tool.call({ path: "a.txt" });
    const failure = await tool.call({ path: "" });
    expect(tool.isError(success)).toBe(false);
    expect(tool.isError(failure)).toBe(true);
    expect(tool.render(success)).toBe("alpha\n");
    expect(tool.render(failure)).toBe("Error: invalid input: path must be a non-empty string");
  });

  test("GUARD-3-error: the output schema describes the success and the error shape, the error a message only", () => {
    expect(outputSchema).toMatchObject({
      anyOf: [
        { type: "object", required: ["path", "content", "bytes_read"], additionalProperties: false },
        { type: "object", required: ["error"], additionalProperties: false, properties: { error: { type: "string" } } },
      ],
    });
    expect(READ_FILE_ERROR_CODES).toEqual(["INVALID_INPUT", "DENIED_BY_POLICY", "DENIED_BY_USER", "TOO_LARGE", "NOT_FOUND", "NOT_ACCESSIBLE", "NOT_TEXT", "READ_FAILED"]);
  });
});

describe("the guard profile", () => {
  test("profile: name, config table and a strict config schema with defaults", () => {
    expect(profile.name).toBe("guard");
    expect(profile.configTable).toEqual(["guard"]);
    expect(profile.createTool).toBe(createTool);
    expect(configSchema.parse({})).toEqual({ blocked: [], default_blocked: true, respect_gitignore: true, max_answer_bytes: 262144 });
    expect(configSchema.parse({ blocked: ["secrets/**"], default_blocked: false, respect_gitignore: false })).toEqual({
      blocked: ["secrets/**"],
      default_blocked: false,
      respect_gitignore: false,
      max_answer_bytes: 262144,
    });
    expect(configSchema.safeParse({ max_answer_bytes: 64 * 1024 * 1024 + 1 }).success).toBe(false);
    expect(configSchema.safeParse({ default_blocked: "no" }).success).toBe(false);
    expect(configSchema.safeParse({ blockd: [] }).success).toBe(false);
    expect(configSchema.safeParse({ respect_gitignore: "yes" }).success).toBe(false);
    expect(configSchema.safeParse({ blocked: "secrets/**" }).success).toBe(false);
  });

  test("profile: a blocked pattern that can never match fails config validation with its reason", () => {
    const parsed = configSchema.safeParse({ blocked: ["ok/**", "dir/"] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      {
        code: "custom",
        path: ["blocked", 1],
        message: "The blocked pattern 'dir/' ends with '/', which no file path does; write 'dir/**' to block a directory and everything in it.",
      },
    ]);
  });

  test("profile: createTool refuses bad options at load", () => {
    const s = scratch();
    expect(() => createTool({ root: s.root, blocked: ["../x"] })).toThrow(/can never match/u);
    expect(() => createTool({ root: `${s.root}/missing` })).toThrow(/does not exist/u);
  });
});
