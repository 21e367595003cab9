import type { ProfileEntry } from "./profile-entry.js";

/**
 * Every profile of this project, in the order commands list them. The one place a profile is registered:
 * the CLI, the MCP server, the adapters' tests, the conformance harness and the bench all read it. Each
 * package is imported only when its profile is used.
 */
export const PROFILE_ENTRIES: readonly ProfileEntry[] = [
  {
    name: "envelope",
    packageName: "@read/profile-envelope",
    configTable: ["envelope"],
    load: async () => (await import("@read/profile-envelope")).profile,
  },
  {
    name: "workspace-jp",
    packageName: "@read/profile-workspace-jp",
    configTable: ["workspace-jp"],
    load: async () => (await import("@read/profile-workspace-jp")).profile,
  },
  {
    name: "forge",
    packageName: "@read/profile-forge",
    configTable: ["tools", "read_file"],
    load: async () => (await import("@read/profile-forge")).profile,
  },
  {
    name: "guard",
    packageName: "@read/guard",
    configTable: ["guard"],
    load: async () => (await import("@read/guard")).profile,
  },
  {
    name: "agent",
    packageName: "@read/profile-agent",
    configTable: ["agent"],
    load: async () => (await import("@read/profile-agent")).profile,
  },
];

/** The profile used when neither `--profile` nor the config file names one. */
export const DEFAULT_PROFILE = "agent";
