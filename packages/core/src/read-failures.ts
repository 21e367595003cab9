import { coreFailure, type CoreFailure } from "./core-failure.js";
import { quoteText } from "./escape-text.js";
import type { OpenFile } from "./open-file.js";

/** The requested lines lie beyond the scan budget `limit`; `subject` starts the sentence. */
export function scanLimitFailure(file: OpenFile, limit: number, subject: string, startLine: number): CoreFailure {
  return coreFailure({
    code: "SCAN_LIMIT",
    message: `${subject} beyond the first ${limit} bytes, the most one read may scan.`,
    path: file.path.input,
    maxScanBytes: limit,
    startLine,
  });
}

/** The file grew past `limit` bytes while it was read. */
export function grewFailure(file: OpenFile, limit: number): CoreFailure {
  return coreFailure({
    code: "TOO_LARGE",
    cause: "grew",
    message: `The file ${quoteText(file.path.input)} grew past the limit of ${limit} bytes while it was read.`,
    path: file.path.input,
    limit,
  });
}

/** The file shrank under the read. */
export function shrankFailure(file: OpenFile): CoreFailure {
  return coreFailure({
    code: "CHANGED_DURING_READ",
    message: `The file ${quoteText(file.path.input)} shrank while it was read. Retry the read.`,
    path: file.path.input,
    reason: "shrank",
  });
}

/** The requested lines hold more than `limit` bytes. */
export function windowFailure(file: OpenFile, limit: number): CoreFailure {
  return coreFailure({
    code: "TOO_LARGE",
    cause: "window",
    message: `The requested lines of ${quoteText(file.path.input)} hold more than ${limit} bytes; request fewer lines.`,
    path: file.path.input,
    limit,
  });
}
