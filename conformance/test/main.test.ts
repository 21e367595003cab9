import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ConformanceReport } from "../src/build-report.js";
import { main } from "../src/main.js";

/** Runs `read-conformance` in this process and captures what it prints. */
async function runMain(args: readonly string[]): Promise<{ readonly code: number; readonly stdout: string; readonly stderr: string }> {
  let stdout = "";
  let stderr = "";
  const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
  try {
    return { code: await main(args), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

describe("read-conformance", () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("exits 2 with a reason for usage errors", async () => {
    expect(await runMain(["--adapter", "sideways"])).toMatchObject({ code: 2, stderr: expect.stringContaining("--adapter takes in-process, subprocess, jsonl, mcp, both or all (comma-separated), got 'sideways'") });
    expect(await runMain(["--profile", "nope", "--adapter", "in-process"])).toMatchObject({ code: 2, stderr: expect.stringContaining("unknown profile nope (known: agent, envelope, forge, guard, workspace-jp)") });
    expect(await runMain(["--command", "x call"])).toMatchObject({ code: 2, stderr: expect.stringContaining("--command needs --oracle") });
    expect(await runMain(["--jsonl", "x"])).toMatchObject({ code: 2, stderr: expect.stringContaining("--jsonl needs --oracle") });
    expect(await runMain(["--oracle", "workspace-jp"])).toMatchObject({ code: 2, stderr: expect.stringContaining('give the implementation to check: --command "CMD" (one process per call), --jsonl "CMD" or --mcp "CMD"') });
    expect(await runMain(["--oracle", "no-such-oracle", "--jsonl", "x"])).toMatchObject({ code: 2, stderr: expect.stringContaining("--oracle no-such-oracle: no such file, and no shipped oracle of that name (shipped: agent, envelope, forge, guard, workspace-jp)") });
    expect(await runMain(["--oracle", "workspace-jp", "--jsonl", "x", "--adapter", "mcp"])).toMatchObject({ code: 2, stderr: expect.stringContaining("--adapter mcp: give the implementation's command with --mcp") });
    expect(await runMain(["--bogus"])).toMatchObject({ code: 2, stderr: expect.stringContaining("Unknown option '--bogus'") });
    expect(await runMain(["--runs", "many"])).toMatchObject({ code: 2, stderr: expect.stringContaining("read-conformance: --runs: the runs must be an integer from 1 to 1000000, got 'many'") });
    expect(await runMain(["--seed", "1.5"])).toMatchObject({ code: 2, stderr: expect.stringContaining("--seed: the seed must be an integer from -2147483648 to 2147483647 or 'random', got '1.5'") });
    expect(await runMain(["--race-ms", "5"])).toMatchObject({ code: 2, stderr: expect.stringContaining("--race-ms: the race time in ms must be an integer from 10 to 600000, got '5'") });
  });

  it("exits 2 naming the file when --expected-failures is missing, not JSON, or not an expected-failures file", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "read-conformance-main-"));
    made.push(dir);
    const file = (name: string, text: string) => {
      fs.writeFileSync(path.join(dir, name), text);
      return path.join(dir, name);
    };
    const gate = (list: string) => runMain(["--oracle", "workspace-jp", "--jsonl", "x", "--expected-failures", list]);
    const missing = path.join(dir, "missing.json");
    expect(await gate(missing)).toMatchObject({ code: 2, stderr: expect.stringMatching(new RegExp(`^read-conformance: --expected-failures ${missing}: no such file\n`, "u")) });
    const broken = file("broken.json", "{ failures: [] }");
    expect(await gate(broken)).toMatchObject({ code: 2, stderr: expect.stringMatching(new RegExp(`^read-conformance: --expected-failures ${broken}: not JSON \\(`, "u")) });
    const wrong = file("wrong.json", '{ "failures": [{ "profile": "workspace-jp", "check": "definition" }] }');
    const { code, stderr } = await gate(wrong);
    expect(code).toBe(2);
    expect(stderr).toMatch(new RegExp(`^read-conformance: --expected-failures ${wrong}: not an expected-failures file \\(\\{ "failures": \\[\\{ "profile", "check", "reason" \\}\\] \\}\\):\n`, "u"));
    expect(stderr).toContain("failures[0].reason");
  });

  it("runs one profile in-process, prints the seed, each check and the matrix, writes the reports asked for, and exits 0 when green", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "read-conformance-main-"));
    made.push(dir);
    const json = path.join(dir, "report.json");
    const md = path.join(dir, "report.md");
    const result = await runMain(["--profile", "envelope", "--adapter", "in-process", "--runs", "3", "--seed", "99", "--race-ms", "100", "--report-json", json, "--report-md", md]);
    expect(result.stderr).toBe("");
    expect(result.stdout).toContain("read-conformance: envelope through in-process; seed 99 (replay: READ_CONFORMANCE_SEED=99); runs per property: 3 in-process; races: 100 ms each");
    expect(result.stdout).toMatch(/ {2}pass {3}envelope {6}in-process {2}paging \(\d+ ms\)/);
    expect(result.stdout).toMatch(/^ALL-paging +pass$/m);
    expect(result.stdout).toContain("conformance: green (seed 99)");
    expect(result.code).toBe(0);
    const report = JSON.parse(fs.readFileSync(json, "utf8")) as ConformanceReport;
    expect(report).toMatchObject({ seed: 99, runs: { "in-process": 3 }, adapters: ["in-process"], ok: true, stale: [] });
    expect(report.profiles.map((profile) => profile.profile)).toEqual(["envelope"]);
    expect(report.profiles[0]?.requirements.find((cell) => cell.id === "ENV-5.4")).toMatchObject({ status: "pass", checks: expect.arrayContaining(["binary-sniff"]) });
    const markdown = fs.readFileSync(md, "utf8");
    expect(markdown).toContain("| `ALL-paging` | MUST | pass |");
    expect(markdown).toContain("## Running the suite against your own implementation");
  }, 600_000);

  it("turns red, with exit 1, when a listed expected failure passes", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "read-conformance-main-"));
    made.push(dir);
    const list = path.join(dir, "xfail.json");
    fs.writeFileSync(list, JSON.stringify({ failures: [{ profile: "envelope", check: "empty-file", reason: "listed although it passes" }] }));
    // The shortest races: what turns the run red is the listed check, not how long the races run.
    const result = await runMain(["--profile", "envelope", "--adapter", "in-process", "--runs", "1", "--race-ms", "10", "--expected-failures", list, "--no-write"]);
    expect(result.stdout).toContain("XPASS envelope empty-file (in-process) passes but is listed as an expected failure: remove the entry");
    expect(result.stdout).toContain("STALE expected failure envelope empty-file: the check no longer fails: remove the entry");
    expect(result.code).toBe(1);
  }, 600_000);
});
