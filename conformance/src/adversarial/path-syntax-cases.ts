import fs from "node:fs";
import path from "node:path";
import type { AdversarialCase, Expect, Safety } from "./adversarial-case.js";
import { INSIDE_TEXT, PATHS_LAYOUT } from "./layouts.js";
import { byBackslash, INVALID, NOT_FOUND, OUTSIDE, pathCase, reads, SYSTEM, UNUSUAL } from "./path-case.js";

const TOO_LONG: Expect = (_oracle, adversarial) => ({ outcome: adversarial.nameTooLong });

const syntax = (name: string, title: string, safety: Safety, path: unknown, expect: Expect): AdversarialCase => pathCase("path-syntax", name, title, safety, path, expect);

/**
 * A path holding control, bidi or separator characters: besides its outcome, no message field may echo
 * `raw` as it is (escaped, as `\u202e`, or not echoed at all), so that an implementation's message cannot
 * break its line, drive a terminal or reorder what a person reads.
 */
const unsafe = (name: string, title: string, path: string, raw: readonly string[], expect: Expect): AdversarialCase => ({
  ...syntax(name, title, "refuse", path, expect),
  forbidInMessages: raw,
});

// 1,300 `../` and a name: 3,910 characters, under the 4,096 accepted, far more levels than any root has.
const VERY_LONG_TRAVERSAL = `${"../".repeat(1300)}etc/passwd`;
// 20 names of 80 three-byte characters: 1,619 characters but 4,859 bytes, over Linux's PATH_MAX. The
// first 16 exist (the kernel meets the length before a missing name); a root path longer than 200 bytes
// would need fewer.
const LONG_NAME = "日".repeat(80);
// Text a secrets scan looks at further (it names `API_SECRET`) and finds nothing in: read as it is.
const KEYWORD_TEXT = "const apiSecret = process.env.API_SECRET;\n";
const PAST_PATH_MAX = Array.from({ length: 20 }, () => LONG_NAME).join("/");

/**
 * Path syntax: traversal (plain, nested, through dot segments and doubled separators, very long),
 * absolute paths in and out (a system file among them), a sibling sharing the root's name as a prefix,
 * empty input, NUL, whitespace, control, bidi and line-separator characters (refused as input, or
 * looked up as names and escaped where echoed), percent-encoding and `file:` URLs (never decoded),
 * `~` (never expanded: a literal name), backslashes and Windows drive, UNC and device forms (ordinary
 * characters on POSIX), fullwidth dots, over-long inputs and names, and values that are not strings.
 */
export const PATH_SYNTAX_CASES: readonly AdversarialCase[] = [
  syntax("traversal-parent", "`../outside/data.txt`", "refuse", "../outside/data.txt", OUTSIDE),
  syntax("traversal-nested", "`sub/../../outside/data.txt`", "refuse", "sub/../../outside/data.txt", OUTSIDE),
  syntax("traversal-deep", "`sub/deeper/../../../outside/data.txt`", "refuse", "sub/deeper/../../../outside/data.txt", OUTSIDE),
  syntax("traversal-dot-segments", "`./sub/./../.././outside/data.txt`", "refuse", "./sub/./../.././outside/data.txt", OUTSIDE),
  syntax("traversal-doubled-separators", "`..//outside///data.txt`", "refuse", "..//outside///data.txt", OUTSIDE),
  syntax("traversal-to-directory", "`../outside/` (a directory outside)", "refuse", "../outside/", OUTSIDE),
  syntax("traversal-parent-itself", "`..`", "refuse", "..", OUTSIDE),
  syntax("traversal-to-filesystem-root", "64 × `../` then `etc/passwd`", "refuse", `${"../".repeat(64)}etc/passwd`, SYSTEM),
  syntax("traversal-very-long", "1,300 × `../` then `etc/passwd` (3,910 characters)", "refuse", VERY_LONG_TRAVERSAL, SYSTEM),
  syntax("traversal-staying-inside", "`sub/../inside.txt` (stays inside)", "read", "sub/../inside.txt", reads(INSIDE_TEXT)),
  syntax("absolute-outside", "absolute path of a file outside the root", "refuse", "${OUTSIDE}/data.txt", OUTSIDE),
  syntax("absolute-system-file", "`/etc/passwd`", "refuse", "/etc/passwd", SYSTEM),
  syntax("absolute-double-slash", "`//etc//passwd`", "refuse", "//etc//passwd", SYSTEM),
  syntax("absolute-root-then-parent", "`<root>/../outside/data.txt`", "refuse", "${ROOT}/../outside/data.txt", OUTSIDE),
  syntax("absolute-inside", "absolute path of a file inside the root", "read", "${ROOT}/inside.txt", reads(INSIDE_TEXT)),
  syntax("sibling-prefix-absolute", "`<root>_evil/data.txt` (a sibling sharing the root's name as a prefix)", "refuse", "${ROOT}_evil/data.txt", OUTSIDE),
  syntax("sibling-prefix-relative", "`../ws_evil/data.txt`", "refuse", "../ws_evil/data.txt", OUTSIDE),
  syntax("empty", "an empty path", "refuse", "", INVALID),
  syntax("whitespace-only", "a path of three spaces", "refuse", "   ", UNUSUAL),
  unsafe("whitespace-controls", "a path of a space, a tab, a newline and a space", " \t\n ", [" \t\n "], UNUSUAL),
  unsafe("nul-embedded", "`inside.txt\\0.png` (NUL inside)", "inside.txt\u0000.png", ["\u0000"], INVALID),
  unsafe("nul-only", "a lone NUL", "\u0000", ["\u0000"], INVALID),
  unsafe("control-escape", "an ANSI escape sequence in the path", "inside\u001b[2J.txt", ["\u001b"], UNUSUAL),
  unsafe("control-delete", "DEL (U+007F) in the path", "inside\u007f.txt", ["\u007f"], UNUSUAL),
  unsafe("control-c1", "NEL (U+0085, a C1 control) in the path", "inside\u0085.txt", ["\u0085"], UNUSUAL),
  unsafe("bidi-override", "RIGHT-TO-LEFT OVERRIDE (U+202E) in the path", "\u202etxt.edisni", ["\u202e"], UNUSUAL),
  unsafe("bidi-isolate", "LEFT-TO-RIGHT ISOLATE (U+2066) in the path", "inside\u2066.txt", ["\u2066"], UNUSUAL),
  unsafe("line-separator", "LINE SEPARATOR (U+2028) in the path", "inside\u2028.txt", ["\u2028"], UNUSUAL),
  unsafe("paragraph-separator", "PARAGRAPH SEPARATOR (U+2029) in the path", "inside\u2029.txt", ["\u2029"], UNUSUAL),
  syntax("percent-traversal", "`%2e%2e/outside/data.txt` (not decoded)", "refuse", "%2e%2e/outside/data.txt", NOT_FOUND),
  syntax("percent-encoded-separators", "`..%2foutside%2fdata.txt` (not decoded)", "refuse", "..%2foutside%2fdata.txt", NOT_FOUND),
  syntax("percent-double-encoded", "`%252e%252e/outside/data.txt`", "refuse", "%252e%252e/outside/data.txt", NOT_FOUND),
  syntax("percent-inside-name", "`inside%2etxt` (not decoded to an inside file)", "either", "inside%2etxt", NOT_FOUND),
  syntax("file-url-outside", "`file://` URL of a file outside the root (not decoded)", "refuse", "file://${OUTSIDE}/data.txt", NOT_FOUND),
  syntax("file-url-inside", "`file://` URL of a file inside the root (not decoded)", "either", "file://${ROOT}/inside.txt", NOT_FOUND),
  syntax("tilde-home-file", "`~/.bashrc` (`~` is not expanded)", "refuse", "~/.bashrc", NOT_FOUND),
  syntax("tilde-literal-directory", "`~/home.txt`, a file in a directory named `~` inside the root", "either", "~/home.txt", reads("a directory literally named ~\n")),
  pathCase(
    "path-syntax",
    "mark-suffix-name-read",
    "`a::end/config.ts`, whose text names a secret keyword (secretlint's profiler named its performance marks after the scanned path, and `::end` in it made it measure a mark that does not exist: an unhandled rejection that ended the process)",
    "read",
    "a::end/config.ts",
    reads(KEYWORD_TEXT),
    { layout: { ...PATHS_LAYOUT, files: { ...PATHS_LAYOUT.files, "a::end/config.ts": { text: KEYWORD_TEXT } } } },
  ),
  syntax("tilde-user", "`~root/.profile`", "refuse", "~root/.profile", NOT_FOUND),
  syntax("tilde-then-parent", "`~/../outside/data.txt` (the kernel's `..` of `<root>/~`)", "refuse", "~/../outside/data.txt", NOT_FOUND),
  syntax("backslash-traversal", "`..\\outside\\data.txt` (backslashes are name characters, or separators: then it leaves the root)", "refuse", "..\\outside\\data.txt", byBackslash(NOT_FOUND, OUTSIDE)),
  syntax("windows-drive", "`C:\\Windows\\win.ini`", "refuse", "C:\\Windows\\win.ini", NOT_FOUND),
  syntax("windows-drive-forward-slashes", "`C:/Windows/win.ini`", "refuse", "C:/Windows/win.ini", NOT_FOUND),
  syntax("windows-unc", "`\\\\server\\share\\secret.txt` (UNC; with backslashes as separators, an absolute path outside)", "refuse", "\\\\server\\share\\secret.txt", byBackslash(NOT_FOUND, OUTSIDE)),
  syntax("windows-device-namespace", "`\\\\?\\C:\\secret.txt` and `\\\\.\\` device forms", "refuse", "\\\\?\\C:\\secret.txt", byBackslash(NOT_FOUND, OUTSIDE)),
  syntax("windows-reserved-name", "`CON` (a reserved device name on Windows)", "refuse", "CON", NOT_FOUND),
  syntax("fullwidth-dots", "`．．/outside/data.txt` (FULLWIDTH FULL STOP, U+FF0E)", "refuse", "\uff0e\uff0e/outside/data.txt", NOT_FOUND),
  syntax("two-dot-leader", "`‥/outside/data.txt` (TWO DOT LEADER, U+2025)", "refuse", "\u2025/outside/data.txt", NOT_FOUND),
  syntax("overlong-input", "a path of 5,000 characters", "refuse", "a".repeat(5000), INVALID),
  syntax("overlong-name", "a name of 300 bytes", "refuse", "n".repeat(300), TOO_LONG),
  syntax("overlong-multibyte-name", "a name of 100 three-byte characters (300 bytes)", "refuse", "日".repeat(100), TOO_LONG),
  {
    ...syntax("past-path-max", "a path of 1,619 characters and 4,859 bytes (over PATH_MAX), its first 16 directories existing", "refuse", PAST_PATH_MAX, TOO_LONG),
    prepare: (workspace) => {
      fs.mkdirSync(path.join(workspace.root, ...Array.from({ length: 16 }, () => LONG_NAME)), { recursive: true });
    },
  },
  syntax("not-a-string-number", "the path is the number 42", "refuse", 42, INVALID),
  syntax("not-a-string-null", "the path is null", "refuse", null, INVALID),
  syntax("not-a-string-array", "the path is an array holding a valid path", "refuse", ["inside.txt"], INVALID),
  syntax("not-a-string-object", "the path is an object", "refuse", { path: "inside.txt" }, INVALID),
  syntax("not-a-string-boolean", "the path is `true`", "refuse", true, INVALID),
  {
    group: "path-syntax",
    name: "path-missing",
    title: "no path parameter at all",
    safety: "refuse",
    layout: PATHS_LAYOUT,
    input: (_workspace, oracle) => ({ ...oracle.request.fixed }),
    expect: INVALID,
  },
];
