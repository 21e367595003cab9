import type { ProfileModule } from "@read/core";
import { profile as envelope } from "@read/profile-envelope";
import { profile as forge } from "@read/profile-forge";
import { profile as workspaceJp } from "@read/profile-workspace-jp";
import { profile as guard } from "@read/guard";

/** Every profile `read-mcp` can serve, by name. */
export const PROFILES: ReadonlyMap<string, ProfileModule> = new Map(
  ([envelope, workspaceJp, forge, guard] as ProfileModule[]).map((module) => [module.name, module]),
);

/** The profile served when `--profile` is not given. */
export const DEFAULT_PROFILE = "envelope";
