import fs from "node:fs";
import path from "node:path";
import ignore, { type Ignore } from "ignore";
import { closeFile, errorCode, openFile, readHeadSync, type Workspace } from "@read/core";

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
 * consulted. Unlike git on Linux, names and patterns are compared after NFC normalisation, so an NFD
 * spelling of an ignored name is ignored too. Any failure to read a rule file throws: the caller turns it into a denial.
 */
export function findGitignoreRule(workspace: Workspace, relative: string): GitignoreRule | undefined {
  const sources: RulesSource[] = [];
  if (isRealDirectory(workspace.root, ".git")) sources.push(rulesSource(workspace, ".git/info/exclude", ""));
  sources.push(rulesSource(workspace, ".gitignore", ""));
  const names = relative.split("/");
  for (let depth = 1; depth < names.length; depth++) {
    const directory = names.slice(0, depth).join("/");
    if (!isRealDirectory(workspace.root, directory)) break;
    sources.push(rulesSource(workspace, `${directory}/.gitignore`, directory));
  }
  const key = `${workspace.root}\0${sources.map((source) => `${source.source}\0${source.stamp}`).join("\0")}`;
  let compiled = matchers.get(key);
  if (compiled === undefined) {
    const fresh = compile(workspace, sources);
    if (!fresh.cacheable) return ruleOf(fresh.matcher, relative, fresh.origins);
    compiled = fresh;
    if (matchers.size >= CACHED_MATCHERS) {
      const oldest = matchers.keys().next().value;
      if (oldest !== undefined) matchers.delete(oldest);
    }
  } else {
    matchers.delete(key);
  }
  matchers.set(key, compiled);
  return ruleOf(compiled.matcher, relative, compiled.origins);
}

/** How many compiled rule sets are kept, least recently used dropped first. */
const CACHED_MATCHERS = 64;

interface RulesSource {
  readonly source: string;
  readonly scope: string;
  /** The rule file's identity now: absent, or its lstat (device, inode, size, mtime, ctime). */
  readonly stamp: string;
  /** Its lstat when it is a file to read (neither absent nor a symlink). */
  readonly stat?: fs.Stats;
}

interface CompiledRules {
  readonly matcher: Ignore;
  readonly origins: ReadonlyMap<string, string>;
}

// Rule sets compiled from the rule files whose stamps make up the key: a file that changed since has a
// new stamp (its ctime moves on any write, whatever its mtime says), so a stale set is never served.
const matchers = new Map<string, CompiledRules>();

function rulesSource(workspace: Workspace, source: string, scope: string): RulesSource {
  let stat: fs.Stats | undefined;
  try {
    // Most rule files are absent: without an exception for that, each check costs a syscall, no more.
    stat = fs.lstatSync(path.join(workspace.root, ...source.split("/")), { throwIfNoEntry: false });
  } catch (error) {
    if (isAbsent(error)) return { source, scope, stamp: "absent" };
    throw error;
  }
  if (stat === undefined) return { source, scope, stamp: "absent" };
  if (stat.isSymbolicLink()) return { source, scope, stamp: "symlink" };
  return { source, scope, stamp: `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`, stat };
}

// Not cacheable when a rule file was replaced between its lstat and its read: its stamp is not its text's.
function compile(workspace: Workspace, sources: readonly RulesSource[]): CompiledRules & { readonly cacheable: boolean } {
  const matcher = ignore();
  const origins = new Map<string, string>();
  let cacheable = true;
  for (const { source, scope, stat } of sources) {
    if (stat === undefined) continue;
    const { text, asStamped } = readRulesFile(workspace, source, stat);
    cacheable &&= asStamped;
    text.split(/\r?\n/u).forEach((line, index) => {
      const pattern = scope === "" ? line : scopePattern(line, scope);
      if (pattern === undefined) return;
      const mark = `${source}:${index + 1}`;
      origins.set(mark, line);
      // Names and patterns are compared in NFC: an NFD spelling of an ignored name (as macOS file systems
      // write it) is the same name to a person and must not slip past the rule.
      matcher.add({ pattern: pattern.normalize("NFC"), mark });
    });
  }
  return { matcher, origins, cacheable };
}

function ruleOf(matcher: Ignore, relative: string, origins: ReadonlyMap<string, string>): GitignoreRule | undefined {
  const result = matcher.test(relative.normalize("NFC"));
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
    return fs.lstatSync(path.join(root, ...relative.split("/")), { throwIfNoEntry: false })?.isDirectory() ?? false;
  } catch (error) {
    if (isAbsent(error)) return false;
    throw error;
  }
}

// The text of a rule file, and whether the opened file is still the one `lstat` saw.
function readRulesFile(workspace: Workspace, relative: string, lstat: fs.Stats): { text: string; asStamped: boolean } {
  const resolved = workspace.resolve(relative);
  if (!resolved.ok) throw new Error(`${relative} could not be resolved: ${resolved.failure.message}`);
  const opened = openFile(resolved.value);
  if (!opened.ok) throw new Error(`${relative} could not be opened: ${opened.failure.message}`);
  try {
    const { dev, ino, size, ctimeMs } = opened.value.stat;
    const asStamped = dev === lstat.dev && ino === lstat.ino && size === lstat.size && ctimeMs === lstat.ctimeMs;
    const head = readHeadSync(opened.value, MAX_RULES_FILE_BYTES);
    if (!head.ok) throw new Error(`${relative} could not be read: ${head.failure.message}`);
    if (head.value.truncated) throw new Error(`${relative} is larger than ${MAX_RULES_FILE_BYTES} bytes`);
    return { text: head.value.bytes.toString("utf8"), asStamped };
  } finally {
    closeFile(opened.value);
  }
}

function isAbsent(error: unknown): boolean {
  const code = errorCode(error);
  return code === "ENOENT" || code === "ENOTDIR";
}
