// forge's globs as they were compiled before they were matched in linear time (commit d20a6ec): one regular
// expression per glob, whose `.*` backtrack. Kept as the reference test/compile-glob-unchanged.test.ts
// compares today's matcher with: the same paths match, for every glob.

// The expression of a glob's leading recursive `**`: any number of leading directories, none included.
const RECURSIVE_PREFIX = "(?:/?|.*/)";

type CompiledGlob = { readonly regex: RegExp } | { readonly error: string };

type Token =
  | { readonly kind: "literal"; readonly char: string }
  | { readonly kind: "any" | "star" | "recursive-prefix" | "recursive-suffix" | "recursive-middle" }
  | { readonly kind: "class"; readonly negated: boolean; readonly ranges: readonly (readonly [string, string])[] }
  | { readonly kind: "alternates"; readonly branches: readonly (readonly Token[])[] };

class GlobSyntaxError extends Error {}

/** A glob compiled to one regular expression, as `compileGlob` did before it matched in linear time. */
export function compileGlobBefore(pattern: string, options: { readonly caseSensitive?: boolean } = {}): CompiledGlob {
  let tokens: readonly Token[];
  try {
    tokens = parse(pattern);
  } catch (error) {
    if (error instanceof GlobSyntaxError) return { error: error.message };
    throw error;
  }
  const only = tokens[0];
  const source = tokens.length === 1 && only?.kind === "recursive-prefix" ? ".*" : withoutStarRuns(tokens).map(toRegex).join("");
  return { regex: new RegExp(`^${source}$`, options.caseSensitive === true ? "su" : "isu") };
}

// `**` that is not a whole component is two `*`, and `*` matches `/` too: a run of them is one `.*`, which
// matches the same paths without the backtracking of `.*.*`.
function withoutStarRuns(tokens: readonly Token[]): readonly Token[] {
  return tokens.filter((token, index) => token.kind !== "star" || tokens[index - 1]?.kind !== "star");
}

function parse(pattern: string): readonly Token[] {
  const chars = Array.from(pattern);
  // The top level, then one list per alternative of an open `{...}`.
  const stack: Token[][] = [[]];
  const top = () => stack[stack.length - 1] as Token[];
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
        const branches = stack.splice(1);
        top().push({ kind: "alternates", branches });
        break;
      }
      case ",":
        if (stack.length > 1) stack.push([]);
        else top().push({ kind: "literal", char });
        break;
      case "\\": {
        const escaped = chars[at];
        if (escaped === undefined) throw new GlobSyntaxError("dangling '\\'");
        at++;
        top().push({ kind: "literal", char: escaped });
        break;
      }
      default:
        top().push({ kind: "literal", char });
    }
  }
  if (stack.length > 1) throw new GlobSyntaxError("unclosed alternate group; missing '}' (maybe escape '{' with '[{]'?)");
  return stack[0] as Token[];
}

// `at` is just past a `*`; returns where parsing goes on.
function parseStar(chars: readonly string[], at: number, stack: Token[][]): number {
  const tokens = stack[stack.length - 1] as Token[];
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
  const previous = tokens.pop() as Token;
  if (previous.kind === "recursive-prefix" || previous.kind === "recursive-suffix") tokens.push(previous);
  else tokens.push({ kind: suffix ? "recursive-suffix" : "recursive-middle" });
  return at;
}

// `at` is just past a `[`; returns where parsing goes on.
function parseClass(chars: readonly string[], at: number, tokens: Token[]): number {
  const ranges: [string, string][] = [];
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
      if ((char.codePointAt(0) ?? 0) < (last[0].codePointAt(0) ?? 0)) throw new GlobSyntaxError(`invalid range; '${last[0]}' > '${char}'`);
      last[1] = char;
      inRange = false;
    } else {
      ranges.push([char, char]);
    }
    first = false;
  }
  // A `-` just before the closing `]` is a literal.
  if (inRange) ranges.push(["-", "-"]);
  tokens.push({ kind: "class", negated, ranges });
  return at;
}

function toRegex(token: Token): string {
  switch (token.kind) {
    case "literal":
      return literal(token.char);
    case "any":
      return ".";
    case "star":
      return ".*";
    case "recursive-prefix":
      return RECURSIVE_PREFIX;
    case "recursive-suffix":
      return "/.*";
    case "recursive-middle":
      return "(?:/|/.*/)";
    case "class":
      return `[${token.negated ? "^" : ""}${token.ranges.map(([from, to]) => (from === to ? literal(from) : `${literal(from)}-${literal(to)}`)).join("")}]`;
    case "alternates": {
      const branches = token.branches.map((branch) => withoutStarRuns(branch).map(toRegex).join("")).filter((branch) => branch !== "");
      return branches.length === 0 ? "" : `(?:${branches.join("|")})`;
    }
  }
}

function literal(char: string): string {
  return `\\u{${(char.codePointAt(0) ?? 0).toString(16)}}`;
}
