import { describe, expect, it } from "vitest";
import { createTool } from "../src/index.js";
import { readFailure, readText, sandbox } from "./helpers.js";

describe("AGENT-IN-01: the tool", () => {
  it("is named read, and its schema requires path and publishes every parameter", () => {
    const { root } = sandbox();
    const tool = createTool({ root });
    expect(tool.name).toBe("read");
    expect(tool.definition.name).toBe("read");
    expect(tool.definition.parameters).toMatchObject({ type: "object", required: ["path"], additionalProperties: false });
    expect(Object.keys((tool.definition.parameters as { properties: object }).properties)).toEqual(["path", "start_line", "limit", "tail", "column", "ranges", "max_tokens", "if_version", "pages"]);
  });
});

describe("AGENT-IN-08: argument errors", () => {
  const { root } = sandbox({ "a.txt": "one\ntwo\n" });

  it.each([
    ["start_line", { start_line: 0 }, "`start_line` must be an integer of at least 1, got 0."],
    ["limit", { limit: 0 }, "`limit` must be an integer of at least 1, got 0."],
    ["tail", { tail: -1 }, "`tail` must be an integer of at least 1, got -1."],
    ["column", { column: 0 }, "`column` must be an integer of at least 1, got 0."],
    ["max_tokens", { max_tokens: 0 }, "`max_tokens` must be an integer of at least 1, got 0."],
    ["a fraction", { limit: 1.5 }, "`limit` must be an integer of at least 1, got 1.5."],
  ])("issue 32: %s below 1 (or not an integer) is INVALID_ARGUMENT", async (_name, extra, message) => {
    expect(await readFailure(root, { path: "a.txt", ...extra })).toEqual(["INVALID_ARGUMENT", message]);
  });

  it("a missing path, an empty one and a non-object are INVALID_ARGUMENT", async () => {
    expect(await readFailure(root, {})).toEqual(["INVALID_ARGUMENT", "`path` is required."]);
    expect(await readFailure(root, { path: "" })).toEqual(["INVALID_ARGUMENT", '`path` must not be empty: give the path of a file in the workspace, such as "src/main.ts".']);
    expect(await readFailure(root, { path: "  " })).toEqual([
      "INVALID_ARGUMENT",
      '`path` must not be empty (it holds only whitespace): give the path of a file in the workspace, such as "src/main.ts".',
    ]);
    expect(await readFailure(root, "a.txt")).toEqual(["INVALID_ARGUMENT", 'The arguments must be a JSON object with at least `path`, such as {"path": "src/main.ts"}.']);
  });

  it("a path holding a control or bidi character is refused, naming it", async () => {
    expect(await readFailure(root, { path: "a\u202e.txt" })).toEqual([
      "INVALID_ARGUMENT",
      "`path` holds U+202E (character 2): control, invisible and direction-changing characters are refused, since a name holding them does not show what it is. Name the file without them.",
    ]);
  });

  it("an unknown parameter is named, with the parameter meant when it is another tool's name", async () => {
    expect(await readFailure(root, { path: "a.txt", offset: 2 })).toEqual([
      "INVALID_ARGUMENT",
      "Unknown parameter `offset` (use `start_line`): read takes `path`, `start_line`, `limit`, `tail`, `column`, `ranges`, `max_tokens`, `if_version`, `pages`.",
    ]);
  });

  it("a parameter set to null counts as absent", async () => {
    const output = await readText(root, { path: "a.txt", start_line: null, tail: null, ranges: null });
    expect(output.content).toBe("1\tone\n2\ttwo");
  });

  it("a malformed range names its index", async () => {
    expect(await readFailure(root, { path: "a.txt", ranges: [{ start_line: 1 }, { start_line: 0 }] })).toEqual([
      "INVALID_ARGUMENT",
      "`ranges[1].start_line` must be an integer of at least 1.",
    ]);
    expect(await readFailure(root, { path: "a.txt", ranges: [] })).toEqual(["INVALID_ARGUMENT", "`ranges` must be an array of 1 to 20 objects {start_line, limit?}, got []."]);
  });
});

describe("AGENT-IN-09: exclusive combinations name what to drop", () => {
  const { root } = sandbox({ "a.txt": "one\n" });

  it.each([
    [{ tail: 1, start_line: 1 }, "`tail` cannot be used with `start_line`: `tail` reads the last lines on its own. Drop `start_line`, or drop `tail`."],
    [{ tail: 1, column: 3 }, "`tail` cannot be used with `column`: `tail` reads the last lines on its own. Drop `column`, or drop `tail`."],
    [{ tail: 1, ranges: [{ start_line: 1 }] }, "`tail` cannot be used with `ranges`: `tail` reads the last lines on its own. Drop `ranges`, or drop `tail`."],
    [
      { ranges: [{ start_line: 1 }], start_line: 2, limit: 3 },
      "`ranges` cannot be used with `start_line` and `limit`: `ranges` gives each window its own start_line and limit. Drop `start_line` and `limit`, or drop `ranges`.",
    ],
  ])("issue 32: %j is CONFLICTING_ARGUMENTS", async (extra, message) => {
    expect(await readFailure(root, { path: "a.txt", ...extra })).toEqual(["CONFLICTING_ARGUMENTS", message]);
  });
});
