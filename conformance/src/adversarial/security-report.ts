import path from "node:path";
import type { ConformanceCheck } from "../conformance-check.js";
import type { ExpectedFailure } from "../expected-failures.js";
import type { Oracle } from "../oracle.js";
import { REPO_ROOT } from "../repo-paths.js";
import { createSuiteContext } from "../suite-context.js";
import type { ToolAdapter } from "../tool-adapter.js";
import { ADVERSARIAL_REQUIREMENTS, CASE_BOUND_MS, caseId, expectedLabel, runCase, type AdversarialCase, type AdversarialGroup } from "./adversarial-case.js";
import { ADVERSARIAL_CASES } from "./adversarial-checks.js";
import { FUZZ_CHECK } from "./fuzz-check.js";
import { NotApplicable } from "../not-applicable.js";
import { LOAD_CHECKS } from "./load-checks.js";
import type { Peer } from "./peers.js";
import { SPARSE_BOUND_MS } from "./special-file-cases.js";

/** `docs/security.md`. */
export const SECURITY_REPORT_FILE = path.join(REPO_ROOT, "docs", "security.md");

/** How one case ended for one implementation, as the report shows it. */
export interface SecurityCell {
  readonly status: "pass" | "fail" | "n/a";
  readonly observed: string;
  /** No leak, hang, crash, forged message or content where any safe tool refuses. */
  readonly safe: boolean;
  /** A profile's listed expected failure (`conformance/expected-failures.json`). */
  readonly knownFailure?: string;
  /** Why it failed, for the findings. */
  readonly detail?: string;
}

/** One row: a case (or a load or fuzz check) and its cell for each implementation. */
export interface SecurityRow {
  readonly id: string;
  readonly group: AdversarialGroup | "load" | "fuzz";
  readonly title: string;
  readonly residualRisk?: string;
  /** Why an unsafe tool's answer may vary from run to run (see {@link AdversarialCase.volatile}). */
  readonly volatile?: string;
  readonly cells: Readonly<Record<string, SecurityCell>>;
}

/** The report's data: the columns (profiles, then peers) and the rows. */
export interface SecurityResults {
  readonly profiles: readonly string[];
  readonly peers: readonly { readonly column: string; readonly name: string; readonly version: string }[];
  readonly seed: number;
  readonly rows: readonly SecurityRow[];
}

const CHECK_ROWS: readonly ConformanceCheck[] = [...LOAD_CHECKS, FUZZ_CHECK];

/**
 * A profile's cells, from its oracle alone: what the suite requires of it (and verifies in
 * `test/describe-conformance.ts` and `pnpm conformance`), or its listed expected failure.
 */
export function profileCells(oracle: Oracle, expectedFailures: readonly ExpectedFailure[]): Map<string, SecurityCell> {
  const known = (check: string) => expectedFailures.find((entry) => entry.profile === oracle.profile && entry.check === check && entry.adapter === undefined)?.reason;
  const cells = new Map<string, SecurityCell>();
  for (const adversarialCase of ADVERSARIAL_CASES) {
    const id = caseId(adversarialCase);
    const label = expectedLabel(adversarialCase, oracle);
    const knownFailure = known(id);
    cells.set(id, knownFailure !== undefined ? { status: "fail", observed: "known failure", safe: false, knownFailure } : label === null ? { status: "n/a", observed: "n/a", safe: true } : { status: "pass", observed: label, safe: true });
  }
  for (const check of CHECK_ROWS) {
    const knownFailure = known(check.id);
    const reason = check.notApplicable(oracle);
    cells.set(check.id, knownFailure !== undefined ? { status: "fail", observed: "known failure", safe: false, knownFailure } : reason !== null ? { status: "n/a", observed: "n/a", safe: true, detail: reason } : { status: "pass", observed: "pass", safe: true });
  }
  return cells;
}

/** Options of {@link runCells}. */
export interface RunCellsOptions {
  readonly oracle: Oracle;
  readonly adapter: ToolAdapter;
  readonly seed: number;
  /** Property runs (the fuzzing property makes five times as many calls). */
  readonly numRuns: number;
  /** Cases run at once (a peer's hangs are waited out side by side). */
  readonly concurrency: number;
}

/** Runs every case, the load tests and the fuzzing property against one implementation. */
export async function runCells(options: RunCellsOptions): Promise<Map<string, SecurityCell>> {
  const ctx = createSuiteContext(options.oracle, options.adapter, { seed: options.seed, numRuns: options.numRuns, endOnFailure: true });
  const jobs: CellJob[] = [
    ...ADVERSARIAL_CASES.map((adversarialCase) => ({
      id: caseId(adversarialCase),
      exclusive: adversarialCase.exclusive === true || adversarialCase.calibrated === true,
      produce: async (): Promise<SecurityCell> => {
        if (expectedLabel(adversarialCase, options.oracle) === null) return { status: "n/a", observed: "n/a", safe: true };
        try {
          const result = await runCase(ctx, adversarialCase);
          return { status: result.status, observed: result.observed, safe: result.safe, ...(result.status === "fail" ? { detail: result.problems.join("\n") } : {}) };
        } catch (error) {
          return { status: "fail", observed: "crash", safe: false, detail: error instanceof Error ? error.message : String(error) };
        }
      },
    })),
    ...CHECK_ROWS.map((check) => ({
      id: check.id,
      exclusive: true,
      produce: async (): Promise<SecurityCell> => {
        const reason = check.notApplicable(options.oracle);
        if (reason !== null) return { status: "n/a", observed: "n/a", safe: true, detail: reason };
        try {
          await check.run(ctx);
          return { status: "pass", observed: "pass", safe: true };
        } catch (error) {
          if (error instanceof NotApplicable) return { status: "n/a", observed: "n/a", safe: true, detail: error.message };
          const message = error instanceof Error ? error.message : String(error);
          const gist = failureGist(message);
          return { status: "fail", observed: gist, safe: !UNSAFE_GISTS.has(gist), detail: message };
        }
      },
    })),
  ];
  return runCellJobs(jobs, options.concurrency);
}

/** One cell to fill: its ID, whether it must run alone, and how to observe it. */
export interface CellJob {
  readonly id: string;
  /** Timing-sensitive (races, tight bounds, checks with their properties): never run beside another job. */
  readonly exclusive: boolean;
  readonly produce: () => Promise<SecurityCell>;
}

/**
 * Fills the cells: the exclusive jobs one by one first, then the others `concurrency` at a time (a peer's
 * hung reads are waited out side by side). A hang seen beside other jobs stands only when the job hangs
 * again run alone: on a loaded machine a slow answer beside five hung reads is the machine, not the tool.
 */
export async function runCellJobs(jobs: readonly CellJob[], concurrency: number): Promise<Map<string, SecurityCell>> {
  const cells = new Map<string, SecurityCell>();
  const run = async (job: CellJob) => {
    cells.set(job.id, await job.produce());
  };
  for (const job of jobs.filter((candidate) => candidate.exclusive)) await run(job);
  const shared = jobs.filter((candidate) => !candidate.exclusive);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < shared.length; index = next++) {
      const job = shared[index];
      if (job !== undefined) await run(job);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  if (concurrency > 1) for (const job of shared.filter((candidate) => cells.get(candidate.id)?.observed === "hang")) await run(job);
  return cells;
}

const UNSAFE_GISTS = new Set(["LEAK", "hang", "crash", "failed"]);

// The kind of a check's failure, without its counterexample (which the findings show): a leak, a hang, a
// call that failed, content the kernel's resolution does not name, or an error without a declared code.
function failureGist(message: string): string {
  if (message.includes("LEAK")) return "LEAK";
  if (message.includes("no answer within")) return "hang";
  if (message.includes("the call failed") || message.includes("crashed")) return "crash";
  if (message.includes("content, but the kernel resolves the path to no regular file")) return "content the kernel's resolution does not name";
  if (message.includes("content other than the first window")) return "other content than the resolved file's";
  if (message.includes("none of the oracle's codes")) return "an error without a declared code";
  return "failed";
}

/** The rows of the report: every case and check, with the profiles' cells and each peer's. */
export function securityRows(profiles: ReadonlyMap<string, ReadonlyMap<string, SecurityCell>>, peers: ReadonlyMap<string, ReadonlyMap<string, SecurityCell>>): SecurityRow[] {
  const columns = new Map([...profiles, ...peers]);
  const notRun: SecurityCell = { status: "n/a", observed: "not run", safe: true };
  const cellsOf = (id: string): Record<string, SecurityCell> => Object.fromEntries([...columns].map(([column, cells]) => [column, cells.get(id) ?? notRun]));
  return [
    ...ADVERSARIAL_CASES.map((adversarialCase) => ({
      id: caseId(adversarialCase),
      group: adversarialCase.group,
      title: adversarialCase.title,
      ...(adversarialCase.residualRisk === undefined ? {} : { residualRisk: adversarialCase.residualRisk }),
      ...(adversarialCase.volatile === undefined ? {} : { volatile: adversarialCase.volatile }),
      cells: cellsOf(caseId(adversarialCase)),
    })),
    ...CHECK_ROWS.map((check) => ({ id: check.id, group: check.id.includes("/fuzz/") ? ("fuzz" as const) : ("load" as const), title: check.title, cells: cellsOf(check.id) })),
  ];
}

/** The column header of a peer. */
export function peerColumn(peer: Pick<Peer, "name" | "version">): string {
  return `${peer.name.replace(/^@modelcontextprotocol\//u, "")} ${peer.version}`;
}

const GROUP_TITLES: Readonly<Record<SecurityRow["group"], string>> = {
  "path-syntax": "Path syntax",
  symlinks: "Symlinks",
  races: "Races between check and open",
  "special-files": "Special files",
  "sensitive-names": "Sensitive names, equivalent spellings and gitignore",
  "output-integrity": "Output integrity",
  load: "Load and descriptor exhaustion",
  fuzz: "Fuzzing",
};

/** A case row's first cell: its name, its title, and its marks. */
function caseText(row: SecurityRow): string {
  const name = row.id.split("/").at(-1) ?? row.id;
  return `\`${name}\`: ${row.title.replaceAll("|", "\\|")}${row.residualRisk === undefined ? "" : " (residual risk)"}${row.volatile === undefined ? "" : " †"}`;
}

/** A cell as the table shows it: the observed outcome, `✗` when unsafe, `≠` when safe but not what its oracle declares. */
export function cellText(cell: SecurityCell): string {
  if (cell.status === "n/a") return "n/a";
  if (cell.knownFailure !== undefined) return "✗ known failure";
  const shown = cell.observed === "content" || cell.observed === "pass" || cell.observed === "n/a" || cell.observed.startsWith("error") || cell.observed.includes(" ") ? cell.observed : `\`${cell.observed}\``;
  const escaped = shown.replaceAll("|", "\\|");
  if (cell.status === "pass") return escaped;
  return cell.safe ? `≠ ${escaped}` : `✗ ${escaped}`;
}

/** `docs/security.md`: the threat model, guarantees, residual risks, the side-by-side table and the findings. */
export function renderSecurityReport(results: SecurityResults): string {
  const columns = [...results.profiles, ...results.peers.map((peer) => peer.column)];
  const out: string[] = [];
  const line = (text = "") => out.push(text);
  line("# Security");
  line();
  line("Generated by `pnpm --filter @read/conformance run security-report` from the adversarial suite ([`conformance/src/adversarial/`](../conformance/src/adversarial));");
  line("do not edit by hand: `conformance/test/security-report.test.ts` fails when this file is stale.");
  line();
  line("## Threat model");
  line();
  line("A read tool is the easiest way to take a secret off a developer's machine. The attacker controls:");
  line();
  line("- **the path argument**: a model that was talked into it (prompt injection in a file, a web page, an issue) asks for `../../.ssh/id_rsa`, an absolute path, an encoded or Windows-shaped spelling, a path with control characters;");
  line("- **the workspace's contents**: a cloned repository holds symlinks out of the root (and back in), loops, FIFOs, sockets, device nodes, huge sparse files, names with newlines and escape sequences, secrets under other spellings, and its own configuration (`read.config.toml`, `.gitignore`) written to loosen protections, run code or cost unbounded time;");
  line("- **the timing**: a process of the same user (a build script, a postinstall hook) swaps files, parent directories and symlinks while the tool reads, grows and shrinks files, and exhausts descriptors.");
  line();
  line("The assets are the files outside the root, the secrets inside it (for the profile that guards them), the agent's availability (a read that hangs or fills memory), and the integrity of the output the model reads.");
  line("Out of scope: an attacker with root or another user's privileges, the kernel, and a person who approves a read outside the root (the guard asks; an approved read may leave the root).");
  line();
  line("## Guarantees");
  line();
  line("Every profile keeps these, and the suite checks each one for each profile (the requirement IDs are in [`conformance/requirements.json`](../conformance/requirements.json)):");
  line();
  line(`- **Containment** (\`${ADVERSARIAL_REQUIREMENTS["path-syntax"]}\`, \`${ADVERSARIAL_REQUIREMENTS.symlinks}\`, \`${ADVERSARIAL_REQUIREMENTS.fuzz}\`): the input is resolved once by the kernel (\`realpath\`: a \`..\` after a symlink leaves through the link's target; \`envelope\` and \`workspace-jp\` clean the spelling lexically first, as their reference tools do, and the kernel then resolves what is left), containment is decided on path components against the root canonicalised at start-up, and exactly the checked canonical path is opened. No byte of a file outside the root is returned, whatever the spelling, link or encoding.`);
  line(`- **Races** (\`${ADVERSARIAL_REQUIREMENTS.races}\`): the file is opened with \`O_NOFOLLOW\`, and the descriptor is confirmed to be the checked path (\`/proc/self/fd\` on Linux) before a byte is read; a swap between check and open is an error, never outside content.`);
  line(`- **Regular files only, never blocking** (\`${ADVERSARIAL_REQUIREMENTS["special-files"]}\`): \`O_NONBLOCK\`, then \`fstat\` on the descriptor: FIFOs, sockets, devices and directories are refused at once, sixteen FIFOs at once starve nothing, and reads are bounded on the descriptor (\`stat.size\` is never trusted: \`/proc\` files say 0, sparse files say gigabytes).`);
  line(`- **Input validation**: strings only, non-empty, at most 4,096 characters, no NUL; any other character names a file as the reference tools read it (control and bidi characters included, escaped wherever a name is echoed), but \`forge\` refuses control, bidi and separator characters, as forge does; \`~\`, \`file:\` and percent-encodings are never expanded or decoded (they are literal name characters).`);
  line(`- **Typed errors under load** (\`${ADVERSARIAL_REQUIREMENTS.load}\`): 10,000 concurrent calls, a quarter hostile, leave no crash and no descriptor open; with no descriptor left every call is a clear error, and reads recover when descriptors come back.`);
  line(`- **Output integrity** (\`${ADVERSARIAL_REQUIREMENTS["output-integrity"]}\`): a file name echoed in a message is escaped: no newline, carriage return, line separator or escape sequence from a name reaches a message raw, and no name can announce a next page.`);
  line(`- **Sensitive names** (\`${ADVERSARIAL_REQUIREMENTS["sensitive-names"]}\`): by default the \`guard\` profile refuses secrets (\`.env\`, keys, \`.ssh/\`, \`.git/\`, credentials) and gitignored files, and the \`forge\` profile refuses secrets (its sandbox's deny list and the secrets policy: \`SANDBOX_DENIED\`), under every spelling (case, trailing dots and spaces, stream suffixes, \`./\`, \`..\`, absolute, through symlinks, outside the root); \`envelope\` and \`workspace-jp\` read them like any file, as their specs do, and refuse secrets only with \`secrets = true\` in their table.`);
  line(`- **The person's answer** (\`guard\`): a read outside the root is put to a person, who sees where the path resolves; keys typed before the Allow/Deny prompt is drawn, or in its first 200 ms, never answer it (\`read-tool call\` at a terminal and the REPL: \`GUARD-4.6-typeahead\`, tested in a pty in \`packages/cli/test/repl.test.ts\`), and a message about a read no person approved names only the path as asked, never where it resolves (\`adversarial/symlinks/refused-names-no-target\`, \`adversarial/symlinks/refused-missing-no-target\`).`);
  line();
  line("## Configuration: trust layers");
  line();
  line("`read-tool` (every command: `call`, `schema`, `jsonl`, `mcp`, `repl`) reads configuration in two layers, and only the first is trusted:");
  line();
  line("1. **The user's own file**: `--config FILE`, else the file `$READ_TOOL_CONFIG` names, else `$XDG_CONFIG_HOME/read/config.toml` (`~/.config/read/config.toml`). It may pick any profile, load a profile module (`profile = \"./my-profile.js\"`), turn a protection off and raise a limit. Naming a file with `--config` says you trust it, wherever it lies.");
  line("2. **The workspace's own `read.config.toml`** at the root, read in addition and trusted for nothing: the workspace is the attacker's (a cloned repository, a file a prompt injection wrote). Each key it sets must protect at least as much as the user's layer and the defaults: turn a protection on (`secrets`, the guard's `respect_gitignore` and `default_blocked`), add patterns (the guard's `blocked`; forge's `denied_patterns`, which must keep the trusted list first and add no `!` exception), lower a limit. Its `profile` may only name the profile already chosen by `--profile`, the user's file or the default: another profile changes the tool the agent host registered and may protect less (envelope reads `.env` by default), and a module path there is never imported. Any other value exits 2 with one line naming the file, each key, why it loosens, and where to set it instead; it is never silently ignored or obeyed.");
  line();
  line("Flags (`--profile`, `--root`) are the user's too. Config files are read like served files: through core's open (`O_NONBLOCK`, `fstat`: regular files only, so a FIFO or `/dev/zero` never blocks), at most 1 MiB, and the workspace's file only where it resolves inside the root and has no other name: a `read.config.toml` linking out, or hard-linked, is refused unread, so no error echoes what an outside file says. What the workspace's file adds is bounded in cost: lists of at most 256 entries, strings of at most 1,024 characters, no value nested past 8 levels, forge deny patterns with at most two `*` or `**`. `read-tool call -` reads at most 16 MiB of arguments, as `read-tool jsonl` does per request (tested in `packages/cli/test/config-trust.test.ts`).");
  line();
  line("The model follows Claude Code's split of project and user settings and VS Code's restricted mode, stricter than both: a project may tighten, never loosen, and there is no trust prompt to click through. Git's `safe.directory` makes the same call for repository config owned by someone else. A user config that lies inside the root (a root of `$HOME`) is as writable as the workspace: give the tool a narrower root.");
  line();
  line("## Residual risks");
  line();
  line("- **Hard links.** A hard link inside the root to a file outside it *is* that file: nothing on the path tells it from an inside file, and every profile reads it (`adversarial/symlinks/hard-link-out`). Do not give the tool a root in which an attacker could have created hard links to files you care about (they need write access to the root's file system and read access to the target).");
  line("- **Platforms without `O_NOFOLLOW` or `/proc/self/fd`.** On Windows `O_NOFOLLOW` and `O_NONBLOCK` do not exist (the flags are 0): the final component may be a link opened after the check, and a special file may block. Where `/proc/self/fd` is missing (macOS), the descriptor is confirmed by a second `realpath` of the path and a device/inode comparison with the descriptor instead of the descriptor's own path.");
  line("- **A swap undone between two checks.** That second check sees the path as it is at that moment: a parent directory swapped for a link before the open and swapped back before the comparison leaves the path naming the checked file again, and only the device/inode comparison (which a hard link defeats) stands between the descriptor and the outside file. On Linux the descriptor's own path is read instead, which no later swap changes.");
  line("- **Content that changes while it is read.** A file rewritten during a read may yield a mix of old and new lines; sizes and windows stay bounded (`adversarial/races/file-grows-and-shrinks`).");
  line("- **Availability.** A race can turn a read into an error (the path changed while it was opened): the suite proves no outside byte is returned, not that a read always succeeds.");
  line(
    "- **Mounts whose lookups hang.** On a file system whose calls may wait (FUSE, NFS, SMB, 9p, any type not known to be kernel-local, and every path where `/proc/self/mountinfo` cannot be read) core opens, `fstat`s, reads and closes on the thread pool, two such calls at once at most, and an aborted call settles while its open is pending (`packages/core/test/blocking-open.test.ts`, over MCP `packages/mcp/test/blocking-open.test.ts`; the suite has no case for it, since it cannot mount a file system). Path resolution (`realpath`, `lstat`) stays synchronous: a server that stops answering lookups (a dead NFS mount, an `autofs` path to a host that is gone) holds the event loop while a path on it, or a symlink into it, is resolved, and once two opens hang on such mounts, later opens on them wait until those return or their calls are cancelled.",
  );
  const known = results.rows.flatMap((row) => results.profiles.flatMap((profile) => (row.cells[profile]?.knownFailure === undefined ? [] : [{ profile, row, reason: row.cells[profile]?.knownFailure ?? "" }])));
  if (known.length > 0) {
    line("- **Known failures of this project's profiles** (listed in [`conformance/expected-failures.json`](../conformance/expected-failures.json), so the suite fails the moment they are fixed without the list shrinking):");
    for (const entry of known) line(`  - \`${entry.profile}\`, \`${entry.row.id}\`: ${entry.reason}`);
  }
  line();
  line("## Side by side");
  line();
  line(`Each case runs against the four profiles in-process and against ${results.peers.map((peer) => `\`${peer.name}\` ${peer.version} (its \`read_text_file\` tool, through its MCP server over stdio)`).join(", ")}.`);
  line("A profile's cell is the outcome its oracle (`conformance/profiles/*.json`) declares, which the suite verifies (`test/describe-conformance.ts`, `pnpm conformance`); the script re-runs every case before writing. A peer's cell is what it answered in the run that generated this file.");
  line("Cells: an error code (or, for a peer whose errors carry no code, the gist of its message), `content` (the file's content was returned), `n/a` (the case does not apply);");
  line("**✗** marks an unsafe answer (content from outside the root, a hang past the time bound, a crash, content where any safe tool refuses, a forged message line); **≠** a safe answer that differs from what the tool declares or the rules ask (for a peer: its own decision, such as expanding `~`).");
  line("† An unsafe tool's answer to this case may differ from run to run (when a swap lands, how fast an endless device is read): a peer's cell shows the run that generated this file; the profiles' never vary.");
  line(
    `Time bound: ${CASE_BOUND_MS / 1000} s per case (for the sparse files, ${SPARSE_BOUND_MS / 1000} s beyond one and a half times a small read through the same adapter); the fuzzing property ran with seed \`${results.seed}\`.`,
  );
  line();
  line("| Tool | cases | pass | ✗ unsafe | ≠ differs | n/a |");
  line("| --- | ---: | ---: | ---: | ---: | ---: |");
  for (const column of columns) {
    const cells = results.rows.map((row) => row.cells[column]).filter((cell): cell is SecurityCell => cell !== undefined);
    const count = (predicate: (cell: SecurityCell) => boolean) => cells.filter(predicate).length;
    line(`| ${column} | ${cells.length} | ${count((cell) => cell.status === "pass")} | ${count((cell) => cell.status === "fail" && !cell.safe)} | ${count((cell) => cell.status === "fail" && cell.safe)} | ${count((cell) => cell.status === "n/a")} |`);
  }
  for (const group of Object.keys(GROUP_TITLES) as SecurityRow["group"][]) {
    const rows = results.rows.filter((row) => row.group === group);
    if (rows.length === 0) continue;
    line();
    line(`### ${GROUP_TITLES[group]}`);
    line();
    line(`| Case | ${columns.join(" | ")} |`);
    line(`| --- | ${columns.map(() => "---").join(" | ")} |`);
    for (const row of rows) line(`| ${caseText(row)} | ${columns.map((column) => cellText(row.cells[column] ?? { status: "n/a", observed: "not run", safe: true })).join(" | ")} |`);
  }
  for (const peer of results.peers) {
    const unsafe = results.rows.filter((row) => row.cells[peer.column]?.status === "fail" && row.cells[peer.column]?.safe === false);
    const differs = results.rows.filter((row) => row.cells[peer.column]?.status === "fail" && row.cells[peer.column]?.safe === true);
    line();
    line(`## Findings: ${peer.column}`);
    line();
    if (unsafe.length === 0) line("No unsafe answer.");
    else {
      line("Unsafe answers:");
      line();
      for (const row of unsafe) line(`- \`${row.id}\` (${row.title}): ${row.cells[peer.column]?.observed ?? ""}.`);
    }
    if (differs.length > 0) {
      line();
      line("Safe, but not what the rules ask (or what its own outcomes say):");
      line();
      for (const row of differs) line(`- \`${row.id}\` (${row.title}): ${row.cells[peer.column]?.observed ?? ""}.`);
    }
  }
  line();
  return `${out.join("\n")}`;
}

/** The inverse of {@link cellText}, for cells read back from a report. */
export function parseCellText(text: string): SecurityCell {
  if (text === "n/a") return { status: "n/a", observed: "n/a", safe: true };
  const mark = text.startsWith("✗ ") ? "unsafe" : text.startsWith("≠ ") ? "differs" : "pass";
  const shown = mark === "pass" ? text : text.slice(2);
  const observed = (shown.startsWith("`") && shown.endsWith("`") ? shown.slice(1, -1) : shown).replaceAll("\\|", "|");
  return mark === "pass" ? { status: "pass", observed, safe: true } : { status: "fail", observed, safe: mark === "differs" };
}

/**
 * The results with every peer's cells taken from a report (`document`): what a fresh run of the profiles
 * must reproduce is everything else. Throws when the report lacks a row.
 */
export function adoptPeerCells(results: SecurityResults, document: string): SecurityResults {
  const columns = [...results.profiles, ...results.peers.map((peer) => peer.column)];
  const lines = document.split("\n");
  const rows = results.rows.map((row) => {
    const prefix = `| ${caseText(row)} | `;
    const found = lines.find((candidate) => candidate.startsWith(prefix));
    if (found === undefined) throw new Error(`the report has no row for ${row.id}`);
    const cells = found.slice(2, -2).split(" | ").slice(1);
    const recorded = Object.fromEntries(results.peers.map((peer) => [peer.column, parseCellText(cells[columns.indexOf(peer.column)] ?? "")]));
    return { ...row, cells: { ...row.cells, ...recorded } };
  });
  return { ...results, rows };
}
