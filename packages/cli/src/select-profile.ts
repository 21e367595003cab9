import fs from "node:fs";
import path from "node:path";
import type { ProfileModule } from "@read/core";
import { loadConfig } from "./load-config.js";
import { DEFAULT_PROFILE, PROFILES } from "./profiles.js";
import { UsageError } from "./usage-error.js";

/** The profile a command runs, its workspace root and its validated options. */
export interface Selected {
  readonly module: ProfileModule;
  readonly root: string;
  readonly options: object;
}

/**
 * Picks the profile, root and options for a command: `--profile`, else `profile = "..."` in the config,
 * else the default; `--root` (default: the current directory) must exist; the config is validated whole.
 */
export function selectProfile(values: { profile?: string | undefined; root?: string | undefined; config?: string | undefined }, cwd: string): Selected {
  const root = path.resolve(cwd, values.root ?? ".");
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) throw new UsageError(`--root ${values.root ?? root} is not an existing directory`);
  const config = loadConfig(PROFILES, root, values.config === undefined ? undefined : path.resolve(cwd, values.config));
  const name = values.profile ?? config.profile ?? DEFAULT_PROFILE;
  const module = PROFILES.get(name);
  if (module === undefined) throw new UsageError(`unknown profile '${name}' (known: ${[...PROFILES.keys()].join(", ")})`);
  return { module, root, options: config.options.get(name) ?? {} };
}
