import { canonicalGlob, escapeText, normalizeName, quoteText, splitPath, type SensitiveRule } from "@read/core";
import { compileGlob, RECURSIVE_PREFIX } from "./compile-glob.js";

/** The start of the `rule` of a `SENSITIVE` failure that a denied pattern caused; the pattern follows. */
export const DENIED_PATTERN_RULE = "denied-pattern:";

/** Why entry `index` (from 0) of `denied_patterns`, `pattern`, cannot be used: a phrase naming it and its place. */
export function invalidPattern(pattern: string, index: number, problem: string): string {
  return `invalid denied pattern ${quoteText(pattern)} (entry ${index + 1}): ${problem}`;
}

/** The sandbox's deny list as rules, or why a pattern of it cannot be used (a phrase naming the pattern). */
export type DeniedPatterns = { readonly rules: readonly SensitiveRule[] } | { readonly problem: string };

interface Pattern {
  readonly pattern: string;
  readonly allows: boolean;
  readonly absolute: boolean;
  /** The pattern as written and, for an absolute one reached through a symlink, its canonical form. */
  readonly regexes: readonly RegExp[];
}

// A character that makes a path segment a glob rather than a literal name (compileGlob's syntax).
const GLOB_SYNTAX = /[*?[\]{}\\]/u;

/**
 * The sandbox's deny list as rules of core's secrets machinery (so it applies, like the secrets policy,
 * to the path as asked and where it resolves, whether the file exists or not). A pattern starting with
 * `/` is matched against the absolute path, any other against the path relative to the workspace root
 * (a path outside the root has none); `\` in a path is read as `/` first, as forge's sandbox does. A
 * pattern starting with `!` allows what it matches, and the last pattern that matches a path decides:
 * a rule per deny pattern matches when that pattern matches and no later `!` pattern does.
 *
 * Deny beats allow wherever the two read a name differently: a deny pattern matches ignoring case and
 * Unicode spelling (NFC or NFD, trailing dots and spaces, an NTFS `:stream` suffix), an allow pattern only
 * the path's names exactly as they are, so no folding of a name ever re-includes it. An absolute pattern
 * is also matched in its canonical form, its fixed directories (those before its first glob character)
 * resolved by `realpath` now: `/x/link/secrets/**` with `/x/link` a symlink to `/x/real` matches
 * `/x/real/secrets/s.txt`. An invalid glob, or an absolute pattern whose fixed directories cannot be
 * resolved (it could only match a spelling that resolution never produces), is a `problem`.
 */
export function deniedPatternRules(patterns: readonly string[], root: string): DeniedPatterns {
  // A list without absolute patterns touches no file system: its rules are a function of the list and the
  // root, built once. A server that makes a tool per request (`read-tool jsonl`) would otherwise compile
  // the default list again for every call, which took most of such a call's time.
  if (patterns.some(isAbsolute)) return buildRules(patterns, root);
  const key = JSON.stringify([root, patterns]);
  const known = builtRules.get(key);
  if (known !== undefined) return known;
  const built = buildRules(patterns, root);
  if (builtRules.size >= BUILT_RULES_KEPT) builtRules.delete(builtRules.keys().next().value ?? "");
  builtRules.set(key, built);
  return built;
}

// The rules of the lists without absolute patterns seen last, by root and list (oldest dropped first).
const builtRules = new Map<string, DeniedPatterns>();
const BUILT_RULES_KEPT = 16;

function buildRules(patterns: readonly string[], root: string): DeniedPatterns {
  const compiled: Pattern[] = [];
  for (const [index, pattern] of patterns.entries()) {
    const entry = compilePattern(pattern);
    if ("problem" in entry) return { problem: invalidPattern(pattern, index, entry.problem) };
    compiled.push(entry);
  }
  const rootExact = splitPath(root);
  const rootNames = rootExact.map(comparable);
  // Most paths match no deny pattern: one test of all of them at once, per list of names, spares the
  // rest (a regular expression each, for every list core hands the rules).
  const anyDeny = unionOf(compiled.filter((entry) => !entry.allows));
  // A list of names joined as the patterns test it (absolute, and relative to the root: `null` outside
  // it), worked out once for all the patterns that test it: core hands every rule the same list, one rule
  // after the other, so the last list is all that is kept.
  const joinedFor = (rootOf: readonly string[], same: (name: string, rootName: string) => boolean) => {
    let last: { readonly names: readonly string[]; readonly joined: Joined } | undefined;
    return (names: readonly string[]): Joined => {
      if (last?.names === names) return last.joined;
      const inside = names.length > rootOf.length && rootOf.every((name, index) => same(names[index] ?? "", name));
      const absolute = `/${names.join("/")}`.replaceAll("\\", "/");
      const relative = inside ? names.slice(rootOf.length).join("/").replaceAll("\\", "/") : null;
      const joined: Joined = { absolute, relative, denied: anyDeny.absolute.test(absolute) || (relative !== null && anyDeny.relative.test(relative)) };
      last = { names, joined };
      return joined;
    };
  };
  const denyForm = joinedFor(rootNames, (name, rootName) => name === rootName || comparable(name) === rootName);
  const allowForm = joinedFor(rootExact, (name, rootName) => name === rootName);
  const matches = (entry: Pattern, joined: Joined) => {
    const value = entry.absolute ? joined.absolute : joined.relative;
    return value !== null && entry.regexes.some((regex) => regex.test(value));
  };
  const denies = (entry: Pattern, names: readonly string[]) => {
    const joined = denyForm(names);
    return joined.denied && matches(entry, joined);
  };
  const allows = (entry: Pattern, exact: readonly string[]) => matches(entry, allowForm(exact));
  const rules = compiled.flatMap((entry, index) =>
    entry.allows
      ? []
      : [
          {
            id: `${DENIED_PATTERN_RULE}${entry.pattern}`,
            description: `denied pattern ${quoteText(entry.pattern)}`,
            // Compiled expressions over the names alone: an absolute pattern's directories were resolved above.
            pure: true,
            matches: (names: readonly string[], exact: readonly string[]) =>
              denies(entry, names) && !compiled.slice(index + 1).some((later) => later.allows && allows(later, exact)),
          },
        ],
  );
  return { rules };
}

// How the source of a pattern compiled from a glob starting with `**/` starts.
const RECURSIVE_START = new RegExp(`^${RECURSIVE_PREFIX}`, "isu").source;

// One expression matching what any of `entries` matches, for absolute and for relative paths (a
// pattern-free one matches nothing). The patterns that start with `**/` share that start, tried once for
// all of them rather than once per pattern (each try scans the path again); those that go on with `*`
// need no split at a `/` at all (`**/*.pem` matches what `*.pem` does), so they share one leading `.*`.
function unionOf(entries: readonly Pattern[]): { readonly absolute: RegExp; readonly relative: RegExp } {
  const union = (absolute: boolean) => {
    const sources = entries.filter((entry) => entry.absolute === absolute).flatMap((entry) => entry.regexes.map((regex) => regex.source));
    const rests = sources.filter((source) => source.startsWith(RECURSIVE_START)).map((source) => source.slice(RECURSIVE_START.length));
    const starred = rests.filter((rest) => rest.startsWith(".*")).map((rest) => rest.slice(2));
    const afterDirectories = rests.filter((rest) => !rest.startsWith(".*"));
    const alternatives = [
      ...(afterDirectories.length === 0 ? [] : [`${RECURSIVE_START}(?:${afterDirectories.map(group).join("|")})`]),
      ...(starred.length === 0 ? [] : [`^.*(?:${starred.map(group).join("|")})`]),
      ...sources.filter((source) => !source.startsWith(RECURSIVE_START)),
    ];
    return new RegExp(alternatives.length === 0 ? "(?!)" : alternatives.map(group).join("|"), "isu");
  };
  return { absolute: union(true), relative: union(false) };
}

function group(source: string): string {
  return `(?:${source})`;
}

interface Joined {
  readonly absolute: string;
  readonly relative: string | null;
  /** Some deny pattern matches this list (the union said so). */
  readonly denied: boolean;
}

// A deny pattern is compiled NFC-normalised and ignoring case, as core hands rules names (lower-cased,
// as they are and NFC); an allow pattern as written and case-sensitively, for names exactly as they are.
// A pattern starting with `!` allows; what follows is the glob, absolute when it starts with `/`.
function isAbsolute(pattern: string): boolean {
  return (pattern.startsWith("!") ? pattern.slice(1) : pattern).startsWith("/");
}

function compilePattern(pattern: string): Pattern | { readonly problem: string } {
  const allows = pattern.startsWith("!");
  const glob = allows ? pattern.slice(1) : pattern;
  const absolute = isAbsolute(pattern);
  const forms = [glob];
  if (absolute) {
    const canonical = canonicalForm(glob);
    if ("problem" in canonical) return canonical;
    if (canonical.glob !== glob) forms.push(canonical.glob);
  }
  const regexes: RegExp[] = [];
  for (const form of forms) {
    const compiled = allows ? compileGlob(form, { caseSensitive: true }) : compileGlob(form.normalize("NFC"));
    if ("error" in compiled) return { problem: compiled.error };
    regexes.push(compiled.regex);
  }
  return { pattern, allows, absolute, regexes };
}

// An absolute glob with its fixed directories resolved; compileGlob's escapes keep the resolved part literal.
function canonicalForm(glob: string): { readonly glob: string } | { readonly problem: string } {
  const canonical = canonicalGlob(glob, (segment) => GLOB_SYNTAX.test(segment), (literal) => literal.replace(/[*?[\]{}\\,]/gu, (char) => `\\${char}`));
  if (canonical.ok) return { glob: canonical.glob };
  return { problem: `its fixed directories ${quoteText(canonical.prefix)} cannot be resolved (${escapeText(canonical.osError)}), and an absolute pattern is matched on canonical paths` };
}

// A name as the rules see it: lower-cased and normalised (core hands rules names in these forms).
function comparable(name: string): string {
  return normalizeName(name.replace(/:.*$/su, "")).toLowerCase();
}
