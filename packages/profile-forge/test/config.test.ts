import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { ProfileConfigError } from "@read/core";
import { configSchema, createTool, profile } from "../src/index.js";
import { numberedLines, read, sandbox } from "./helpers.js";

const ACCEPTED = "(accepted keys: max_file_read_bytes, max_answer_bytes, max_scan_bytes, show_line_numbers, denied_patterns, secrets)";
// The built `read-tool`, which reads read.config.toml as users write it.
const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "cli", "bin", "read-tool.js");

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
    const defaults = { max_file_read_bytes: 204800, max_answer_bytes: 262144, max_scan_bytes: 2097152, show_line_numbers: true };
    expect(profile.parseConfig({})).toEqual({ ...defaults, secrets: true });
    expect(configSchema.parse({})).toEqual(defaults);
  });

  test("FORGE-5: every key can be overridden, and the overrides reach the tool", async () => {
    const table = { max_file_read_bytes: 10, max_answer_bytes: 4096, max_scan_bytes: 4096, show_line_numbers: false, denied_patterns: ["*.txt"] };
    expect(configSchema.parse(table)).toEqual(table);
    const { root } = sandbox({ "a.txt": numberedLines(3) });
    const tool = createTool({ root, ...configSchema.parse({ ...table, denied_patterns: [] }) });
    expect(await tool.call({ path: "a.txt" })).toMatchObject({ error: { code: "TOO_LARGE" } });
    expect(await tool.call({ path: "a.txt", head: 1 })).toMatchObject({ content: "line 1\n", line_numbers: false });
    expect(await read(root, { path: "a.txt", start_line: 2 }, { max_scan_bytes: 3 })).toMatchObject({ error: { code: "SCAN_LIMIT_EXCEEDED" } });
    expect(await read(root, { path: "a.txt" }, { denied_patterns: table.denied_patterns })).toMatchObject({ error: { code: "SANDBOX_DENIED" } });
  });

  test("FORGE-5: bad values are rejected with a message naming the key, the value and the accepted keys", () => {
    const cases: [unknown, string][] = [
      [0, "expected at least 1, got 0"],
      [-1, "expected at least 1, got -1"],
      [1.5, "expected an integer, got 1.5"],
      ["204800", 'expected a number, got "204800"'],
      [true, "expected a number, got true"],
      [null, "expected a number, got null"],
    ];
    for (const [bad, reason] of cases) {
      for (const key of ["max_file_read_bytes", "max_answer_bytes", "max_scan_bytes"]) {
        expect(refusal({ [key]: bad })).toBe(`forge: invalid option '${key}' in [tools.read_file]: ${reason} ${ACCEPTED}`);
      }
    }
    expect(refusal({ max_scan_bytes: Number.MAX_SAFE_INTEGER + 1 })).toBe(
      `forge: invalid option 'max_scan_bytes' in [tools.read_file]: expected at most 9007199254740991, got 9007199254740992 ${ACCEPTED}`,
    );
    // Issue 30 case 5: what a call holds in memory follows these two, so no configuration lifts them past 64 MiB.
    for (const key of ["max_file_read_bytes", "max_answer_bytes"]) {
      expect(refusal({ [key]: 64 * 1024 * 1024 + 1 })).toBe(`forge: invalid option '${key}' in [tools.read_file]: expected at most 67108864, got 67108865 ${ACCEPTED}`);
    }
    expect(refusal({ show_line_numbers: "true" })).toBe(`forge: invalid option 'show_line_numbers' in [tools.read_file]: expected a boolean, got "true" ${ACCEPTED}`);
    expect(refusal({ show_line_numbers: 1 })).toBe(`forge: invalid option 'show_line_numbers' in [tools.read_file]: expected a boolean, got 1 ${ACCEPTED}`);
  });

  test("FORGE-5: unknown keys are rejected with the accepted keys", () => {
    expect(refusal({ max_file_bytes: 10 })).toBe(`forge: invalid option 'max_file_bytes' in [tools.read_file]: unknown key ${ACCEPTED}`);
    expect(refusal({ max_scan_bytes: 10, line_numbers: true, extra: 1 })).toBe(`forge: invalid option 'line_numbers, extra' in [tools.read_file]: unknown keys ${ACCEPTED}`);
  });

  test("FORGE-5-float: a TOML float for a byte limit is a config error, exit 2 (204800.0, 1e5, 2097152.0)", () => {
    const { dir, root } = sandbox({ "f.txt": "a\n" });
    const run = (toml: string) => {
      const file = path.join(dir, "read.config.toml");
      fs.writeFileSync(file, `profile = "forge"\n[tools.read_file]\n${toml}`);
      return spawnSync(process.execPath, [CLI, "call", "--root", root, "--config", file, '{"path":"f.txt"}'], { encoding: "utf8", timeout: 20_000 });
    };
    const cases: [string, string][] = [
      ["max_file_read_bytes = 204800.0\n", "key 'tools.read_file.max_file_read_bytes': expected an integer, got the float 204800.0"],
      ["max_file_read_bytes = 1e5\n", "key 'tools.read_file.max_file_read_bytes': expected an integer, got the float 100000.0"],
      ["max_scan_bytes = 2097152.0\n", "key 'tools.read_file.max_scan_bytes': expected an integer, got the float 2097152.0"],
      ["max_scan_bytes = 2097152.5\n", "key 'tools.read_file.max_scan_bytes': expected an integer, got the float 2097152.5"],
    ];
    for (const [toml, reason] of cases) {
      const result = run(toml);
      expect(result.status, toml).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toContain(reason);
    }
    const integers = run('max_file_read_bytes = 204800\nmax_scan_bytes = 2097152\ndenied_patterns = ["*.log"]\n');
    expect(integers.status).toBe(0);
    expect(JSON.parse(integers.stdout)).toMatchObject({ content: "1| a\n" });
  });

  test("FORGE-5: createTool refuses bad options at start-up, never during a call", () => {
    const { root } = sandbox();
    expect(() => createTool({ root, max_scan_bytes: 0 })).toThrow(`forge: invalid option 'max_scan_bytes' in [tools.read_file]: expected at least 1, got 0 ${ACCEPTED}`);
    expect(() => createTool({ root, ...({ max_bytes: 1 } as object) })).toThrow(`forge: invalid option 'max_bytes' in [tools.read_file]: unknown key ${ACCEPTED}`);
    expect(() => createTool({ root: `${root}/missing` })).toThrow(`The workspace root does not exist.`);
  });
});
