import { describe, expect, test } from "vitest";
import { ProfileConfigError } from "@read/core";
import { configSchema, createTool, profile } from "../src/index.js";
import { numberedLines, read, sandbox } from "./helpers.js";

const ACCEPTED = "(accepted keys: max_file_read_bytes, max_scan_bytes, show_line_numbers, secrets)";

/** The message `profile.parseConfig` throws for a table, or `undefined` when it is accepted. */
const refusal = (table: unknown) => {
  try {
    profile.parseConfig(table);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ProfileConfigError);
    return (error as Error).message;
  }
};

describe("§5: [tools.read_file]", () => {
  test("FORGE-5: an empty or missing table gives the spec's defaults", () => {
    expect(profile.parseConfig({})).toEqual({ max_file_read_bytes: 204800, max_scan_bytes: 2097152, show_line_numbers: true, secrets: true });
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

  test("FORGE-5: bad values are rejected with a message naming the key, the value and the accepted keys", () => {
    const cases: [unknown, string][] = [
      [0, "expected at least 1, got 0"],
      [-1, "expected at least 1, got -1"],
      [1.5, "expected an integer, got 1.5"],
      ["204800", 'expected a number, got "204800"'],
      [true, "expected a number, got true"],
      [null, "expected a number, got null"],
      [Number.MAX_SAFE_INTEGER + 1, "expected at most 9007199254740991, got 9007199254740992"],
    ];
    for (const [bad, reason] of cases) {
      for (const key of ["max_file_read_bytes", "max_scan_bytes"]) {
        expect(refusal({ [key]: bad })).toBe(`forge: invalid option '${key}' in [tools.read_file]: ${reason} ${ACCEPTED}`);
      }
    }
    expect(refusal({ show_line_numbers: "true" })).toBe(`forge: invalid option 'show_line_numbers' in [tools.read_file]: expected a boolean, got "true" ${ACCEPTED}`);
    expect(refusal({ show_line_numbers: 1 })).toBe(`forge: invalid option 'show_line_numbers' in [tools.read_file]: expected a boolean, got 1 ${ACCEPTED}`);
  });

  test("FORGE-5: unknown keys are rejected with the accepted keys", () => {
    expect(refusal({ max_file_bytes: 10 })).toBe(`forge: invalid option 'max_file_bytes' in [tools.read_file]: unknown key ${ACCEPTED}`);
    expect(refusal({ max_scan_bytes: 10, line_numbers: true, extra: 1 })).toBe(`forge: invalid option 'line_numbers, extra' in [tools.read_file]: unknown keys ${ACCEPTED}`);
  });

  test("FORGE-5: createTool refuses bad options at start-up, never during a call", () => {
    const { root } = sandbox();
    expect(() => createTool({ root, max_scan_bytes: 0 })).toThrow(`forge: invalid option 'max_scan_bytes' in [tools.read_file]: expected at least 1, got 0 ${ACCEPTED}`);
    expect(() => createTool({ root, ...({ max_bytes: 1 } as object) })).toThrow(`forge: invalid option 'max_bytes' in [tools.read_file]: unknown key ${ACCEPTED}`);
    expect(() => createTool({ root: `${root}/missing` })).toThrow(`The workspace root does not exist.`);
  });
});
