import { coreFailure, type CoreFailure, type CoreFailureCode } from "../../src/index.js";

/**
 * One failure of every core code, as core builds them, about `path` (the message text is `core says
 * CODE.`): what the profiles' failure-map tests feed their `mapFailure`, so each proves it handles every
 * code with the facts core really gives.
 */
export function sampleFailures(path: string): Record<CoreFailureCode, CoreFailure> {
  const at = (code: CoreFailureCode) => ({ message: `core says ${code}.`, path });
  return {
    INVALID_INPUT: coreFailure({ code: "INVALID_INPUT", ...at("INVALID_INPUT"), reason: "length", limit: 4096 }),
    NOT_FOUND: coreFailure({ code: "NOT_FOUND", ...at("NOT_FOUND"), reason: "missing" }),
    OUTSIDE_ROOT: coreFailure({ code: "OUTSIDE_ROOT", ...at("OUTSIDE_ROOT"), resolved: "/etc/shadow" }),
    SENSITIVE: coreFailure({ code: "SENSITIVE", ...at("SENSITIVE"), rule: "env-file", description: "an environment file (.env, .env.*)" }),
    SYMLINK_LOOP: coreFailure({ code: "SYMLINK_LOOP", ...at("SYMLINK_LOOP"), osError: "ELOOP" }),
    NAME_TOO_LONG: coreFailure({ code: "NAME_TOO_LONG", ...at("NAME_TOO_LONG"), osError: "ENAMETOOLONG" }),
    IS_DIRECTORY: coreFailure({ code: "IS_DIRECTORY", ...at("IS_DIRECTORY"), resolved: "/srv/project/src" }),
    NOT_REGULAR_FILE: coreFailure({ code: "NOT_REGULAR_FILE", ...at("NOT_REGULAR_FILE"), kind: "character-device" }),
    TOO_LARGE: coreFailure({ code: "TOO_LARGE", ...at("TOO_LARGE"), cause: "window", limit: 67108864 }),
    BINARY: coreFailure({ code: "BINARY", ...at("BINARY"), resolved: "/srv/project/logo.png", sniffBytes: 8192 }),
    INVALID_UTF8: coreFailure({ code: "INVALID_UTF8", ...at("INVALID_UTF8") }),
    SCAN_LIMIT: coreFailure({ code: "SCAN_LIMIT", ...at("SCAN_LIMIT"), maxScanBytes: 1, startLine: 7 }),
    PERMISSION_DENIED: coreFailure({ code: "PERMISSION_DENIED", ...at("PERMISSION_DENIED"), osError: "EACCES" }),
    CHANGED_DURING_READ: coreFailure({ code: "CHANGED_DURING_READ", ...at("CHANGED_DURING_READ"), reason: "swapped" }),
    TOO_MANY_OPEN_FILES: coreFailure({ code: "TOO_MANY_OPEN_FILES", ...at("TOO_MANY_OPEN_FILES"), osError: "EMFILE" }),
    IO_ERROR: coreFailure({ code: "IO_ERROR", ...at("IO_ERROR"), osError: "EIO" }),
  };
}
