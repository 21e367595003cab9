import fs from "node:fs";
import path from "node:path";
import { fromOsError, isInside, toPosixRelative, type CoreFailure, type ResolvedPath } from "@read/core";

/** A path the guard resolved: where it lands, whether or not it exists. */
export interface GuardPath {
  /** The input exactly as given. */
  readonly input: string;
  /**
   * The input cleaned lexically and made absolute against the root (`path.resolve`, Go's
   * `filepath.Clean`): `f.txt/` and `missing/../f.txt` are `<root>/f.txt`. This is "the path as asked",
   * and the only string the kernel is asked to resolve.
   */
  readonly lexical: string;
  /** Where `lexical` lands, symlinks followed by the kernel; for a path that cannot be resolved, where it would land. */
  readonly resolved: string;
  /** Whether `resolved` lies inside the root. */
  readonly inside: boolean;
  /** Core's resolution, present when the path exists: the only thing a reader may open. */
  readonly target?: ResolvedPath;
  /**
   * Why the path cannot be opened, when it cannot be resolved: `NOT_FOUND` (missing, a dangling link, a
   * file used as a directory), `SYMLINK_LOOP`, `PERMISSION_DENIED`, `NAME_TOO_LONG`, `IO_ERROR`.
   */
  readonly failure?: CoreFailure;
}

/** How many symlinks are followed while working out where an unresolvable path would land. */
const MAX_LINK_HOPS = 40;

/**
 * Resolves `input` (relative to the canonical `root`, or absolute) the way the guard reads it: cleaned
 * lexically first, as spec 003 §5 says (`filepath.Clean` through `ResolvePath`), then resolved by the
 * kernel (`realpath`), so the string that is checked is the string that is opened, and `..` can never
 * climb out through a symlink the kernel would follow. Never throws for an OS error: a path that cannot be
 * resolved carries its failure and where it would land.
 */
export function resolveGuardPath(root: string, input: string): GuardPath {
  const lexical = path.resolve(root, input);
  try {
    const absolute = fs.realpathSync.native(lexical);
    const inside = isInside(root, absolute);
    return { input, lexical, resolved: absolute, inside, target: { input, absolute, relative: toPosixRelative(root, absolute), inside } };
  } catch (error) {
    const resolved = landing(lexical, 0);
    return { input, lexical, resolved, inside: isInside(root, resolved), failure: classify(error, input, lexical) };
  }
}

function classify(error: unknown, input: string, lexical: string): CoreFailure {
  const failure = fromOsError(error, input, "The path");
  if (failure.code !== "NOT_FOUND" || failure.reason !== "missing" || !isSymlink(lexical)) return failure;
  return { ...failure, reason: "dangling-symlink" };
}

/**
 * Where a path that cannot be resolved would land: the canonical form of its longest resolvable prefix,
 * then the rest; a symlink met right after that prefix (dangling, or one the OS refused to follow) is
 * followed by reading it. A chain too long to follow lands where it was abandoned.
 */
function landing(raw: string, hops: number): string {
  const names = raw.split("/").filter((name) => name !== "");
  for (let keep = names.length - 1; keep >= 0; keep--) {
    const prefix = `/${names.slice(0, keep).join("/")}`;
    let base: string;
    try {
      base = fs.realpathSync.native(prefix);
    } catch {
      continue;
    }
    const next = path.join(base, names[keep] ?? "");
    const rest = names.slice(keep + 1);
    const link = hops < MAX_LINK_HOPS ? readLink(next) : undefined;
    if (link === undefined) return path.resolve(next, ...rest);
    return landing([path.isAbsolute(link) ? link : `${base}/${link}`, ...rest].join("/"), hops + 1);
  }
  return path.resolve(raw);
}

function readLink(file: string): string | undefined {
  try {
    return fs.readlinkSync(file);
  } catch {
    return undefined;
  }
}

function isSymlink(file: string): boolean {
  try {
    return fs.lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}
