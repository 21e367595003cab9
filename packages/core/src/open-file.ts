import fs from "node:fs";
import path from "node:path";
import { coreFailure, type FileKind } from "./core-failure.js";
import { escapeText, quoteText } from "./escape-text.js";
import { FileReader } from "./file-reader.js";
import { hardLinkFailureSteps } from "./hard-link-check.js";
import { overLimit } from "./read-bytes.js";
import { sensitiveRuleOf, type SensitiveRule } from "./sensitive-rules.js";
import { fail, ok, type Result } from "./result.js";
import { pooledCall, type PoolCall, type PooledOutcome } from "./pooled-call.js";
import { runSteps, settleSteps, waitFor, type Steps } from "./steps.js";
import { mayWait } from "./waiting-file-systems.js";
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
  /**
   * Whether the file is on a file system whose calls may wait (FUSE, a network mount: `mayWait`): its
   * reads and its close then all run on the thread pool, none on the event loop.
   */
  readonly waits: boolean;
}

/** Options of {@link openFile}. */
export interface OpenOptions {
  /** Read a path that resolved outside the root (only after a policy, such as the guard, approved it). */
  readonly allowOutside?: boolean;
  /** Aborts the reads of the opened file: a read then rejects with the signal's reason. */
  readonly signal?: AbortSignal | undefined;
  /**
   * Bytes read synchronously before reads turn asynchronous (default `SYNC_BYTES`, 1 MiB; `Infinity`:
   * every read synchronous, as core read before 0.2, which the bench compares against; 0: every read
   * asynchronous, as on a file system whose calls may wait, where this option is not used).
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
 * For tests only (the package does not export it): canonical paths opened as on a file system whose calls
 * may wait, and without `O_NONBLOCK`, so that a FIFO's open blocks on the thread pool as a FUSE file's can.
 */
export const blockingOpensForTests = new Set<string>();

/** A call's outcome, or a promise of it when it runs on the thread pool (rejected only by an abort). */
type Outcome<T> = PooledOutcome<T> | Promise<PooledOutcome<T>>;

/**
 * How one open makes its file-system calls: at once on the event loop (a kernel-local file system), or on
 * the thread pool, abortable, where they may wait (`mayWait`). A call gives its outcome; none throws but
 * an abort.
 */
interface OpenCalls {
  readonly waits: boolean;
  readonly flags: number;
  /** Makes one call: `atOnce`, or `pooled` on the pool, `late` then getting what an abandoned call returns. */
  make<T>(atOnce: () => T, pooled: PoolCall<T>, late?: (outcome: PooledOutcome<T>) => void): Outcome<T>;
  /** Closes a descriptor this open owns, and counts it released once it is closed. */
  close(fd: number): void;
}

// The outcome of a call, waited for when it runs on the pool. The calls every open makes check for a
// promise themselves instead: a generator per call (five per open) had cost an open about a microsecond.
function* outcomeOf<T>(outcome: Outcome<T>): Steps<PooledOutcome<T>> {
  return outcome instanceof Promise ? yield* waitFor(outcome) : outcome;
}

const CALLS_AT_ONCE: OpenCalls = {
  waits: false,
  flags: OPEN_FLAGS,
  make: (atOnce) => {
    try {
      return { ok: true, value: atOnce() };
    } catch (error) {
      return { ok: false, error: error as NodeJS.ErrnoException };
    }
  },
  close: closeAtOnce,
};

function closeAtOnce(fd: number): void {
  fs.closeSync(fd);
  descriptors.release();
}

function pooledCalls(signal: AbortSignal | undefined, flags: number): OpenCalls {
  return {
    waits: true,
    flags,
    make: (_, pooled, late = () => undefined) => pooledCall(pooled, signal, late),
    close: (fd) => closeInPool(fd, releaseOne),
  };
}

function lstatOf(calls: OpenCalls, absolute: string): Outcome<fs.Stats> {
  return calls.make(() => fs.lstatSync(absolute), (done) => fs.lstat(absolute, done));
}

const releaseOne = () => descriptors.release();

// A close may wait too (FUSE flushes on close): it takes its turn on the pool, and nobody waits for it.
function closeInPool(fd: number, then?: () => void): void {
  void pooledCall<undefined>((done) => fs.close(fd, (error) => done(error, undefined)), undefined, () => undefined).then(then);
}

/**
 * Opens exactly the canonical path that was resolved, with `O_NOFOLLOW | O_NONBLOCK`, then checks the
 * descriptor: only a regular file is kept (FIFOs, sockets, devices and directories fail at once and never
 * block), and it must still be the checked path, inside the root unless `allowOutside`. On failure the
 * descriptor is closed. Every call is made at once, whatever file system the path is on: for a caller that
 * must stay synchronous (the guard's `.gitignore` files); reads use {@link openFileSteps}.
 */
export function openFile(resolved: ResolvedPath, options: OpenOptions = {}): Result<OpenFile> {
  // These calls never wait, so the steps end without yielding and `runSteps` gives their result itself.
  return runSteps(openSteps(resolved, options, CALLS_AT_ONCE)) as Result<OpenFile>;
}

/**
 * {@link openFile} as {@link Steps}, which never holds the event loop on a file system whose calls may
 * wait (FUSE, network mounts, any type not known to be kernel-local: `mayWait`): there the `open`, the
 * `fstat` and every later read and close run on the thread pool (at most `POOLED_CALLS_AT_ONCE` of them at
 * once), and an abort settles the call while the open is still pending (its descriptor is closed when the
 * open comes back). On a kernel-local file system everything is done at once, as {@link openFile} does.
 */
export function openFileSteps(resolved: ResolvedPath, options: OpenOptions = {}): Steps<Result<OpenFile>> {
  const blocking = blockingOpensForTests.size !== 0 && blockingOpensForTests.has(resolved.absolute);
  const calls = blocking || mayWait(resolved.absolute) ? pooledCalls(options.signal, blocking ? OPEN_FLAGS & ~O_NONBLOCK : OPEN_FLAGS) : CALLS_AT_ONCE;
  return openSteps(resolved, options, calls);
}

function* openSteps(resolved: ResolvedPath, options: OpenOptions, calls: OpenCalls): Steps<Result<OpenFile>> {
  const { input, absolute } = resolved;
  if (!resolved.inside && options.allowOutside !== true) {
    return fail(coreFailure({ code: "OUTSIDE_ROOT", message: `The path ${quoteText(input)} resolves outside the workspace root.`, path: input, resolved: absolute }));
  }
  let before: fs.Stats | undefined;
  if (options.statFirst === true) {
    const entry = entryStatOf(resolved);
    const stat: PooledOutcome<fs.Stats> = entry === undefined ? yield* outcomeOf(lstatOf(calls, absolute)) : { ok: true, value: entry };
    if (!stat.ok) return fail(fromOsError(stat.error, input, `The path ${quoteText(input)}`));
    before = stat.value;
    const refused = notAFile(resolved, before) ?? overLimit(input, before.size, options.maxFileBytes);
    if (refused !== undefined) return fail(refused);
  }
  // An open that comes back after its call was abandoned closes what it opened: nothing leaks.
  const opening = calls.make(
    () => fs.openSync(absolute, calls.flags),
    (done) => fs.open(absolute, calls.flags, done),
    (late) => late.ok && closeInPool(late.value),
  );
  const opened = opening instanceof Promise ? yield* waitFor(opening) : opening;
  if (!opened.ok) {
    const code = errorCode(opened.error);
    if (code === "ELOOP") return fail(changed(input, "became-symlink", "the final component became a symlink after it was checked"));
    // A socket, or a device with nothing behind it (`/dev/tty` without a controlling terminal): say which.
    if (code === "ENXIO") return fail(notRegular(input, yield* kindWithoutOpen(absolute, calls)));
    return fail(fromOsError(opened.error, input, `The path ${quoteText(input)}`));
  }
  const fd = opened.value;
  // Counted from now on, so that an open that finds no descriptor left while this one is being checked waits for it.
  descriptors.held++;
  // An abort while a pooled `fstat` runs throws here, and that call closes the descriptor when it returns.
  const statting = calls.make(
    () => fs.fstatSync(fd),
    (done) => fs.fstat(fd, done),
    () => closeInPool(fd, releaseOne),
  );
  const stat = statting instanceof Promise ? yield* waitFor(statting) : statting;
  let handedOver = false;
  try {
    if (!stat.ok) return fail(fromOsError(stat.error, input, `The path ${quoteText(input)}`));
    const refused = notAFile(resolved, stat.value);
    if (refused !== undefined) return fail(refused);
    const verified =
      before !== undefined && (before.dev !== stat.value.dev || before.ino !== stat.value.ino)
        ? "the opened file is not the entry that was stat'ed"
        : PROC_FD !== undefined
          ? verifyByProc(PROC_FD, fd, absolute)
          : yield* verifyByPath(absolute, stat.value, calls);
    if (verified !== undefined) return fail(changed(input, "swapped", verified));
    handedOver = true;
    const { size, mtimeMs, ctimeMs, dev, ino, nlink } = stat.value;
    return ok({
      fd,
      path: resolved,
      stat: { size, mtimeMs: Math.trunc(mtimeMs), mtimeMsExact: mtimeMs, ctimeMs, dev, ino, nlink },
      reader: new FileReader(fd, size, options.signal, calls.waits ? 0 : options.syncBytes),
      waits: calls.waits,
    });
  } catch (error) {
    if (options.signal?.aborted === true && error === options.signal.reason) throw error;
    return fail(fromOsError(error, input, `The path ${quoteText(input)}`));
  } finally {
    if (!handedOver) calls.close(fd);
  }
}

/**
 * Closes an {@link OpenFile}'s descriptor: at once, or as soon as a read the kernel still holds comes back
 * (an aborted call settles without waiting for it); on a file system whose calls may wait, on the pool.
 */
export function closeFile(file: OpenFile): void {
  file.reader.closeAfterReads(() => {
    if (file.waits) closeInPool(file.fd, releaseOne);
    else closeAtOnce(file.fd);
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
    const opened = yield* openFileSteps(resolved, options);
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
  // rules are asked again only when resolution landed elsewhere (a symlink, `..` after one, ...). A target
  // outside the root that may not be read is refused as outside whatever it is: calling it a secret would
  // tell the model what lies out there (issue 30 case 7).
  const refusedOutside = !resolved.value.inside && options.allowOutside !== true;
  const target =
    rules.length === 0 || resolved.value.absolute === askedPath || refusedOutside ? undefined : sensitiveFailure(rules, resolved.value.input, [resolved.value.absolute]);
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
// between check and open makes the kernel open something else, which /proc/self/fd reveals. procfs
// answers from the descriptor itself, whatever file system the file is on: nothing there waits.
const NOT_CHECKED = "the opened file is not the checked path";

function verifyByProc(procFd: string, fd: number, absolute: string): string | undefined {
  return fs.readlinkSync(`${procFd}/${fd}`) === absolute ? undefined : NOT_CHECKED;
}

// Without /proc: the path must still name the opened file, and still be canonical.
function* verifyByPath(absolute: string, stat: fs.Stats, calls: OpenCalls): Steps<string | undefined> {
  const again = yield* outcomeOf(calls.make(() => fs.statSync(absolute), (done) => fs.stat(absolute, done)));
  if (!again.ok) throw again.error;
  if (again.value.dev !== stat.dev || again.value.ino !== stat.ino) return NOT_CHECKED;
  const real = yield* outcomeOf(calls.make(() => fs.realpathSync.native(absolute), (done) => fs.realpath.native(absolute, done)));
  if (!real.ok) throw real.error;
  return real.value === absolute ? undefined : NOT_CHECKED;
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

function* kindWithoutOpen(absolute: string, calls: OpenCalls): Steps<Exclude<FileKind, "file" | "directory">> {
  const stat = yield* outcomeOf(lstatOf(calls, absolute));
  if (!stat.ok) return "unknown";
  const kind = kindOf(stat.value);
  return kind === "file" || kind === "directory" ? "unknown" : kind;
}

function notRegular(input: string, kind: Exclude<FileKind, "file" | "directory">) {
  return coreFailure({ code: "NOT_REGULAR_FILE", message: `The path ${quoteText(input)} is not a regular file (it is a ${kind.replace("-", " ")}).`, path: input, kind });
}

function changed(input: string, reason: "swapped" | "became-symlink", why: string) {
  return coreFailure({ code: "CHANGED_DURING_READ", message: `The path ${quoteText(input)} changed while it was being opened (${why}). Retry the read.`, path: input, reason });
}
