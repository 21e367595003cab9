import { caseKey } from "./case-equivalents.js";
import { GlobSubject } from "./glob-subject.js";

/**
 * One step of a compiled glob, as {@link GlobSubject} matches it: `literal` one character (its code point,
 * or in a glob that ignores case its {@link caseKey}), `any` (`?`) any one, `star` (`*`) any run (`/`
 * included), `recursive-prefix` (a leading `**` and its `/`) nothing, `/` or any run ending with `/`,
 * `recursive-suffix` (`/` and a trailing `**`) `/` then any run, `recursive-middle` (`/**` and its `/`)
 * `/`, or `/`, any run and `/`, `class` one character its ranges (code points) hold or, negated, do not,
 * `alternates` (`{a,b}`) what one of its branches matches. A literal's or a class's `key` is the same for
 * steps that hold at the same characters (in globs that ignore case alike).
 */
export type GlobToken = BranchToken | { readonly kind: "alternates"; readonly branches: readonly (readonly BranchToken[])[] };

/** A step of an alternative of `{...}`: alternate groups do not nest. */
export type BranchToken =
  | { readonly kind: "literal"; readonly char: number; readonly key: string }
  | { readonly kind: "any" | "star" | "recursive-prefix" | "recursive-suffix" | "recursive-middle" }
  | { readonly kind: "class"; readonly negated: boolean; readonly ranges: readonly (readonly [number, number])[]; readonly key: string };

/** A glob compiled for matching whole paths in linear time, or why it could not be compiled. */
export type CompiledGlob = GlobMatcher | { readonly error: string };

/** A compiled glob. */
export interface GlobMatcher {
  /** Whether the glob matches the whole of `path` (a subject serves every glob tested against one path). */
  matches(path: string | GlobSubject): boolean;
}

// A glob as parsed: characters as code points, alternatives as written (empty ones, runs of `*`).
type ParsedStep =
  | { readonly kind: "literal"; readonly char: number }
  | { readonly kind: "any" | "star" | "recursive-prefix" | "recursive-suffix" | "recursive-middle" }
  | { readonly kind: "class"; readonly negated: boolean; readonly ranges: readonly (readonly [number, number])[] };
type Parsed = ParsedStep | { readonly kind: "alternates"; readonly branches: readonly (readonly ParsedStep[])[] };

class GlobSyntaxError extends Error {}

/**
 * Compiles a glob the way forge's sandbox reads its deny patterns (Rust's `globset`, case-insensitive,
 * without `literal_separator`, backslash escapes on):
 *
 * - `?` is any one character and `*` any run of characters, `/` included (`*.env` matches `sub/x.env`);
 * - `**` is recursive where it is a whole path component: at the start it matches any number of leading
 *   directories (none included), at the end everything below the path before it (not that path
 *   itself), in the middle any number of directories (none included); anywhere else it is two `*`;
 * - `[abc]`, `[a-z]`, `[!a]` / `[^a]` are classes (`]` or `-` first is literal); `{a,b}` are alternatives
 *   (not nested; an empty alternative is dropped); `\` escapes the next character;
 * - the pattern matches the whole path, ignoring case as a JavaScript regular expression with the flags `iu`
 *   does (unless `caseSensitive`: this project's `!` exceptions re-include only what they match as
 *   written).
 *
 * Two differences are deliberate: `?` and classes match one character where `globset` matches one byte,
 * and case folds beyond ASCII, so a pattern never misses a name because it is not ASCII; and a `}` that
 * closes no `{` is an error (globset 0.4.9 reads it as nothing), since a deny list must not hold a
 * pattern that means something other than it says.
 *
 * A path is matched in time linear in its length times the glob's, whatever the glob (see
 * {@link GlobSubject}): a workspace may add deny patterns, and the path comes from the model.
 */
export function compileGlob(pattern: string, options: { readonly caseSensitive?: boolean } = {}): CompiledGlob {
  let tokens: readonly Parsed[];
  try {
    tokens = parse(pattern);
  } catch (error) {
    if (error instanceof GlobSyntaxError) return { error: error.message };
    throw error;
  }
  const only = tokens[0];
  const fold = options.caseSensitive !== true;
  const steps: readonly GlobToken[] = tokens.length === 1 && only?.kind === "recursive-prefix" ? [{ kind: "star" }] : program(tokens, fold);
  return { matches: (path) => (typeof path === "string" ? new GlobSubject(path) : path).matches(steps, fold) };
}

/**
 * How many unbounded wildcards (`*` runs and `**` components) the longest alternative of a glob holds: a
 * pattern a workspace adds may hold at most two (every default pattern holds at most two), a bound set
 * when globs were regular expressions whose time grew by a factor of the path's length per wildcard.
 * `undefined` for a glob that does not compile.
 */
export function unboundedWildcards(pattern: string): number | undefined {
  let tokens: readonly Parsed[];
  try {
    tokens = parse(pattern);
  } catch (error) {
    if (error instanceof GlobSyntaxError) return undefined;
    throw error;
  }
  const count = (sequence: readonly Parsed[]): number =>
    withoutStarRuns(sequence).reduce((sum, token) => sum + (token.kind === "alternates" ? Math.max(0, ...token.branches.map(count)) : token.kind === "star" || token.kind.startsWith("recursive") ? 1 : 0), 0);
  return count(tokens);
}

// `**` that is not a whole component is two `*`, and `*` matches `/` too: a run of them is one wildcard.
function withoutStarRuns<T extends Parsed>(tokens: readonly T[]): readonly T[] {
  return tokens.filter((token, index) => token.kind !== "star" || tokens[index - 1]?.kind !== "star");
}

// The steps of a parsed glob: an empty alternative is dropped (`x{a,}y` matches `xay` alone, as in
// globset), and a group left with none matches the empty string; a literal of a glob that ignores case
// becomes its case key, worked out once here rather than at every path.
function program(tokens: readonly Parsed[], fold: boolean): readonly GlobToken[] {
  return withoutStarRuns(tokens).flatMap((token): GlobToken[] => {
    if (token.kind !== "alternates") return [step(token, fold)];
    const branches = token.branches.map((branch) => withoutStarRuns(branch).map((inner) => step(inner, fold))).filter((branch) => branch.length > 0);
    return branches.length === 0 ? [] : [{ kind: "alternates", branches }];
  });
}

function step(token: ParsedStep, fold: boolean): BranchToken {
  const mode = fold ? "i" : "s";
  if (token.kind === "literal") {
    const char = fold ? caseKey(token.char) : token.char;
    return { kind: "literal", char, key: `${mode}${char}` };
  }
  if (token.kind === "class") return { ...token, key: `${mode}${token.negated ? "!" : ""}${token.ranges.join(";")}` };
  return token;
}

function parse(pattern: string): readonly Parsed[] {
  const chars = Array.from(pattern);
  // The top level, then one list per alternative of an open `{...}`.
  const stack: Parsed[][] = [[]];
  const top = () => stack[stack.length - 1] as Parsed[];
  let at = 0;
  while (at < chars.length) {
    const char = chars[at] as string;
    at++;
    switch (char) {
      case "?":
        top().push({ kind: "any" });
        break;
      case "*":
        at = parseStar(chars, at, stack);
        break;
      case "[":
        at = parseClass(chars, at, top());
        break;
      case "{":
        if (stack.length > 1) throw new GlobSyntaxError("nested alternate groups are not allowed");
        stack.push([]);
        break;
      case "}": {
        if (stack.length < 2) throw new GlobSyntaxError("unopened alternate group; missing '{' (maybe escape '}' with '[}]'?)");
        // Every list past the top level is a branch: a `{` inside a group was refused.
        const branches = stack.splice(1) as ParsedStep[][];
        top().push({ kind: "alternates", branches });
        break;
      }
      case ",":
        if (stack.length > 1) stack.push([]);
        else top().push(literal(char));
        break;
      case "\\": {
        const escaped = chars[at];
        if (escaped === undefined) throw new GlobSyntaxError("dangling '\\'");
        at++;
        top().push(literal(escaped));
        break;
      }
      default:
        top().push(literal(char));
    }
  }
  if (stack.length > 1) throw new GlobSyntaxError("unclosed alternate group; missing '}' (maybe escape '{' with '[{]'?)");
  return stack[0] as Parsed[];
}

// `at` is just past a `*`; returns where parsing goes on.
function parseStar(chars: readonly string[], at: number, stack: Parsed[][]): number {
  const tokens = stack[stack.length - 1] as Parsed[];
  const twoStars = () => tokens.push({ kind: "star" }, { kind: "star" });
  if (chars[at] !== "*") {
    tokens.push({ kind: "star" });
    return at;
  }
  const before = chars[at - 2];
  const next = chars[at + 1];
  at++;
  if (tokens.length === 0) {
    if (next !== undefined && next !== "/") {
      twoStars();
      return at;
    }
    tokens.push({ kind: "recursive-prefix" });
    return next === "/" ? at + 1 : at;
  }
  if (before !== "/") {
    twoStars();
    return at;
  }
  let suffix: boolean;
  if (next === undefined || (stack.length > 1 && (next === "," || next === "}"))) {
    suffix = true;
  } else if (next === "/") {
    suffix = false;
    at++;
  } else {
    twoStars();
    return at;
  }
  // The `/` before `**` becomes part of the recursive token (after a recursive token, it stays that one).
  const previous = tokens.pop() as Parsed;
  if (previous.kind === "recursive-prefix" || previous.kind === "recursive-suffix") tokens.push(previous);
  else tokens.push({ kind: suffix ? "recursive-suffix" : "recursive-middle" });
  return at;
}

// `at` is just past a `[`; returns where parsing goes on.
function parseClass(chars: readonly string[], at: number, tokens: Parsed[]): number {
  const ranges: [number, number][] = [];
  const negated = chars[at] === "!" || chars[at] === "^";
  if (negated) at++;
  let first = true;
  let inRange = false;
  for (;;) {
    const char = chars[at];
    if (char === undefined) throw new GlobSyntaxError("unclosed character class; missing ']'");
    at++;
    if (char === "]" && !first) break;
    const last = ranges[ranges.length - 1];
    if (char === "-" && !first && !inRange) {
      inRange = true;
    } else if (inRange && last !== undefined) {
      const to = codePoint(char);
      if (to < last[0]) throw new GlobSyntaxError(`invalid range; '${String.fromCodePoint(last[0])}' > '${char}'`);
      last[1] = to;
      inRange = false;
    } else {
      ranges.push([codePoint(char), codePoint(char)]);
    }
    first = false;
  }
  // A `-` just before the closing `]` is a literal.
  if (inRange) ranges.push([codePoint("-"), codePoint("-")]);
  tokens.push({ kind: "class", negated, ranges });
  return at;
}

function literal(char: string): ParsedStep {
  return { kind: "literal", char: codePoint(char) };
}

function codePoint(char: string): number {
  return char.codePointAt(0) as number;
}
