import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { createTool, DEFAULT_DENIED_PATTERNS } from "../src/index.js";
import { sandbox } from "./helpers.js";

// The built `read-tool`, which reads the workspace's own read.config.toml as an attacker writes it.
const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "cli", "bin", "read-tool.js");

describe("issue 30: the deny patterns a workspace adds cost a call time linear in the path's length", () => {
  test("256 entries (the defaults, then 226 with two * each) and a 4,000-character path none matches: answered well within 1 s (4.3 s as regular expressions)", async () => {
    // The most a workspace's file may list, each added pattern with as many wildcards as it may hold.
    const added = Array.from({ length: 256 - DEFAULT_DENIED_PATTERNS.length }, (_, index) => `*a*q${index}?`);
    const patterns = [...DEFAULT_DENIED_PATTERNS, ...added];
    const { root } = sandbox({ "a.txt": "a\n", "aq7z": "secret\n", "read.config.toml": `[tools.read_file]\ndenied_patterns = ${JSON.stringify(patterns)}\n` });
    // The workspace's file is taken (it only adds deny patterns) and applies.
    const call = (input: object) => spawnSync(process.execPath, [CLI, "call", "--profile", "forge", "--root", root, JSON.stringify(input)], { encoding: "utf8", timeout: 30_000 });
    expect(JSON.parse(call({ path: "a.txt" }).stdout)).toMatchObject({ content: "1| a\n" });
    expect(JSON.parse(call({ path: "aq7z" }).stdout)).toMatchObject({ error: { code: "SANDBOX_DENIED" } });

    // Every `a` of the path starts a try of each pattern's second `*`: the square of its length, per pattern.
    const long = `${`${"a".repeat(249)}/`.repeat(16)}x.txt`;
    expect(long.length).toBeGreaterThan(4000);
    const tool = createTool({ root, denied_patterns: patterns });
    expect(await tool.call({ path: "a.txt" })).toMatchObject({ content: "1| a\n" });
    const started = performance.now();
    expect(await tool.call({ path: long })).toMatchObject({ error: { code: "NOT_FOUND" } });
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
