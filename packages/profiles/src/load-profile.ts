import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ProfileModule } from "@read/core";
import { PROFILE_ENTRIES } from "./profile-entries.js";
import type { ProfileEntry } from "./profile-entry.js";

/** A profile that could not be found or loaded; the message says which and what is known. */
export class UnknownProfileError extends Error {
  override readonly name = "UnknownProfileError";
}

/**
 * Whether `spec` names a module rather than a registered profile: a path (`./my-profile/dist/index.js`,
 * `/abs/x.js`, `file:` URL) or a scoped package (`@acme/read-profile-x`).
 */
export function isModuleSpecifier(spec: string): boolean {
  return spec.startsWith(".") || spec.startsWith("/") || spec.startsWith("file:") || (spec.startsWith("@") && spec.includes("/"));
}

/**
 * The registry entry of a profile name, or `undefined`.
 */
export function findProfile(name: string): ProfileEntry | undefined {
  return PROFILE_ENTRIES.find((entry) => entry.name === name);
}

/**
 * Loads a profile: a registered name or package, or a module specifier (see {@link isModuleSpecifier}) whose
 * `profile` export is a `ProfileModule` made with `defineProfile`. Relative paths and packages resolve
 * from `baseDir` (the current directory, or the directory of the config file that named it), so a profile
 * of one's own runs in every command without changing the registry.
 *
 * @throws UnknownProfileError naming the registered profiles, or what is wrong with the module.
 */
export async function loadProfile(spec: string, baseDir: string = process.cwd()): Promise<ProfileModule> {
  const entry = findProfile(spec) ?? PROFILE_ENTRIES.find((known) => known.packageName === spec);
  if (entry !== undefined) return entry.load();
  if (!isModuleSpecifier(spec)) {
    throw new UnknownProfileError(
      `unknown profile '${spec}' (known: ${PROFILE_ENTRIES.map((known) => known.name).join(", ")}; or a module path such as ./my-profile.js)`,
    );
  }
  let loaded: unknown;
  try {
    loaded = await import(resolveModule(spec, baseDir));
  } catch (error) {
    throw new UnknownProfileError(`cannot load the profile module '${spec}': ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
  }
  const profile = (loaded as { profile?: unknown }).profile;
  if (!isProfileModule(profile)) throw new UnknownProfileError(`the module '${spec}' exports no 'profile' made with defineProfile`);
  return profile;
}

/** Every registered profile, loaded, by name, in registry order (for tools that drive them all). */
export async function loadAllProfiles(): Promise<ReadonlyMap<string, ProfileModule>> {
  const modules = await Promise.all(PROFILE_ENTRIES.map(async (entry) => [entry.name, await entry.load()] as const));
  return new Map(modules);
}

/** Whether `value` has the shape of a `ProfileModule`. */
export function isProfileModule(value: unknown): value is ProfileModule {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Partial<Record<keyof ProfileModule, unknown>>;
  return (
    typeof candidate.name === "string" &&
    Array.isArray(candidate.configTable) &&
    typeof candidate.parseConfig === "function" &&
    typeof candidate.createTool === "function"
  );
}

function resolveModule(spec: string, baseDir: string): string {
  if (spec.startsWith("file:")) return spec;
  if (spec.startsWith(".") || spec.startsWith("/")) return pathToFileURL(path.resolve(baseDir, spec)).href;
  return pathToFileURL(createRequire(path.join(baseDir, "noop.js")).resolve(spec)).href;
}
