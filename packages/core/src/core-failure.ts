/**
 * The closed set of ways a read can fail in `@read/core`. Every profile maps these to its own spec's
 * codes and wire shapes; core never throws for an expected failure, it returns one of these as data.
 *
 * | code                  | meaning                                                                      |
 * | --------------------- | ---------------------------------------------------------------------------- |
 * | `INVALID_INPUT`       | the path input is not a usable string (type, empty, control chars, length)  |
 * | `NOT_FOUND`           | nothing exists at the path (a dangling link and a file used as a directory included, see `reason`) |
 * | `OUTSIDE_ROOT`        | the path resolves outside the workspace root and the caller did not allow it |
 * | `SYMLINK_LOOP`        | resolving the path met a symlink loop (`ELOOP`)                              |
 * | `NAME_TOO_LONG`       | the path or one of its components is longer than the OS allows              |
 * | `IS_DIRECTORY`        | the path is a directory                                                      |
 * | `NOT_REGULAR_FILE`    | a FIFO, socket, character or block device (`kind` says which)                |
 * | `TOO_LARGE`           | the file (or the requested window) is over the caller's byte limit           |
 * | `BINARY`              | a NUL byte was found in the sniffed prefix                                   |
 * | `INVALID_UTF8`        | strict decoding failed and the caller allowed no replacement                 |
 * | `SCAN_LIMIT`          | the requested lines lie beyond the caller's scan budget                       |
 * | `PERMISSION_DENIED`   | the operating system refused access (`EACCES`, `EPERM`)                       |
 * | `CHANGED_DURING_READ` | the opened descriptor is not the file that was checked (a swap in between)  |
 * | `TOO_MANY_OPEN_FILES` | the process or system ran out of file descriptors (`EMFILE`, `ENFILE`)       |
 * | `IO_ERROR`            | any other operating-system failure                                           |
 */
export type CoreFailureCode =
  | "INVALID_INPUT"
  | "NOT_FOUND"
  | "OUTSIDE_ROOT"
  | "SYMLINK_LOOP"
  | "NAME_TOO_LONG"
  | "IS_DIRECTORY"
  | "NOT_REGULAR_FILE"
  | "TOO_LARGE"
  | "BINARY"
  | "INVALID_UTF8"
  | "SCAN_LIMIT"
  | "PERMISSION_DENIED"
  | "CHANGED_DURING_READ"
  | "TOO_MANY_OPEN_FILES"
  | "IO_ERROR";

/** Every core failure code, in documentation order (for exhaustive tests and registries). */
export const CORE_FAILURE_CODES = [
  "INVALID_INPUT",
  "NOT_FOUND",
  "OUTSIDE_ROOT",
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
] as const satisfies readonly CoreFailureCode[];

/** The kind of a non-regular file, as `fstat` reports it. */
export type FileKind = "file" | "directory" | "fifo" | "socket" | "character-device" | "block-device" | "symlink" | "unknown";

/**
 * A failure as data. `message` is a neutral English sentence a profile may reuse; `detail` carries the
 * machine-readable facts behind it (limits, sizes, the OS error code) so a profile can word its own.
 */
export interface CoreFailure {
  readonly code: CoreFailureCode;
  readonly message: string;
  /** The path as the caller gave it, when the failure concerns a path. */
  readonly path?: string;
  readonly detail?: Readonly<Record<string, string | number | boolean | null>>;
}

/** Builds a {@link CoreFailure}; `detail` entries that are `undefined` are dropped. */
export function coreFailure(
  code: CoreFailureCode,
  message: string,
  path?: string,
  detail?: Record<string, string | number | boolean | null | undefined>,
): CoreFailure {
  const clean: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(detail ?? {})) if (value !== undefined) clean[key] = value;
  return {
    code,
    message,
    ...(path === undefined ? {} : { path }),
    ...(Object.keys(clean).length === 0 ? {} : { detail: clean }),
  };
}
