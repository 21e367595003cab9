import fs from "node:fs";
import path from "node:path";
import { isInside } from "@read/core";

/**
 * The system locations the reference guard blocks by default (keen-code `guard.go`, `defaultBlockedPaths`,
 * in its order). Besides these, every entry of the home directory whose name starts with `.` is blocked
 * (`~/.bashrc`, `~/.config/...`).
 */
export const DEFAULT_BLOCKED_LOCATIONS: readonly string[] = ["/etc", "/usr", "/bin", "/sbin", "/lib", "/lib64", "/proc", "/sys", "/dev", "/root"];

/** The compiled default blocked locations of one root. */
export interface BlockedLocations {
  /** The location that blocks `absolute` (as listed, or `~/.name` for a dot entry of home), or `undefined`. */
  match(absolute: string): string | undefined;
}

interface Location {
  readonly name: string;
  /** The location as written and, when it is reached through a symlink, its canonical path. */
  readonly forms: readonly string[];
}

/**
 * Compiles {@link DEFAULT_BLOCKED_LOCATIONS} and the dot entries of `home` for the canonical `root`. A
 * path is blocked when it is one of these locations or lies under one, decided on path components (never
 * on string prefixes: `/etcetera` is not `/etc`), in the location's written and canonical forms (`/lib64`
 * may be `/usr/lib64`, `/etc` may be `/private/etc`). A root inside a location is not blocked because of
 * it: paths inside such a root are not blocked by that location, paths outside the root still are.
 */
export function compileBlockedLocations(root: string, home: string | undefined): BlockedLocations {
  const locations = DEFAULT_BLOCKED_LOCATIONS.map((name) => ({ name, forms: forms(name) }));
  const homes = home !== undefined && path.isAbsolute(home) ? forms(path.resolve(home)) : [];
  const exempt = (location: string, absolute: string) => isInside(location, root) && isInside(root, absolute);
  const blocks = (location: Location, absolute: string) => location.forms.some((form) => isInside(form, absolute) && !exempt(form, absolute));
  // A location that holds the root exempts the paths inside it, and one beside the root holds none of
  // them: only a location (or the home directory) inside the root can block an inside path. Most roots
  // hold none, and their paths need no comparison.
  const holdsNone = [...locations.flatMap((location) => location.forms), ...homes].every((form) => !isInside(root, form));
  return {
    match(absolute) {
      if (holdsNone && isInside(root, absolute)) return undefined;
      const listed = locations.find((location) => blocks(location, absolute));
      if (listed !== undefined) return listed.name;
      for (const form of homes) {
        if (absolute === form || !isInside(form, absolute)) continue;
        const entry = path.relative(form, absolute).split(path.sep)[0] ?? "";
        if (entry.startsWith(".") && !exempt(path.join(form, entry), absolute)) return `~/${entry}`;
      }
      return undefined;
    },
  };
}

function forms(location: string): readonly string[] {
  try {
    const canonical = fs.realpathSync.native(location);
    return canonical === location ? [location] : [location, canonical];
  } catch {
    // A location this system lacks (no `/lib64`) can still be named: it stays blocked as written.
    return [location];
  }
}
