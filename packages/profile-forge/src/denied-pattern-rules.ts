import { normalizeName, quoteText, splitPath, type SensitiveRule } from "@read/core";
import { compileGlob } from "./compile-glob.js";

/** The start of the `rule` of a `SENSITIVE` failure that a denied pattern caused; the pattern follows. */
export const DENIED_PATTERN_RULE = "denied-pattern:";

interface Pattern {
  readonly pattern: string;
  readonly allows: boolean;
  readonly absolute: boolean;
  readonly regex: RegExp;
}

/**
 * The sandbox's deny list as rules of core's secrets machinery (so it applies, like the secrets policy,
 * to the path as asked and where it resolves, whether the file exists or not). A pattern starting with
 * `/` is matched against the absolute path, any other against the path relative to the workspace root
 * (a path outside the root has none); `\` in a path is read as `/` first, as forge's sandbox does. A
 * pattern starting with `!` allows what it matches, and the last pattern that matches a path decides:
 * a rule per deny pattern matches when that pattern matches and no later `!` pattern does.
 *
 * @throws Error when a pattern is not a valid glob (the config schema refuses those first).
 */
export function deniedPatternRules(patterns: readonly string[], root: string): SensitiveRule[] {
  const compiled = patterns.map((pattern): Pattern => {
    const allows = pattern.startsWith("!");
    const glob = compileGlob(allows ? pattern.slice(1) : pattern);
    if ("error" in glob) throw new Error(`invalid denied pattern ${quoteText(pattern)}: ${glob.error}`);
    return { pattern, allows, absolute: pattern.startsWith(allows ? "!/" : "/"), regex: glob.regex };
  });
  const rootNames = splitPath(root).map(comparable);
  const matches = (entry: Pattern, names: readonly string[]) => {
    if (entry.absolute) return entry.regex.test(`/${names.join("/")}`.replaceAll("\\", "/"));
    const inside = names.length > rootNames.length && rootNames.every((name, index) => comparable(names[index] ?? "") === name);
    return inside && entry.regex.test(names.slice(rootNames.length).join("/").replaceAll("\\", "/"));
  };
  return compiled.flatMap((entry, index) =>
    entry.allows
      ? []
      : [
          {
            id: `${DENIED_PATTERN_RULE}${entry.pattern}`,
            description: `denied pattern ${quoteText(entry.pattern)}`,
            matches: (names: readonly string[]) => matches(entry, names) && !compiled.slice(index + 1).some((later) => later.allows && matches(later, names)),
          },
        ],
  );
}

// A name as the rules see it: lower-cased and normalised (core hands rules names in these forms).
function comparable(name: string): string {
  return normalizeName(name.replace(/:.*$/su, "")).toLowerCase();
}
