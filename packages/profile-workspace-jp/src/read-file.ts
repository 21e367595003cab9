import nodePath from "node:path";
import { DEFAULT_MAX_ANSWER_BYTES, coreFailure, quoteText, readTextWindow, relativeInside, type ResolveOptions, type ResolvedPath, type SecretScanner, type SensitiveRule, type Workspace } from "@read/core";
import { BINARY_SNIFF_BYTES } from "./binary-sniff-bytes.js";
import { buildPage } from "./build-page.js";
import { mapFailure } from "./map-failure.js";
import type { ReadFileErrorOutput, ReadFileResult } from "./output.js";
import { parseInput } from "./parse-input.js";
import { SIZE_LIMIT_BYTES } from "./size-limit-bytes.js";

/**
 * How a path is resolved: its spelling cleaned first (`f.txt/` and `missing/../f.txt` name `f.txt`, as
 * the reference's `path.resolve` reads them), then resolved by the kernel and checked for containment on
 * that result; a symlink as the last component is refused, wherever it points (the reference checks the
 * entry with `lstat`).
 */
const RESOLVE: ResolveOptions = { spelling: "lexical", finalSymlink: "refuse" };

/**
 * One `read_file` call (spec 002) on the arguments exactly as the model sent them: `path` is checked,
 * then the sandbox decides (§7: an outside path is refused before any other argument is judged), then
 * the §5 flow runs in its fixed order: `lstat` the entry, its kind (regular files only), its size (at
 * most {@link SIZE_LIMIT_BYTES}), NUL in the first {@link BINARY_SNIFF_BYTES} bytes, then the text is
 * read and `meta` built from the opened descriptor (`byte_length`: the bytes read to the end of the
 * file; `mtime_ms` with its fraction).
 */
export async function readFile(
  workspace: Workspace,
  input: unknown,
  guards: { readonly signal?: AbortSignal | undefined; readonly sensitive?: readonly SensitiveRule[]; readonly redact?: SecretScanner | undefined } = {},
): Promise<ReadFileResult> {
  const parsed = parseInput(input);
  if (!parsed.ok) return parsed.path === undefined ? parsed.error : (refusedOutside(workspace, parsed.path) ?? parsed.error);
  const { path, start_line: startLine, max_lines: maxLines } = parsed.value;
  const read = await readTextWindow(workspace, path, {
    // Any start past 2^53 is past the end of a file of at most 1 MiB, as is the largest safe integer.
    window: { from: "start", startLine: Math.min(startLine, Number.MAX_SAFE_INTEGER), maxLines },
    countTotal: true,
    decode: "replace",
    sniffBytes: BINARY_SNIFF_BYTES,
    maxFileBytes: SIZE_LIMIT_BYTES,
    maxAnswerBytes: DEFAULT_MAX_ANSWER_BYTES,
    resolve: RESOLVE,
    statFirst: true,
    ...guards,
  });
  if (!read.ok) return mapFailure(read.failure);
  const { stat, window } = read.value;
  const page = buildPage(window, startLine, maxLines, DEFAULT_MAX_ANSWER_BYTES);
  return {
    path: reportedPath(workspace, path, read.value.path),
    content: page.content,
    truncated: page.truncated,
    next_start_line: page.nextStartLine,
    meta: {
      byte_length: window.bytesScanned,
      line_count: page.lineCount,
      returned_line_count: page.returned,
      mtime_ms: stat.mtimeMsExact,
    },
  };
}

// The sandbox's answer for a path whose other arguments are wrong: an outside path is refused as such.
function refusedOutside(workspace: Workspace, path: string): ReadFileErrorOutput | undefined {
  const resolved = workspace.resolve(path, RESOLVE);
  if (resolved.ok && !resolved.value.inside) {
    return mapFailure(coreFailure({ code: "OUTSIDE_ROOT", message: `The path ${quoteText(path)} resolves outside the workspace root.`, path, resolved: resolved.value.absolute }));
  }
  return !resolved.ok && resolved.failure.code === "OUTSIDE_ROOT" ? mapFailure(resolved.failure) : undefined;
}

// The path as the reference reports it: the cleaned spelling relative to the root (`linkdir/main.ts`
// through a symlinked directory), or, for an absolute path spelt through another name of the root,
// where it resolved.
function reportedPath(workspace: Workspace, path: string, resolved: ResolvedPath): string {
  // A path spelt exactly as its resolution (clean, relative, no symlink on the way) is its own answer.
  if (path === resolved.relative) return path;
  return relativeInside(workspace.root, nodePath.resolve(workspace.root, path)) ?? resolved.relative;
}
