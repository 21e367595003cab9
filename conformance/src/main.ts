import fs from "node:fs";
import path from "node:path";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { z } from "zod";
import { securityReport } from "./adversarial/write-security-report.js";
import { buildManifest, manifestText } from "./build-manifest.js";
import { EXPECTED_FAILURES_FILE, loadExpectedFailures } from "./expected-failures.js";
import { loadGoldenCases } from "./golden-case.js";
import { loadOracles } from "./load-oracles.js";
import { loadRequirements } from "./load-requirements.js";
import { loadOracle, oracleSchema } from "./oracle.js";
import { renderMarkdown } from "./render-markdown.js";
import { renderMatrix } from "./render-matrix.js";
import { FIXTURES_DIR, MANIFEST_FILE, REPO_ROOT, REPORT_JSON_FILE, REPORT_MD_FILE } from "./repo-paths.js";
import { resolveRunSettings } from "./run-settings.js";
import { runConformance, type AdapterKind } from "./run-conformance.js";
import type { CheckResult } from "./run-suite.js";
import { scanRequirementReferences } from "./scan-requirement-references.js";
import { readToolCommand } from "./subprocess-adapter.js";

const USAGE = `usage:
  read-conformance [run] [--profile NAME]... [--adapter in-process|subprocess|both] [--runs N] [--subprocess-runs N] [--seed N]
                   [--oracle FILE --command "CMD ARGS"] [--fixtures DIR] [--expected-failures FILE]
                   [--report-json FILE] [--report-md FILE] [--no-write]
  read-conformance manifest [--check]        write (or check) fixtures/manifest.json
  read-conformance oracle-schema [--check]   write (or check) conformance/oracle.schema.json
  read-conformance security-report [--check] run the adversarial suite against the profiles and the peers; write (or check) docs/security.md`;

/** The JSON Schema of oracle files, for editors and outside implementations. */
export const ORACLE_SCHEMA_FILE = path.join(REPO_ROOT, "conformance", "oracle.schema.json");

/** The oracle schema as its file holds it. */
export function oracleSchemaText(): string {
  return `${JSON.stringify(z.toJSONSchema(oracleSchema, { io: "input" }), null, 2)}\n`;
}

class UsageError extends Error {}

/** Runs `read-conformance` with `argv`; resolves to the exit code (0 green, 1 failures, 2 usage). */
export async function main(argv: readonly string[]): Promise<number> {
  try {
    const [command, ...rest] = argv;
    if (command === "manifest") return writeOrCheck(MANIFEST_FILE, manifestText(buildManifest(loadGoldenCases(FIXTURES_DIR))), rest, "pnpm --filter @read/conformance run manifest");
    if (command === "oracle-schema") return writeOrCheck(ORACLE_SCHEMA_FILE, oracleSchemaText(), rest, "read-conformance oracle-schema");
    if (command === "security-report") return await securityReport(rest);
    if (command === "help" || command === "--help" || command === "-h") {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    return await run(command === "run" ? rest : argv);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`read-conformance: ${error.message}\n${USAGE}\n`);
      return 2;
    }
    throw error;
  }
}

function writeOrCheck(file: string, text: string, args: readonly string[], regenerate: string): number {
  const { values } = parse(args, { check: { type: "boolean" } } as const);
  const relative = path.relative(REPO_ROOT, file);
  if (values.check) {
    const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
    if (current === text) return 0;
    process.stderr.write(`${relative} is out of date: run \`${regenerate}\`\n`);
    return 1;
  }
  fs.writeFileSync(file, text);
  process.stdout.write(`wrote ${relative}\n`);
  return 0;
}

const RUN_OPTIONS = {
  profile: { type: "string", multiple: true },
  adapter: { type: "string" },
  runs: { type: "string" },
  "subprocess-runs": { type: "string" },
  seed: { type: "string" },
  oracle: { type: "string" },
  command: { type: "string" },
  fixtures: { type: "string" },
  "expected-failures": { type: "string" },
  "report-json": { type: "string" },
  "report-md": { type: "string" },
  "no-write": { type: "boolean" },
} as const;

async function run(args: readonly string[]): Promise<number> {
  const { values } = parse(args, RUN_OPTIONS);
  const outside = values.oracle !== undefined;
  if (values.command !== undefined && !outside) throw new UsageError("--command needs --oracle (the oracle of the implementation it runs)");
  if (outside && values.profile !== undefined) throw new UsageError("--profile selects this repository's profiles; with --oracle, the oracle names the profile");
  const adapters = adapterKinds(values.adapter ?? (values.command !== undefined ? "subprocess" : "both"));
  const command = values.command?.split(/\s+/).filter((part) => part !== "");
  if (outside && adapters.includes("subprocess") && command === undefined) throw new UsageError("the subprocess adapter needs --command for an outside implementation");
  const settings = resolveRunSettings({ seed: values.seed, runs: values.runs, subprocessRuns: values["subprocess-runs"] });
  const all = outside ? [loadOracle(path.resolve(values.oracle ?? ""))] : loadOracles();
  const oracles = values.profile === undefined ? all : all.filter((oracle) => values.profile?.includes(oracle.profile));
  const unknown = (values.profile ?? []).filter((name) => !all.some((oracle) => oracle.profile === name));
  if (unknown.length > 0) throw new UsageError(`unknown profile ${unknown.join(", ")} (known: ${all.map((oracle) => oracle.profile).join(", ")})`);
  if (!outside && adapters.includes("subprocess") && !fs.existsSync(path.join(REPO_ROOT, "packages", "cli", "dist", "read-tool.cjs"))) {
    throw new UsageError("the subprocess adapter runs packages/cli/bin/read-tool.js, which is not built: run `pnpm build` first");
  }
  const requirements = loadRequirements();
  const expectedFailures = values["expected-failures"] !== undefined ? loadExpectedFailures(path.resolve(values["expected-failures"])) : outside ? [] : loadExpectedFailures(EXPECTED_FAILURES_FILE);
  const packageTests = scanRequirementReferences(REPO_ROOT, requirements.map((requirement) => requirement.id)).byId;
  process.stdout.write(
    `read-conformance: ${oracles.map((oracle) => oracle.profile).join(", ")} through ${adapters.join(" and ")}; seed ${settings.seed} (replay: READ_CONFORMANCE_SEED=${settings.seed}); runs per property: ${settings.runs} in-process, ${settings.subprocessRuns} through a subprocess\n`,
  );
  const { report } = await runConformance({
    oracles,
    adapters,
    seed: settings.seed,
    runs: settings.runs,
    subprocessRuns: settings.subprocessRuns,
    requirements,
    goldenCases: loadGoldenCases(values.fixtures === undefined ? FIXTURES_DIR : path.resolve(values.fixtures)),
    expectedFailures,
    commandFor: (oracle) => command ?? readToolCommand(REPO_ROOT, oracle),
    packageTests,
    onResult: (result) => process.stdout.write(progressLine(result)),
  });
  process.stdout.write(`\n${renderMatrix(report, requirements)}\n\n`);
  for (const profile of report.profiles) {
    for (const row of profile.checks) {
      for (const [adapter, result] of Object.entries(row.results)) {
        if (result.status === "fail") process.stdout.write(`FAIL ${profile.profile} ${row.check} (${adapter}):\n${indent(result.message ?? "")}\n\n`);
        if (result.status === "xpass") process.stdout.write(`XPASS ${profile.profile} ${row.check} (${adapter}) passes but is listed as an expected failure: remove the entry\n`);
      }
    }
  }
  for (const entry of report.stale) process.stdout.write(`STALE expected failure ${entry.profile} ${entry.check}: ${entry.why}\n`);
  const untested = report.profiles.flatMap((profile) => profile.requirements.filter((cell) => cell.status === "untested").map((cell) => `${profile.profile} ${cell.id}`));
  for (const cell of untested) process.stdout.write(`UNTESTED ${cell}: no check, golden case or package test names it\n`);
  const complete = !outside && values.profile === undefined && adapters.length === 2;
  const jsonFile = values["report-json"] ?? (complete && !values["no-write"] ? REPORT_JSON_FILE : undefined);
  const mdFile = values["report-md"] ?? (complete && !values["no-write"] ? REPORT_MD_FILE : undefined);
  if (jsonFile !== undefined) writeReport(jsonFile, `${JSON.stringify(report, null, 2)}\n`);
  if (mdFile !== undefined) writeReport(mdFile, renderMarkdown(report, requirements));
  process.stdout.write(`${report.ok ? "conformance: green" : "conformance: RED"} (seed ${settings.seed})\n`);
  return report.ok ? 0 : 1;
}

function adapterKinds(value: string): readonly AdapterKind[] {
  if (value === "both") return ["in-process", "subprocess"];
  if (value === "in-process" || value === "subprocess") return [value];
  throw new UsageError(`--adapter must be in-process, subprocess or both, got '${value}'`);
}

function parse<T extends NonNullable<ParseArgsConfig["options"]>>(args: readonly string[], options: T) {
  try {
    return parseArgs({ args: [...args], options, allowPositionals: false, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message.split("\n")[0] ?? "bad arguments");
  }
}

function progressLine(result: CheckResult): string {
  const status = result.status === "fail" ? "FAIL" : result.status;
  return `  ${status.padEnd(4)}  ${result.profile.padEnd(13)} ${result.adapter.padEnd(10)}  ${result.check} (${Math.round(result.durationMs)} ms)\n`;
}

function writeReport(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  process.stdout.write(`wrote ${path.relative(process.cwd(), file) || file}\n`);
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");
}
