import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { makeWorkspace, runCli } from "./run-cli.js";

const MIB = 1024 * 1024;
const ANSWER = 256 * 1024;
const input = { path: "huge.txt", start_line: 2, limit: 1 };

// `a\n` and a 60 MiB line of \x01: 377 MB printed by envelope before answers were bounded.
const root = makeWorkspace({});
fs.writeFileSync(path.join(root, "huge.txt"), Buffer.concat([Buffer.from("a\n"), Buffer.alloc(60 * MIB, 1)]));

// What each profile answers for that line (with the arguments its schema takes): the line cut at the
// bound (envelope, forge), or the spec's size refusal (workspace-jp and guard read at most 1 MiB).
const FORGE_NOTICE =
  "... [Line 2 takes more than max_answer_bytes (262144 bytes), the most one view takes as JSON, escapes and line numbers counted: only its first 43689 bytes are shown. " +
  "Raise max_answer_bytes in [tools.read_file] to see more of it. No range can reach the lines after it: read the end of the file with `tail`, or raise max_scan_bytes in [tools.read_file].]";
const expected: Record<string, { input: object; output: object }> = {
  envelope: { input, output: { status: "partial", data: { content: `   2 | ${"\u0001".repeat(43_689)}\n`, truncated: true } } },
  forge: { input, output: { content: `2| ${"\u0001".repeat(43_689)}\n${FORGE_NOTICE}`, truncated: true, next_start_line: null } },
  "workspace-jp": { input: { path: "huge.txt", start_line: 2, max_lines: 1 }, output: { error: { code: "SIZE_LIMIT_EXCEEDED" } } },
  guard: { input: { path: "huge.txt" }, output: { error: `file too large: "${root}/huge.txt" is 62914562 bytes (max 1048576)` } },
};

describe("issue 30 case 5: every profile's answer for a 60 MiB line of \\x01 is bounded", () => {
  for (const [profile, { input: given, output }] of Object.entries(expected)) {
    test(`issue 30 case 5: read-tool call --profile ${profile}`, () => {
      const run = runCli(["call", "--profile", profile, "--root", root, JSON.stringify(given)]);
      expect(run.stderr).toBe("");
      expect(Buffer.byteLength(run.stdout)).toBeLessThan(ANSWER + 2048);
      expect(JSON.parse(run.stdout)).toMatchObject(output);
    });
  }

  test("issue 30 case 5: read-tool jsonl answers each profile's request within the bound", () => {
    for (const [profile, { input: given, output }] of Object.entries(expected)) {
      const run = runCli(["jsonl", "--profile", profile], { stdin: `${JSON.stringify({ id: 1, root, input: given })}\n` });
      expect(run.stderr).toBe("");
      const lines = run.stdout.split("\n").filter((line) => line !== "");
      expect(lines).toHaveLength(1);
      expect(Buffer.byteLength(lines[0] ?? "")).toBeLessThan(ANSWER + 2048);
      expect(JSON.parse(lines[0] ?? "")).toMatchObject({ id: 1, output });
    }
  });
});
