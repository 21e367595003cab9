import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConformanceReport } from "../src/build-report.js";
import { loadRequirements, requirementsOf } from "../src/load-requirements.js";
import { REPO_ROOT } from "../src/repo-paths.js";
import { packPackage, startLocalRegistry, type LocalRegistry } from "./local-registry.js";

// @read/conformance as its users get it: packed (the golden fixtures, oracles, requirements, schema and
// the worked example inside), installed into an empty directory with `npm install`, and run with
// `npx read-conformance`: against this repository's CLI (`read-tool jsonl`) and against the Python
// example, each through JSONL. Both matrices must be exactly right: every requirement the harness can
// observe passes (or is an expected failure of the example), and the four it cannot are "not checked".
const run = promisify(execFile);
const UNCHECKED = ["JP-8.1", "JP-ref-results", "JP-11.8", "JP-11.10"];
const requirements = requirementsOf(loadRequirements(), "workspace-jp").map((requirement) => requirement.id);

let dir: string;
let registry: LocalRegistry;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "read-conformance-packed-"));
  // The unprivileged cases run the implementation as nobody, who must reach it (and its working directory).
  fs.chmodSync(dir, 0o755);
  registry = await startLocalRegistry([await packPackage("conformance", dir)]);
  fs.mkdirSync(path.join(dir, "project"));
  await run("npm", ["init", "-y"], { cwd: path.join(dir, "project"), env: registry.env });
  await run("npm", ["install", "--save-dev", "@read/conformance"], { cwd: path.join(dir, "project"), env: registry.env });
}, 300_000);

afterAll(async () => {
  await registry.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs `npx read-conformance ARGS` in the project; resolves to its exit code, output and JSON report. */
async function gate(args: readonly string[], name: string): Promise<{ readonly code: number; readonly stdout: string; readonly report: ConformanceReport }> {
  const report = path.join(dir, `${name}.json`);
  let code = 0;
  let stdout: string;
  try {
    ({ stdout } = await run("npx", ["read-conformance", ...args, "--report-json", report], { cwd: path.join(dir, "project"), env: registry.env, maxBuffer: 64 * 1024 * 1024 }));
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    code = failed.code;
    stdout = failed.stdout;
  }
  // The verdict with the run time, for the CI log: what a user of the gate waits.
  console.log(`npx read-conformance (${name}): ${/^conformance: .*$/mu.exec(stdout)?.[0] ?? "no verdict"}`);
  return { code, stdout, report: JSON.parse(fs.readFileSync(report, "utf8")) as ConformanceReport };
}

const cells = (report: ConformanceReport) => Object.fromEntries((report.profiles[0]?.requirements ?? []).map((cell) => [cell.id, cell.status]));

describe("the packed @read/conformance, installed into an empty directory", () => {
  it("ships its data: oracles, requirements, the schema, every golden case and the worked example", () => {
    const installed = path.join(dir, "project", "node_modules", "@read", "conformance");
    for (const file of ["requirements.json", "oracle.schema.json", "profiles/workspace-jp.json", "fixtures/manifest.json", "examples/python-workspace-jp/serve_jsonl.py"]) {
      expect(fs.existsSync(path.join(installed, file)), file).toBe(true);
    }
    const manifest = JSON.parse(fs.readFileSync(path.join(installed, "fixtures", "manifest.json"), "utf8")) as { cases: { file: string }[] };
    expect(manifest.cases.map((entry) => entry.file).filter((file) => !fs.existsSync(path.join(installed, "fixtures", file)))).toEqual([]);
    expect(manifest.cases.length).toBe(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "fixtures", "manifest.json"), "utf8")).cases.length);
    // Only the harness's own dependencies: no profile package comes with it.
    expect(fs.readdirSync(path.join(dir, "project", "node_modules", "@read"))).toEqual(["conformance"]);
  });

  // The two gates run side by side: most of their time is waiting.
  it.concurrent("gates this repository's CLI (read-tool jsonl, workspace-jp): green, every observable requirement passed, four not checked", async ({ expect }) => {
    const cli = `${process.execPath} ${path.join(REPO_ROOT, "packages", "cli", "bin", "read-tool.js")} jsonl --profile workspace-jp`;
    const { code, stdout, report } = await gate(["--oracle", "workspace-jp", "--jsonl", cli, "--seed", "20260108"], "cli");
    expect(stdout).toMatch(/conformance: green \(seed 20260108\) in \d+\.\d s/u);
    expect(stdout).toContain(`not checked by the harness (no check can observe them through the contract; they are not counted as passed): ${UNCHECKED.join(", ")}`);
    expect(code).toBe(0);
    expect(report).toMatchObject({ adapters: ["jsonl"], ok: true });
    expect(cells(report)).toEqual(Object.fromEntries(requirements.map((id) => [id, UNCHECKED.includes(id) ? "unchecked" : "pass"])));
    expect(report.profiles[0]?.checks.find((row) => row.check === "golden/workspace-jp/normal")?.results).toEqual({ jsonl: { status: "pass" } });
  }, 300_000);

  it.concurrent("gates the Python example (examples/python-workspace-jp) with its expected failures: green, what it leaves out xfail", async ({ expect }) => {
    const example = path.join("node_modules", "@read", "conformance", "examples", "python-workspace-jp");
    const { code, stdout, report } = await gate(
      ["--oracle", "workspace-jp", "--jsonl", `python3 ${path.join(example, "serve_jsonl.py")}`, "--expected-failures", path.join(example, "expected-failures.json"), "--seed", "20260108"],
      "python",
    );
    expect(stdout).toMatch(/conformance: green \(seed 20260108\) in \d+\.\d s/u);
    expect(code).toBe(0);
    const xfail = ["JP-4.4"];
    expect(cells(report)).toEqual(Object.fromEntries(requirements.map((id) => [id, UNCHECKED.includes(id) ? "unchecked" : xfail.includes(id) ? "xfail" : "pass"])));
    expect(report.profiles[0]?.checks.filter((row) => row.results["jsonl"]?.status === "xfail").map((row) => row.check)).toEqual(["definition"]);
  }, 300_000);
});
