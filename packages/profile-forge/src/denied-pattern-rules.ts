import { canonicalGlob, escapeText, normalizeName, quoteText, splitPath, type SensitiveRule } from "@read/core";
import { compileGlob, type GlobMatcher } from "./compile-glob.js";
import { GlobSubject } from "./glob-subject.js";

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
  readonly globs: readonly GlobMatcher[];
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
  // A list of names joined as the patterns test it (absolute, and relative to the root: `null` outside
  // it), prepared once for all the patterns that test it: core hands every rule the same list, one rule
  // after the other, so the last list is all that is kept.
  const joinedFor = (rootOf: readonly string[], same: (name: string, rootName: string) => boolean) => {
    let last: { readonly names: readonly string[]; readonly joined: Joined } | undefined;
    return (names: readonly string[]): Joined => {
      if (last?.names === names) return last.joined;
      const inside = names.length > rootOf.length && rootOf.every((name, index) => same(names[index] ?? "", name));
      const absolute = `/${names.join("/")}`.replaceAll("\\", "/");
      const relative = inside ? names.slice(rootOf.length).join("/").replaceAll("\\", "/") : null;
      const joined = new Joined(absolute, relative);
      last = { names, joined };
      return joined;
    };
  };
  const denyForm = joinedFor(rootNames, (name, rootName) => name === rootName || comparable(name) === rootName);
  const allowForm = joinedFor(rootExact, (name, rootName) => name === rootName);
  const rules = compiled.flatMap((entry, index) =>
    entry.allows
      ? []
      : [
          {
            id: `${DENIED_PATTERN_RULE}${entry.pattern}`,
            description: `denied pattern ${quoteText(entry.pattern)}`,
            // Compiled globs over the names alone: an absolute pattern's directories were resolved above.
            pure: true,
            matches: (names: readonly string[], exact: readonly string[]) =>
              denyForm(names).matches(entry) && !compiled.slice(index + 1).some((later) => later.allows && allowForm(exact).matches(later)),
          },
        ],
  );
  return { rules };
}

// A list of names joined as the patterns test it, each form prepared for matching at the first pattern
// that tests it.
class Joined {
  private absoluteSubject: GlobSubject | undefined;
  private relativeSubject: GlobSubject | undefined;

  constructor(
    private readonly absolute: string,
    private readonly relative: string | null,
  ) {}

  matches(entry: Pattern): boolean {
    const subject = entry.absolute ? (this.absoluteSubject ??= new GlobSubject(this.absolute)) : this.relative === null ? undefined : (this.relativeSubject ??= new GlobSubject(this.relative));
    return subject !== undefined && entry.globs.some((glob) => glob.matches(subject));
  }
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
  const globs: GlobMatcher[] = [];
  for (const form of forms) {
    const compiled = allows ? compileGlob(form, { caseSensitive: true }) : compileGlob(form.normalize("NFC"));
    if ("error" in compiled) return { problem: compiled.error };
    globs.push(compiled);
  }
  return { pattern, allows, absolute, globs };
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
