import { describe, expect, test } from "vitest";
import { createTool, profile, resolveToolName, TOOL_ALIASES } from "../src/index.js";
import { read, sandbox } from "./helpers.js";

describe("FR-RD-01: name and aliases", () => {
  test("FORGE-FR-RD-01: the tool is `Read`; `read`, `read_file`, `read-file`, `ReadFile` resolve to it", () => {
    const { root } = sandbox();
    const tool = createTool({ root });
    expect(tool.name).toBe("Read");
    expect(tool.definition.name).toBe("Read");
    expect(tool.aliases).toEqual(["read", "read_file", "read-file", "ReadFile"]);
    expect(TOOL_ALIASES).toEqual(tool.aliases);
    for (const name of ["Read", "read", "read_file", "read-file", "ReadFile"]) expect(resolveToolName(name)).toBe("Read");
    for (const name of ["READ", "readfile", "Read ", "read_File", "cat", ""]) expect(resolveToolName(name)).toBeUndefined();
    expect(profile.name).toBe("forge");
    expect(profile.configTable).toEqual(["tools", "read_file"]);
  });
});

describe("FR-RD-02: the request schema", () => {
  test("FORGE-FR-RD-02: path is required; start_line, end_line, limit, head, tail are positive integers; show_line_numbers defaults to true", () => {
    const { root } = sandbox();
    const parameters = createTool({ root }).definition.parameters;
    const count = (description: string) => ({ type: "integer", minimum: 1, description });
    expect(parameters).toEqual({
      type: "object",
      properties: {
        path: { type: "string", description: "The file to read: relative to the workspace root, or absolute inside it." },
        start_line: count("First line to read, 1-indexed (default 1)."),
        end_line: count("Last line to read, 1-indexed and inclusive. Not with `limit`."),
        limit: count("Number of lines to read from `start_line`. Not with `end_line`."),
        head: count("Read the first N lines. Not with `tail`, `start_line`, `end_line` or `limit`."),
        tail: count("Read the last N lines, found from the end of the file (fast on files of any size). Not with `head`, `start_line`, `end_line` or `limit`."),
        show_line_numbers: {
          type: "boolean",
          default: true,
          description: "Prefix each line with its line number and `| `. Defaults to show_line_numbers in [tools.read_file] (true unless configured).",
        },
      },
      required: ["path"],
      additionalProperties: false,
    });
    expect(createTool({ root, show_line_numbers: false }).definition.parameters).toMatchObject({ properties: { show_line_numbers: { type: "boolean", default: false } } });
    // Tools with the same default share one schema, as tools of the other profiles share their definition;
    // a later tool with the other default does not change it.
    const first = createTool({ root }).definition.parameters;
    expect(createTool({ root, max_scan_bytes: 5000 }).definition.parameters).toBe(first);
    expect(createTool({ root, show_line_numbers: false }).definition.parameters).not.toBe(first);
    expect(first).toMatchObject({ properties: { show_line_numbers: { default: true } } });
  });

  test("FORGE-FR-RD-02: the description states the configured limits", () => {
    const { root } = sandbox();
    expect(createTool({ root }).definition.description).toBe(
      "Reads a file in the workspace. A text file comes back as a view of its lines, each prefixed with its line number and `| ` (`  7| text`); set show_line_numbers to false for the raw lines. " +
        "Read part of a file with start_line/end_line (1-indexed, inclusive) or start_line with limit, its first lines with head, or its last lines with tail; " +
        "head and tail cannot be combined with each other or with start_line/end_line/limit. " +
        "A whole-file read is limited to 204800 bytes. A range, head or tail returns at most 204800 bytes of lines: what does not fit is left out (a line too long is cut), and a line of the view starting with \"... [\" says so. " +
        "A range can only reach lines within the first 2097152 bytes of a file; tail reads the end of a file of any size. " +
        "A binary file (a NUL byte in its first 8 KiB) comes back base64-encoded, at most 204800 bytes, and takes no line parameters. " +
        "The sandbox refuses paths its deny list matches (.env files, private keys, credentials, .git/, crash dumps). " +
        'When next_start_line is set, continue with start_line = next_start_line; when truncated is true without it, the view\'s "... [" line says how to go on.',
    );
    expect(createTool({ root, max_file_read_bytes: 1000, max_scan_bytes: 5000, show_line_numbers: false }).definition.description).toContain(
      "A text file comes back as its raw lines; set show_line_numbers to true to prefix each with its line number and `| ` (`  7| text`). ",
    );
  });

  test("FORGE-FR-RD-02: bad arguments are INVALID_ARGUMENT errors that name each problem", async () => {
    const { root } = sandbox({ "a.txt": "a\n" });
    const invalid = (message: string) => ({ error: { code: "INVALID_ARGUMENT", message } });
    expect(await read(root, {})).toEqual(invalid("`path` is required."));
    expect(await read(root, "a.txt")).toEqual(invalid('The arguments must be a JSON object with at least `path`, such as {"path": "src/main.rs"}.'));
    expect(await read(root, null)).toEqual(invalid('The arguments must be a JSON object with at least `path`, such as {"path": "src/main.rs"}.'));
    expect(await read(root, { path: 7 })).toEqual(invalid("`path` must be a string, got 7."));
    expect(await read(root, { path: "a.txt", start_line: 0 })).toEqual(invalid("`start_line` must be a positive integer (1 or more), got 0."));
    expect(await read(root, { path: "a.txt", head: "10" })).toEqual(invalid('`head` must be a positive integer (1 or more), got "10".'));
    expect(await read(root, { path: "a.txt", tail: 2.5, limit: -1 })).toEqual(
      invalid("`limit` must be a positive integer (1 or more), got -1. `tail` must be a positive integer (1 or more), got 2.5."),
    );
    expect(await read(root, { path: "a.txt", show_line_numbers: "yes" })).toEqual(invalid('`show_line_numbers` must be true or false, got "yes".'));
    expect(await read(root, { path: "" })).toEqual(invalid('path must not be empty: give the path of a file in the workspace, such as "src/main.rs".'));
    expect(await read(root, { path: " \t " })).toEqual(invalid('path must not be empty (it holds only whitespace): give the path of a file in the workspace, such as "src/main.rs".'));
  });

  test("FORGE-FR-RD-02-alias: parameters Read does not know are ignored, as forge's Read ignores them", async () => {
    const { root } = sandbox({ "a.txt": "a\nb\n" });
    expect(await read(root, { path: "a.txt", offset: 2, lines: "x" })).toMatchObject({ content: "1| a\n2| b\n", start_line: 1, end_line: 2 });
    expect(await read(root, { path: "a.txt", start_line: 2, Start_Line: 1 })).toMatchObject({ content: "2| b\n" });
  });

  test("FORGE-FR-RD-02-alias: `line_numbers`, forge's name of the argument, is show_line_numbers", async () => {
    const { root } = sandbox({ "a.txt": "a\n" });
    expect(await read(root, { path: "a.txt", line_numbers: false })).toMatchObject({ content: "a\n", line_numbers: false });
    expect(await read(root, { path: "a.txt", line_numbers: true }, { show_line_numbers: false })).toMatchObject({ content: "1| a\n", line_numbers: true });
    expect(await read(root, { path: "a.txt", line_numbers: false, show_line_numbers: false })).toMatchObject({ content: "a\n" });
    expect(await read(root, { path: "a.txt", line_numbers: null })).toMatchObject({ content: "1| a\n" });
    expect(await read(root, { path: "a.txt", line_numbers: true, show_line_numbers: false })).toEqual({
      error: { code: "CONFLICTING_ARGUMENTS", message: "`show_line_numbers` and `line_numbers` (another name of it) say different things; give one of them." },
    });
    expect(await read(root, { path: "a.txt", line_numbers: "no" })).toEqual({
      error: { code: "INVALID_ARGUMENT", message: '`line_numbers` (another name of `show_line_numbers`) must be true or false, got "no".' },
    });
  });

  test("FORGE-FR-RD-02: a parameter sent as null counts as not given", async () => {
    const { root } = sandbox({ "a.txt": "a\nb\n" });
    expect(await read(root, { path: "a.txt", start_line: null, end_line: null, limit: null, head: null, tail: null, show_line_numbers: null })).toMatchObject({
      content: "1| a\n2| b\n",
      line_numbers: true,
    });
  });
});
