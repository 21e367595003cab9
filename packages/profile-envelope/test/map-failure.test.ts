import { CORE_FAILURE_CODES, coreFailure, type CoreFailureCode } from "@read/core";
import { describe, expect, test } from "vitest";
import { sampleFailures } from "../../core/test/support/sample-failures.js";
import { ENVELOPE_ERROR_CODES, mapFailure } from "../src/index.js";

const request = { path: "src/a.py", startLine: 7, limit: 20 };
const PATH_RULE =
  "Parameter 'path' is required: a non-empty string of at most 4096 characters without a NUL byte, naming a file relative to the project root.";

// Every core failure, as core builds it (message text is core's and never reaches the caller).
const at = { message: "core text", path: "/abs/src/a.py" } as const;
const FAILURES = sampleFailures("/abs/src/a.py");

const EXPECTED: Record<CoreFailureCode, { code: string; message: string }> = {
  INVALID_INPUT: { code: "INVALID_PARAM", message: `Invalid path: "src/a.py" (longer than 4096 characters). ${PATH_RULE}` },
  NOT_FOUND: { code: "NOT_FOUND", message: "File 'src/a.py' does not exist." },
  OUTSIDE_ROOT: { code: "ACCESS_DENIED", message: "Access denied. Path must be within project root." },
  SENSITIVE: {
    code: "ACCESS_DENIED",
    message: "Access denied. Path 'src/a.py' is sensitive (an environment file (.env, .env.*)); the secrets policy (secrets = true in [envelope]) refuses it.",
  },
  SYMLINK_LOOP: { code: "ACCESS_DENIED", message: "Access denied. Path 'src/a.py' runs into a symlink loop." },
  NAME_TOO_LONG: { code: "INVALID_PARAM", message: `Invalid path: "src/a.py" (too long for the file system). ${PATH_RULE}` },
  IS_DIRECTORY: { code: "IS_DIRECTORY", message: "Path 'src/a.py' is a directory. Use LS to explore it." },
  NOT_REGULAR_FILE: { code: "ACCESS_DENIED", message: "Access denied. Path 'src/a.py' is not a regular file (it is a character device)." },
  TOO_LARGE: {
    code: "EXECUTION_ERROR",
    message: "File 'src/a.py': the lines requested (up to 20 from line 7) hold more than 67108864 bytes, the most one read may return. Use a smaller limit.",
  },
  BINARY: { code: "BINARY_FILE", message: "File 'src/a.py' appears to be binary." },
  INVALID_UTF8: { code: "INTERNAL_ERROR", message: "File 'src/a.py' could not be read (INVALID_UTF8)." },
  SCAN_LIMIT: { code: "INTERNAL_ERROR", message: "File 'src/a.py' could not be read (SCAN_LIMIT)." },
  PERMISSION_DENIED: { code: "PERMISSION_DENIED", message: "Permission denied. The operating system refused access to 'src/a.py'." },
  CHANGED_DURING_READ: { code: "CONFLICT", message: "File 'src/a.py' changed while it was being opened. Retry the read." },
  TOO_MANY_OPEN_FILES: { code: "INTERNAL_ERROR", message: "File 'src/a.py' cannot be opened now: too many open files. Retry later." },
  IO_ERROR: { code: "INTERNAL_ERROR", message: "File 'src/a.py' could not be read (EIO)." },
};

describe("core failure -> spec 001 error", () => {
  test("ENV-3.3: core TOO_LARGE for the file size maps to EXECUTION_ERROR naming the size, the limit and the option", () => {
    const failure = coreFailure({ code: "TOO_LARGE", ...at, cause: "size", size: 34359738368, limit: 4294967296 });
    expect(mapFailure(failure, request)).toEqual({
      code: "EXECUTION_ERROR",
      message:
        "File 'src/a.py' is 34359738368 bytes, over the 4294967296 bytes this tool reads (every read counts all of its lines for stats.total_lines). Raise max_file_bytes in the [envelope] table of your own config (--config FILE) to read it.",
    });
    const grew = coreFailure({ code: "TOO_LARGE", ...at, cause: "grew", limit: 4096 });
    expect(mapFailure(grew, request).message).toBe(
      "File 'src/a.py' grew while it was read, over the 4096 bytes this tool reads (every read counts all of its lines for stats.total_lines). Raise max_file_bytes in the [envelope] table of your own config (--config FILE) to read it.",
    );
  });

  for (const code of CORE_FAILURE_CODES) {
    test(`ENV-3.3: core ${code} maps to ${EXPECTED[code].code} with its message, quoting the path as the caller gave it`, () => {
      const mapped = mapFailure(FAILURES[code], request);
      expect(mapped).toEqual(EXPECTED[code]);
      expect(ENVELOPE_ERROR_CODES).toContain(mapped.code);
      expect(mapped.message).not.toContain("/abs/");
    });
  }

  test("ENV-4-access-denied: every kind of special file is named", () => {
    const kinds = { fifo: "a FIFO", socket: "a socket", "block-device": "a block device", unknown: "a special file" } as const;
    for (const [kind, shown] of Object.entries(kinds)) {
      expect(mapFailure(coreFailure({ code: "NOT_REGULAR_FILE", message: "x", path: "p", kind: kind as keyof typeof kinds }), request).message).toBe(
        `Access denied. Path 'src/a.py' is not a regular file (it is ${shown}).`,
      );
    }
  });
});
