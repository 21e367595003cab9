import { isUtf8 } from "node:buffer";
import fs from "node:fs";
import {
  checkSize,
  closeFile,
  coreFailure,
  decodeUtf8,
  fail,
  jsonBytesOf,
  MAX_JSON_BYTES_PER_BYTE,
  fromOsError,
  hardLinkFailureSteps,
  ok,
  openFileWhenFreeSteps,
  quoteText,
  readHeadSteps,
  redactTextSteps,
  settleSteps,
  type FileKind,
  type ResolvedPath,
  type Result,
  type SecretScanner,
  type SensitiveRule,
  type Steps,
} from "@read/core";

/** The text of a file and how many bytes it held. */
export interface TextFile {
  readonly content: string;
  readonly bytesRead: number;
}

/**
 * Reads a whole file as text, after the guard (and, for a pending path, the person) allowed it: `stat`s
 * the checked canonical path first (spec 003 §5: "os.Stat before read"), so a directory, FIFO, socket or
 * device is refused as what it is without being opened (opening `/dev/tty` or a tape has effects of its
 * own); then opens exactly that path (regular files only), refuses it when `fstat` says it is over
 * `limit` bytes, reads at most `limit` bytes plus one (a file that grew is refused too), and accepts
 * only valid UTF-8 without any NUL byte. Failures use core's codes (`BINARY`, `INVALID_UTF8`, ...). The
 * open and the read are one run of steps: a file read synchronously is closed before the promise is returned.
 */
export function readTextFile(target: ResolvedPath, options: TextFileOptions): Promise<Result<TextFile>> {
  return settleSteps(readTextFileSteps(target, options));
}

/** How {@link readTextFile} reads. */
export interface TextFileOptions {
  /** The person allowed a path outside the root. */
  readonly allowOutside: boolean;
  /** The most bytes read: a larger file is `TOO_LARGE`. */
  readonly limit: number;
  /**
   * The most bytes the content may take as a JSON string, escapes counted: a file over it is `TOO_LARGE`
   * (`cause: "window"`, with this `limit`), refused from its size alone when its bytes are more.
   */
  readonly maxAnswerBytes: number;
  /** Aborts the wait for a descriptor and every read: the promise rejects with its reason. */
  readonly signal?: AbortSignal | undefined;
  /** The secrets policy, when on: a hard link to a name its rules refuse is refused (`SENSITIVE`), looked for from `root`. */
  readonly sensitive?: { readonly rules: readonly SensitiveRule[]; readonly root: string } | undefined;
  /** The secrets policy's content check, when on: the secrets it finds in the text are redacted. */
  readonly redact?: SecretScanner | undefined;
}

function* readTextFileSteps(target: ResolvedPath, options: TextFileOptions): Steps<Result<TextFile>> {
  const kind = kindOf(target);
  if (!kind.ok) return kind;
  if (kind.value === "directory") return fail(coreFailure({ code: "IS_DIRECTORY", message: `The path ${quoteText(target.input)} is a directory.`, path: target.input, resolved: target.absolute }));
  if (kind.value !== "file") {
    const message = `The path ${quoteText(target.input)} is a ${kind.value.replace("-", " ")}.`;
    return fail(coreFailure({ code: "NOT_REGULAR_FILE", message, path: target.input, kind: kind.value }));
  }
  const opened = yield* openFileWhenFreeSteps(target, { allowOutside: options.allowOutside, signal: options.signal });
  if (!opened.ok) return opened;
  const file = opened.value;
  try {
    if (options.sensitive !== undefined) {
      const linked = yield* hardLinkFailureSteps(file, options.sensitive.rules, options.sensitive.root);
      if (linked !== undefined) return fail(linked);
    }
    const size = checkSize(file, options.limit);
    if (!size.ok) return size;
    const overAnswer = () => fail(coreFailure({ code: "TOO_LARGE", cause: "window", message: `The file ${quoteText(target.input)} takes more than ${options.maxAnswerBytes} bytes as JSON.`, path: target.input, limit: options.maxAnswerBytes }));
    // A byte takes at least one byte of JSON.
    if (file.stat.size > options.maxAnswerBytes) return overAnswer();
    const head = yield* readHeadSteps(file, options.limit);
    if (!head.ok) return head;
    if (head.value.truncated) {
      return fail(
        coreFailure({
          code: "TOO_LARGE",
          cause: "grew",
          message: `The file ${quoteText(target.input)} grew past ${options.limit} bytes while it was read.`,
          path: target.input,
          limit: options.limit,
        }),
      );
    }
    const bytes = head.value.bytes;
    const nul = bytes.indexOf(0);
    if (nul !== -1) {
      return fail(coreFailure({ code: "BINARY", message: `The file ${quoteText(target.input)} contains a NUL byte.`, path: target.input, resolved: target.absolute, sniffBytes: null, offset: nul }));
    }
    if (!isUtf8(bytes)) return fail(coreFailure({ code: "INVALID_UTF8", message: `The file ${quoteText(target.input)} is not valid UTF-8.`, path: target.input }));
    // Only a file that could pass the bound once escaped is counted.
    if (bytes.length * MAX_JSON_BYTES_PER_BYTE > options.maxAnswerBytes && jsonBytesOf(bytes) > options.maxAnswerBytes) return overAnswer();
    const content = decodeUtf8(bytes, { valid: true });
    return ok({ content: options.redact === undefined ? content : yield* redactTextSteps(content, options.redact, target.absolute, bytes), bytesRead: bytes.length });
  } finally {
    closeFile(file);
  }
}

function kindOf(target: ResolvedPath): Result<FileKind> {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target.absolute);
  } catch (error) {
    return fail(fromOsError(error, target.input, `The path ${quoteText(target.input)}`));
  }
  if (stat.isFile()) return ok("file");
  if (stat.isDirectory()) return ok("directory");
  if (stat.isFIFO()) return ok("fifo");
  if (stat.isSocket()) return ok("socket");
  if (stat.isCharacterDevice()) return ok("character-device");
  return ok(stat.isBlockDevice() ? "block-device" : "unknown");
}
