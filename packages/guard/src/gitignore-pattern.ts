/**
 * One element of a compiled gitignore pattern, as git's `wildmatch` reads it with `WM_PATHNAME`:
 * `literal` one character, `any` (`?`) and `class` (`[...]`) one character other than `/`, `star` (`*`)
 * any run without `/`, `star-all` (a `**` that may cross directories, before the end or an escaped `/`)
 * any run, `directories` (`**` then `/`) nothing or any run that ends with `/`.
 */
export type GitignoreToken =
  | { readonly kind: "literal"; readonly char: string }
  | { readonly kind: "any" | "star" | "star-all" | "directories" }
  | { readonly kind: "class"; readonly negated: boolean; readonly items: readonly ClassItem[] };

/** One member of a bracket expression: a character, a range, or a POSIX class (`[:alpha:]`). */
export type ClassItem =
  | { readonly kind: "char"; readonly char: string }
  | { readonly kind: "range"; readonly from: string; readonly to: string }
  | { readonly kind: "posix"; readonly name: PosixClass };

/** The POSIX classes git's `wildmatch` knows; any other name makes the pattern match nothing. */
export type PosixClass = "alnum" | "alpha" | "blank" | "cntrl" | "digit" | "graph" | "lower" | "print" | "punct" | "space" | "upper" | "xdigit";

const POSIX_CLASSES: ReadonlySet<string> = new Set(["alnum", "alpha", "blank", "cntrl", "digit", "graph", "lower", "print", "punct", "space", "upper", "xdigit"]);

/** A line of a gitignore file, compiled. */
export interface GitignorePattern {
  /** `!`: a match re-includes. */
  readonly negative: boolean;
  /** A trailing `/`: only directories match. */
  readonly directoryOnly: boolean;
  /** No `/` besides a trailing one: the pattern matches a path's last name, at any depth. */
  readonly basename: boolean;
  /**
   * The tokens, matched against the whole name (a basename pattern: one name; otherwise the path below
   * the rule file's directory); `undefined` when the pattern can match nothing (an unclosed `[`, an
   * unknown `[:class:]`, a trailing `\`), as git's `wildmatch` gives up on it.
   */
  readonly tokens: readonly GitignoreToken[] | undefined;
}

/**
 * Compiles one line of a gitignore file as git's `dir.c` reads it: `undefined` for a blank line or a
 * `#` comment; trailing spaces dropped unless escaped; a leading `!` negates; one trailing `/` makes the
 * pattern directory-only; a pattern without another `/` matches basenames, any other is anchored to
 * the rule file's directory (one leading `/` dropped). Like git's `match_pathname`, the characters
 * before the first of `*?[\` are compared literally, so a `**` right after them counts as a `**` at the
 * start of the pattern (`a/b**` matches `a/bc/d`, as it does in git).
 */
export function parseGitignoreLine(line: string): GitignorePattern | undefined {
  if (line.startsWith("#")) return undefined;
  let text = trimTrailingSpaces(line);
  if (text === "") return undefined;
  const negative = text.startsWith("!");
  if (negative) text = text.slice(1);
  const directoryOnly = text.endsWith("/");
  if (directoryOnly) text = text.slice(0, -1);
  const basename = !text.includes("/");
  if (!basename && text.startsWith("/")) text = text.slice(1);
  const chars = Array.from(text);
  const literalPrefix = chars.findIndex((char) => char === "*" || char === "?" || char === "[" || char === "\\");
  return { negative, directoryOnly, basename, tokens: tokenize(chars, basename ? 0 : literalPrefix === -1 ? chars.length : literalPrefix, basename) };
}

// Git's trim_trailing_spaces: spaces at the end go, unless the first of them is escaped.
function trimTrailingSpaces(line: string): string {
  let lastSpace = -1;
  for (let at = 0; at < line.length; at++) {
    const char = line[at];
    if (char === " ") {
      if (lastSpace === -1) lastSpace = at;
      continue;
    }
    if (char === "\\") {
      at++;
      if (at >= line.length) return line;
    }
    lastSpace = -1;
  }
  return lastSpace === -1 ? line : line.slice(0, lastSpace);
}

// `start` is where git's wildmatch call begins (after the literal prefix): a `**` there is at the start.
// A basename pattern never sees a `/` in the name, so its stars never cross one.
function tokenize(chars: readonly string[], start: number, basename: boolean): GitignoreToken[] | undefined {
  const tokens: GitignoreToken[] = [];
  let at = 0;
  while (at < chars.length) {
    const char = chars[at] as string;
    if (char === "\\") {
      const escaped = chars[at + 1];
      if (escaped === undefined) return undefined;
      tokens.push({ kind: "literal", char: escaped });
      at += 2;
    } else if (char === "?") {
      tokens.push({ kind: "any" });
      at++;
    } else if (char === "*") {
      let end = at;
      while (chars[end] === "*") end++;
      const next = chars[end];
      const crossing =
        !basename && end - at >= 2 && (at === start || chars[at - 1] === "/") && (next === undefined || next === "/" || (next === "\\" && chars[end + 1] === "/"));
      if (crossing && next === "/") {
        tokens.push({ kind: "directories" });
        at = end + 1;
      } else {
        tokens.push({ kind: crossing ? "star-all" : "star" });
        at = end;
      }
    } else if (char === "[") {
      const parsed = parseClass(chars, at + 1);
      if (parsed === undefined) return undefined;
      tokens.push(parsed.token);
      at = parsed.next;
    } else {
      tokens.push({ kind: "literal", char });
      at++;
    }
  }
  return tokens;
}

// Git's bracket expression, read as its wildmatch reads it: `!` or `^` negates, the first member may be
// `]`, `\` escapes, `a-z` is a range (a `-` first, last or right after a range is literal), `[:name:]` a
// POSIX class; a `[:` that never closes with `:]` is a literal `[`. Unclosed: nothing matches.
function parseClass(chars: readonly string[], from: number): { token: GitignoreToken; next: number } | undefined {
  let at = from;
  let char = chars[at];
  if (char === "^") char = "!";
  const negated = char === "!";
  if (negated) char = chars[++at];
  const items: ClassItem[] = [];
  let previous: string | undefined;
  // The first `]` at or after the last `[:` looked at: a later `[:` before it closes there too, so each `]`
  // is looked for once (a line of `[:[:[:…` rescanned the rest of the line at each one: quadratic).
  let firstClose = -1;
  do {
    if (char === undefined) return undefined;
    if (char === "\\") {
      char = chars[++at];
      if (char === undefined) return undefined;
      items.push({ kind: "char", char });
    } else if (char === "-" && previous !== undefined && chars[at + 1] !== undefined && chars[at + 1] !== "]") {
      char = chars[++at] as string;
      if (char === "\\") {
        char = chars[++at];
        if (char === undefined) return undefined;
      }
      items.push({ kind: "range", from: previous, to: char });
      char = undefined;
    } else if (char === "[" && chars[at + 1] === ":") {
      const nameStart = at + 2;
      let close = firstClose >= nameStart ? firstClose : nameStart;
      while (close < chars.length && chars[close] !== "]") close++;
      firstClose = close;
      if (close >= chars.length) return undefined;
      if (close - nameStart - 1 < 0 || chars[close - 1] !== ":") {
        items.push({ kind: "char", char: "[" });
      } else {
        const name = chars.slice(nameStart, close - 1).join("");
        if (!POSIX_CLASSES.has(name)) return undefined;
        items.push({ kind: "posix", name: name as PosixClass });
        at = close;
        char = undefined;
      }
    } else {
      items.push({ kind: "char", char });
    }
    previous = char;
    char = chars[++at];
  } while (char !== "]");
  return { token: { kind: "class", negated, items }, next: at + 1 };
}
