import fs from "node:fs";
import path from "node:path";
import { coreFailure, type FileKind } from "./core-failure.js";
import { escapeText, quoteText } from "./escape-text.js";
import { FileReader } from "./file-reader.js";
import { hardLinkFailureSteps } from "./hard-link-check.js";
import { overLimit } from "./read-bytes.js";
import { sensitiveRuleOf, type SensitiveRule } from "./sensitive-rules.js";
import { fail, ok, type Result } from "./result.js";
import { settleSteps, waitFor, type Steps } from "./steps.js";
import { entryStatOf, errorCode, fromOsError, type ResolveOptions, type ResolvedPath, type Workspace } from "./workspace.js";

/** What `fstat` says of an open regular file. */
export interface FileStat {
  /** Size in bytes at open time (a hint: `/proc` files say 0 and files grow; reads never trust it). */
  readonly size: number;
  /** Modification time in whole epoch milliseconds. */
  readonly mtimeMs: number;
  /** Modification time in epoch milliseconds as `fstat` gives it, fraction kept (`stat.mtimeMs`). */
  readonly mtimeMsExact: number;
  /** Status change time in epoch milliseconds (fractional): no caller can set it, so it tells rewrites apart. */
  readonly ctimeMs: number;
  readonly dev: number;
  readonly ino: number;
  /** How many names (hard links) the file has: more than one makes the secrets policy look for the others. */
  readonly nlink: number;
}

/** An open descriptor on a regular file that was checked to be the resolved path. */
export interface OpenFile {
  readonly fd: number;
  readonly path: ResolvedPath;
  readonly stat: FileStat;
  /** Every read of this file in this call goes through it (its own buffers; the call's signal). */
  readonly reader: FileReader;
}

/** Options of {@link openFile}. */
export interface OpenOptions {
  /** Read a path that resolved outside the root (only after a policy, such as the guard, approved it). */
  readonly allowOutside?: boolean;
  /** Aborts the reads of the opened file: a read then rejects with the signal's reason. */
  readonly signal?: AbortSignal | undefined;
  /**
   * Bytes read synchronously before reads turn asynchronous (default `SYNC_BYTES`, 1 MiB; `Infinity`:
   * every read synchronous, as core read before 0.2, which the bench compares against).
   */
  readonly syncBytes?: number;
  /**
   * A secrets policy: the path as asked and where it resolves are refused (`SENSITIVE`) when a rule
   * matches either, before anything is opened, whether or not the file exists (`withOpenFile`). Where it
   * resolves is asked about only when that is another absolute path than the one asked. Once open, a
   * file with more than one name is refused when it is a hard link to a name a rule matches, as far as
   * `hardLinkFailureSteps` looks (`withOpenFile`).
   */
  readonly sensitive?: readonly SensitiveRule[];
  /** How `withOpenFile` resolves its input (`Workspace.resolve`'s options; the kernel's spelling, links followed, by default). */
  readonly resolve?: ResolveOptions;
  /**
   * `lstat` the resolved path before opening it, and check its kind and size there first: a directory,
   * a special file or a file over `maxFileBytes` fails on that stat, before any open, so an entry the
   * operating system would refuse to open still fails by its kind and size (a fixed order stat, kind,
   * size, then read). The opened descriptor must then be the entry that was stat'ed (same device and
   * inode), or the read fails with `CHANGED_DURING_READ`. Off by default: the descriptor alone is checked.
   * A path resolved with `finalSymlink: "refuse"` was `lstat`ed by its resolution: that stat is the one used.
   */
  readonly statFirst?: boolean;
  /** With `statFirst`: a file larger than this many bytes fails with `TOO_LARGE` (`cause: "size"`) before it is opened. */
  readonly maxFileBytes?: number;
}

const { O_RDONLY, O_NOFOLLOW = 0, O_NONBLOCK = 0, O_NOCTTY = 0 } = fs.constants;
// O_NOCTTY: a terminal reached through an allowed outside path must never become the controlling one.
const OPEN_FLAGS = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY;
const PROC_FD = fs.existsSync("/proc/self/fd") ? "/proc/self/fd" : undefined;

/**
 * Opens exactly the canonical path that was resolved, with `O_NOFOLLOW | O_NONBLOCK`, then checks the
 * descriptor: only a regular file is kept (FIFOs, sockets, devices and directories fail at once and never
 * block), and it must still be the checked path, inside the root unless `allowOutside`. On failure the
 * descriptor is closed.
 */
export function openFile(resolved: ResolvedPath, options: OpenOptions = {}): Result<OpenFile> {
  const { input, absolute } = resolved;
  if (!resolved.inside && options.allowOutside !== true) {
    return fail(coreFailure({ code: "OUTSIDE_ROOT", message: `The path ${quoteText(input)} resolves outside the workspace root.`, path: input, resolved: absolute }));
  }
  let before: fs.Stats | undefined;
  if (options.statFirst === true) {
    try {
      before = entryStatOf(resolved) ?? fs.lstatSync(absolute);
    } catch (error) {
      return fail(fromOsError(error, input, `The path ${quoteText(input)}`));
    }
    const refused = notAFile(resolved, before) ?? overLimit(input, before.size, options.maxFileBytes);
    if (refused !== undefined) return fail(refused);
  }
  let fd: number;
  try {
    fd = fs.openSync(absolute, OPEN_FLAGS);
  } catch (error) {
    const code = errorCode(error);
    if (code === "ELOOP") return fail(changed(input, "became-symlink", "the final component became a symlink after it was checked"));
    // A socket, or a device with nothing behind it (`/dev/tty` without a controlling terminal): say which.
    if (code === "ENXIO") return fail(notRegular(input, kindWithoutOpen(absolute)));
    return fail(fromOsError(error, input, `The path ${quoteText(input)}`));
  }
  try {
    const stat = fs.fstatSync(fd);
    const refused = notAFile(resolved, stat);
    if (refused !== undefined) {
      fs.closeSync(fd);
      return fail(refused);
    }
    const verified = before !== undefined && (before.dev !== stat.dev || before.ino !== stat.ino) ? "the opened file is not the entry that was stat'ed" : verifyDescriptor(fd, absolute, stat);
    if (verified !== undefined) {
      fs.closeSync(fd);
      return fail(changed(input, "swapped", verified));
    }
    descriptors.held++;
    return ok({
      fd,
      path: resolved,
      stat: { size: stat.size, mtimeMs: Math.trunc(stat.mtimeMs), mtimeMsExact: stat.mtimeMs, ctimeMs: stat.ctimeMs, dev: stat.dev, ino: stat.ino, nlink: stat.nlink },
      reader: new FileReader(fd, stat.size, options.signal, options.syncBytes),
    });
  } catch (error) {
    fs.closeSync(fd);
    return fail(fromOsError(error, input, `The path ${quoteText(input)}`));
  }
}

/**
 * Closes an {@link OpenFile}'s descriptor: at once, or as soon as a read the kernel still holds comes back
 * (an aborted call settles without waiting for it).
 */
export function closeFile(file: OpenFile): void {
  file.reader.closeAfterReads(() => {
    fs.closeSync(file.fd);
    descriptors.release();
  });
}

/**
 * The descriptors this process's reads hold, and the opens waiting for one of them. Reads overlap in
 * time (they await asynchronous chunks), so a hundred calls at once can hold a hundred descriptors: an
 * open that finds none left waits for one of ours to close rather than failing, and fails with
 * `TOO_MANY_OPEN_FILES` only when no read of ours holds one.
 */
const descriptors = {
  held: 0,
  waiting: [] as (() => void)[],
  release(): void {
    this.held--;
    this.waiting.shift()?.();
  },
};

/**
 * {@link openFile}, waiting while every descriptor is taken and reads of this process hold some (each of
 * them closes its own soon). `signal` stops the wait.
 */
export function openFileWhenFree(resolved: ResolvedPath, options: OpenOptions = {}): Promise<Result<OpenFile>> {
  return settleSteps(openFileWhenFreeSteps(resolved, options));
}

/** {@link openFileWhenFree} as {@link Steps}, for a caller that runs steps itself. */
export function* openFileWhenFreeSteps(resolved: ResolvedPath, options: OpenOptions = {}): Steps<Result<OpenFile>> {
  for (;;) {
    const opened = openFile(resolved, options);
    if (opened.ok || opened.failure.code !== "TOO_MANY_OPEN_FILES" || descriptors.held === 0) return opened;
    yield* waitFor(
      new Promise<void>((resolve, reject) => {
        const signal = options.signal;
        const onAbort = () => {
          descriptors.waiting.splice(descriptors.waiting.indexOf(wake), 1);
          reject(signal?.reason);
        };
        const wake = () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        };
        descriptors.waiting.push(wake);
        signal?.addEventListener("abort", onAbort, { once: true });
      }),
    );
  }
}

/**
 * Resolves `input` in `workspace`, opens it with {@link openFile}, runs `use` and always closes the
 * descriptor, whatever `use` resolves to or throws (an abort included).
 */
export function withOpenFile<T>(workspace: Workspace, input: unknown, options: OpenOptions, use: (file: OpenFile) => Promise<Result<T>>): Promise<Result<T>> {
  return settleSteps(withOpenFileSteps(workspace, input, options, (file) => waitFor(use(file))));
}

/** {@link withOpenFile} as {@link Steps}, with `use` given as steps too, for a caller that runs steps itself. */
export function* withOpenFileSteps<T>(workspace: Workspace, input: unknown, options: OpenOptions, use: (file: OpenFile) => Steps<Result<T>>): Steps<Result<T>> {
  options.signal?.throwIfAborted();
  const rules = options.sensitive ?? [];
  let askedPath: string | undefined;
  if (rules.length > 0 && typeof input === "string" && input !== "") {
    askedPath = path.resolve(workspace.root, input);
    const asked = sensitiveFailure(rules, input, [askedPath]);
    if (asked !== undefined) return fail(asked);
  }
  const resolved = workspace.resolve(input, options.resolve);
  if (!resolved.ok) return resolved;
  // A target that is the very string checked as asked has the same names, so the same verdict: the
  // rules are asked again only when resolution landed elsewhere (a symlink, `..` after one, ...).
  const target = rules.length === 0 || resolved.value.absolute === askedPath ? undefined : sensitiveFailure(rules, resolved.value.input, [resolved.value.absolute]);
  if (target !== undefined) return fail(target);
  const opened = yield* openFileWhenFreeSteps(resolved.value, options);
  if (!opened.ok) return opened;
  try {
    const linked = yield* hardLinkFailureSteps(opened.value, rules, workspace.root);
    if (linked !== undefined) return fail(linked);
    return yield* use(opened.value);
  } finally {
    closeFile(opened.value);
  }
}

// A matching rule refuses the path; a rule that throws refuses it too (a check that could not finish is
// never an allowance).
function sensitiveFailure(rules: readonly SensitiveRule[], input: string, paths: readonly string[]) {
  let rule: SensitiveRule | undefined;
  try {
    rule = sensitiveRuleOf(rules, paths);
  } catch (error) {
    const why = escapeText(error instanceof Error ? error.message : String(error));
    return coreFailure({ code: "SENSITIVE", message: `The path ${quoteText(input)} could not be checked against the secrets policy (${why}).`, path: input, rule: "error", description: "a check that failed" });
  }
  if (rule === undefined) return undefined;
  return coreFailure({ code: "SENSITIVE", message: `The path ${quoteText(input)} is sensitive: ${rule.description}.`, path: input, rule: rule.id, description: rule.description });
}

// After open, the descriptor must be the file that was checked: a parent directory swapped for a symlink
// between check and open makes the kernel open something else, which /proc/self/fd reveals.
function verifyDescriptor(fd: number, absolute: string, stat: fs.Stats): string | undefined {
  if (PROC_FD !== undefined) {
    const actual = fs.readlinkSync(`${PROC_FD}/${fd}`);
    return actual === absolute ? undefined : "the opened file is not the checked path";
  }
  const again = fs.statSync(absolute);
  return again.dev === stat.dev && again.ino === stat.ino && fs.realpathSync.native(absolute) === absolute
    ? undefined
    : "the opened file is not the checked path";
}

// Anything but a regular file is refused: a directory as such, the rest by its kind.
function notAFile({ input, absolute }: ResolvedPath, stat: fs.Stats) {
  const kind = kindOf(stat);
  if (kind === "file") return undefined;
  if (kind === "directory") return coreFailure({ code: "IS_DIRECTORY", message: `The path ${quoteText(input)} is a directory.`, path: input, resolved: absolute });
  return notRegular(input, kind);
}

function kindOf(stat: fs.Stats): FileKind {
  if (stat.isFile()) return "file";
  if (stat.isDirectory()) return "directory";
  if (stat.isFIFO()) return "fifo";
  if (stat.isSocket()) return "socket";
  if (stat.isCharacterDevice()) return "character-device";
  if (stat.isBlockDevice()) return "block-device";
  if (stat.isSymbolicLink()) return "symlink";
  return "unknown";
}

function kindWithoutOpen(absolute: string): Exclude<FileKind, "file" | "directory"> {
  try {
    const kind = kindOf(fs.lstatSync(absolute));
    return kind === "file" || kind === "directory" ? "unknown" : kind;
  } catch {
    return "unknown";
  }
}

function notRegular(input: string, kind: Exclude<FileKind, "file" | "directory">) {
  return coreFailure({ code: "NOT_REGULAR_FILE", message: `The path ${quoteText(input)} is not a regular file (it is a ${kind.replace("-", " ")}).`, path: input, kind });
}

function changed(input: string, reason: "swapped" | "became-symlink", why: string) {
  return coreFailure({ code: "CHANGED_DURING_READ", message: `The path ${quoteText(input)} changed while it was being opened (${why}). Retry the read.`, path: input, reason });
}
