import { describe, expect, test } from "vitest";
import { configSchema, createTool, profile } from "../src/index.js";
import { numberedLines, read, sandbox } from "./helpers.js";

const issues = (table: unknown) => {
  const parsed = profile.configSchema.safeParse(table);
  return parsed.success ? [] : parsed.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
};

describe("§5: [tools.read_file]", () => {
  test("FORGE-5: an empty or missing table gives the spec's defaults", () => {
    expect(profile.configSchema).toBe(configSchema);
    expect(configSchema.parse({})).toEqual({ max_file_read_bytes: 204800, max_scan_bytes: 2097152, show_line_numbers: true });
  });

  test("FORGE-5: every key can be overridden, and the overrides reach the tool", async () => {
    const table = { max_file_read_bytes: 10, max_scan_bytes: 4096, show_line_numbers: false };
    expect(configSchema.parse(table)).toEqual(table);
    const { root } = sandbox({ "a.txt": numberedLines(3) });
    const tool = createTool({ root, ...configSchema.parse(table) });
    expect(await tool.call({ path: "a.txt" })).toMatchObject({ error: { code: "TOO_LARGE" } });
    expect(await tool.call({ path: "a.txt", head: 1 })).toMatchObject({ content: "line 1\n", line_numbers: false });
    expect(await read(root, { path: "a.txt", head: 1 }, { max_scan_bytes: 3 })).toMatchObject({ error: { code: "SCAN_LIMIT_EXCEEDED" } });
  });

  test("FORGE-5: bad values are rejected with a message naming the key", () => {
    const bytes = (key: string) => [{ path: [key], message: `${key} must be a positive integer (a number of bytes)` }];
    for (const bad of [0, -1, 1.5, "204800", true, null, Number.MAX_SAFE_INTEGER + 1]) {
      expect(issues({ max_file_read_bytes: bad })).toEqual(bytes("max_file_read_bytes"));
      expect(issues({ max_scan_bytes: bad })).toEqual(bytes("max_scan_bytes"));
    }
    for (const bad of ["true", 1, null]) expect(issues({ show_line_numbers: bad })).toEqual([{ path: ["show_line_numbers"], message: "show_line_numbers must be true or false" }]);
  });

  test("FORGE-5: unknown keys are rejected with the accepted keys", () => {
    expect(issues({ max_file_bytes: 10 })).toEqual([
      { path: [], message: "unknown key 'max_file_bytes' in [tools.read_file] (accepted: max_file_read_bytes, max_scan_bytes, show_line_numbers)" },
    ]);
    expect(issues({ max_scan_bytes: 10, line_numbers: true, extra: 1 })).toEqual([
      { path: [], message: "unknown keys 'line_numbers', 'extra' in [tools.read_file] (accepted: max_file_read_bytes, max_scan_bytes, show_line_numbers)" },
    ]);
  });

  test("FORGE-5: createTool refuses bad options at start-up, never during a call", () => {
    const { root } = sandbox();
    expect(() => createTool({ root, max_scan_bytes: 0 })).toThrow(
      "Invalid [tools.read_file] configuration:\n✖ max_scan_bytes must be a positive integer (a number of bytes)\n  → at max_scan_bytes",
    );
    expect(() => createTool({ root, ...({ max_bytes: 1 } as object) })).toThrow("unknown key 'max_bytes' in [tools.read_file]");
    expect(() => createTool({ root: `${root}/missing` })).toThrow(`The workspace root does not exist.`);
  });
});
