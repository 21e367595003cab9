import type { ProfileModule } from "@read/core";
import { profile as envelope } from "@read/profile-envelope";
import { profile as forge } from "@read/profile-forge";
import { profile as workspaceJp } from "@read/profile-workspace-jp";
import { profile as guard } from "@read/guard";

/** Every profile of the project, by name: what `read-tool` and `read-mcp` can run. Found only through this table. */
export const PROFILES: ReadonlyMap<string, ProfileModule> = new Map(
  ([envelope, workspaceJp, forge, guard] as ProfileModule[]).map((module) => [module.name, module]),
);

/** The profile used when neither `--profile` nor the config file names one. */
export const DEFAULT_PROFILE = "envelope";
