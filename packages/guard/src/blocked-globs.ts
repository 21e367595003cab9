import { canonicalGlob, quoteText } from "@read/core";
import picomatch from "picomatch";
import { compileBlockedGlobMatcher } from "./blocked-glob-matcher.js";
import type { PolicyPath } from "./policy-path.js";

/** Compiled blocked patterns. */
export interface BlockedGlobs {
  /** The first pattern that matches the path, or `undefined`. */
  match(path: PolicyPath): string | undefined;
}

type Scope = "absolute" | "relative" | "name";

interface CompiledGlob {
  readonly glob: string;
  readonly scope: Scope;
  /** Tests the pattern as written and, for an absolute one reached through a symlink, its canonical form. */
  readonly tests: readonly ((value: string) => boolean)[];
}

const PICOMATCH_OPTIONS = { dot: true, nocase: true, strictBrackets: true } as const;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;
// A segment holding any of these is not literal (picomatch's glob, brace and extglob syntax, escapes).
const GLOB_SYNTAX = /[*?[\]{}()!+@\\]/u;

/**
 * Compiles blocked globs (picomatch syntax, matched case-insensitively on NFC-normalised paths):
 * a pattern starting with `/` matches absolute paths, inside the root or outside it; a pattern with a
 * `/` elsewhere matches root-relative paths inside the root; a pattern without `/` matches any name of
 * the path (the file or a directory holding it, like a `.gitignore` line): below the root for a path
 * inside it, anywhere in the absolute path for a path outside it. An absolute pattern is also matched in
 * its canonical form: the directories before its first glob character resolved by `realpath` now, so
 * `/x/link/secrets/**` (with `/x/link` a symlink to `/x/real`) blocks `/x/real/secrets/s.txt` too, and
 * `/etc/**` blocks `/private/etc/hosts` on macOS. A pattern that can never match, or whose fixed
 * directories cannot be resolved, is a configuration error: check each with {@link blockedGlobProblem}
 * and {@link unresolvablePrefixProblem} first (this throws on the first).
 */
export function compileBlockedGlobs(globs: readonly string[]): BlockedGlobs {
  const problem = globs.map((glob) => blockedGlobProblem(glob) ?? unresolvablePrefixProblem(glob)).find((found) => found !== undefined);
  if (problem !== undefined) throw new Error(problem);
  const compiled = globs.map(compileGlob);
  return {
    match: (path) => compiled.find((glob) => path.nameLists.some((names) => matchesNames(glob, names, path)))?.glob,
  };
}

/** Why a blocked pattern is unusable (a sentence), or `undefined` when it is fine. */
export function blockedGlobProblem(glob: unknown): string | undefined {
  if (typeof glob !== "string" || glob === "") return "A blocked pattern must be a non-empty string.";
  const shown = quoteText(glob);
  if (CONTROL.test(glob)) return `The blocked pattern ${shown} contains a control character.`;
  if (glob.trim() !== glob) return `The blocked pattern ${shown} starts or ends with whitespace, so it can never match a normalised path.`;
  if (glob.startsWith("!")) return `The blocked pattern ${shown} starts with '!': negated patterns are not supported (a blocked pattern only adds denials).`;
  if (glob.endsWith("/")) return `The blocked pattern ${shown} ends with '/', which no file path does; write '${glob}**' to block a directory and everything in it.`;
  const segments = glob.replace(/^\.\//u, "").split("/");
  if (segments.slice(glob.startsWith("/") ? 1 : 0).some((segment) => segment === "" || segment === "." || segment === "..")) {
    return `The blocked pattern ${shown} has an empty, '.' or '..' segment; paths are matched after they are resolved, so it can never match.`;
  }
  try {
    // picomatch checks the syntax (and words its errors); matching is ours, in bounded time.
    picomatch.makeRe(glob.normalize("NFC"), PICOMATCH_OPTIONS);
  } catch (error) {
    return `The blocked pattern ${shown} is not a valid glob: ${error instanceof Error ? error.message : String(error)}.`;
  }
  const matcher = compileBlockedGlobMatcher(glob.normalize("NFC"));
  return matcher.ok ? undefined : `The blocked pattern ${shown} ${matcher.problem}.`;
}

/**
 * Why an absolute pattern's fixed directories (the segments before its last one, up to the first glob
 * character) cannot be canonicalised, or `undefined`: a pattern whose prefix does not resolve could only
 * match the spelling it was written in, so it is refused at load rather than silently weaker.
 */
export function unresolvablePrefixProblem(glob: string): string | undefined {
  if (!glob.startsWith("/")) return undefined;
  const canonical = canonicalOf(glob);
  if (canonical.ok) return undefined;
  return `The blocked pattern ${quoteText(glob)} starts with the directory ${quoteText(canonical.prefix)}, which cannot be resolved (${canonical.osError}); a pattern is matched against canonical paths, so its fixed directories must exist.`;
}

// An absolute pattern with its fixed directories resolved, escaped for picomatch so that a resolved
// directory named `b{x,y}` stays literal.
function canonicalOf(glob: string) {
  return canonicalGlob(glob, (segment) => GLOB_SYNTAX.test(segment), (literal) => literal.replace(/[*?[\](){}!+@,|\\]/gu, (char) => `\\${char}`));
}

function compileGlob(glob: string): CompiledGlob {
  const normalized = glob.normalize("NFC");
  const scope: Scope = normalized.startsWith("/") ? "absolute" : normalized.includes("/") ? "relative" : "name";
  const forms = [normalized];
  if (scope === "absolute") {
    const canonical = canonicalOf(glob);
    if (!canonical.ok) throw new Error(`unresolvable blocked pattern ${quoteText(glob)} (check it with unresolvablePrefixProblem first)`);
    const form = canonical.glob.normalize("NFC");
    if (form !== normalized) forms.push(form);
  }
  return { glob, scope, tests: forms.map(testOf) };
}

function testOf(form: string): (value: string) => boolean {
  const matcher = compileBlockedGlobMatcher(form);
  if (!matcher.ok) throw new Error(`unusable blocked pattern ${quoteText(form)} (check it with blockedGlobProblem first)`);
  return (value) => matcher.matches(value);
}

function matchesNames(glob: CompiledGlob, names: readonly string[], path: PolicyPath): boolean {
  const matches = (value: string) => glob.tests.some((test) => test(value));
  switch (glob.scope) {
    case "absolute":
      return matches(`/${names.join("/")}`);
    case "relative":
      return path.relative !== undefined && matches(names.slice(path.rootDepth).join("/"));
    case "name":
      return names.slice(path.inside ? path.rootDepth : 0).some(matches);
  }
}
