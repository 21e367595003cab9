import fs from "node:fs";
import path from "node:path";
import { ProfileConfigError, type PermissionRequester, type ProfileModule, type ReadTool } from "@read/core";
import { DEFAULT_PROFILE } from "@read/profiles";
import { loadConfig, loadNamedProfile } from "./load-config.js";
import { ROOT_EXPECTED, nonEmptyOption } from "./non-empty-option.js";
import { UsageError } from "./usage-error.js";

/** The profile a command runs, its workspace root and its validated options. */
export interface Selected {
  readonly module: ProfileModule;
  readonly root: string;
  readonly options: object;
}

/**
 * Picks the profile, root and options for a command: `--profile`, else `profile = "..."` in the user's own
 * config, else the default; `--root` (default: the current directory) must exist, and neither it nor
 * `--config` may be empty; the config's layers are validated whole ({@link loadConfig}: the workspace's own
 * `read.config.toml` may only tighten).
 * A profile may be a registered name or a module path (`--profile ./my-profile.js`, resolved from the
 * current directory; in the user's config, from that file's directory). Only the selected profile's
 * package is loaded (and those whose tables the config holds).
 */
export async function selectProfile(
  values: { profile?: string | undefined; root?: string | undefined; config?: string | undefined },
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Selected> {
  const root = path.resolve(cwd, nonEmptyOption("--root", values.root, ROOT_EXPECTED) ?? ".");
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) throw new UsageError(`--root ${values.root ?? root} is not an existing directory`);
  const configFlag = nonEmptyOption("--config", values.config, "a file (read.config.toml at the root is read when --config is left out)");
  const flagged = values.profile === undefined ? undefined : await loadNamedProfile(values.profile, cwd);
  const explicit = configFlag === undefined ? undefined : path.resolve(cwd, configFlag);
  const config = await loadConfig(root, explicit, { env, flagged, cwd });
  const module = flagged ?? (await loadNamedProfile(config.profile ?? DEFAULT_PROFILE, config.file === undefined ? cwd : path.dirname(config.file)));
  return { module, root, options: config.options.get(module.name) ?? {} };
}

/**
 * Creates the selected profile's tool; an option the profile refuses at creation (a `cwd` outside the
 * root, say) is a {@link UsageError} with the profile's message.
 */
export function createSelectedTool(selected: Selected, requester?: PermissionRequester): ReadTool {
  try {
    return selected.module.createTool({ ...selected.options, root: selected.root, ...(requester === undefined ? {} : { requester }) });
  } catch (error) {
    if (error instanceof ProfileConfigError) throw new UsageError(error.message);
    throw error;
  }
}
