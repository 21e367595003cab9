import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { z } from "zod";
import { securityReport } from "./adversarial/write-security-report.js";
import { buildManifest, manifestText } from "./build-manifest.js";
import { EXPECTED_FAILURES_FILE, judgeResults, loadExpectedFailures, type ExpectedFailure, type JudgedResult } from "./expected-failures.js";
import { loadGoldenCases } from "./golden-case.js";
import { loadOracles, PROFILES_DIR } from "./load-oracles.js";
import { loadRequirements } from "./load-requirements.js";
import { loadOracle, oracleSchema, type Oracle } from "./oracle.js";
import { renderMarkdown } from "./render-markdown.js";
import { renderMatrix } from "./render-matrix.js";
import { readToolCommand } from "./read-tool-command.js";
import { reportDestinations } from "./report-destinations.js";
import { FIXTURES_DIR, IN_REPOSITORY, MANIFEST_FILE, PACKAGE_DIR, REPO_ROOT, REPORT_JSON_FILE, REPORT_MD_FILE, RUNS_DIR } from "./repo-paths.js";
import { CI_SEED, DEFAULT_RACE_MS, DEFAULT_RUNS, resolveRunSettings } from "./run-settings.js";
import { ADAPTER_KINDS, propertySettings, runConformance, type AdapterKind, type CommandKind } from "./run-conformance.js";
import { scanRequirementReferences } from "./scan-requirement-references.js";
import { stableReport } from "./stable-report.js";

const USAGE = `usage:
  read-conformance [run] [--profile NAME]... [--adapter KIND[,KIND]...] [--runs N] [--subprocess-runs N] [--seed N|random] [--race-ms N]
                   [--fixtures DIR] [--expected-failures FILE] [--report-json FILE] [--report-md FILE] [--no-write]
      this repository's profiles; KIND: in-process, subprocess, jsonl, mcp, both (in-process,subprocess) or all (the default);
      the seed is pinned (${CI_SEED}) unless given; a run of every profile through every adapter writes its report to
      conformance/.runs/seed-N/, and with the pinned seed and default runs also docs/conformance.{md,json}
  read-conformance [run] --oracle FILE|PROFILE [--command "CMD ARGS"] [--jsonl "CMD ARGS"] [--mcp "CMD ARGS"] [options above]
      your implementation: one process per call (--command), one long-running process speaking JSONL (--jsonl),
      or an MCP server over stdio (--mcp); PROFILE names a shipped oracle (agent, envelope, forge, guard, workspace-jp)
  read-conformance manifest [--check]        write (or check) fixtures/manifest.json
  read-conformance oracle-schema [--check]   write (or check) conformance/oracle.schema.json
  read-conformance security-report [--check] run the adversarial suite against the profiles and the peers; write (or check) docs/security.md`;

/** The JSON Schema of oracle files, for editors and outside implementations. */
export const ORACLE_SCHEMA_FILE = path.join(PACKAGE_DIR, "oracle.schema.json");

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
  "race-ms": { type: "string" },
  seed: { type: "string" },
  oracle: { type: "string" },
  command: { type: "string" },
  jsonl: { type: "string" },
  mcp: { type: "string" },
  fixtures: { type: "string" },
  "expected-failures": { type: "string" },
  "report-json": { type: "string" },
  "report-md": { type: "string" },
  "no-write": { type: "boolean" },
} as const;

async function run(args: readonly string[]): Promise<number> {
  const started = performance.now();
  const { values } = parse(args, RUN_OPTIONS);
  const outside = values.oracle !== undefined;
  const commands = new Map<CommandKind, readonly string[]>();
  for (const [kind, flag] of [["subprocess", "command"], ["jsonl", "jsonl"], ["mcp", "mcp"]] as const) {
    const text = values[flag];
    if (text === undefined) continue;
    if (!outside) throw new UsageError(`--${flag} needs --oracle (the oracle of the implementation it runs)`);
    const command = splitCommand(text);
    if (command.length === 0) throw new UsageError(`--${flag} is empty`);
    commands.set(kind, command);
  }
  if (outside && values.profile !== undefined) throw new UsageError("--profile selects this repository's profiles; with --oracle, the oracle names the profile");
  const loaded = outside ? [loadOracle(oracleFile(values.oracle ?? ""))] : loadOracles();
  const adapters = outside ? outsideAdapters(values.adapter, commands, loaded[0]) : adapterKinds(values.adapter ?? "all");
  // An outside implementation is judged only through its command: a shipped oracle's module (this
  // repository's profile) must not stand in for it in the checks that run a module in this process.
  const all = outside && !adapters.includes("in-process") ? loaded.map(({ module: _module, ...oracle }) => oracle) : loaded;
  const settings = runSettings(values);
  const oracles = values.profile === undefined ? all : all.filter((oracle) => values.profile?.includes(oracle.profile));
  const unknown = (values.profile ?? []).filter((name) => !all.some((oracle) => oracle.profile === name));
  if (unknown.length > 0) throw new UsageError(`unknown profile ${unknown.join(", ")} (known: ${all.map((oracle) => oracle.profile).join(", ")})`);
  if (!outside && adapters.some((kind) => kind !== "in-process") && !fs.existsSync(path.join(REPO_ROOT, "packages", "cli", "dist", "read-tool.cjs"))) {
    throw new UsageError(
      IN_REPOSITORY
        ? "the subprocess, jsonl and mcp adapters run packages/cli/bin/read-tool.js, which is not built: run `pnpm build` first"
        : "this repository's CLI is not here: run your implementation with --oracle and --command, --jsonl or --mcp (or --adapter in-process)",
    );
  }
  const requirements = loadRequirements();
  const expectedFailures = values["expected-failures"] !== undefined ? expectedFailuresFlag(values["expected-failures"]) : outside ? [] : loadExpectedFailures(EXPECTED_FAILURES_FILE);
  const fixtures = values.fixtures === undefined ? FIXTURES_DIR : path.resolve(values.fixtures);
  if (!fs.existsSync(path.join(fixtures, "golden"))) throw new UsageError(`no golden cases at ${path.join(fixtures, "golden")}: give the fixtures directory with --fixtures`);
  // Package tests prove requirements only of this repository's own profiles: they never ran against yours.
  const packageTests = !outside && IN_REPOSITORY ? scanRequirementReferences(REPO_ROOT, requirements.map((requirement) => requirement.id)).byId : undefined;
  process.stdout.write(
    `read-conformance: ${oracles.map((oracle) => oracle.profile).join(", ")} through ${adapters.join(", ")}; seed ${settings.seed} (replay: READ_CONFORMANCE_SEED=${settings.seed}); runs per property: ${adapters.map((kind) => `${propertySettings(settings, kind).numRuns} ${kind}`).join(", ")}; races: ${settings.raceMs} ms each\n`,
  );
  const { report } = await runConformance({
    oracles,
    adapters,
    seed: settings.seed,
    runs: settings.runs,
    subprocessRuns: settings.subprocessRuns,
    raceMs: settings.raceMs,
    requirements,
    goldenCases: loadGoldenCases(fixtures),
    expectedFailures,
    commandFor: (oracle, kind) => commands.get(kind) ?? readToolCommand(REPO_ROOT, oracle, kind),
    ...(packageTests === undefined ? {} : { packageTests }),
    onResult: (result) => process.stdout.write(progressLine(judgeResults([result], expectedFailures).results[0] ?? result)),
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
  const unchecked = report.profiles.flatMap((profile) => profile.requirements.filter((cell) => cell.status === "unchecked").map((cell) => cell.id));
  if (unchecked.length > 0) process.stdout.write(`not checked by the harness (no check can observe them through the contract; they are not counted as passed): ${unchecked.join(", ")}\n`);
  const complete = IN_REPOSITORY && !outside && values.profile === undefined && ADAPTER_KINDS.every((kind) => adapters.includes(kind));
  const destinations = reportDestinations({
    settings,
    complete,
    reportJson: values["report-json"],
    reportMd: values["report-md"],
    noWrite: values["no-write"] === true,
    tracked: { json: REPORT_JSON_FILE, md: REPORT_MD_FILE },
    runsDir: RUNS_DIR,
  });
  const stable = stableReport(report);
  for (const { file, format, form } of destinations) {
    const written = form === "stable" ? stable : report;
    writeReport(file, format === "json" ? `${JSON.stringify(written, null, 2)}\n` : renderMarkdown(written, requirements));
  }
  if (complete && !values["no-write"] && destinations.every(({ form }) => form !== "stable")) {
    process.stdout.write(`${path.relative(REPO_ROOT, REPORT_MD_FILE)} and .json left as they are: only a run with the pinned seed ${CI_SEED}, ${DEFAULT_RUNS} runs and ${DEFAULT_RACE_MS} ms races writes them\n`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`${report.ok ? "conformance: green" : "conformance: RED"} (seed ${settings.seed}) in ${seconds} s\n`);
  return report.ok ? 0 : 1;
}

/** The run's settings from its flags and the environment; a malformed value is a usage error naming it. */
function runSettings(values: { readonly seed?: string | undefined; readonly runs?: string | undefined; readonly "subprocess-runs"?: string | undefined; readonly "race-ms"?: string | undefined }) {
  try {
    return resolveRunSettings({ seed: values.seed, runs: values.runs, subprocessRuns: values["subprocess-runs"], raceMs: values["race-ms"] }, process.env, "pinned");
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** `--adapter` for this repository's profiles: kinds separated by commas, `both` (in-process and subprocess) or `all`. */
function adapterKinds(value: string): readonly AdapterKind[] {
  const kinds = value.split(",").flatMap((part): readonly string[] => (part === "all" ? ADAPTER_KINDS : part === "both" ? ["in-process", "subprocess"] : [part]));
  const wrong = kinds.filter((kind) => !(ADAPTER_KINDS as readonly string[]).includes(kind));
  if (wrong.length > 0 || kinds.length === 0) throw new UsageError(`--adapter takes ${ADAPTER_KINDS.join(", ")}, both or all (comma-separated), got '${value}'`);
  return ADAPTER_KINDS.filter((kind) => kinds.includes(kind));
}

/** The adapters of an outside run: one per command given, and in-process only when asked for (the oracle must name its module). */
function outsideAdapters(flag: string | undefined, commands: ReadonlyMap<CommandKind, readonly string[]>, oracle: Oracle | undefined): readonly AdapterKind[] {
  const given: readonly AdapterKind[] = ADAPTER_KINDS.filter((kind) => kind !== "in-process" && commands.has(kind));
  const wanted = flag === undefined ? given : adapterKinds(flag);
  const missing = wanted.filter((kind) => kind !== "in-process" && !commands.has(kind));
  if (missing.length > 0) throw new UsageError(`--adapter ${missing.join(",")}: give the implementation's command with ${missing.map((kind) => (kind === "subprocess" ? "--command" : `--${kind}`)).join(", ")}`);
  if (wanted.includes("in-process") && oracle?.module === undefined) throw new UsageError("--adapter in-process needs an oracle that names its module");
  if (wanted.length === 0) throw new UsageError("give the implementation to check: --command \"CMD\" (one process per call), --jsonl \"CMD\" or --mcp \"CMD\"");
  return wanted;
}

/** `--oracle`: a file, or the name of an oracle this package ships (`workspace-jp`). */
function oracleFile(value: string): string {
  const shipped = path.join(PROFILES_DIR, `${value}.json`);
  if (/^[\w-]+$/u.test(value) && !fs.existsSync(value) && fs.existsSync(shipped)) return shipped;
  if (!fs.existsSync(value)) throw new UsageError(`--oracle ${value}: no such file, and no shipped oracle of that name (shipped: ${loadOracles().map((oracle) => oracle.profile).join(", ")})`);
  return path.resolve(value);
}

/** `--expected-failures FILE`, loaded; a file that is missing or malformed is a usage error that says which. */
function expectedFailuresFlag(value: string): readonly ExpectedFailure[] {
  try {
    return loadExpectedFailures(path.resolve(value));
  } catch (error) {
    throw new UsageError(`--expected-failures ${(error as Error).message}`);
  }
}

/** A command line as the flags give it, split on whitespace (wrap anything that needs quoting in a script). */
function splitCommand(text: string): readonly string[] {
  return text.split(/\s+/u).filter((part) => part !== "");
}

function parse<T extends NonNullable<ParseArgsConfig["options"]>>(args: readonly string[], options: T) {
  try {
    return parseArgs({ args: [...args], options, allowPositionals: false, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message.split("\n")[0] ?? "bad arguments");
  }
}

function progressLine(result: JudgedResult): string {
  const status = result.status === "fail" ? "FAIL" : result.status === "xpass" ? "XPASS" : result.status;
  return `  ${status.padEnd(5)}  ${result.profile.padEnd(13)} ${result.adapter.padEnd(10)}  ${result.check} (${Math.round(result.durationMs)} ms)\n`;
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
