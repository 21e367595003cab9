import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { clearLineIndexes, createWorkspace, readTextWindow, type ReadTool, type TextWindowOptions } from "@read/core";
import { clearScanCache } from "@read/profile-agent";
import { PROFILE_ENTRIES, loadProfile } from "@read/profiles";
import { floorOp, lineStart, type FloorSpec } from "./floor.js";
import type { Baseline } from "./baseline.js";
import { peerModule } from "./peers.js";
import type { ProbeSpec } from "./probe.js";
import { COLUMN_DEPTHS, COLUMN_LINE_BYTES, LOG_TAIL_LINES, LOG_WINDOW_LINE, type Workloads } from "./workloads.js";

/** The workloads of issue 9, each one table of the report. */
export type WorkloadId = "4k" | "100k" | "1m" | "single-line" | "column" | "log-head" | "log-window" | "log-tail" | "image-4mp" | "image-30mp";

export const WORKLOAD_TITLES: Readonly<Record<WorkloadId, string>> = {
  "4k": "4 KiB source file, default window",
  "100k": "100 KiB source file, default window",
  "1m": "1 MiB source file, default window",
  "single-line": "5 MiB single-line file (minified bundle), default window",
  column: "50 MiB single-line file, `column` reads 1 KiB to 40 MB deep (agent)",
  "log-head": "1 GiB log, first window",
  "log-window": "1 GiB log, window at line 5,000,000",
  "log-tail": "1 GiB log, last 100 lines",
  "image-4mp": "4 MP screenshot-like PNG (2560x1600), read by the agent profile",
  "image-30mp": "30 MP PNGs of noise (6708x4472), read by the agent profile",
};

/** The small source files: the workloads `--quick` keeps, and those the baseline commit is timed on. */
const SMALL_WORKLOADS = ["4k", "100k", "1m"] as const satisfies readonly WorkloadId[];

/** The workloads `--quick` keeps: the small files, the column reads (a few calls, on a file generated once) and the 4 MP image. */
export const QUICK_WORKLOADS: readonly WorkloadId[] = [...SMALL_WORKLOADS, "column", "image-4mp"];

/** What a case's call is expected to produce; a different outcome is reported, never hidden. */
export type Expectation = "ok" | "refusal" | "failure";

/** A loaded case, ready to be timed. */
export interface Runner {
  readonly run: () => unknown;
  /** Untimed, before every timed call (first-call and next-page cases). */
  readonly before?: () => unknown;
  /** Why the result is an error (a tool-level error, a thrown error), or undefined when it is a read. */
  readonly errorOf: (result: unknown) => string | undefined;
}

/** One line of a report table. */
export interface BenchCase {
  readonly id: string;
  readonly workload: WorkloadId;
  /**
   * `core`: `readTextWindow` with the options a profile passes, to tell core's cost from the profile's;
   * `baseline`: the same call of the profile at {@link Baseline.commit}, whose reads were synchronous.
   */
  readonly kind: "floor" | "limit" | "core" | "profile" | "baseline" | "peer";
  readonly subject: string;
  readonly call: string;
  /** `first`: on a file identity the tool has not seen; `next-page`: the page after a first call. */
  readonly mode: "repeat" | "first" | "next-page";
  /** Id of the floor case this one is compared to. */
  readonly floor?: string;
  /**
   * Id of a floor that leaves out whole-file work the call's spec obliges of a first call and `floor` does
   * (the agent's SHA-256 for its version): what the call would be judged on without that work, shown beside
   * the small-window target.
   */
  readonly partialFloor?: string;
  /** For a `baseline` case: the id of today's case it repeats. */
  readonly baselineOf?: string;
  /** For a `baseline` case: the call, to compare both sides again in fresh processes (`pairs.ts`). */
  readonly pair?: { readonly profile: ProfileName; readonly input: Record<string, unknown>; readonly mode: "first" | "repeat" };
  readonly expect: Expectation;
  /** Scans the whole 1 GiB log: sampled fewer times. */
  readonly heavy: boolean;
  /** Timed in the bench process; false: only probed once in a child (a read that loads 1 GiB). */
  readonly timed: boolean;
  /** The one call a fresh process makes to measure peak RSS (absent: not probed). */
  readonly probe?: ProbeSpec;
  readonly load: () => Promise<Runner>;
}

/** A registered profile's name. */
export type ProfileName = string;
/** The profiles compared: every profile of the registry, by name. */
export const PROFILE_NAMES: readonly ProfileName[] = PROFILE_ENTRIES.map((entry) => entry.name);
const PROFILE_PACKAGES: Readonly<Record<ProfileName, string>> = Object.fromEntries(PROFILE_ENTRIES.map((entry) => [entry.name, entry.packageName]));

/** The package of each profile and peer whose version the report states. */
export const REPORTED_PACKAGES = [
  "@read/core",
  ...Object.values(PROFILE_PACKAGES),
  "@modelcontextprotocol/server-filesystem",
  "@google/gemini-cli-core",
] as const;

interface McpLib {
  setAllowedDirectories(directories: string[]): void;
  validatePath(requested: string): Promise<string>;
  readFileContent(file: string): Promise<string>;
  headFile(file: string, lines: number): Promise<string>;
  tailFile(file: string, lines: number): Promise<string>;
}

interface GeminiFileUtils {
  processSingleFileContent(
    filePath: string,
    rootDirectory: string,
    fileSystemService: unknown,
    startLine?: number,
    endLine?: number,
  ): Promise<{ llmContent: unknown; error?: string }>;
}

// The peers are loaded through their module files: the MCP helpers are not exported by the package's main
// entry (which starts a server), and gemini-cli-core's main entry loads its whole agent runtime.
const MCP_LIB = "@modelcontextprotocol/server-filesystem/dist/lib.js";
/** forge's default `max_scan_bytes`: it counts lines (for `total_lines`) no further. */
const FORGE_MAX_SCAN_BYTES = 2 * 1024 * 1024;
const GEMINI_FILE_UTILS = "@google/gemini-cli-core/dist/src/utils/fileUtils.js";

/**
 * Every case of the bench, for the given workloads; loading a case imports only what it uses. With a
 * `baseline`, every profile's call on the small files is repeated with that commit's profile.
 */
export function buildCases(w: Workloads, profiles: readonly ProfileName[], baseline?: Baseline): BenchCase[] {
  const cases: BenchCase[] = [];
  const abs = (rel: string) => path.join(w.root, rel);

  const tools = new Map<string, Promise<ReadTool>>();
  const tool = (name: ProfileName, options: Record<string, unknown> = {}): Promise<ReadTool> => {
    const key = `${name}${JSON.stringify(options)}`;
    let created = tools.get(key);
    if (created === undefined) {
      created = loadProfile(name).then((module) => module.createTool({ root: w.root, requester: async () => "allow", ...options }));
      tools.set(key, created);
    }
    return created;
  };

  const floor = (workload: WorkloadId, id: string, call: string, spec: FloorSpec, heavy = false) => {
    cases.push({
      id: `${workload}:floor:${id}`,
      workload,
      kind: "floor",
      subject: "floor",
      call,
      mode: "repeat",
      expect: "ok",
      heavy,
      timed: true,
      load: async () => ({ run: floorOp(spec), errorOf: () => undefined }),
    });
    return `${workload}:floor:${id}`;
  };

  const profileCase = (
    workload: WorkloadId,
    name: ProfileName,
    input: Record<string, unknown>,
    extra: {
      floor?: string;
      partialFloor?: string;
      mode?: BenchCase["mode"];
      expect?: Expectation;
      heavy?: boolean;
      options?: Record<string, unknown>;
      nextPage?: Record<string, unknown>;
      label?: string;
      rss?: boolean;
      call?: string;
    } = {},
  ) => {
    const mode = extra.mode ?? "repeat";
    const shown = { ...(extra.nextPage ?? input) } as Record<string, unknown>;
    delete shown.path;
    const id = `${workload}:${extra.label ?? name}:${extra.call ?? JSON.stringify(shown)}:${mode}`;
    // A profile the baseline commit did not have (agent) has no twin.
    if (baseline !== undefined && baseline.entries(name) !== undefined && (SMALL_WORKLOADS as readonly string[]).includes(workload) && extra.nextPage === undefined && extra.options === undefined) {
      baselineCase(workload, name, input, mode, id, baseline);
    }
    cases.push({
      id,
      workload,
      kind: "profile",
      subject: extra.label ?? name,
      call: extra.call ?? callText(shown, extra.options),
      mode,
      ...(extra.floor === undefined ? {} : { floor: extra.floor }),
      ...(extra.partialFloor === undefined ? {} : { partialFloor: extra.partialFloor }),
      expect: extra.expect ?? "ok",
      heavy: extra.heavy ?? false,
      timed: true,
      ...((extra.rss ?? mode === "first") ? { probe: { kind: "profile", profile: name, root: w.root, options: extra.options ?? {}, input } as const } : {}),
      load: async () => {
        const readTool = await tool(name, extra.options);
        const errorOf = (output: unknown) => (readTool.isError(output) ? JSON.stringify(output).slice(0, 300) : undefined);
        if (mode === "repeat") return { run: () => readTool.call(input), errorOf };
        // A first call on a file no cache has seen (the page cache stays warm): core's line indexes, which
        // the profiles share with the bench (one `@read/core` module), are forgotten. That takes a
        // Map.clear(): timed with the call, so that first calls are batched like the rest.
        // agent also remembers each settled file's scan (its version and line count): forgotten too.
        if (mode === "first") return { run: () => (clearLineIndexes(), clearScanCache(), readTool.call(input)), errorOf };
        const page = extra.nextPage ?? input;
        return {
          run: () => readTool.call(page),
          before: async () => {
            clearLineIndexes();
            clearScanCache();
            await readTool.call(input);
          },
          errorOf,
        };
      },
    });
  };

  // Today's case `of`, made with the baseline commit's profile (which has its own core and line indexes).
  const baselineCase = (workload: WorkloadId, name: ProfileName, input: Record<string, unknown>, mode: BenchCase["mode"], of: string, at: Baseline) => {
    const shown = { ...input } as Record<string, unknown>;
    delete shown.path;
    cases.push({
      id: `${of}:baseline`,
      workload,
      kind: "baseline",
      subject: `${name} at ${at.commit.slice(0, 7)}`,
      call: callText(shown, undefined),
      mode,
      baselineOf: of,
      ...(mode === "next-page" ? {} : { pair: { profile: name, input, mode } }),
      expect: "ok",
      heavy: false,
      timed: true,
      load: async () => {
        const module = await at.profile(name);
        if (module === undefined) throw new Error(`the baseline commit has no profile ${name}`);
        const readTool = module.createTool({ root: w.root, requester: async () => "allow" });
        const errorOf = (output: unknown) => (readTool.isError(output) ? JSON.stringify(output).slice(0, 300) : undefined);
        if (mode === "repeat") return { run: () => readTool.call(input), errorOf };
        return { run: () => (at.clearLineIndexes(), readTool.call(input)), errorOf };
      },
    });
  };

  const peer = (
    workload: WorkloadId,
    subject: string,
    call: string,
    op: () => Promise<() => Promise<unknown>>,
    probe: ProbeSpec,
    extra: { floor?: string; expect?: Expectation; timed?: boolean; errorOf?: (result: unknown) => string | undefined } = {},
  ) => {
    cases.push({
      id: `${workload}:${subject}:${call}`,
      workload,
      kind: "peer",
      subject,
      call,
      mode: "repeat",
      ...(extra.floor === undefined ? {} : { floor: extra.floor }),
      expect: extra.expect ?? "ok",
      heavy: false,
      timed: extra.timed ?? true,
      probe,
      load: async () => {
        const run = await op();
        return {
          run: async () => {
            try {
              return await run();
            } catch (error) {
              return { thrown: error instanceof Error ? `${(error as NodeJS.ErrnoException).code ?? error.name}: ${error.message}` : String(error) };
            }
          },
          errorOf: (result) => thrownOf(result) ?? extra.errorOf?.(result),
        };
      },
    });
  };

  const limit = (workload: WorkloadId, subject: string, call: string, op: () => unknown, extra: { floor?: string; heavy?: boolean } = {}) => {
    cases.push({
      id: `${workload}:${subject}:${call}`,
      workload,
      kind: "limit",
      subject,
      call,
      mode: "repeat",
      ...(extra.floor === undefined ? {} : { floor: extra.floor }),
      expect: "ok",
      heavy: extra.heavy ?? false,
      timed: true,
      load: async () => ({ run: op, errorOf: () => undefined }),
    });
  };

  const coreCase = (
    workload: WorkloadId,
    like: "envelope" | "forge",
    rel: string,
    window: TextWindowOptions["window"],
    extra: { floor: string; mode?: "repeat" | "first"; heavy?: boolean },
  ) => {
    const mode = extra.mode ?? "repeat";
    const shown = window.from === "end" ? `tail ${window.lines}` : `line ${window.startLine.toLocaleString("en-US")}, ${window.maxLines ?? "all"} lines`;
    cases.push({
      id: `${workload}:core:${like}:${mode}`,
      workload,
      kind: "core",
      subject: "core",
      call: `readTextWindow as ${like} calls it (${shown}, count)`,
      mode,
      floor: extra.floor,
      expect: "ok",
      heavy: extra.heavy ?? false,
      timed: true,
      load: async () => {
        const workspace = createWorkspace(w.root);
        if (!workspace.ok) throw new Error(`core refused the workspace ${w.root}`);
        const options = await coreOptionsOf(like, window);
        const run = () => readTextWindow(workspace.value, rel, options);
        const errorOf = (result: unknown) => {
          const read = result as Awaited<ReturnType<typeof readTextWindow>>;
          return read.ok ? undefined : read.failure.code;
        };
        if (mode === "repeat") return { run, errorOf };
        return { run: () => (clearLineIndexes(), run()), errorOf };
      },
    });
  };

  const mcp = async (): Promise<McpLib> => {
    const lib = (await import(peerModule(MCP_LIB))) as McpLib;
    lib.setAllowedDirectories([fs.realpathSync(w.root)]);
    return lib;
  };
  const gemini = async () => (await import(peerModule(GEMINI_FILE_UTILS))) as GeminiFileUtils;
  const geminiError = (result: unknown) => {
    const error = (result as { error?: unknown }).error;
    return typeof error === "string" ? error : undefined;
  };
  const naive = (file: string) => async () => async () => {
    const text = await fs.promises.readFile(file, "utf8");
    return text
      .split("\n")
      .map((line, index) => `${index + 1}\t${line}`)
      .join("\n");
  };
  const subprocess = (command: string, args: string[]) => () => {
    const result = spawnSync(command, args, { cwd: w.root, maxBuffer: 64 * 1024 * 1024 });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr.toString()}`);
    return result.stdout.length;
  };

  // Small source files and the single-line file: every profile's default window.
  for (const workload of ["4k", "100k", "1m", "single-line"] as const) {
    const rel = workload === "single-line" ? w.singleLine : w.small[workload];
    const file = abs(rel);
    const bytes = fs.readFileSync(file);
    const size = bytes.length;
    const to = (lines: number) => lineStart(bytes, lines + 1);
    const f500c = floor(workload, "500c", "500 lines + count", { file, from: 0, to: to(500), countTo: size });
    const f200c = floor(workload, "200c", "200 lines + count", { file, from: 0, to: to(200), countTo: size });
    const f200 = floor(workload, "200", "200 lines", { file, from: 0, to: to(200), countTo: 0 });
    const fAll = floor(workload, "all", "whole file", { file, from: 0, to: size, countTo: 0 });
    const fAllText = floor(workload, "all-text", "whole file as a string", { file, from: 0, to: size, countTo: 0, decode: true });
    const f2000c = floor(workload, "2000c", "2000 lines + count", { file, from: 0, to: to(2000), countTo: size });
    const f2000ch = floor(workload, "2000ch", "2000 lines + count + SHA-256", { file, from: 0, to: to(2000), countTo: size, hash: true });
    const singleLine = workload === "single-line";
    if (!singleLine) {
      coreCase(workload, "envelope", rel, { from: "start", startLine: 1, maxLines: 500 }, { floor: f500c, mode: "first" });
      coreCase(workload, "envelope", rel, { from: "start", startLine: 1, maxLines: 500 }, { floor: f500c });
    }
    profileCase(workload, "envelope", { path: rel }, { floor: f500c, mode: "first" });
    profileCase(workload, "envelope", { path: rel }, { floor: f500c });
    profileCase(workload, "workspace-jp", { path: rel }, { floor: f200c, mode: "first", expect: singleLine ? "refusal" : "ok" });
    profileCase(workload, "workspace-jp", { path: rel }, { floor: f200c, expect: singleLine ? "refusal" : "ok" });
    // forge reports total_lines whenever the file lies within max_scan_bytes (2 MiB): it counts them. A line
    // larger than max_file_read_bytes comes back cut, as forge's reference does (issue 15), never refused.
    profileCase(workload, "forge", { path: rel, head: 200 }, { floor: f200c, mode: "first" });
    profileCase(workload, "forge", { path: rel, head: 200 }, { floor: f200c });
    if (workload === "4k") {
      // The secrets policy (issue 30 case 6) costs a keyword test of the window when the text names none of
      // the formats it knows, and a secretlint scan when it does: envelope with the policy turned on, on the
      // 4 KiB file and on it with one line naming `API_SECRET` (scanned, nothing found).
      profileCase(workload, "envelope", { path: rel }, { floor: f500c, options: { secrets: true }, label: "envelope secrets" });
      profileCase(workload, "envelope", { path: w.secretsKeyword }, { floor: f500c, options: { secrets: true }, label: "envelope secrets", call: "{path} (secrets = true), the file with a line naming API_SECRET" });
    }
    // The guard returns whole files: one over its answer bound (256 KiB of JSON, issue 30) is refused. Its
    // answer is the file as a string, so its floor decodes the file (issue 31).
    const guardReads = !singleLine && fs.statSync(file).size <= 256 * 1024;
    profileCase(workload, "guard", { path: rel }, { floor: fAllText, mode: "first", expect: guardReads ? "ok" : "refusal" });
    profileCase(workload, "guard", { path: rel }, { floor: fAllText, expect: guardReads ? "ok" : "refusal" });
    // agent reads every byte of the file for its version, line count and line endings (a scan remembered
    // for a settled file, so a repeated call skips it), then a page of at most 2000 lines and 256 KiB. Its
    // first call hashes every byte (AGENT-VER-01), so its floor does too, as the guard's decodes (issue 31);
    // the floor without the hash is shown beside the target.
    profileCase(workload, "agent", { path: rel }, { floor: f2000ch, partialFloor: f2000c, mode: "first" });
    profileCase(workload, "agent", { path: rel }, { floor: f2000c });
    // The same page under a max_tokens that does not bind: what the token estimate of every line adds.
    if (!singleLine) profileCase(workload, "agent", { path: rel, max_tokens: 1_000_000 }, { floor: f2000c });
    limit(workload, "readFileSync + split", "whole file", () => fs.readFileSync(file, "utf8").split("\n").length, { floor: fAll });
    limit(workload, "head(1)", "head -n 200 (subprocess)", subprocess("head", ["-n", "200", rel]), { floor: f200 });
    peer(workload, "MCP fs", "read_text_file (whole)", async () => {
      const lib = await mcp();
      return async () => lib.readFileContent(await lib.validatePath(file));
    }, { kind: "mcp", root: w.root, file, op: "whole", lines: 0 }, { floor: fAll });
    peer(workload, "MCP fs", "read_text_file head 200", async () => {
      const lib = await mcp();
      return async () => lib.headFile(await lib.validatePath(file), 200);
    }, { kind: "mcp", root: w.root, file, op: "head", lines: 200 }, { floor: f200 });
    peer(workload, "gemini-cli", "processSingleFileContent", async () => {
      const utils = await gemini();
      return () => utils.processSingleFileContent(file, w.root, undefined);
    }, { kind: "gemini", root: w.root, file }, { floor: fAll, errorOf: geminiError });
    peer(workload, "naive", "readFile + split + number", naive(file), { kind: "naive", file }, { floor: fAll });
  }

  // Issue 32: `column` reads ever deeper in one 50 MiB line (the file's scan remembered, as when paging
  // through it): the agent starts from the scan's checkpoint before the column, so the time stays flat.
  // The floor reads the bytes of the deepest answer at a known offset.
  {
    const file = abs(w.columnLine);
    const deepest = COLUMN_DEPTHS[COLUMN_DEPTHS.length - 1] ?? 0;
    const known = floor("column", "8k", "8 KiB at a known offset", { file, from: deepest, to: deepest + 8 * 1024, countTo: 0 });
    for (const column of COLUMN_DEPTHS) profileCase("column", "agent", { path: w.columnLine, column, limit: 1 }, { floor: known, rss: false });
    // The first call reads the whole file (its version, its line count and the checkpoints): reported beside
    // a read of every byte, not judged by the target.
    const whole = floor("column", "all", "whole file + count", { file, from: 0, to: COLUMN_LINE_BYTES, countTo: COLUMN_LINE_BYTES }, true);
    profileCase("column", "agent", { path: w.columnLine, column: deepest, limit: 1 }, { floor: whole, mode: "first", heavy: true });
  }

  // The 1 GiB log.
  if (w.logFacts.bytes > 0) {
    const rel = w.log;
    const file = abs(rel);
    const { bytes: size, lines, lineStarts } = w.logFacts;
    const start = (line: number | "tail") => {
      const offset = lineStarts[String(line)];
      if (offset !== undefined) return offset;
      if (line === "tail") throw new Error("the log's manifest lacks the start of its tail");
      return lineAfter(file, lineStarts, line);
    };
    const at = LOG_WINDOW_LINE;

    const h500c = floor("log-head", "500c", "500 lines + count", { file, from: 0, to: start(501), countTo: size }, true);
    const h500 = floor("log-head", "500", "500 lines", { file, from: 0, to: start(501), countTo: 0 });
    const h200 = floor("log-head", "200s", "200 lines + count of the first 2 MiB", { file, from: 0, to: start(201), countTo: FORGE_MAX_SCAN_BYTES });
    profileCase("log-head", "envelope", { path: rel }, { floor: h500c, mode: "first", heavy: true });
    profileCase("log-head", "envelope", { path: rel }, { floor: h500c, heavy: true });
    profileCase("log-head", "forge", { path: rel, head: 200 }, { floor: h200, mode: "first" });
    profileCase("log-head", "forge", { path: rel, head: 200 }, { floor: h200 });
    profileCase("log-head", "workspace-jp", { path: rel }, { floor: h500, expect: "refusal", rss: true });
    profileCase("log-head", "guard", { path: rel }, { floor: h500, expect: "refusal", rss: true });
    limit("log-head", "head(1)", "head -n 500 (subprocess)", subprocess("head", ["-n", "500", rel]), { floor: h500 });
    peer("log-head", "MCP fs", "read_text_file head 500", async () => {
      const lib = await mcp();
      return async () => lib.headFile(await lib.validatePath(file), 500);
    }, { kind: "mcp", root: w.root, file, op: "head", lines: 500 }, { floor: h500 });
    peer("log-head", "MCP fs", "read_text_file (whole)", async () => {
      const lib = await mcp();
      return async () => lib.readFileContent(await lib.validatePath(file));
    }, { kind: "mcp", root: w.root, file, op: "whole", lines: 0 }, { expect: "failure", timed: false });
    peer("log-head", "gemini-cli", "processSingleFileContent", async () => {
      const utils = await gemini();
      return () => utils.processSingleFileContent(file, w.root, undefined);
    }, { kind: "gemini", root: w.root, file }, { expect: "refusal", errorOf: geminiError });
    peer("log-head", "naive", "readFile + split + number", naive(file), { kind: "naive", file }, { expect: "failure", timed: false });

    const wScanCount = floor("log-window", "scan500c", "scan to the line, 500 lines, count the rest", { file, from: start(at), to: start(at + 500), countTo: size }, true);
    const wScan200 = floor("log-window", "scan200c", "scan to the line, 200 lines, count the rest", { file, from: start(at), to: start(at + 200), countTo: size }, true);
    const wKnown500 = floor("log-window", "500", "500 lines at a known offset", { file, from: start(at + 500), to: start(at + 1000), countTo: 0 });
    const wKnown200 = floor("log-window", "200", "200 lines at a known offset", { file, from: start(at + 200), to: start(at + 400), countTo: 0 });
    const forgeScan = { max_scan_bytes: 4 * 1024 * 1024 * 1024 };
    const range = (from: number) => ({ path: rel, start_line: from, end_line: from + 199 });
    coreCase("log-window", "envelope", rel, { from: "start", startLine: at, maxLines: 500 }, { floor: wScanCount, mode: "first", heavy: true });
    coreCase("log-window", "envelope", rel, { from: "start", startLine: at, maxLines: 500 }, { floor: wScanCount, heavy: true });
    profileCase("log-window", "envelope", { path: rel, start_line: at }, { floor: wScanCount, mode: "first", heavy: true });
    profileCase("log-window", "envelope", { path: rel, start_line: at }, { floor: wScanCount, heavy: true });
    profileCase("log-window", "envelope", { path: rel, start_line: at }, { floor: wKnown500, mode: "next-page", heavy: true, nextPage: { path: rel, start_line: at + 500 } });
    profileCase("log-window", "forge", range(at), { floor: wScan200, mode: "first", heavy: true, options: forgeScan });
    profileCase("log-window", "forge", range(at), { floor: wScan200, heavy: true, options: forgeScan });
    profileCase("log-window", "forge", range(at), { floor: wKnown200, mode: "next-page", heavy: true, options: forgeScan, nextPage: range(at + 200) });
    profileCase("log-window", "forge", range(at), { expect: "refusal", label: "forge (default limits)" });
    limit("log-window", "sed(1)", `sed -n '${at},${at + 499}p' (subprocess)`, subprocess("sed", ["-n", `${at},${at + 499}p;${at + 500}q`, rel]), { floor: wScanCount, heavy: true });

    const tailFrom = start("tail");
    const t100 = floor("log-tail", "100", "last 100 lines at a known offset", { file, from: tailFrom, to: size, countTo: 0 });
    const t100c = floor("log-tail", "100c", "last 100 lines + count", { file, from: tailFrom, to: size, countTo: size }, true);
    const oneMiB = abs(w.small["1m"]);
    const oneMiBBytes = fs.readFileSync(oneMiB);
    const oneMiBTail = floor("log-tail", "1m-100c", "last 100 lines of the 1 MiB file + count", { file: oneMiB, from: tailStart(oneMiBBytes, LOG_TAIL_LINES), to: oneMiBBytes.length, countTo: oneMiBBytes.length });
    coreCase("log-tail", "forge", rel, { from: "end", lines: LOG_TAIL_LINES }, { floor: t100 });
    profileCase("log-tail", "forge", { path: rel, tail: LOG_TAIL_LINES }, { floor: t100, mode: "first" });
    profileCase("log-tail", "forge", { path: rel, tail: LOG_TAIL_LINES }, { floor: t100 });
    profileCase("log-tail", "forge", { path: w.small["1m"], tail: LOG_TAIL_LINES }, { floor: oneMiBTail, label: "forge on the 1 MiB file" });
    const envelopeTail = { path: rel, start_line: lines - LOG_TAIL_LINES + 1, limit: LOG_TAIL_LINES };
    profileCase("log-tail", "envelope", envelopeTail, { floor: t100c, mode: "first", heavy: true });
    profileCase("log-tail", "envelope", envelopeTail, { floor: t100c, heavy: true });
    limit("log-tail", "tail(1)", `tail -n ${LOG_TAIL_LINES} (subprocess)`, subprocess("tail", ["-n", String(LOG_TAIL_LINES), rel]), { floor: t100 });
    peer("log-tail", "MCP fs", `read_text_file tail ${LOG_TAIL_LINES}`, async () => {
      const lib = await mcp();
      return async () => lib.tailFile(await lib.validatePath(file), LOG_TAIL_LINES);
    }, { kind: "mcp", root: w.root, file, op: "tail", lines: LOG_TAIL_LINES }, { floor: t100 });
  }

  // The images of issue 33: the agent profile answers with the image, downscaled over its bounds.
  profileCase("image-4mp", "agent", { path: w.images["4mp"] }, { rss: true });
  if (w.images["30mp"] !== "") {
    profileCase("image-30mp", "agent", { path: w.images["30mp"] }, { expect: "refusal", rss: true, call: "RGB, 95 MB: over max_image_file_bytes" });
    profileCase("image-30mp", "agent", { path: w.images["30mp-grey"] }, { rss: true, call: "grey, 30 MB: decoded and downscaled" });
  }

  return cases.filter((c) => (c.kind !== "profile" && c.kind !== "baseline") || profiles.includes(profileOf(c)));
}

// Finds the start of `line` by scanning forward from the nearest line start the manifest recorded.
function lineAfter(file: string, known: Readonly<Record<string, number>>, line: number): number {
  const [from, offset] = Object.entries(known)
    .map(([key, value]) => [Number(key), value] as const)
    .filter(([key]) => Number.isInteger(key) && key <= line)
    .reduce((a, b) => (b[0] > a[0] ? b : a), [1, 0] as const);
  const fd = fs.openSync(file, "r");
  try {
    const chunk = Buffer.allocUnsafe(1024 * 1024);
    let position = offset;
    let current = from;
    for (;;) {
      const bytes = fs.readSync(fd, chunk, 0, chunk.length, position);
      if (bytes === 0) throw new Error(`line ${line} is past the end of ${file}`);
      const view = chunk.subarray(0, bytes);
      for (let at = 0; current < line; ) {
        const nl = view.indexOf(0x0a, at);
        if (nl === -1) break;
        current++;
        at = nl + 1;
        if (current === line) return position + at;
      }
      if (current === line) return position;
      position += bytes;
    }
  } finally {
    fs.closeSync(fd);
  }
}

function profileOf(c: BenchCase): ProfileName {
  const name = c.subject.split(" ")[0] as ProfileName;
  return name;
}

function tailStart(bytes: Buffer, lines: number): number {
  let end = bytes[bytes.length - 1] === 0x0a ? bytes.length - 1 : bytes.length;
  for (let found = 0; found < lines; found++) {
    const at = bytes.lastIndexOf(0x0a, end - 1);
    if (at === -1) return 0;
    end = at;
  }
  return end + 1;
}

function callText(input: Record<string, unknown>, options: Record<string, unknown> | undefined): string {
  const args = Object.entries(input).map(([key, value]) => `${key}: ${typeof value === "number" ? value.toLocaleString("en-US") : JSON.stringify(value)}`);
  const shown = args.length === 0 ? "{path}" : `{path, ${args.join(", ")}}`;
  return options === undefined ? shown : `${shown} (${Object.entries(options).map(([key, value]) => `${key} = ${String(value)}`).join(", ")})`;
}

function thrownOf(result: unknown): string | undefined {
  if (typeof result !== "object" || result === null || !("thrown" in result)) return undefined;
  return String((result as { thrown: unknown }).thrown);
}

/**
 * The options `like` passes to core for `window` with its default config, taken from the profile's own
 * exports so that they cannot drift: envelope reads through `readTextWindow` itself; forge opens, sniffs
 * and calls `readLines` with these options, which `readTextWindow` does in the same order when no
 * `maxFileBytes` is set.
 */
async function coreOptionsOf(like: "envelope" | "forge", window: TextWindowOptions["window"]): Promise<TextWindowOptions> {
  if (like === "envelope") {
    const envelope = (await import("@read/profile-envelope")) as { SNIFF_BYTES: number; configSchema: { parse(input: object): { max_window_bytes: number; max_file_bytes: number } } };
    const defaults = envelope.configSchema.parse({});
    return { window, countTotal: true, decode: "replace", sniffBytes: envelope.SNIFF_BYTES, maxWindowBytes: defaults.max_window_bytes, maxFileBytes: defaults.max_file_bytes };
  }
  const forge = (await import("@read/profile-forge")) as { BINARY_SNIFF_BYTES: number; configSchema: { parse(input: object): { max_file_read_bytes: number; max_scan_bytes: number } } };
  const defaults = forge.configSchema.parse({});
  if (defaults.max_scan_bytes !== FORGE_MAX_SCAN_BYTES) throw new Error(`forge's default max_scan_bytes is ${defaults.max_scan_bytes}, the bench's floors assume ${FORGE_MAX_SCAN_BYTES}`);
  return { window, countTotal: true, decode: "replace", sniffBytes: forge.BINARY_SNIFF_BYTES, maxWindowBytes: defaults.max_file_read_bytes, maxScanBytes: defaults.max_scan_bytes };
}

/** Whether a profile can be loaded from its built package (its `dist/` exists). */
export async function profileBuilt(name: ProfileName): Promise<boolean> {
  try {
    await loadProfile(name);
    return true;
  } catch {
    return false;
  }
}
