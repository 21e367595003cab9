import fs from "node:fs";
import path from "node:path";
import { escapeText, ProfileConfigError, quoteText, type ProfileModule } from "@read/core";
import { PROFILE_ENTRIES, findProfile, isModuleSpecifier, loadProfile, UnknownProfileError } from "@read/profiles";
import { parse as parseToml, TomlError } from "smol-toml";
import { UsageError } from "./usage-error.js";

/** The file `read-tool` looks for at the workspace root when no `--config` is given. */
export const CONFIG_FILE_NAME = "read.config.toml";

/** A validated `read.config.toml`: the chosen profile, if any, and each profile's options. */
export interface LoadedConfig {
  /** The file that was read, or `undefined` when there was none. */
  readonly file: string | undefined;
  /** `profile = "..."`: a registered name or a module specifier (resolved from the file's directory). */
  readonly profile: string | undefined;
  /** Validated options per profile name (only profiles whose table is present). */
  readonly options: ReadonlyMap<string, object>;
}

/**
 * Reads and validates the config: `--config FILE` when given (it must exist), else `read.config.toml` at
 * the root when present. Top-level `profile = "NAME"` picks a profile; each profile's options live in its
 * own table (`configTable`), validated by the profile's `parseConfig` (a profile's package is loaded only
 * when its table is present). A profile loaded from a module (`extra`, or the file's own `profile = "./x.js"`)
 * has its table known too.
 * Numbers in a table are whole numbers: TOML integers; a TOML float (`204800.0`) is refused. Any syntax
 * error (with its line and column), unknown key, wrong type or unknown profile is a {@link UsageError}
 * naming the file, the key and the reason.
 */
export async function loadConfig(root: string, explicit: string | undefined, extra?: ProfileModule): Promise<LoadedConfig> {
  const file = explicit ?? path.join(root, CONFIG_FILE_NAME);
  if (explicit === undefined && !fs.existsSync(file)) return { file: undefined, profile: undefined, options: new Map() };
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read config file ${escapeText(file)}: ${escapeText((error as Error).message)}`);
  }
  let document: Record<string, unknown>;
  try {
    document = parseToml(text, { integersAsBigInt: true, unsafeKeyBehaviour: "throw" }) as Record<string, unknown>;
  } catch (error) {
    const where = error instanceof TomlError ? ` at line ${error.line}, column ${error.column}` : "";
    throw new UsageError(`bad config ${escapeText(file)}: not valid TOML${where}: ${escapeText(firstLine((error as Error).message))}`);
  }
  // Keys and values come from the file: quoted and escaped, so the file cannot write to the terminal.
  const bad = (key: string, reason: string) => new UsageError(`bad config ${escapeText(file)}: key ${quoteText(key)}: ${reason}`);

  const tables = new Map<string, { name: string; load: () => Promise<ProfileModule> }>();
  for (const entry of PROFILE_ENTRIES) tables.set(entry.configTable.join("."), entry);
  const named = document.profile;
  // A profile the file names by module path owns a table too: load it first, from the file's directory.
  const own = extra ?? (typeof named === "string" && findProfile(named) === undefined && isModuleSpecifier(named) ? await loadNamedProfile(named, path.dirname(file)) : undefined);
  if (own !== undefined) tables.set(own.configTable.join("."), { name: own.name, load: async () => own });
  const known = `${PROFILE_ENTRIES.map((entry) => entry.name).join(", ")}; or a module path such as ./my-profile.js`;

  let profile: string | undefined;
  const options = new Map<string, object>();
  const visit = async (node: Record<string, unknown>, prefix: readonly string[]) => {
    for (const [key, value] of Object.entries(node)) {
      const keyPath = [...prefix, key];
      const dotted = keyPath.join(".");
      if (dotted === "profile") {
        if (typeof value !== "string") throw bad(dotted, `expected a string naming a profile (${known})`);
        if (findProfile(value) === undefined && !isModuleSpecifier(value)) throw bad(dotted, `unknown profile ${quoteText(value)} (known: ${known})`);
        profile = value;
        continue;
      }
      const owner = tables.get(dotted);
      if (owner !== undefined) {
        if (!isTable(value)) throw bad(dotted, "expected a table");
        const module = await owner.load();
        try {
          options.set(owner.name, module.parseConfig(wholeNumbers(value, dotted, bad)) as object);
        } catch (error) {
          if (error instanceof ProfileConfigError) throw new UsageError(`bad config ${escapeText(file)}: ${error.message}`);
          throw error;
        }
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
  return { file, profile, options };
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

// TOML integers arrive as bigints (so a float can be told from an integer): back to numbers, floats refused.
function wholeNumbers(table: Record<string, unknown>, where: string, bad: (key: string, reason: string) => UsageError): Record<string, unknown> {
  const convert = (value: unknown, key: string): unknown => {
    if (typeof value === "bigint") {
      if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) throw bad(key, `the integer ${value} is too large`);
      return Number(value);
    }
    if (typeof value === "number") throw bad(key, `expected an integer, got the float ${Number.isInteger(value) ? value.toFixed(1) : String(value)}`);
    if (Array.isArray(value)) return value.map((item, index) => convert(item, `${key}.${index}`));
    if (isTable(value)) return Object.fromEntries(Object.entries(value).map(([inner, item]) => [inner, convert(item, `${key}.${inner}`)]));
    return value;
  };
  return convert(table, where) as Record<string, unknown>;
}

function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function firstLine(message: string): string {
  return message.split("\n")[0] ?? message;
}
