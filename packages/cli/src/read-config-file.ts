import path from "node:path";
import { createWorkspace, escapeText, readHead, withOpenFile } from "@read/core";
import { UsageError } from "./usage-error.js";

/** The largest config file read: a bigger one is an error, never read whole. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

/** Where a config file comes from, which decides how it may be read. */
export type ConfigSource =
  /** The workspace's own `read.config.toml`: read only inside the root (a link out of it is refused). */
  | "workspace"
  /** A file the user named or keeps (`--config`, `$READ_TOOL_CONFIG`, the user config): may be a link anywhere. */
  | "user";

/**
 * Reads a config file as carefully as the tool reads the files it serves: through core's open (a regular
 * file only, opened with `O_NONBLOCK | O_NOFOLLOW` on the resolved path, so a FIFO or a device never
 * blocks), at most {@link MAX_CONFIG_BYTES}, and, for the workspace's file, only when it resolves inside
 * the root and has no other name: a `read.config.toml` that links out of the workspace, or is a hard link
 * (to a file that may lie anywhere), is refused unread, so no error can echo what a file outside the root
 * says. Resolves to `undefined` when the file does not exist.
 *
 * @throws UsageError naming the file and what is wrong with it.
 */
export async function readConfigFile(file: string, source: ConfigSource): Promise<string | undefined> {
  // The file's directory is the root its name is resolved in: the workspace root for the workspace's file.
  const opened = createWorkspace(path.dirname(file));
  if (!opened.ok) return undefined;
  const where = escapeText(file);
  const result = await withOpenFile(opened.value, path.basename(file), { allowOutside: source === "user" }, (handle) => {
    // A hard link is the file it links to, wherever that lies: nothing on the path tells, so the workspace's
    // file is read only when it has no other name.
    if (source === "workspace" && handle.stat.nlink > 1) throw new UsageError(`config file ${where} has other names (a hard link); the workspace's own config is read only when it has none (it was not read)`);
    return readHead(handle, MAX_CONFIG_BYTES);
  });
  if (result.ok) {
    if (result.value.truncated) throw new UsageError(`config file ${where} is over ${MAX_CONFIG_BYTES} bytes; a config file is a few lines of TOML (it was not read)`);
    return result.value.bytes.toString("utf8");
  }
  switch (result.failure.code) {
    case "NOT_FOUND":
      return undefined;
    case "OUTSIDE_ROOT":
      throw new UsageError(`config file ${where} links outside the workspace root; the workspace's own config is read only inside the root (it was not read)`);
    case "NOT_REGULAR_FILE":
      throw new UsageError(`config file ${where} is not a regular file (a ${result.failure.kind.replace("-", " ")}); it was not read`);
    case "IS_DIRECTORY":
      throw new UsageError(`config file ${where} is a directory, not a file`);
    default:
      throw new UsageError(`cannot read config file ${where}: ${escapeText(result.failure.message)}`);
  }
}
