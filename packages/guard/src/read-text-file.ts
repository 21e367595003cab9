import { isUtf8 } from "node:buffer";
import { checkSize, closeFile, coreFailure, decodeUtf8, fail, ok, openFileWhenFree, quoteText, readHead, type ResolvedPath, type Result } from "@read/core";

/** The text of a file and how many bytes it held. */
export interface TextFile {
  readonly content: string;
  readonly bytesRead: number;
}

/**
 * Reads a whole file as text, after the guard (and, for a pending path, the person) allowed it: opens
 * exactly the checked canonical path (regular files only), refuses it when `fstat` says it is over
 * `limit` bytes, reads at most `limit` bytes plus one (a file that grew is refused too), and accepts
 * only valid UTF-8 without any NUL byte. Failures use core's codes (`BINARY`, `INVALID_UTF8`, ...).
 */
export async function readTextFile(target: ResolvedPath, options: { readonly allowOutside: boolean; readonly limit: number; readonly signal?: AbortSignal | undefined }): Promise<Result<TextFile>> {
  const opened = await openFileWhenFree(target, { allowOutside: options.allowOutside, signal: options.signal });
  if (!opened.ok) return opened;
  const file = opened.value;
  try {
    const size = checkSize(file, options.limit);
    if (!size.ok) return size;
    const head = await readHead(file, options.limit);
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
      return fail(coreFailure({ code: "BINARY", message: `The file ${quoteText(target.input)} contains a NUL byte.`, path: target.input, sniffBytes: null, offset: nul }));
    }
    if (!isUtf8(bytes)) return fail(coreFailure({ code: "INVALID_UTF8", message: `The file ${quoteText(target.input)} is not valid UTF-8.`, path: target.input }));
    return ok({ content: decodeUtf8(bytes, { valid: true }), bytesRead: bytes.length });
  } finally {
    closeFile(file);
  }
}
