/**
 * The closed set of ways a read can fail in `@read/core`, in documentation order. Every profile maps these
 * to its own spec's codes and wire shapes; core never throws for an expected failure, it returns one of
 * them as data.
 *
 * | code                  | meaning                                                                      |
 * | --------------------- | ---------------------------------------------------------------------------- |
 * | `INVALID_INPUT`       | the path input is not a usable string (type, empty, control chars, length), the line window is invalid, or the workspace root is empty |
 * | `NOT_FOUND`           | nothing exists at the path (a dangling link and a file used as a directory included, see `reason`) |
 * | `OUTSIDE_ROOT`        | the path resolves outside the workspace root and the caller did not allow it |
 * | `SENSITIVE`           | the path (as asked or resolved) names a secret the caller's policy refuses   |
 * | `SYMLINK_LOOP`        | resolving the path met a symlink loop (`ELOOP`)                              |
 * | `NAME_TOO_LONG`       | the path or one of its components is longer than the OS allows              |
 * | `IS_DIRECTORY`        | the path is a directory                                                      |
 * | `NOT_REGULAR_FILE`    | a FIFO, socket, character or block device (`kind` says which)                |
 * | `TOO_LARGE`           | the file, or the requested window, is over the caller's byte limit (`cause` says which) |
 * | `BINARY`              | a NUL byte was found in the sniffed prefix                                   |
 * | `INVALID_UTF8`        | strict decoding failed and the caller allowed no replacement                 |
 * | `SCAN_LIMIT`          | the requested lines lie beyond the caller's scan budget                       |
 * | `PERMISSION_DENIED`   | the operating system refused access (`EACCES`, `EPERM`)                       |
 * | `CHANGED_DURING_READ` | the opened descriptor is not the file that was checked (a swap in between), or it shrank |
 * | `TOO_MANY_OPEN_FILES` | the process or system ran out of file descriptors (`EMFILE`, `ENFILE`)       |
 * | `IO_ERROR`            | any other operating-system failure                                           |
 */
export const CORE_FAILURE_CODES = [
  "INVALID_INPUT",
  "NOT_FOUND",
  "OUTSIDE_ROOT",
  "SENSITIVE",
  "SYMLINK_LOOP",
  "NAME_TOO_LONG",
  "IS_DIRECTORY",
  "NOT_REGULAR_FILE",
  "TOO_LARGE",
  "BINARY",
  "INVALID_UTF8",
  "SCAN_LIMIT",
  "PERMISSION_DENIED",
  "CHANGED_DURING_READ",
  "TOO_MANY_OPEN_FILES",
  "IO_ERROR",
] as const;

/** One of {@link CORE_FAILURE_CODES}. */
export type CoreFailureCode = (typeof CORE_FAILURE_CODES)[number];

/** The kind of a file, as `fstat` reports it. */
export type FileKind = "file" | "directory" | "fifo" | "socket" | "character-device" | "block-device" | "symlink" | "unknown";

/** What every failure carries: a neutral English sentence a profile may reuse, and the path it concerns. */
interface FailureBase {
  readonly message: string;
  /** The path as the caller gave it, when the failure concerns a path. */
  readonly path?: string;
}

/** A failure that came from an operating-system error, with its code (`EACCES`, `ELOOP`, ...). */
interface OsFailure extends FailureBase {
  /** The OS error code, or `null` when the error had none. */
  readonly osError: string | null;
}

/** The input is not a usable path, the line window is out of range, or the workspace root is empty (`empty`). */
export interface InvalidInputFailure extends FailureBase {
  readonly code: "INVALID_INPUT";
  readonly reason: "type" | "empty" | "length" | "nul" | "window";
  /** The longest accepted path, for `reason: "length"`. */
  readonly limit?: number;
}

/** Nothing exists at the path. */
export interface NotFoundFailure extends FailureBase {
  readonly code: "NOT_FOUND";
  /**
   * `missing`: no such entry; `dangling-symlink`: a link whose target is missing; `not-a-directory`: a
   * file used as a directory (`f.txt/x`, `f.txt/`); `root-not-directory`: the workspace root is a file.
   */
  readonly reason: "missing" | "dangling-symlink" | "not-a-directory" | "root-not-directory";
  /** Where the path would land, when that could be worked out. */
  readonly resolved?: string;
  readonly osError?: string | null;
}

/** The path resolves outside the workspace root. */
export interface OutsideRootFailure extends FailureBase {
  readonly code: "OUTSIDE_ROOT";
  /** Where it lands (for the caller's policy; never show it to a model that was not allowed there). */
  readonly resolved: string;
}

/** The path names a secret the caller's secrets policy refuses (an `.env`, a private key, ...). */
export interface SensitiveFailure extends FailureBase {
  readonly code: "SENSITIVE";
  /** The id of the sensitive rule that matched (`env-file`, `ssh-private-key`, ...). */
  readonly rule: string;
  /** What the rule protects, in words a person reads (`an environment file (.env, .env.*)`). */
  readonly description: string;
  /**
   * `true`: the path's own names match no rule, but the file is a hard link to a name `rule` matches
   * (`description` then says so: `a hard link to ...`). Absent otherwise.
   */
  readonly hardLink?: true;
}

/** Resolving the path met a symlink loop. */
export interface SymlinkLoopFailure extends OsFailure {
  readonly code: "SYMLINK_LOOP";
}

/** The path or a component is too long for the file system. */
export interface NameTooLongFailure extends OsFailure {
  readonly code: "NAME_TOO_LONG";
}

/** The path is a directory. */
export interface IsDirectoryFailure extends FailureBase {
  readonly code: "IS_DIRECTORY";
  /** The directory's canonical absolute path (never show it to a model that was not allowed there). */
  readonly resolved: string;
}

/** The path is a FIFO, socket or device. */
export interface NotRegularFileFailure extends FailureBase {
  readonly code: "NOT_REGULAR_FILE";
  readonly kind: Exclude<FileKind, "file" | "directory">;
}

/** The file was over the limit when it was opened (`fstat`). */
export interface TooLargeBySize extends FailureBase {
  readonly code: "TOO_LARGE";
  readonly cause: "size";
  readonly size: number;
  readonly limit: number;
}

/** The file grew past the limit while it was read. */
export interface TooLargeByGrowth extends FailureBase {
  readonly code: "TOO_LARGE";
  readonly cause: "grew";
  readonly limit: number;
}

/** The requested lines hold more bytes than one window may. */
export interface TooLargeByWindow extends FailureBase {
  readonly code: "TOO_LARGE";
  readonly cause: "window";
  readonly limit: number;
}

/** The file or the requested window is over a byte limit: `cause` tells which limit. */
export type TooLargeFailure = TooLargeBySize | TooLargeByGrowth | TooLargeByWindow;

/** A NUL byte in the sniffed prefix. */
export interface BinaryFailure extends FailureBase {
  readonly code: "BINARY";
  /** The file's canonical absolute path (never show it to a model that was not allowed there). */
  readonly resolved: string;
  /** How many leading bytes were sniffed (`null`: the whole file). */
  readonly sniffBytes: number | null;
  /** Offset of the first NUL byte, when known. */
  readonly offset?: number;
}

/** Strict decoding met invalid UTF-8. */
export interface InvalidUtf8Failure extends FailureBase {
  readonly code: "INVALID_UTF8";
}

/** The requested lines lie beyond the scan budget. */
export interface ScanLimitFailure extends FailureBase {
  readonly code: "SCAN_LIMIT";
  readonly maxScanBytes: number;
  readonly startLine: number;
}

/** The operating system refused access. */
export interface PermissionDeniedFailure extends OsFailure {
  readonly code: "PERMISSION_DENIED";
}

/** What was opened is not what was checked, or the file shrank under the read. */
export interface ChangedDuringReadFailure extends FailureBase {
  readonly code: "CHANGED_DURING_READ";
  /** `swapped`: another file was opened; `became-symlink`: the last component turned into a link; `shrank`. */
  readonly reason: "swapped" | "became-symlink" | "shrank";
}

/** No file descriptors left. */
export interface TooManyOpenFilesFailure extends OsFailure {
  readonly code: "TOO_MANY_OPEN_FILES";
}

/** Any other operating-system failure. */
export interface IoErrorFailure extends OsFailure {
  readonly code: "IO_ERROR";
}

/**
 * A failure as data: a discriminated union on `code`, each variant with its own typed facts (limits,
 * sizes, the OS error code) so a profile can word its own message without guessing at keys.
 */
export type CoreFailure =
  | InvalidInputFailure
  | NotFoundFailure
  | OutsideRootFailure
  | SensitiveFailure
  | SymlinkLoopFailure
  | NameTooLongFailure
  | IsDirectoryFailure
  | NotRegularFileFailure
  | TooLargeFailure
  | BinaryFailure
  | InvalidUtf8Failure
  | ScanLimitFailure
  | PermissionDeniedFailure
  | ChangedDuringReadFailure
  | TooManyOpenFilesFailure
  | IoErrorFailure;

/** The variant of {@link CoreFailure} with code `C`. */
export type CoreFailureOf<C extends CoreFailureCode> = Extract<CoreFailure, { readonly code: C }>;

type OptionalKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? K : never }[keyof T];
/** A variant whose optional facts may also be given as `undefined` (they are then left out). */
type Loose<T> = T extends unknown ? Omit<T, OptionalKeys<T>> & { [K in OptionalKeys<T>]?: T[K] | undefined } : never;

/** What {@link coreFailure} takes: any {@link CoreFailure}, its optional facts possibly `undefined`. */
export type CoreFailureInit = Loose<CoreFailure>;

/**
 * Builds a {@link CoreFailure}: the code, the message, and the variant's facts. A `path` or optional fact
 * that is `undefined` is left out, so failures compare equal however they were built.
 */
export function coreFailure(init: CoreFailureInit): CoreFailure {
  const clean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(init)) if (value !== undefined) clean[key] = value;
  return clean as unknown as CoreFailure;
}

/**
 * Checks at compile time that a `switch` over failure codes handled every one: call it in the `default`
 * branch with the narrowed value, which is `never` only when every code has a case.
 */
export function assertNever(value: never, what = "value"): never {
  throw new Error(`unhandled ${what}: ${JSON.stringify(value)}`);
}
