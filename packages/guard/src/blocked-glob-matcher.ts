import type { ClassItem, GitignorePattern, GitignoreToken, PosixClass } from "./gitignore-pattern.js";
import { GitignoreSubject } from "./gitignore-subject.js";

/** A blocked glob compiled for matching in bounded time, or why it is refused. */
export type BlockedGlobMatcher = { readonly ok: true; matches(value: string): boolean } | { readonly ok: false; readonly problem: string };

/** More alternatives than this (braces multiply) is refused: each costs a pass over the path. */
const MAX_ALTERNATIVES = 256;

const POSIX_CLASSES: ReadonlySet<string> = new Set(["alnum", "alpha", "blank", "cntrl", "digit", "graph", "lower", "print", "punct", "space", "upper", "xdigit"]);

/**
 * Compiles a blocked glob (picomatch's syntax, case-insensitive, dot files included; the glob already
 * NFC-normalised) to alternatives of the tokens gitignore rules use, matched over bit sets of the path's
 * positions: O(tokens × path length / 32) per alternative whatever the pattern, where picomatch's
 * backtracking regular expressions take exponential time in the number of `**` (issue 30 case 4).
 * `{a,b}` (nested too) expands to alternatives; a `**` segment matches any run of directories (at the end,
 * the directory itself too); `***` and a `**` inside a name are `*`, but for `**.ext`, which picomatch reads
 * at any depth. Refused, with a sentence saying why:
 * groups and extglobs (`(a|b)`, `@(...)`, `!(...)`, ...), brace ranges (`{1..3}`), a `**` right beside a
 * brace (`**{a,b}`, `{a,b}**`: picomatch then crosses directories where a `*` would not), a `*` beside a
 * brace whose alternative is empty or a `*` at that side (`*{,a}*`: spelt out, the stars would join into a
 * `**`, which picomatch never reads there) and over
 * {@link MAX_ALTERNATIVES} alternatives. Unlike picomatch, `[!a]` is a negated class, as in every other glob
 * dialect (picomatch reads it as the text `[!a]` or one of `!` and `a`).
 */
export function compileBlockedGlobMatcher(glob: string): BlockedGlobMatcher {
  const body = glob.startsWith("./") ? glob.slice(2) : glob;
  // picomatch reads a glob that is `**` and then only extensions (`**.env`, `**.tar.gz`) as any path ending
  // in them, at any depth (its fast path), where a `**` inside a name is otherwise `*`: it is blocked as
  // picomatch blocks it, as `**/*.env`.
  const anyDepth = /^\*\*((?:\.\w+)+)$/u.exec(body)?.[1];
  const chars = Array.from(anyDepth === undefined ? body : `**/*${anyDepth}`);
  const group = chars.findIndex((char, at) => char === "(" && !isEscaped(chars, at));
  if (group !== -1) return refused(`uses a group or an extglob ('(' at character ${group + 1}), which this guard does not match; escape it as '\\(' to mean the character`);
  const touching = chars.findIndex((char, at) => char === "*" && chars[at + 1] === "*" && !isEscaped(chars, at) && (chars[at + 2] === "{" || (at > 0 && chars[at - 1] === "}")));
  if (touching !== -1) return refused(`has a '**' right beside a brace (character ${touching + 1}), which picomatch reads as crossing directories in ways no other glob dialect does; put a '/' between them ('**/{a,b}')`);
  const expanded = expandBraces(chars);
  if (typeof expanded === "string") return refused(expanded);
  const alternatives: GitignorePattern[] = expanded.flatMap((alternative) => tokenize(alternative).map((tokens) => ({ negative: false, directoryOnly: false, basename: false, tokens })));
  return {
    ok: true,
    matches(value) {
      const subject = new GitignoreSubject(value, true);
      return alternatives.some((pattern) => subject.matchedEnds(pattern, 0, subject.nameEnds()).includes(subject.end));
    },
  };
}

function refused(why: string): BlockedGlobMatcher {
  return { ok: false, problem: why };
}

function isEscaped(chars: readonly string[], at: number): boolean {
  let backslashes = 0;
  for (let before = at - 1; before >= 0 && chars[before] === "\\"; before--) backslashes++;
  return backslashes % 2 === 1;
}

// Every spelling the braces allow, as character lists; a brace without a comma is literal, as in picomatch.
// Each list is its own array (a brace's spellings are fresh copies), so characters are pushed in place: a
// copy per character cost a 1 KiB glob of 256 spellings 0.6 s (the square of its length).
function expandBraces(chars: readonly string[]): string[][] | string {
  let results: string[][] = [[]];
  let at = 0;
  while (at < chars.length) {
    const char = chars[at] as string;
    if (char === "\\") {
      for (const result of results) result.push(char, chars[at + 1] ?? "");
      at += 2;
      continue;
    }
    if (char === "[") {
      const close = classEnd(chars, at);
      if (close !== -1) {
        const run = chars.slice(at, close + 1);
        for (const result of results) result.push(...run);
        at = close + 1;
        continue;
      }
    }
    if (char === "{") {
      const group = braceGroup(chars, at);
      if (group !== undefined) {
        if (group.branches.length === 1 && group.branches[0]?.join("").includes("..") === true) return "uses a brace range ('{a..b}'), which this guard does not expand; list the alternatives ('{a,b}')";
        if (group.branches.length > 1) {
          const before = at > 0 && chars[at - 1] === "*";
          const after = chars[group.end + 1] === "*";
          // picomatch keeps the stars around a brace apart; spelt out, they would join into a `**`.
          if (group.branches.some((branch) => (before && (branch.length === 0 || branch[0] === "*")) || (after && (branch.length === 0 || branch.at(-1) === "*")))) {
            return "has a '*' beside a brace whose alternative is empty or starts or ends with '*' ('*{,a}*'), which picomatch reads with the stars apart; write the alternatives out ('{*,*a*}')";
          }
          const branches: string[][] = [];
          for (const branch of group.branches) {
            const inner = expandBraces(branch);
            if (typeof inner === "string") return inner;
            branches.push(...inner);
          }
          results = results.flatMap((result) => branches.map((branch) => [...result, ...branch]));
          if (results.length > MAX_ALTERNATIVES) return `expands to more than ${MAX_ALTERNATIVES} alternatives`;
          at = group.end + 1;
          continue;
        }
      }
    }
    for (const result of results) result.push(char);
    at++;
  }
  return results;
}

// The `{...}` starting at `open`: its top-level branches and closing index, or undefined when unclosed.
function braceGroup(chars: readonly string[], open: number): { branches: string[][]; end: number } | undefined {
  const branches: string[][] = [[]];
  let depth = 0;
  for (let at = open + 1; at < chars.length; at++) {
    const char = chars[at] as string;
    const current = branches[branches.length - 1] as string[];
    if (char === "\\") {
      current.push(char, chars[at + 1] ?? "");
      at++;
    } else if (char === "{") {
      depth++;
      current.push(char);
    } else if (char === "}" && depth > 0) {
      depth--;
      current.push(char);
    } else if (char === "}") {
      return { branches, end: at };
    } else if (char === "," && depth === 0) {
      branches.push([]);
    } else {
      current.push(char);
    }
  }
  return undefined;
}

// The index of the `]` closing the class opened at `open` (a `]` right after `[`, `[!` or `[^` is a member).
function classEnd(chars: readonly string[], open: number): number {
  let at = open + 1;
  if (chars[at] === "!" || chars[at] === "^") at++;
  if (chars[at] === "]") at++;
  for (; at < chars.length; at++) {
    if (chars[at] === "\\") at++;
    else if (chars[at] === "[" && chars[at + 1] === ":") {
      const close = chars.indexOf("]", at + 2);
      if (close !== -1 && chars[close - 1] === ":") at = close;
    } else if (chars[at] === "]") return at;
  }
  return -1;
}

// One spelling (braces expanded) as token lists: two when it ends in a `**` segment (the directory
// itself, and everything below it).
function tokenize(chars: readonly string[]): GitignoreToken[][] {
  const segments = splitSegments(chars);
  const tokens: GitignoreToken[] = [];
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index] as string[];
    const last = index === segments.length - 1;
    if (segment.length === 2 && segment[0] === "*" && segment[1] === "*") {
      if (segments.length === 1) return [[{ kind: "star-all" }]];
      if (last) return [tokens.slice(0, -1), [...tokens, { kind: "star-all" }]];
      tokens.push({ kind: "directories" });
      continue;
    }
    tokens.push(...segmentTokens(segment));
    if (!last) tokens.push({ kind: "literal", char: "/" });
  }
  return [tokens];
}

function splitSegments(chars: readonly string[]): string[][] {
  const segments: string[][] = [[]];
  for (let at = 0; at < chars.length; at++) {
    const char = chars[at] as string;
    const current = segments[segments.length - 1] as string[];
    if (char === "\\") {
      current.push(char, chars[at + 1] ?? "");
      at++;
    } else if (char === "[" && classEnd(chars, at) !== -1) {
      const close = classEnd(chars, at);
      current.push(...chars.slice(at, close + 1));
      at = close;
    } else if (char === "/") {
      segments.push([]);
    } else {
      current.push(char);
    }
  }
  return segments;
}

function segmentTokens(chars: readonly string[]): GitignoreToken[] {
  const tokens: GitignoreToken[] = [];
  for (let at = 0; at < chars.length; at++) {
    const char = chars[at] as string;
    if (char === "\\") {
      at++;
      tokens.push({ kind: "literal", char: chars[at] ?? "\\" });
    } else if (char === "?") {
      tokens.push({ kind: "any" });
    } else if (char === "*") {
      while (chars[at + 1] === "*") at++;
      tokens.push({ kind: "star" });
    } else if (char === "[" && classEnd(chars, at) !== -1) {
      const close = classEnd(chars, at);
      tokens.push(classToken(chars.slice(at + 1, close)));
      at = close;
    } else {
      tokens.push({ kind: "literal", char });
    }
  }
  return tokens;
}

// The members between `[` and `]`: a leading `!` or `^` negates; `a-z` is a range, `-` first or last is
// literal; `[:name:]` is a POSIX class; `\` escapes.
function classToken(members: readonly string[]): GitignoreToken {
  const negated = members[0] === "!" || members[0] === "^";
  const items: ClassItem[] = [];
  for (let at = negated ? 1 : 0; at < members.length; at++) {
    let char = members[at] as string;
    if (char === "[" && members[at + 1] === ":") {
      const close = members.indexOf("]", at + 2);
      const name = close === -1 ? "" : members.slice(at + 2, close - 1).join("");
      if (close !== -1 && members[close - 1] === ":" && POSIX_CLASSES.has(name)) {
        items.push({ kind: "posix", name: name as PosixClass });
        at = close;
        continue;
      }
    }
    if (char === "\\" && at + 1 < members.length) char = members[++at] as string;
    const next = members[at + 1];
    if (next === "-" && at + 2 < members.length) {
      let to = members[at + 2] as string;
      at += 2;
      if (to === "\\" && at + 1 < members.length) to = members[++at] as string;
      items.push({ kind: "range", from: char, to });
    } else {
      items.push({ kind: "char", char });
    }
  }
  return { kind: "class", negated, items };
}
