import type { ProfileModule } from "@read/core";

/**
 * A profile the registry knows, described without loading it: what a command needs to pick a profile or
 * to find its table in `read.config.toml`. `load` imports the package only when the profile is used.
 */
export interface ProfileEntry {
  /** The profile's name (`--profile`, `profile = "..."`). */
  readonly name: string;
  /** The package whose `profile` export it is. */
  readonly packageName: string;
  /** Its table in `read.config.toml`, as a path of table names. */
  readonly configTable: readonly string[];
  /** Imports the package and returns its `profile`. */
  load(): Promise<ProfileModule>;
}
