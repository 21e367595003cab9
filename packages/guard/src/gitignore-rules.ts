import fs from "node:fs";
import path from "node:path";
import { closeFile, errorCode, openFile, readHeadSync, relativeInside } from "@read/core";
import { parseGitignoreLine, type GitignorePattern } from "./gitignore-pattern.js";
import { GitignoreSubject } from "./gitignore-subject.js";

/** The gitignore rule that excludes a path. */
export interface GitignoreRule {
  /** The line as written in its file. */
  readonly pattern: string;
  /** The file that holds it, relative to the repository root (`.gitignore`, `src/.gitignore`, `.git/info/exclude`). */
  readonly source: string;
}

/** The ignore rules of the repository that holds a root. */
export interface GitignoreRules {
  /** Where rules are read from: the repository root (the nearest directory at or above the root holding `.git`), else the root. */
  readonly base: string;
  /**
   * The rule by which git ignores `absolute` (a canonical or lexically clean absolute path), or
   * `undefined` when git keeps it or it lies outside {@link base}. Throws when a rule file cannot be read:
   * the caller turns that into a denial. `canonical` says that `absolute` is what `realpath` just gave:
   * every directory on it is then a real one, and is not `lstat`ed again to find out.
   */
  find(absolute: string, canonical?: boolean): GitignoreRule | undefined;
}

/**
 * The rule files of one decision may hold this many bytes together; more is refused (a denial), never
 * read in part. A decision costs the rules' length times the path's: the bound keeps a hostile
 * workspace's rules (a file per directory, each full of `*a`) from holding a call for seconds.
 */
const MAX_RULES_BYTES = 256 * 1024;

/** How many compiled rule sets are kept, least recently used dropped first. */
const CACHED_MATCHERS = 64;


/**
 * The ignore rules that apply to paths under the canonical `root`, as `git check-ignore` reads them: the
 * repository's `info/exclude` (through a `.git` directory, or the `gitdir:` of a `.git` file, a worktree's
 * common directory included), the repository root's `.gitignore` and the `.gitignore` of every directory
 * on the way down to the path, also above the root when the root is a subfolder of the repository; deeper
 * files win, and nothing under an excluded directory can be re-included. Without a repository the same
 * files are read from the root down. Like git, a `.gitignore` that is a symlink is not read, nor one in a
 * directory reached through a symlink; `core.excludesFile` and global excludes are not consulted.
 *
 * A path is ignored when the exact comparison ignores it (git's own: case-sensitive, names as bytes) or
 * the folded one does (case-insensitive and NFC, git's `core.ignorecase` and `core.precomposeUnicode`):
 * deny beats allow, so a `!` rule re-includes a path only when it matches in both readings, and a
 * differently spelt name of an ignored file never slips through.
 */
export function gitignoreRules(root: string): GitignoreRules {
  const repository = findRepository(root);
  const base = repository?.root ?? root;
  const exclude = repository?.exclude;
  return {
    base,
    find(absolute, canonical = false) {
      const relative = relativeInside(base, absolute);
      if (relative === undefined || relative === ".") return undefined;
      const sources: RulesSource[] = [];
      if (exclude !== undefined) sources.push(rulesSource(exclude, ".git/info/exclude", ""));
      sources.push(rulesSource(path.join(base, ".gitignore"), ".gitignore", ""));
      const names = relative.split("/");
      for (let depth = 1; depth < names.length; depth++) {
        const directory = names.slice(0, depth).join("/");
        if (!canonical && !isRealDirectory(path.join(base, ...names.slice(0, depth)))) break;
        sources.push(rulesSource(path.join(base, ...names.slice(0, depth), ".gitignore"), `${directory}/.gitignore`, directory));
      }
      const rules = compiledRules(base, sources);
      return ruleOf(rules, new GitignoreSubject(relative, false), "exact") ?? ruleOf(rules, new GitignoreSubject(relative.normalize("NFC"), true), "folded");
    },
  };
}

interface Repository {
  readonly root: string;
  /** The absolute path of the repository's `info/exclude`, when its git directory could be found. */
  readonly exclude: string | undefined;
}

// The nearest directory at or above `root` holding a `.git` entry, as git discovers a repository. A
// directory that cannot be inspected ends the search, as it ends git's.
function findRepository(root: string): Repository | undefined {
  for (let directory = root; ; directory = path.dirname(directory)) {
    let stat: fs.Stats | undefined;
    try {
      stat = fs.lstatSync(path.join(directory, ".git"), { throwIfNoEntry: false });
    } catch {
      return undefined;
    }
    if (stat?.isDirectory() === true) return { root: directory, exclude: path.join(directory, ".git", "info", "exclude") };
    if (stat?.isFile() === true) return { root: directory, exclude: excludeOfGitFile(directory) };
    if (directory === path.dirname(directory)) return undefined;
  }
}

// A `.git` file (a worktree, a submodule) says `gitdir: <dir>`; a worktree's `commondir` names the
// directory that holds `info/exclude`.
function excludeOfGitFile(directory: string): string | undefined {
  const pointer = /^gitdir: (.+)$/mu.exec(readSmallFile(path.join(directory, ".git")) ?? "")?.[1]?.trim();
  if (pointer === undefined) return undefined;
  const gitDir = path.resolve(directory, pointer);
  const common = readSmallFile(path.join(gitDir, "commondir"))?.trim();
  return path.join(common === undefined || common === "" ? gitDir : path.resolve(gitDir, common), "info", "exclude");
}

function readSmallFile(file: string): string | undefined {
  try {
    return readRulesFile(file).text;
  } catch {
    return undefined;
  }
}

interface RulesSource {
  readonly file: string;
  readonly source: string;
  readonly scope: string;
  /** The rule file's identity now: absent, a symlink, or its lstat (device, inode, size, ctime: any write moves the ctime). */
  readonly stamp: string;
  /** Whether there is a file to read (neither absent nor a symlink). */
  readonly present: boolean;
}

/** A line of a rule file, compiled for both readings. */
interface CompiledRule {
  /** The pattern as written, compared case-sensitively. */
  readonly exact: GitignorePattern;
  /** The pattern in NFC, compared case-insensitively. */
  readonly folded: GitignorePattern;
  /** The directory of the rule file, relative to the base (`""` at the base), as written and in NFC. */
  readonly scope: { readonly exact: string; readonly folded: string };
  readonly rule: GitignoreRule;
}

/** Every rule in git's order of precedence, lowest first: `info/exclude`, then each `.gitignore` from the base down, lines in order. */
type CompiledRules = readonly CompiledRule[];

// Rule sets compiled from the rule files whose stamps make up the key: a file that changed since has a
// new stamp (its ctime moves on any write, whatever its mtime says), so a stale set is never served.
const matchers = new Map<string, CompiledRules>();

function compiledRules(base: string, sources: readonly RulesSource[]): CompiledRules {
  const key = `${base}\0${sources.map((source) => `${source.file}\0${source.stamp}`).join("\0")}`;
  const cached = matchers.get(key);
  if (cached !== undefined) {
    matchers.delete(key);
    matchers.set(key, cached);
    return cached;
  }
  const { rules, asStamped } = compile(sources);
  if (!asStamped) return rules;
  if (matchers.size >= CACHED_MATCHERS) {
    const oldest = matchers.keys().next().value;
    if (oldest !== undefined) matchers.delete(oldest);
  }
  matchers.set(key, rules);
  return rules;
}

function rulesSource(file: string, source: string, scope: string): RulesSource {
  let stat: fs.Stats | undefined;
  try {
    // Most rule files are absent: without an exception for that, each check costs a syscall, no more.
    stat = fs.lstatSync(file, { throwIfNoEntry: false });
  } catch (error) {
    if (isAbsent(error)) return { file, source, scope, stamp: "absent", present: false };
    throw error;
  }
  if (stat === undefined) return { file, source, scope, stamp: "absent", present: false };
  if (stat.isSymbolicLink()) return { file, source, scope, stamp: "symlink", present: false };
  return { file, source, scope, stamp: `${stat.dev}:${stat.ino}:${stat.size}:${stat.ctimeMs}`, present: true };
}

// Not cacheable when a rule file changed between its lstat and its read: its stamp is not its text's.
function compile(sources: readonly RulesSource[]): { rules: CompiledRules; asStamped: boolean } {
  const rules: CompiledRule[] = [];
  let asStamped = true;
  let budget = MAX_RULES_BYTES;
  for (const { file, source, scope, stamp, present } of sources) {
    if (!present) continue;
    let read: { text: string; stamp: string; bytes: number };
    try {
      read = readRulesFile(file, budget);
    } catch (error) {
      throw new Error(`${source} could not be read (${errorCode(error) ?? (error instanceof Error ? error.message : String(error))})`);
    }
    budget -= read.bytes;
    asStamped &&= read.stamp === stamp;
    // Git skips a UTF-8 byte order mark at the start of a rule file.
    for (const line of read.text.replace(/^\uFEFF/u, "").split(/\r?\n/u)) {
      const exact = parseGitignoreLine(line);
      const folded = parseGitignoreLine(line.normalize("NFC"));
      if (exact === undefined || folded === undefined) continue;
      rules.push({ exact, folded, scope: { exact: scope, folded: scope.normalize("NFC") }, rule: { pattern: line, source } });
    }
  }
  return { rules, asStamped };
}

/**
 * The rule that ignores the subject, as git decides: each directory of the path, from the top, is
 * excluded by the last rule (in precedence order) that matches it, unless that rule is a negation, and
 * everything under an excluded directory is ignored by that rule; the path itself likewise, except that
 * directory-only rules never match it (the path is a file to read). Rules are tried from the strongest
 * down, and each name is decided by the first that matches it.
 */
function ruleOf(rules: CompiledRules, subject: GitignoreSubject, reading: "exact" | "folded"): GitignoreRule | undefined {
  const open = subject.nameEnds();
  const winners = new Map<number, CompiledRule>();
  const offsets = new Map<string, number>([["", 0]]);
  for (let index = rules.length - 1; index >= 0 && open.some((word) => word !== 0); index--) {
    const rule = rules[index] as CompiledRule;
    const scope = rule.scope[reading];
    let offset = offsets.get(scope);
    if (offset === undefined) {
      offset = Array.from(scope).length + 1;
      offsets.set(scope, offset);
    }
    for (const end of subject.matchedEnds(rule[reading], offset, open)) winners.set(end, rule);
  }
  const ends = [...winners.keys()].sort((a, b) => a - b);
  for (const end of ends) {
    const winner = winners.get(end) as CompiledRule;
    if (!winner[reading].negative) return winner.rule;
  }
  return undefined;
}

function isRealDirectory(directory: string): boolean {
  try {
    return fs.lstatSync(directory, { throwIfNoEntry: false })?.isDirectory() ?? false;
  } catch (error) {
    if (isAbsent(error)) return false;
    throw error;
  }
}

/**
 * The text of a rule file and the stamp of what was opened, through core's open discipline (never a
 * symlink in the last component, never blocking on a FIFO, regular files only, the descriptor checked to
 * be the path), at most `limit` bytes. The file may lie above the root (a repository's rules), so it is
 * opened as an allowed outside path. Any failure throws: the caller denies.
 */
function readRulesFile(file: string, limit = MAX_RULES_BYTES): { text: string; stamp: string; bytes: number } {
  const opened = openFile({ input: file, absolute: file, relative: file, inside: false }, { allowOutside: true });
  if (!opened.ok) throw new Error(opened.failure.message);
  try {
    const head = readHeadSync(opened.value, limit);
    if (!head.ok) throw new Error(head.failure.message);
    if (head.value.truncated) {
      throw new Error(`the rule files of this path hold more than ${MAX_RULES_BYTES} bytes together; set respect_gitignore = false to read here`);
    }
    const { dev, ino, size, ctimeMs } = opened.value.stat;
    return { text: head.value.bytes.toString("utf8"), stamp: `${dev}:${ino}:${size}:${ctimeMs}`, bytes: head.value.bytes.length };
  } finally {
    closeFile(opened.value);
  }
}

function isAbsent(error: unknown): boolean {
  const code = errorCode(error);
  return code === "ENOENT" || code === "ENOTDIR";
}
