import fs from "node:fs";
import path from "node:path";
import type { ProfileModule } from "@read/core";
import { parse as parseToml } from "smol-toml";
import { UsageError } from "./usage-error.js";

/** The file `read-tool` looks for at the workspace root when no `--config` is given. */
export const CONFIG_FILE_NAME = "read.config.toml";

/** A validated `read.config.toml`: the chosen profile, if any, and each profile's options. */
export interface LoadedConfig {
  /** The file that was read, or `undefined` when there was none. */
  readonly file: string | undefined;
  readonly profile: string | undefined;
  /** Validated options per profile name (only profiles whose table is present). */
  readonly options: ReadonlyMap<string, object>;
}

/**
 * Reads and validates the config: `--config FILE` when given (it must exist), else `read.config.toml` at
 * the root when present. Top-level `profile = "NAME"` picks a profile; each profile's options live in its
 * own table (`profile.configTable`). Any unknown key, wrong type or unknown profile is a {@link UsageError}
 * naming the file, the key and the reason.
 */
export function loadConfig(profiles: ReadonlyMap<string, ProfileModule>, root: string, explicit: string | undefined): LoadedConfig {
  const file = explicit ?? path.join(root, CONFIG_FILE_NAME);
  if (explicit === undefined && !fs.existsSync(file)) return { file: undefined, profile: undefined, options: new Map() };
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read config file ${file}: ${(error as Error).message}`);
  }
  let document: Record<string, unknown>;
  try {
    document = parseToml(text) as Record<string, unknown>;
  } catch (error) {
    throw new UsageError(`bad config ${file}: not valid TOML: ${firstLine((error as Error).message)}`);
  }
  const bad = (key: string, reason: string) => new UsageError(`bad config ${file}: key '${key}': ${reason}`);

  const tables = new Map<string, ProfileModule>();
  for (const module of profiles.values()) tables.set(module.configTable.join("."), module);

  let profile: string | undefined;
  const options = new Map<string, object>();
  const visit = (node: Record<string, unknown>, prefix: string[]) => {
    for (const [key, value] of Object.entries(node)) {
      const keyPath = [...prefix, key];
      const dotted = keyPath.join(".");
      if (dotted === "profile") {
        if (typeof value !== "string") throw bad(dotted, `expected a string naming a profile (${[...profiles.keys()].join(", ")})`);
        if (!profiles.has(value)) throw bad(dotted, `unknown profile '${value}' (known: ${[...profiles.keys()].join(", ")})`);
        profile = value;
        continue;
      }
      const owner = tables.get(dotted);
      if (owner !== undefined) {
        if (!isTable(value)) throw bad(dotted, "expected a table");
        const parsed = owner.configSchema.safeParse(value);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const where = issue === undefined ? dotted : [dotted, ...issue.path.map(String)].join(".");
          throw bad(where, issue?.message ?? "invalid value");
        }
        options.set(owner.name, parsed.data as object);
        continue;
      }
      const isPrefix = [...tables.keys()].some((table) => table.startsWith(`${dotted}.`));
      if (isPrefix && isTable(value)) {
        visit(value, keyPath);
        continue;
      }
      throw bad(dotted, `unknown key (expected 'profile' or one of the tables ${[...tables.keys()].map((t) => `[${t}]`).join(", ")})`);
    }
  };
  visit(document, []);
  return { file, profile, options };
}

function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function firstLine(message: string): string {
  return message.split("\n")[0] ?? message;
}
