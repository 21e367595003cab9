import { coreFailure } from "./core-failure.js";
import { quoteText } from "./escape-text.js";
import { withOpenFileSteps, type FileStat, type OpenFile, type OpenOptions } from "./open-file.js";
import { checkSize, sniffBinarySteps } from "./read-bytes.js";
import { readLinesSteps, type LineWindow, type ReadLinesOptions } from "./read-lines.js";
import { fail, ok, type Result } from "./result.js";
import { settleSteps, type Steps } from "./steps.js";
import type { ResolvedPath, Workspace } from "./workspace.js";

/** Options of {@link readTextWindow}: the whole pipeline, each step set by the profile. */
export interface TextWindowOptions extends ReadLinesOptions, OpenOptions {
  /** Bytes from the start of the file sniffed for a NUL byte (`Infinity`: the whole file; 0: no sniff). */
  readonly sniffBytes: number;
}

/** A text window read through the whole pipeline. */
export interface TextWindow {
  readonly path: ResolvedPath;
  readonly stat: FileStat;
  readonly window: LineWindow;
}

/**
 * The pipeline every text profile shares, in a fixed order: validate and resolve the input, open the
 * canonical path (regular files only, inside the root unless allowed), check the size on the descriptor
 * (`maxFileBytes`), sniff for NUL (`BINARY`), then read and decode the window. `signal` aborts it: the
 * promise rejects with the signal's reason and the descriptor is closed.
 */
export function readTextWindow(workspace: Workspace, input: unknown, options: TextWindowOptions): Promise<Result<TextWindow>> {
  return settleSteps(withOpenFileSteps(workspace, input, options, (file) => windowOf(file, options)));
}

function* windowOf(file: OpenFile, options: TextWindowOptions): Steps<Result<TextWindow>> {
  if (options.maxFileBytes !== undefined) {
    const size = checkSize(file, options.maxFileBytes);
    if (!size.ok) return size;
  }
  if (options.sniffBytes > 0) {
    const binary = yield* sniffBinarySteps(file, options.sniffBytes);
    if (!binary.ok) return binary;
    if (binary.value) {
      return fail(
        coreFailure({
          code: "BINARY",
          message: `The file ${quoteText(file.path.input)} appears to be binary (it contains a NUL byte).`,
          path: file.path.input,
          resolved: file.path.absolute,
          sniffBytes: Number.isFinite(options.sniffBytes) ? options.sniffBytes : null,
        }),
      );
    }
  }
  const window = yield* readLinesSteps(file, options);
  if (!window.ok) return window;
  return ok({ path: file.path, stat: file.stat, window: window.value });
}
