import fs from "node:fs";
import path from "node:path";
import ignore, { type Ignore } from "ignore";
import { closeFile, errorCode, openFile, readHead, type Workspace } from "@read/core";

/** The gitignore rule that excludes a path. */
export interface GitignoreRule {
  /** The line as written in its file. */
  readonly pattern: string;
  /** The root-relative POSIX path of the file that holds it (`.gitignore`, `src/.gitignore`, `.git/info/exclude`). */
  readonly source: string;
}

/** Rule files larger than this are refused (a denial), never read in part. */
const MAX_RULES_FILE_BYTES = 4 * 1024 * 1024;

/**
 * Whether git would ignore `relative` (a clean root-relative POSIX path, never `.`, `./x` or `../x`),
 * and by which rule. Rules come from `.git/info/exclude` (when the root holds a `.git` directory), the
 * root's `.gitignore` and the `.gitignore` of every directory on the way down, deeper files winning, as
 * in git; nothing under an excluded directory can be re-included. Like git, a `.gitignore` that is a
 * symlink is not read, nor one in a directory reached through a symlink. Files above the root are not
 * consulted. Any failure to read a rule file throws: the caller turns it into a denial.
 */
export function findGitignoreRule(workspace: Workspace, relative: string): GitignoreRule | undefined {
  const matcher = ignore();
  const origins = new Map<string, string>();
  const add = (source: string, scope: string): void => {
    const text = readRulesFile(workspace, source);
    if (text === undefined) return;
    text.split(/\r?\n/u).forEach((line, index) => {
      const pattern = scope === "" ? line : scopePattern(line, scope);
      if (pattern === undefined) return;
      const mark = `${source}:${index + 1}`;
      origins.set(mark, line);
      matcher.add({ pattern, mark });
    });
  };
  if (isRealDirectory(workspace.root, ".git")) add(".git/info/exclude", "");
  add(".gitignore", "");
  const names = relative.split("/");
  for (let depth = 1; depth < names.length; depth++) {
    const directory = names.slice(0, depth).join("/");
    if (!isRealDirectory(workspace.root, directory)) break;
    add(`${directory}/.gitignore`, directory);
  }
  return ruleOf(matcher, relative, origins);
}

function ruleOf(matcher: Ignore, relative: string, origins: ReadonlyMap<string, string>): GitignoreRule | undefined {
  const result = matcher.test(relative);
  if (!result.ignored) return undefined;
  const mark = result.rule?.mark ?? "";
  return { pattern: origins.get(mark) ?? result.rule?.pattern ?? "", source: mark.replace(/:\d+$/u, "") };
}

/**
 * Rewrites a line of `<scope>/.gitignore` as a rule of the root's: a pattern with a slash at the start
 * or in the middle is anchored to `scope`; one without matches at any depth below it.
 */
function scopePattern(line: string, scope: string): string | undefined {
  if (line.trim() === "" || line.startsWith("#")) return undefined;
  const negative = line.startsWith("!");
  const body = negative ? line.slice(1) : line;
  // Git drops trailing spaces unless the last one is escaped; only then can a trailing '/' be seen.
  const trimmed = body.replace(/(?<!\\) +$/u, "");
  const anchored = trimmed.startsWith("/") || trimmed.replace(/\/+$/u, "").includes("/");
  const prefix = escapeGlob(scope);
  const scoped = anchored ? `${prefix}/${body.replace(/^\//u, "")}` : `${prefix}/**/${body}`;
  return negative ? `!${scoped}` : scoped;
}

// A directory name is literal inside a pattern: glob characters are escaped, and so is a leading '#' or
// '!' that would turn the line into a comment or a negation.
function escapeGlob(directory: string): string {
  return directory.replace(/[\\*?[\]]/gu, (char) => `\\${char}`).replace(/^[#!]/u, (char) => `\\${char}`);
}

function isRealDirectory(root: string, relative: string): boolean {
  try {
    return fs.lstatSync(path.join(root, ...relative.split("/"))).isDirectory();
  } catch (error) {
    if (isAbsent(error)) return false;
    throw error;
  }
}

// The text of a rule file, or undefined when there is none (absent, or a symlink git would not follow).
function readRulesFile(workspace: Workspace, relative: string): string | undefined {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(path.join(workspace.root, ...relative.split("/")));
  } catch (error) {
    if (isAbsent(error)) return undefined;
    throw error;
  }
  if (stat.isSymbolicLink()) return undefined;
  const resolved = workspace.resolve(relative);
  if (!resolved.ok) throw new Error(`${relative} could not be resolved: ${resolved.failure.message}`);
  const opened = openFile(resolved.value);
  if (!opened.ok) throw new Error(`${relative} could not be opened: ${opened.failure.message}`);
  try {
    const head = readHead(opened.value, MAX_RULES_FILE_BYTES);
    if (!head.ok) throw new Error(`${relative} could not be read: ${head.failure.message}`);
    if (head.value.truncated) throw new Error(`${relative} is larger than ${MAX_RULES_FILE_BYTES} bytes`);
    return head.value.bytes.toString("utf8");
  } finally {
    closeFile(opened.value);
  }
}

function isAbsent(error: unknown): boolean {
  const code = errorCode(error);
  return code === "ENOENT" || code === "ENOTDIR";
}
