import fs from "node:fs";
import path from "node:path";
import { coreFailure, type CoreFailure } from "./core-failure.js";
import { escapeText, quoteText } from "./escape-text.js";
import { fail, ok, type Result } from "./result.js";
import { validatePathInput } from "./validate-path-input.js";

/** A path input resolved against a workspace: what it names once every symlink is followed. */
export interface ResolvedPath {
  /** The input exactly as the caller gave it. */
  readonly input: string;
  /** The canonical absolute path (`realpath`), the only string that is ever opened. */
  readonly absolute: string;
  /** `absolute` relative to the root in POSIX form (`"."` for the root itself, `"../x"` outside it). */
  readonly relative: string;
  /** Whether `absolute` lies inside the root, decided on path components. */
  readonly inside: boolean;
}

/** How {@link Workspace.resolve} reads an input. */
export interface ResolveOptions {
  /**
   * `kernel` (the default): the kernel reads the path as given, so `..` after a symlink leaves through
   * the link's target and `f.txt/` fails (a file used as a directory). `lexical`: the spelling is cleaned
   * first, by the string alone (`path.resolve`: `.` and `..` folded against the name before them, doubled
   * and trailing `/` dropped), so `f.txt/` and `missing/../f.txt` name `f.txt`, as the reference tools do;
   * the cleaned path is then resolved by the kernel, its containment checked on that result, and that
   * result is what is opened. Either way, no string that was not resolved by the kernel is ever opened.
   */
  readonly spelling?: "kernel" | "lexical";
  /**
   * `follow` (the default): a symlink as the last component is followed to its target. `refuse`: it is
   * never followed, wherever it points (inside, outside, nowhere, a loop): once the directories before it
   * resolve inside the root, resolution fails with `NOT_REGULAR_FILE` (kind `symlink`), as a reader that
   * checks the entry with `lstat` refuses it. Symlinked directories on the way are still followed.
   */
  readonly finalSymlink?: "follow" | "refuse";
}

/** A workspace root, canonicalised once, and the one way to turn inputs into paths under it. */
export interface Workspace {
  /** The canonical absolute root. */
  readonly root: string;
  /**
   * Validates and resolves an input (relative to the root, or absolute). Symlinks are followed by the
   * kernel (`realpath`), never folded lexically; {@link ResolveOptions} says how the spelling is read and
   * whether a symlink as the last component is followed. Resolution does not decide whether an outside
   * path may be read: `inside` says where it landed and the caller's policy decides.
   */
  resolve(input: unknown, options?: ResolveOptions): Result<ResolvedPath>;
}

const MAX_LINK_HOPS = 40;

// The `lstat` of the entry the last path resolved without following its last component, kept for
// `openFile`'s `statFirst`: the same entry need not be stat'ed twice in one call (the descriptor is still
// checked to be it). A call opens what it resolved right after resolving it, so one slot serves every call
// that does not interleave with another; one that does stats the entry again. A `WeakMap` entry per call
// cost more than the `lstat` it saved: the scavenger processes every live ephemeron.
let lastEntry: { readonly resolved: ResolvedPath; readonly stat: fs.Stats } | undefined;

/** The `lstat` that resolution already made of `resolved`'s entry (`finalSymlink: "refuse"`), if any. */
export function entryStatOf(resolved: ResolvedPath): fs.Stats | undefined {
  return lastEntry?.resolved === resolved ? lastEntry.stat : undefined;
}

/** The message of the failure an empty workspace root gets, wherever a root is taken. */
export const EMPTY_ROOT_MESSAGE = "The workspace root is empty; name a directory (an empty root is never read as the current directory).";

/**
 * Canonicalises `root` (it may itself be reached through a symlink) and returns its {@link Workspace}.
 * An empty `root` fails (`INVALID_INPUT`, reason `empty`) rather than meaning the current directory: a
 * root that came out empty (an unset variable, a blank option) must not widen what can be read.
 */
export function createWorkspace(root: string): Result<Workspace> {
  if (root === "") {
    return fail(coreFailure({ code: "INVALID_INPUT", message: EMPTY_ROOT_MESSAGE, path: root, reason: "empty" }));
  }
  let canonical: string;
  try {
    canonical = fs.realpathSync.native(path.resolve(root));
  } catch (error) {
    return fail(fromOsError(error, root, "The workspace root"));
  }
  if (!fs.statSync(canonical).isDirectory()) {
    return fail(coreFailure({ code: "NOT_FOUND", message: `The workspace root ${quoteText(root)} is not a directory.`, path: root, reason: "root-not-directory" }));
  }
  return ok({ root: canonical, resolve: (input, options) => resolveIn(canonical, input, options) });
}

/** Whether `target` lies inside `root` (or is it), decided on path components, never on string prefixes. */
export function isInside(root: string, target: string): boolean {
  // Clean absolute paths (what `realpath` and `path.resolve` give, nearly every caller's) are compared
  // name by name as they are: `path.relative` would clean both again, and a policy asks this many times per call.
  if (path.sep === "/" && isCleanAbsolute(root) && isCleanAbsolute(target)) {
    return target === root || root === "/" || (target.startsWith(root) && target.charCodeAt(root.length) === SLASH);
  }
  const relative = path.relative(root, target);
  return relative === "" || (relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

const SLASH = 0x2f;

// A POSIX path from the file-system root with no empty, `.` or `..` name (a path holding one names
// something its spelling does not show) and no trailing separator.
function isCleanAbsolute(candidate: string): boolean {
  if (candidate === "/") return true;
  return (
    candidate.charCodeAt(0) === SLASH &&
    !candidate.endsWith("/") &&
    !candidate.endsWith("/.") &&
    !candidate.endsWith("/..") &&
    !candidate.includes("//") &&
    !candidate.includes("/./") &&
    !candidate.includes("/../")
  );
}

/**
 * `target` relative to `root`, in POSIX form (`"."` for the root itself), when it lies inside it;
 * `undefined` when it does not. Both must be clean absolute paths (as `path.resolve` returns them): a
 * target spelt under the root's own spelling is then inside without a `path.relative`, the common case.
 */
export function relativeInside(root: string, target: string): string | undefined {
  const prefix = root.endsWith(path.sep) ? root : `${root}${path.sep}`;
  if (path.sep === "/" && target.length > prefix.length && target.startsWith(prefix)) return target.slice(prefix.length);
  return isInside(root, target) ? toPosixRelative(root, target) : undefined;
}

/** `target` relative to `root`, in POSIX form, `"."` for the root itself. */
export function toPosixRelative(root: string, target: string): string {
  const relative = path.relative(root, target);
  return relative === "" ? "." : relative.split(path.sep).join("/");
}

function resolveIn(root: string, input: unknown, options: ResolveOptions = {}): Result<ResolvedPath> {
  const valid = validatePathInput(input);
  if (!valid.ok) return valid;
  const raw = options.spelling === "lexical" ? path.resolve(root, valid.value) : joinRaw(root, valid.value);
  if (options.finalSymlink === "refuse" && namesEntry(raw)) return resolveEntry(root, valid.value, raw);
  try {
    const absolute = fs.realpathSync.native(raw);
    return ok(describe(root, valid.value, absolute));
  } catch (error) {
    return fail(classifyUnresolvable(root, valid.value, raw, error));
  }
}

// Whether the last component of `raw` is a name (`.`, `..`, a trailing separator and the file-system
// root name a directory through their spelling: they are resolved whole).
function namesEntry(raw: string): boolean {
  const name = path.basename(raw);
  return name !== "" && name !== "." && name !== ".." && !raw.endsWith(path.sep);
}

/**
 * Resolves the directories of `raw` through the kernel and stops at its last component without
 * following it: the entry is `lstat`ed, and a symlink is refused whatever it points to. Outside the root,
 * as when following, a path that cannot be taken as asked (missing, a link) is `OUTSIDE_ROOT` and
 * reveals nothing of what lies there.
 */
function resolveEntry(root: string, input: string, raw: string): Result<ResolvedPath> {
  let parent: string;
  try {
    parent = fs.realpathSync.native(path.dirname(raw));
  } catch (error) {
    return fail(classifyUnresolvable(root, input, raw, error));
  }
  // A canonical directory and one real name (`namesEntry`): nothing for `path.join` to clean.
  const entry = `${parent.endsWith(path.sep) ? parent : `${parent}${path.sep}`}${path.basename(raw)}`;
  // `describe` decides containment as for any canonical path.
  const resolved = describe(root, input, entry);
  const outside = () => fail(coreFailure({ code: "OUTSIDE_ROOT", message: `The path ${quoteText(input)} resolves outside the workspace root.`, path: input, resolved: entry }));
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(entry);
  } catch (error) {
    return resolved.inside ? fail(fromOsError(error, input, `The path ${quoteText(input)}`)) : outside();
  }
  if (!stat.isSymbolicLink()) {
    lastEntry = { resolved, stat };
    return ok(resolved);
  }
  if (!resolved.inside) return outside();
  return fail(coreFailure({ code: "NOT_REGULAR_FILE", message: `The path ${quoteText(input)} is a symbolic link, which is not followed.`, path: input, kind: "symlink" }));
}

// The kernel, not `path.resolve`, must interpret `..`: `link/../x` leaves through `link`'s target.
function joinRaw(root: string, input: string): string {
  return path.isAbsolute(input) ? input : `${root}${path.sep}${input}`;
}

function describe(root: string, input: string, absolute: string): ResolvedPath {
  // Both paths are canonical, so relativeInside's component prefix decides the common case.
  const relative = relativeInside(root, absolute);
  return { input, absolute, relative: relative ?? toPosixRelative(root, absolute), inside: relative !== undefined };
}

/**
 * A path that cannot be resolved is classified without reading anything: where it would land decides
 * first, so an outside path is `OUTSIDE_ROOT` whatever stopped its resolution (missing, a loop, a
 * directory the OS refuses, a name too long) and reveals nothing about what lies outside. Inside the
 * root, the OS error gives the reason.
 */
function classifyUnresolvable(root: string, input: string, raw: string, error: unknown): CoreFailure {
  const code = errorCode(error);
  const landing = bestEffortTarget(raw, 0);
  if (landing !== undefined && !isInside(root, landing)) {
    return coreFailure({ code: "OUTSIDE_ROOT", message: `The path ${quoteText(input)} resolves outside the workspace root.`, path: input, resolved: landing });
  }
  if (code !== "ENOENT" && code !== "ENOTDIR") return fromOsError(error, input, `The path ${quoteText(input)}`);
  const dangling = isSymlink(raw);
  const reason = dangling ? "dangling-symlink" : code === "ENOTDIR" ? "not-a-directory" : "missing";
  const message = dangling
    ? `The path ${quoteText(input)} is a symlink whose target does not exist.`
    : code === "ENOTDIR"
      ? `The path ${quoteText(input)} uses a file as a directory.`
      : `The path ${quoteText(input)} does not exist.`;
  return coreFailure({ code: "NOT_FOUND", message, path: input, reason, resolved: landing });
}

// Where a path that does not fully exist would land: the canonical form of its longest existing prefix
// plus the rest; a dangling final link is followed to its target. A chain of links too long to follow
// (a loop) lands where the chain was abandoned.
function bestEffortTarget(raw: string, hops: number): string | undefined {
  if (hops > MAX_LINK_HOPS) return path.resolve(raw);
  if (isSymlink(raw)) {
    try {
      const target = fs.readlinkSync(raw);
      const parent = bestEffortTarget(path.dirname(raw), hops + 1) ?? path.dirname(raw);
      return bestEffortTarget(path.isAbsolute(target) ? target : `${parent}${path.sep}${target}`, hops + 1);
    } catch {
      return undefined;
    }
  }
  const parts = raw.split(path.sep);
  for (let keep = parts.length - 1; keep >= 1; keep--) {
    const prefix = parts.slice(0, keep).join(path.sep) || path.sep;
    try {
      const base = fs.realpathSync.native(prefix);
      return path.resolve(base, ...parts.slice(keep));
    } catch {
      continue;
    }
  }
  return undefined;
}

function isSymlink(p: string): boolean {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

/** The OS error code (`ENOENT`, ...) of an error, or `undefined`. */
export function errorCode(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error && typeof error.code === "string" ? error.code : undefined;
}

/** Maps an operating-system error to a {@link CoreFailure}; `subject` starts the message ("The path 'x'"). */
export function fromOsError(error: unknown, input: string, subject: string): CoreFailure {
  const code = errorCode(error);
  const common = { path: input, osError: code ?? null };
  switch (code) {
    case "ENOENT":
      return coreFailure({ code: "NOT_FOUND", message: `${subject} does not exist.`, reason: "missing", ...common });
    case "ENOTDIR":
      return coreFailure({ code: "NOT_FOUND", message: `${subject} uses a file as a directory.`, reason: "not-a-directory", ...common });
    case "ELOOP":
      return coreFailure({ code: "SYMLINK_LOOP", message: `${subject} runs into a symlink loop.`, ...common });
    case "ENAMETOOLONG":
      return coreFailure({ code: "NAME_TOO_LONG", message: `${subject} is too long for the file system.`, ...common });
    case "EACCES":
    case "EPERM":
      return coreFailure({ code: "PERMISSION_DENIED", message: `${subject} cannot be accessed: permission denied by the operating system.`, ...common });
    case "EMFILE":
    case "ENFILE":
      return coreFailure({ code: "TOO_MANY_OPEN_FILES", message: `${subject} cannot be opened now: too many open files. Retry later.`, ...common });
    default:
      return coreFailure({ code: "IO_ERROR", message: `${subject} could not be read (${code ?? escapeText(String(error))}).`, ...common });
  }
}
