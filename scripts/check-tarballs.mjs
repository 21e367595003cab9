#!/usr/bin/env node
// The packages as npm would get them, used as a new user would: `pnpm check:tarballs` (CI runs it).
//
// 1. A copy of the repository is made release-ready exactly as `pnpm version-packages` would: the pending
//    changesets are applied with `changeset version` (versions bumped, CHANGELOG.md written per package).
// 2. Every public package is packed with `pnpm pack` (workspace ranges become real ones); each manifest
//    must carry the license, `repository` (with its directory), `homepage` and `bugs`, each tarball
//    LICENSE (the root's), README.md and CHANGELOG.md, and `publint --strict` must find nothing in it.
// 3. Each package's README is run as written, in a new, empty ES module project of its own holding the
//    files the examples read (notes.txt). In README order: a `sh` block runs in bash, its
//    `/path/to/read/tarballs/read-NAME.tgz` being the packed packages named as `pnpm pack:all` names them
//    (third-party packages come from the registry, as written), so a README must install what its examples
//    import and every @read package they depend on (npm would look for a missing one on the registry); a `ts`
//    block is type-checked with TypeScript (strict, shared from a tools directory) against the installed
//    types and run with node. Any failure, type error or non-zero exit fails the check with its output. Other
//    blocks (json, toml, console transcripts) are not run.
//
// 4. The MCP server, started from the installed @read/cli as docs/mcp.md configures a client with it,
//    answers a tools/call.
// 5. The installed read-tool reads a PDF and a notebook with the agent profile (its document worker thread).
//
// The README of @read/conformance is not run: its commands are the monorepo's (`pnpm conformance`).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repo = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// Run on the tarball itself: publint given a directory packs it again (a pnpm start and a pack per package).
const publint = path.join(repo, "node_modules", ".bin", "publint");
const REPOSITORY = "https://github.com/read-tool/read";
const NOT_RUN = new Set(["@read/conformance"]);
const FIXTURES = { "notes.txt": "one\ntwo\nthree\n" };
const keep = process.argv.includes("--keep");
const started = Date.now();
const work = fs.mkdtempSync(path.join(os.tmpdir(), "read-tarballs-"));
const npmEnv = { ...process.env, npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false", npm_config_loglevel: "error" };

const log = (line) => process.stdout.write(`[${Math.round((Date.now() - started) / 1000)} s] ${line}\n`);
const fail = (message) => {
  process.stderr.write(`check-tarballs: ${message}\n(work directory kept: ${work})\n`);
  process.exit(1);
};
const spawnAsync = (command, args, options) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (status, signal) => resolve({ status: status ?? signal, stdout, stderr }));
  });
const run = (command, args, options) => {
  const result = spawnSync(command, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.status !== 0) fail(`${command} ${args.join(" ")} (in ${options.cwd}) exited ${result.status ?? result.signal}\n${result.stdout}${result.stderr}`);
  return result;
};

// 1. The release-ready copy.
const release = path.join(work, "repository");
fs.cpSync(repo, release, {
  recursive: true,
  // docs/api is TypeDoc's output, which CI writes while this runs.
  filter: (source) => !/(^|[\\/])(node_modules|\.git|\.turbo|coverage)([\\/]|$)|^docs[\\/]api([\\/]|$)/.test(path.relative(repo, source)),
});
run(process.execPath, [path.join(repo, "node_modules", "@changesets", "cli", "bin.js"), "version"], { cwd: release, env: { ...process.env, CI: "true" } });
log(`changeset version applied in ${release}`);

// The TypeScript tools of step 3, installed from the registry while the packages are packed.
const tools = path.join(work, "tools");
fs.mkdirSync(tools);
fs.writeFileSync(path.join(tools, "package.json"), `${JSON.stringify({ name: "read-readme-tools", private: true }, null, 2)}\n`);
const toolsInstall = spawnAsync("npm", ["install", "typescript@~5.9.3", "@types/node@^20.19.0"], { cwd: tools, env: npmEnv });

// 2. Pack and check every public package.
const manifests = JSON.parse(run("pnpm", ["-r", "ls", "--depth", "-1", "--json"], { cwd: release }).stdout)
  .filter((entry) => !entry.private && entry.path !== release)
  .map((entry) => ({ dir: entry.path, manifest: JSON.parse(fs.readFileSync(path.join(entry.path, "package.json"), "utf8")) }));
// pnpm pack turns `workspace:` ranges into real ones by reading each linked package's manifest: link the
// copy's packages to one another (the copy has no node_modules of its own).
const byName = new Map(manifests.map(({ dir, manifest }) => [manifest.name, dir]));
for (const { dir, manifest } of manifests) {
  for (const [dependency, range] of Object.entries({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies })) {
    if (!String(range).startsWith("workspace:")) continue;
    const link = path.join(dir, "node_modules", dependency);
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(byName.get(dependency) ?? fail(`${manifest.name}: ${dependency} is not a package of this repository`), link);
  }
}
const tarballs = path.join(work, "tarballs");
// What the READMEs call /path/to/read/tarballs: the tarballs as `pnpm pack:all` names them in a clone.
const cloneTarballs = path.join(work, "clone", "tarballs");
fs.mkdirSync(cloneTarballs, { recursive: true });
const license = fs.readFileSync(path.join(repo, "LICENSE"), "utf8");
const packed = new Map();
for (const { dir, manifest } of manifests) {
  const where = path.relative(release, dir);
  const expected = {
    license: "MIT",
    repository: { type: "git", url: `git+${REPOSITORY}.git`, directory: where },
    homepage: `${REPOSITORY}/tree/main/${where}#readme`,
    bugs: { url: `${REPOSITORY}/issues` },
  };
  for (const [key, value] of Object.entries(expected)) {
    if (JSON.stringify(manifest[key]) !== JSON.stringify(value)) fail(`${manifest.name}: package.json "${key}" is ${JSON.stringify(manifest[key])}, expected ${JSON.stringify(value)}`);
  }
  const changelog = path.join(dir, "CHANGELOG.md");
  if (!fs.existsSync(changelog) || !fs.readFileSync(changelog, "utf8").includes(`## ${manifest.version}`)) fail(`${manifest.name}: changeset version wrote no CHANGELOG.md entry for ${manifest.version}`);
  const output = run("pnpm", ["pack", "--pack-destination", tarballs], { cwd: dir }).stdout.trim().split("\n").at(-1);
  const listing = execFileSync("tar", ["-tzf", output], { encoding: "utf8" }).split("\n");
  for (const file of ["LICENSE", "README.md", "CHANGELOG.md", "package.json"]) {
    if (!listing.includes(`package/${file}`)) fail(`${manifest.name}: the tarball has no ${file}`);
  }
  if (execFileSync("tar", ["-xzOf", output, "package/LICENSE"], { encoding: "utf8" }) !== license) fail(`${manifest.name}: its LICENSE differs from the repository's`);
  run(publint, ["--strict", output], { cwd: dir });
  fs.copyFileSync(output, path.join(cloneTarballs, `${manifest.name.replace(/^@/, "").replace("/", "-")}.tgz`));
  packed.set(manifest.name, { tarball: output, readme: path.join(dir, "README.md") });
  log(`packed ${manifest.name}@${manifest.version} (${listing.filter(Boolean).length} files)`);
}

// 3. The READMEs, with the TypeScript tools every README's project shares (installed while step 2 packed).
const installedTools = await toolsInstall;
if (installedTools.status !== 0) fail(`npm install of the README tools (in ${tools}) exited ${installedTools.status}\n${installedTools.stdout}${installedTools.stderr}`);
const ts = createRequire(path.join(tools, "package.json"))("typescript");
const typeRoots = path.join(tools, "node_modules", "@types");
// Every block's program reads the same standard library and @types/node from the tools directory: parsed
// once and shared, a block takes 0.4 s of CPU instead of the 3 s of a tsc process of its own.
const sharedSourceFiles = new Map();
const sharedRoots = [path.join(tools, "node_modules", "typescript", "lib") + path.sep, typeRoots + path.sep];

/** Type-checks and compiles one block into `out/` with the tools' TypeScript; returns its diagnostics, formatted. */
function compileBlock(project, file) {
  // Strict TypeScript, as an ES module of a "type": "module" project: what
  // `tsc --module nodenext --target es2023 --strict --skipLibCheck --types node` does.
  const options = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2023,
    strict: true,
    skipLibCheck: true,
    types: ["node"],
    typeRoots: [typeRoots],
    outDir: path.join(project, "out"),
  };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile;
  host.getSourceFile = (name, version, onError, create) => {
    if (!sharedRoots.some((root) => name.startsWith(root))) return read(name, version, onError, create);
    const key = `${name}\0${JSON.stringify(version)}`;
    if (!sharedSourceFiles.has(key)) sharedSourceFiles.set(key, read(name, version, onError, create));
    return sharedSourceFiles.get(key);
  };
  const program = ts.createProgram([path.join(project, file)], options, host);
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...program.emit().diagnostics];
  return ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (name) => name, getCurrentDirectory: () => project, getNewLine: () => "\n" });
}

// Then each README in a new, empty ES module project: its own `npm install` lines install what it uses.
// Two READMEs run at a time (CI has two cores); the blocks of one README run in order.
async function runReadme(name, readme) {
  const project = path.join(work, name.replace("@read/", "readme-"));
  fs.mkdirSync(project);
  fs.writeFileSync(path.join(project, "package.json"), `${JSON.stringify({ name: path.basename(project), private: true, type: "module" }, null, 2)}\n`);
  for (const [file, text] of Object.entries(FIXTURES)) fs.writeFileSync(path.join(project, file), text);
  const blocks = [...fs.readFileSync(readme, "utf8").matchAll(/^```(\w+)[^\n]*\n([\s\S]*?)^```$/gm)].map((match) => ({ language: match[1], code: match[2] }));
  let ran = 0;
  for (const [index, { language, code }] of blocks.entries()) {
    const label = `${name} README, block ${index + 1} (${language})`;
    if (language === "sh") {
      const script = code.replaceAll("/path/to/read/tarballs", cloneTarballs);
      const result = await spawnAsync("bash", ["-euo", "pipefail", "-c", script], { cwd: project, env: npmEnv });
      if (result.status !== 0) fail(`${label} failed (exit ${result.status}):\n${code}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`);
    } else if (language === "ts") {
      const file = `readme-${index + 1}.ts`;
      fs.writeFileSync(path.join(project, file), code);
      const problems = compileBlock(project, file);
      if (problems !== "") fail(`${label} does not type-check:\n${code}\n${problems}`);
      const result = await spawnAsync(process.execPath, [path.join("out", file.replace(/\.ts$/, ".js"))], { cwd: project });
      if (result.status !== 0) fail(`${label} failed (exit ${result.status}):\n${code}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`);
    } else {
      continue;
    }
    ran += 1;
  }
  if (ran === 0) fail(`${name}: its README has no example to run`);
  log(`${name}: ran ${ran} README example${ran === 1 ? "" : "s"}`);
}

const queue = [...packed].filter(([name]) => !NOT_RUN.has(name));
await Promise.all(
  [0, 1].map(async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) await runReadme(next[0], next[1].readme);
  }),
);

// 4. The MCP server as docs/mcp.md configures it from the packed packages: <dir>/node_modules/.bin/read-tool mcp.
const cliProject = path.join(work, "readme-cli");
const requests = [
  { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "check-tarballs", version: "1" } } },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "Read", arguments: { path: "notes.txt", limit: 1 } } },
];
const served = spawnSync(path.join(cliProject, "node_modules", ".bin", "read-tool"), ["mcp", "--profile", "envelope", "--root", cliProject], {
  input: requests.map((request) => `${JSON.stringify(request)}\n`).join(""),
  encoding: "utf8",
  timeout: 60_000,
});
const answer = served.stdout.split("\n").filter(Boolean).map((line) => JSON.parse(line)).find((message) => message.id === 2);
if (served.status !== 0 || answer?.result?.structuredContent?.data?.content !== "   1 | one\n" || !/^read-tool \S+: MCP server on stdio, profile envelope, root /.test(served.stderr)) {
  fail(`the installed read-tool mcp did not serve notes.txt (exit ${served.status}):\n${served.stdout}\n${served.stderr}`);
}
log("the installed read-tool mcp answered a tools/call");

// 5. The agent profile's document worker from the packed packages: the installed read-tool's bundle starts
//    dist/document-worker.js beside it, which loads @read/profile-agent's worker and pdf.js from node_modules.
const { makePdf } = await import(pathToFileURL(path.join(repo, "conformance", "dist", "make-pdf.js")).href);
fs.writeFileSync(path.join(cliProject, "paper.pdf"), makePdf([["First page"], ["Second page"], ["Third page"]]));
fs.writeFileSync(path.join(cliProject, "cells.ipynb"), JSON.stringify({ cells: [{ cell_type: "code", execution_count: 1, metadata: {}, source: "print(1)", outputs: [{ output_type: "stream", name: "stdout", text: "1\n" }] }], metadata: {}, nbformat: 4, nbformat_minor: 5 }));
const documentReads = [
  [{ path: "paper.pdf", pages: "2" }, (output) => output.content === "--- page 2 of 3 ---\nSecond page" && output.total_pages === 3],
  [{ path: "cells.ipynb" }, (output) => output.content === "1\t=== cell 1: code, execution 1 ===\n2\tprint(1)\n3\t--- output: stdout ---\n4\t1"],
];
for (const [input, expected] of documentReads) {
  const called = spawnSync(path.join(cliProject, "node_modules", ".bin", "read-tool"), ["call", "--profile", "agent", "--root", cliProject, JSON.stringify(input)], { encoding: "utf8", timeout: 60_000 });
  let output;
  try {
    output = JSON.parse(called.stdout);
  } catch {
    output = undefined;
  }
  if (called.status !== 0 || output === undefined || !expected(output)) fail(`the installed read-tool did not read ${input.path} with the agent profile (exit ${called.status}):\n${called.stdout}\n${called.stderr}`);
}
log("the installed read-tool read a PDF and a notebook with the agent profile (its document worker)");

if (!keep) fs.rmSync(work, { recursive: true, force: true });
log(`check-tarballs: ${packed.size} packages packed, and the READMEs of ${packed.size - NOT_RUN.size} run from a new project each`);
