import nodePath from "node:path";
import { createWorkspace, isInside, quoteText, toPosixRelative, type CoreFailure } from "@read/core";
import { isErrorOutput, type ReadFileOutput } from "./output.js";
import { ReadFileError } from "./read-file-error.js";
import { readFile } from "./read-file.js";
import type { ToolContext } from "./tool-context.js";

/** The arguments of `read_file` besides the path (spec 002 §4.1); `null` means the default. */
export interface ReadFileOptions {
  readonly start_line?: number | null;
  readonly max_lines?: number | null;
}

/**
 * `read_file` as agent-tools-ts's `ToolCatalog.read_file.handler`: `(context, path, options?)`, path
 * first (spec 002 §8). Resolves to the output; throws a {@link ReadFileError} (`code`, and a message that
 * starts with it) when the read fails. `createSecureTool` passes it the absolute path it checked; a path
 * given directly is taken relative to `context.workspaceRoot` (never the current directory) and sandboxed
 * all the same. The root is canonicalised at every call, so a context may name a root that does not exist
 * yet; an empty root fails every call (`INTERNAL`), never read as the current directory. Options other than
 * `start_line` and `max_lines` are ignored, and so is a `null` options object.
 */
export async function readFileHandler(context: ToolContext, path: string, options?: ReadFileOptions | null): Promise<ReadFileOutput> {
  const input = { path: fromRoot(path, context.workspaceRoot), start_line: options?.start_line, max_lines: options?.max_lines };
  const workspace = createWorkspace(context.workspaceRoot);
  if (!workspace.ok) throw rootError(workspace.failure, input.path);
  const output = await readFile(workspace.value, input);
  if (isErrorOutput(output)) throw new ReadFileError(output.error.code, output.error.message);
  return output;
}

// An absolute path inside the root as the context spells it becomes relative to it, so that messages
// and the returned path never carry the absolute form; anything else is left for the sandbox to judge.
function fromRoot(path: unknown, workspaceRoot: string): unknown {
  if (typeof path !== "string") return path;
  const spelled = path.replaceAll("\\", "/");
  if (!nodePath.isAbsolute(spelled)) return path;
  const root = nodePath.resolve(workspaceRoot);
  const absolute = nodePath.resolve(spelled);
  return isInside(root, absolute) ? toPosixRelative(root, absolute) : path;
}

// The root is the caller's, not the model's: its failure is named without its absolute path.
function rootError(failure: CoreFailure, path: unknown): ReadFileError {
  const subject = typeof path === "string" && path !== "" ? `Cannot read ${quoteText(path, '"')}` : "Cannot read";
  if (failure.code === "INVALID_INPUT" && failure.reason === "empty") return new ReadFileError("INTERNAL", `${subject}: the workspace root is empty.`);
  if (failure.code !== "NOT_FOUND") return new ReadFileError("INTERNAL", `${subject}: the workspace root cannot be used (${failure.code}).`);
  const why = failure.reason === "root-not-directory" ? "is not a directory" : "does not exist";
  return new ReadFileError("NOT_FOUND", `${subject}: the workspace root ${why}.`);
}
