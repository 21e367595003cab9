import fs from "node:fs";
import path from "node:path";
import { escapeText, ProfileConfigError, quoteText, type ProfileModule } from "@read/core";
import { DEFAULT_PROFILE, PROFILE_ENTRIES, findProfile, isModuleSpecifier, loadProfile, UnknownProfileError } from "@read/profiles";
import { readConfigFile, type ConfigSource } from "./read-config-file.js";
import { parse as parseToml, TomlError } from "smol-toml";
import { UsageError } from "./usage-error.js";

/** The file `read-tool` looks for at the workspace root: the workspace's own config, which may only tighten. */
export const CONFIG_FILE_NAME = "read.config.toml";

/** The environment variable naming the user's own config file (when `--config` is not given). */
export const CONFIG_ENV = "READ_TOOL_CONFIG";

/**
 * The user's own config file when neither `--config` nor {@link CONFIG_ENV} names one:
 * `$XDG_CONFIG_HOME/read/config.toml`, `~/.config/read/config.toml` when `XDG_CONFIG_HOME` is unset, empty
 * or relative (the XDG spec says to ignore a relative one: it would name a file in whatever directory the
 * tool starts in, a workspace perhaps), or none when `HOME` is not an absolute path either.
 */
export function userConfigPath(env: NodeJS.ProcessEnv): string | undefined {
  const absolute = (value: string | undefined) => (value !== undefined && path.isAbsolute(value) ? value : undefined);
  const home = absolute(env.HOME);
  const base = absolute(env.XDG_CONFIG_HOME) ?? (home === undefined ? undefined : path.join(home, ".config"));
  return base === undefined ? undefined : path.join(base, "read", "config.toml");
}

/** The validated configuration of a command: its layers put together. */
export interface LoadedConfig {
  /** The user's own file that was read (`--config`, `$READ_TOOL_CONFIG` or the user config), if any. */
  readonly file: string | undefined;
  /** The workspace's own `read.config.toml` that was read, if any. */
  readonly workspaceFile: string | undefined;
  /** `profile = "..."` of the user's file: a registered name or a module specifier (resolved from that file's directory). */
  readonly profile: string | undefined;
  /** Validated options per profile name: the user's table with the workspace's tightenings over it. */
  readonly options: ReadonlyMap<string, object>;
}

/** What the command was given besides the files: the environment, and the profile a flag chose. */
export interface ConfigContext {
  readonly env: NodeJS.ProcessEnv;
  /** The profile `--profile` loaded, if any. */
  readonly flagged?: ProfileModule | undefined;
  /** The directory a relative `$READ_TOOL_CONFIG` is resolved from (the command's current directory). */
  readonly cwd: string;
}

/**
 * Reads and validates the configuration in two layers of trust:
 *
 * 1. **The user's own file**, trusted: `--config FILE` (`explicit`; it must exist), else the file
 *    `$READ_TOOL_CONFIG` names (it must exist), else the user config ({@link userConfigPath}) when present.
 *    It may pick any profile, load a profile module (`profile = "./x.js"`, from its own directory), and set
 *    every key.
 * 2. **The workspace's own `read.config.toml`** at the root, untrusted (the workspace is the attacker's):
 *    it may only tighten. Each key it sets must protect at least as much as the user's layer (and the
 *    defaults) give: turn a protection on, add patterns, lower a limit (`ProfileModule.loosenings`). Its
 *    `profile` may only name the profile already chosen (by `--profile`, the user's file or the default):
 *    picking another changes the tool the agent host registered, and may protect less (envelope reads
 *    `.env`), so it is an error, and a module path there is never loaded. It is read only inside the
 *    root. When the user's file is that same file, it is read once, as the user's.
 *
 * Both files are read as carefully as served files (`readConfigFile`). Each profile's options live
 * in its own table (`configTable`), validated by the profile's `parseConfig` (a profile's package is
 * loaded only when its table is present). Numbers in a table are whole numbers: TOML integers; a TOML
 * float (`204800.0`) is refused. Any syntax error (with its line and column), unknown key, wrong type,
 * unknown profile or loosening is a {@link UsageError} naming the file, the key and the reason, and for a
 * loosening, where to set it instead.
 */
export async function loadConfig(root: string, explicit: string | undefined, context: ConfigContext): Promise<LoadedConfig> {
  const { env, flagged, cwd } = context;
  const fromEnv = nonEmpty(env[CONFIG_ENV]);
  const named = explicit ?? (fromEnv === undefined ? undefined : path.resolve(cwd, fromEnv));
  const userFile = named ?? userConfigPath(env);
  const userText = userFile === undefined ? undefined : await readConfigFile(userFile, "user");
  if (named !== undefined && userText === undefined) {
    throw new UsageError(`config file ${escapeText(named)} does not exist${explicit === undefined ? ` (named by $${CONFIG_ENV})` : ""}`);
  }
  const extra = flagged !== undefined && findProfile(flagged.name) === undefined ? flagged : undefined;
  const user = userText === undefined || userFile === undefined ? undefined : await parseDocument(userText, userFile, "user", extra);

  const workspacePath = path.join(root, CONFIG_FILE_NAME);
  const sameFile = userFile !== undefined && userText !== undefined && sameCanonical(userFile, workspacePath);
  const workspaceText = sameFile ? undefined : await readConfigFile(workspacePath, "workspace");
  const workspace = workspaceText === undefined ? undefined : await parseDocument(workspaceText, workspacePath, "workspace", extra ?? user?.own);

  const chosen = flagged?.name ?? user?.own?.name ?? user?.profile ?? DEFAULT_PROFILE;
  if (workspace?.profile !== undefined && workspace.profile !== chosen) {
    const by = flagged !== undefined ? "the command line" : user?.profile !== undefined ? `your config ${escapeText(user.file)}` : "default";
    throw new UsageError(
      `${workspace.file}: key 'profile' = ${quoteText(workspace.profile)} would change the profile (${escapeText(chosen)}, chosen by ${by}); ${LOOSENING_REMEDY}`,
    );
  }

  const options = new Map<string, object>();
  for (const name of new Set([...(user?.tables.keys() ?? []), ...(workspace?.tables.keys() ?? [])])) {
    const mine = user?.tables.get(name);
    const theirs = workspace?.tables.get(name);
    const module = (mine ?? theirs)!.module;
    const trusted = mine?.options ?? module.parseConfig({});
    if (theirs === undefined) {
      options.set(name, trusted);
      continue;
    }
    const layered = parseTable(module, { ...mine?.raw, ...theirs.raw }, theirs.file);
    const loosened = module.loosenings(trusted, layered, Object.keys(theirs.raw));
    if (loosened.length > 0) {
      const table = module.configTable.join(".");
      const what = loosened.map(({ key, reason }) => `key ${quoteText(`${table}.${key}`)} ${escapeText(reason)}`).join("; ");
      throw new UsageError(`${theirs.file}: ${what}; ${LOOSENING_REMEDY}`);
    }
    options.set(name, layered);
  }
  return { file: user === undefined ? undefined : userFile, workspaceFile: workspace === undefined ? undefined : workspacePath, profile: user?.profile, options };
}

const LOOSENING_REMEDY =
  "the workspace's own read.config.toml may only tighten (turn a protection on, add patterns, lower a limit). Set it in your own configuration instead: --config FILE, $READ_TOOL_CONFIG, or ~/.config/read/config.toml (docs/security.md, \"Configuration\")";

/** One config file, validated: its profile and its tables, raw (whole numbers converted) and parsed. */
interface ConfigDocument {
  /** The file's path, escaped for messages. */
  readonly file: string;
  readonly profile: string | undefined;
  /** A profile module the file itself named and loaded (only a user's file may). */
  readonly own: ProfileModule | undefined;
  readonly tables: ReadonlyMap<string, { readonly module: ProfileModule; readonly raw: Record<string, unknown>; readonly options: ParsedTable; readonly file: string }>;
}

async function parseDocument(text: string, file: string, source: ConfigSource, extra: ProfileModule | undefined): Promise<ConfigDocument> {
  const where = escapeText(file);
  let document: Record<string, unknown>;
  try {
    document = parseToml(text, { integersAsBigInt: true, unsafeKeyBehaviour: "throw" }) as Record<string, unknown>;
  } catch (error) {
    const at = error instanceof TomlError ? ` at line ${error.line}, column ${error.column}` : "";
    throw new UsageError(`bad config ${where}: not valid TOML${at}: ${escapeText(firstLine((error as Error).message))}`);
  }
  // Keys and values come from the file: quoted and escaped, so the file cannot write to the terminal.
  const bad = (key: string, reason: string) => new UsageError(`bad config ${where}: key ${quoteText(key)}: ${reason}`);

  const tables = new Map<string, { name: string; load: () => Promise<ProfileModule> }>();
  for (const entry of PROFILE_ENTRIES) tables.set(entry.configTable.join("."), entry);
  // A registered profile's package name (`@read/guard`) is that profile, not a module to load.
  const registered = typeof document.profile === "string" ? PROFILE_ENTRIES.find((entry) => entry.packageName === document.profile) : undefined;
  const named = registered?.name ?? document.profile;
  const names = typeof named === "string" && findProfile(named) === undefined && isModuleSpecifier(named);
  if (names && source === "workspace") {
    throw new UsageError(`${where}: key 'profile' = ${quoteText(named)} would load and run a profile module from the workspace; ${LOOSENING_REMEDY}`);
  }
  // A profile the user's file names by module path owns a table too: load it first, from the file's directory.
  const own = names ? await loadNamedProfile(named, path.dirname(file)) : undefined;
  for (const module of [extra, own]) if (module !== undefined) tables.set(module.configTable.join("."), { name: module.name, load: async () => module });
  const known = `${PROFILE_ENTRIES.map((entry) => entry.name).join(", ")}; or a module path such as ./my-profile.js`;

  let profile: string | undefined;
  const parsed = new Map<string, { module: ProfileModule; raw: Record<string, unknown>; options: ParsedTable; file: string }>();
  const visit = async (node: Record<string, unknown>, prefix: readonly string[]) => {
    for (const [key, value] of Object.entries(node)) {
      const keyPath = [...prefix, key];
      const dotted = keyPath.join(".");
      if (dotted === "profile") {
        if (typeof value !== "string") throw bad(dotted, `expected a string naming a profile (${known})`);
        if (findProfile(value) === undefined && !isModuleSpecifier(value)) throw bad(dotted, `unknown profile ${quoteText(value)} (known: ${known})`);
        profile = registered?.name ?? value;
        continue;
      }
      const owner = tables.get(dotted);
      if (owner !== undefined) {
        if (!isTable(value)) throw bad(dotted, "expected a table");
        const module = await owner.load();
        if (parsed.has(owner.name)) throw bad(dotted, "the table is given twice (a quoted dotted key and a table, say)");
        const raw = boundedValues(value, dotted, bad, source);
        parsed.set(owner.name, { module, raw, options: parseTable(module, raw, where), file: where });
        continue;
      }
      const isPrefix = [...tables.keys()].some((table) => table.startsWith(`${dotted}.`));
      if (isPrefix && isTable(value)) {
        await visit(value, keyPath);
        continue;
      }
      throw bad(dotted, `unknown key (expected 'profile' or one of the tables ${[...tables.keys()].map((t) => `[${t}]`).join(", ")})`);
    }
  };
  await visit(document, []);
  return { file: where, profile, own, tables: parsed };
}

type ParsedTable = ReturnType<ProfileModule["parseConfig"]>;

function parseTable(module: ProfileModule, raw: Record<string, unknown>, where: string): ParsedTable {
  try {
    return module.parseConfig(raw);
  } catch (error) {
    if (error instanceof ProfileConfigError) throw new UsageError(`bad config ${where}: ${error.message}`);
    throw error;
  }
}

function sameCanonical(a: string, b: string): boolean {
  try {
    return fs.realpathSync.native(a) === fs.realpathSync.native(b);
  } catch {
    return false;
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === "" ? undefined : value;
}

/** Loads the profile a config or a flag names, turning an unknown one into a {@link UsageError}. */
export async function loadNamedProfile(spec: string, baseDir: string): Promise<ProfileModule> {
  try {
    return await loadProfile(spec, baseDir);
  } catch (error) {
    if (error instanceof UnknownProfileError) throw new UsageError(error.message);
    throw error;
  }
}

/** What a workspace's table may hold: each list and string is matched or compiled on every call. */
const WORKSPACE_MAX_ENTRIES = 256;
const WORKSPACE_MAX_STRING = 1024;
// No profile's option nests deeper; a deeper value (a chain of dotted keys) is refused before it is walked.
const MAX_DEPTH = 8;

// A table's values as options take them: TOML integers arrive as bigints (so a float can be told from an
// integer), back to numbers, floats refused; nesting bounded.
// A workspace's lists and strings are bounded, so its file cannot make every call compile or match megabytes.
function boundedValues(table: Record<string, unknown>, where: string, bad: (key: string, reason: string) => UsageError, source: ConfigSource): Record<string, unknown> {
  const convert = (value: unknown, key: string, depth: number): unknown => {
    if (depth > MAX_DEPTH) throw bad(where, `nested more than ${MAX_DEPTH} levels deep (no option is)`);
    if (source === "workspace" && Array.isArray(value) && value.length > WORKSPACE_MAX_ENTRIES) {
      throw bad(key, `a workspace's read.config.toml may list at most ${WORKSPACE_MAX_ENTRIES} entries here, got ${value.length}; ${LOOSENING_REMEDY}`);
    }
    if (source === "workspace" && typeof value === "string" && value.length > WORKSPACE_MAX_STRING) {
      throw bad(key, `a workspace's read.config.toml may give at most ${WORKSPACE_MAX_STRING} characters here, got ${value.length}; ${LOOSENING_REMEDY}`);
    }
    if (typeof value === "bigint") {
      if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) throw bad(key, `the integer ${value} is too large`);
      return Number(value);
    }
    if (typeof value === "number") throw bad(key, `expected an integer, got the float ${Number.isInteger(value) ? value.toFixed(1) : String(value)}`);
    if (Array.isArray(value)) return value.map((item, index) => convert(item, `${key}.${index}`, depth + 1));
    if (isTable(value)) return Object.fromEntries(Object.entries(value).map(([inner, item]) => [inner, convert(item, `${key}.${inner}`, depth + 1)]));
    return value;
  };
  return convert(table, where, 0) as Record<string, unknown>;
}

function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function firstLine(message: string): string {
  return message.split("\n")[0] ?? message;
}
