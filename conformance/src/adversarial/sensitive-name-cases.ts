import path from "node:path";
import type { ScratchLayout } from "../scratch-workspace.js";
import { refuses, type AdversarialCase, type Expect } from "./adversarial-case.js";
import { OUTSIDE_MARKER } from "./layouts.js";
import { lastIsLink, pathCase } from "./path-case.js";

const ENV_TEXT = "SECRET=from-dot-env\n";

/**
 * Credential files secret scanners name besides `.env` (issue 30 case 6): a profile that refuses
 * sensitive names refuses each of them, and a copy left with a backup suffix.
 */
const CREDENTIAL_FILES = [
  ".envrc",
  ".env-local",
  ".env_prod",
  ".env~",
  "credentials.json",
  "service-account.json",
  "terraform.tfstate",
  "kubeconfig",
  ".vault-token",
  ".s3cfg",
  ".boto",
  "id_rsa.bak",
  "deploy_key",
  "server.key.bak",
] as const;
const credentialText = (name: string) => `SECRET=${name}\n`;

/**
 * Secrets and ignored files inside the root, and their other spellings. On Linux `.ENV`, `.env.`,
 * `.env ` and `.env:$DATA` are files of their own; on the file systems of Windows and macOS they open
 * `.env` itself, so a profile that refuses sensitive names refuses every spelling.
 */
const SENSITIVE_LAYOUT = {
  files: {
    ".env": { text: ENV_TEXT },
    ".env.example": { text: "EXAMPLE=1\n" },
    ".ENV": { text: "SECRET=upper-case\n" },
    ".env.": { text: "SECRET=trailing-dot\n" },
    ".env ": { text: "SECRET=trailing-space\n" },
    ".env:$DATA": { text: "SECRET=stream\n" },
    "sub/.env.local": { text: "SECRET=nested\n" },
    ".ssh/id_rsa": { text: "-----BEGIN OPENSSH PRIVATE KEY-----\n" },
    "keys/server.pem": { text: "-----BEGIN PRIVATE KEY-----\n" },
    ".git/config": { text: "[core]\n\tbare = false\n" },
    ".npmrc": { text: "//registry.npmjs.org/:_authToken=secret\n" },
    ...Object.fromEntries(CREDENTIAL_FILES.map((name) => [name, { text: credentialText(name) }])),
    "notes.txt": { hardlink: "${ROOT}/.env" },
    "innocent.txt": { symlink: ".env" },
    dotssh: { symlink: ".ssh" },
    ".gitignore": { text: "*.log\nbuild/\n!build/keep.txt\ncaf\u00e9.txt\n" },
    "app.log": { text: "log line\n" },
    "APP.LOG": { text: "LOG LINE\n" },
    "build/keep.txt": { text: "keep\n" },
    "build/out.js": { text: "built\n" },
    "src/main.ts": { text: "export {};\n" },
    "caf\u00e9.txt": { text: "NFC name\n" },
    "cafe\u0301.txt": { text: "NFD name\n" },
    "alias.txt": { symlink: "app.log" },
    "sub/.gitignore": { text: "local.txt\n" },
    "sub/local.txt": { text: "local\n" },
  },
  outside: { ".env": { text: `${OUTSIDE_MARKER} outside env\n` } },
} as const;

/** A sensitive file: refused by a profile that refuses them, else read (`text`). */
function sensitive(text: string): Expect {
  return (_oracle, adversarial) => (refuses(adversarial.sensitive) ? { outcome: adversarial.sensitive } : { outcome: { content: true }, text });
}

/** An ignored file: refused by a profile that consults `.gitignore`, else read (`text`). */
export function ignored(text: string): Expect {
  return (_oracle, adversarial) => (refuses(adversarial.gitignored) ? { outcome: adversarial.gitignored } : { outcome: { content: true }, text });
}

const names = (name: string, title: string, target: string, expect: Expect, safety: AdversarialCase["safety"] = "either", extra: Partial<AdversarialCase> = {}): AdversarialCase =>
  pathCase("sensitive-names", name, title, safety, target, expect, { layout: SENSITIVE_LAYOUT, ...extra });

const KEY_BODY = "MIIEowIBAAKCAQEAxK9mZ3Jx2X0x5Yk9eQf2cQ1s8pR7uVw3hN6tLm4oP0aBcDeFgHiJ";
const PEM_KEY = `-----BEGIN RSA PRIVATE KEY-----\n${KEY_BODY}\n${KEY_BODY}\nAbCd==\n-----END RSA PRIVATE KEY-----\n`;

/**
 * Secrets pasted into innocently named files, and ordinary code that only looks like one (issue 30 case
 * 6): made-up values of the formats the content check knows, no real credential.
 */
const SECRET_CONTENT_LAYOUT: ScratchLayout = {
  files: {
    "notes.txt": { text: `deploy notes\n${PEM_KEY}done\n` },
    "config.js": { text: "export const region = 'eu-west-1';\nexport const accessKeyId = 'AKIA2E0A8F3B244C9986';\n" },
    "env-reference.js": { text: "const key = process.env.API_KEY;\n" },
    "begin-comment.js": { text: "// A PEM block starts with -----BEGIN and a label.\nexport const PEM_HEADER = '-----BEGIN';\n" },
  },
};

/**
 * A file holding a secret: a profile with the secrets policy on (one that refuses sensitive names)
 * returns `redacted`, its lines kept; any other returns `text` as it is.
 */
function pasted(text: string, redacted: string): Expect {
  return (_oracle, adversarial) => ({ outcome: { content: true }, text: refuses(adversarial.sensitive) ? redacted : text });
}

const content = (name: string, title: string, target: string, expect: Expect): AdversarialCase =>
  pathCase("sensitive-names", name, title, "read", target, expect, { layout: SECRET_CONTENT_LAYOUT });

/**
 * Negations spelt differently from what they would re-include (issue 16): git compares names exactly,
 * so `secret_public.txt`, `private/p.txt` and the NFC `café-menu.txt` stay ignored; a matcher that folds
 * case or normalises Unicode for the `!` rule too would re-include them.
 */
const NEGATION_LAYOUT: ScratchLayout = {
  files: {
    ".gitignore": { text: "secret*\n!SECRET_public.txt\nprivate/\n!Private/\ncaf\u00e9-*\n!cafe\u0301-menu.txt\n" },
    "secret_public.txt": { text: "secret public\n" },
    "private/p.txt": { text: "private p\n" },
    "caf\u00e9-menu.txt": { text: "menu nfc\n" },
  },
};

/**
 * The root as a subfolder (`app/`) of a repository: the ignore rules of the repository root and its
 * `.git/info/exclude` apply below it, as `git check-ignore` decides.
 */
const SUBFOLDER_LAYOUT: ScratchLayout = {
  files: {
    ".git/info/exclude": { text: "excluded.txt\n" },
    ".gitignore": { text: "*.log\n" },
    "app/debug.log": { text: "debug log\n" },
    "app/excluded.txt": { text: "excluded\n" },
  },
};
const inSubfolder = { layout: SUBFOLDER_LAYOUT, root: (workspace: { root: string }) => path.join(workspace.root, "app") };

/** The root as `<dir>/ws`, reached by a pattern through `<dir>/link-to-dir`, a symlink to `<dir>`. */
const BLOCKED_LAYOUT: ScratchLayout = {
  files: { "secrets/s.txt": { text: "blocked secret\n" }, "innocent.txt": { symlink: "secrets/s.txt" } },
  around: { "link-to-dir": { symlink: "." } },
};

/** A file an absolute blocked pattern names through a symlinked directory: refused by a profile with blocked patterns. */
const BLOCKED: Expect = (_oracle, adversarial) => (adversarial.blockedPatterns === undefined ? "the profile takes no blocked patterns" : { outcome: adversarial.blockedPatterns.outcome });

const blocked = (name: string, title: string, target: string): AdversarialCase =>
  names(name, title, target, BLOCKED, "refuse", {
    layout: BLOCKED_LAYOUT,
    options: (workspace, oracle) => (oracle.adversarial?.blockedPatterns === undefined ? {} : { [oracle.adversarial.blockedPatterns.option]: [`${workspace.dir}/link-to-dir/ws/secrets/**`] }),
  });

/** Seven `**` against 38 directories, eleven against 50: a backtracking matcher takes seconds, then minutes (issue 30 case 4). */
const REDOS_SEVEN = "**/a/**/a/**/a/**/a/**/a/**/a/**/a/**/b";
const REDOS_ELEVEN = `**/${"a/**/".repeat(10)}b`;
const REDOS_38 = `${"a/".repeat(38)}x.txt`;
const REDOS_50 = `${"a/".repeat(50)}x.txt`;
const REDOS_LAYOUT: ScratchLayout = {
  files: {
    ".gitignore": { text: `${REDOS_SEVEN}\n${REDOS_ELEVEN}\n` },
    [REDOS_38]: { text: "38 deep\n" },
    [REDOS_50]: { text: "50 deep\n" },
  },
};

/**
 * A decision on a workspace's `.gitignore` must take milliseconds (issue 30: at most 10 ms for any rules
 * and path of 4,096 characters); the bound, beyond a control call, leaves room for a loaded machine and
 * a process of its own (as the sparse-file cases do), not for backtracking: the 38-directory case took a
 * backtracking matcher 4 s, the 50-directory one minutes.
 */
const REDOS_BOUND_MS = 2_000;

const redos = (name: string, title: string, target: string, text: string): AdversarialCase =>
  names(name, title, target, () => ({ outcome: { content: true }, text }), "read", { layout: REDOS_LAYOUT, boundMs: REDOS_BOUND_MS, calibrated: true, isolated: true });

/**
 * Sensitive names and equivalent spellings (case, trailing dots and spaces, an NTFS stream suffix,
 * `./`, `..`, absolute, through symlinks, outside the root), gitignore semantics (patterns, a
 * directory excluded with a negation under it, nested `.gitignore` files, case, NFC and NFD, symlinks,
 * negations spelt in another case or normal form, rules of the repository above a root that is a
 * subfolder, patterns that make a backtracking matcher take exponential time), and blocked patterns
 * written through a symlinked directory.
 * Profiles that do not refuse such files read them: the outcome is their oracle's.
 */
export const SENSITIVE_NAME_CASES: readonly AdversarialCase[] = [
  names("env", "`.env`", ".env", sensitive(ENV_TEXT)),
  names("env-example", "`.env.example` (a template, not a secret)", ".env.example", () => ({ outcome: { content: true }, text: "EXAMPLE=1\n" }), "read"),
  names("env-upper-case", "`.ENV`", ".ENV", sensitive("SECRET=upper-case\n")),
  names("env-trailing-dot", "`.env.` (Windows drops the trailing dot)", ".env.", sensitive("SECRET=trailing-dot\n")),
  names("env-trailing-space", "`.env ` (Windows drops the trailing space)", ".env ", sensitive("SECRET=trailing-space\n")),
  names("env-stream-suffix", "`.env:$DATA` (an NTFS stream of `.env`)", ".env:$DATA", sensitive("SECRET=stream\n")),
  names("env-dot-slash", "`./.env`", "./.env", sensitive(ENV_TEXT)),
  names("env-through-parent", "`sub/../.env`", "sub/../.env", sensitive(ENV_TEXT)),
  names("env-absolute", "the absolute path of `.env`", "${ROOT}/.env", sensitive(ENV_TEXT)),
  names("env-nested", "`sub/.env.local`", "sub/.env.local", sensitive("SECRET=nested\n")),
  names("env-through-symlink", "`innocent.txt`, a link to `.env`", "innocent.txt", lastIsLink(sensitive(ENV_TEXT))),
  names(
    "env-outside",
    "`../outside/.env` (a secret outside the root)",
    "../outside/.env",
    (oracle, adversarial) => ({ outcome: refuses(adversarial.sensitive) ? adversarial.sensitive : oracle.behaviour.outsideRoot }),
    "refuse",
  ),
  names("ssh-private-key", "`.ssh/id_rsa`", ".ssh/id_rsa", sensitive("-----BEGIN OPENSSH PRIVATE KEY-----\n")),
  names("ssh-through-directory-link", "`dotssh/id_rsa`, `dotssh` linking to `.ssh`", "dotssh/id_rsa", sensitive("-----BEGIN OPENSSH PRIVATE KEY-----\n")),
  names("private-key-file", "`keys/server.pem`", "keys/server.pem", sensitive("-----BEGIN PRIVATE KEY-----\n")),
  names("git-internals", "`.git/config`", ".git/config", sensitive("[core]\n\tbare = false\n")),
  names("npm-credentials", "`.npmrc`", ".npmrc", sensitive("//registry.npmjs.org/:_authToken=secret\n")),
  ...CREDENTIAL_FILES.map((file) => names(`credential-${file.replace("~", "-tilde").replace(/^\./, "dot-").replace(/[^a-z0-9]+/g, "-").replace(/-$/, "")}`, `\`${file}\``, file, sensitive(credentialText(file)))),
  names("env-hard-link", "`notes.txt`, a hard link to `.env` (`ln .env notes.txt`)", "notes.txt", sensitive(ENV_TEXT)),
  content("private-key-pasted", "a PEM private key pasted into `notes.txt`", "notes.txt", pasted(`deploy notes\n${PEM_KEY}done\n`, `deploy notes\n${"[REDACTED private-key]\n".repeat(5)}done\n`)),
  content(
    "aws-key-pasted",
    "an AWS access key id in `config.js`",
    "config.js",
    pasted("export const region = 'eu-west-1';\nexport const accessKeyId = 'AKIA2E0A8F3B244C9986';\n", "export const region = 'eu-west-1';\nexport const accessKeyId = '[REDACTED aws-access-key-id]';\n"),
  ),
  content("env-reference-reads", "`process.env.API_KEY` in code (no secret)", "env-reference.js", () => ({ outcome: { content: true }, text: "const key = process.env.API_KEY;\n" })),
  content("begin-comment-reads", "a comment with `-----BEGIN` (no key block)", "begin-comment.js", () => ({
    outcome: { content: true },
    text: "// A PEM block starts with -----BEGIN and a label.\nexport const PEM_HEADER = '-----BEGIN';\n",
  })),
  names("gitignored", "`app.log`, ignored by `*.log`", "app.log", ignored("log line\n")),
  names("gitignored-upper-case", "`APP.LOG` (git on case-insensitive systems ignores it too)", "APP.LOG", ignored("LOG LINE\n")),
  names("gitignored-directory-no-reinclude", "`build/keep.txt`: `!build/keep.txt` cannot re-include under the excluded `build/`", "build/keep.txt", ignored("keep\n")),
  names("gitignored-directory", "`build/out.js`, under the excluded `build/`", "build/out.js", ignored("built\n")),
  names("gitignored-dot-slash", "`./app.log`", "./app.log", ignored("log line\n")),
  names("gitignored-through-parent", "`src/../app.log`", "src/../app.log", ignored("log line\n")),
  names("gitignored-absolute", "the absolute path of `app.log`", "${ROOT}/app.log", ignored("log line\n")),
  names("gitignored-through-symlink", "`alias.txt`, a link to `app.log`", "alias.txt", lastIsLink(ignored("log line\n"))),
  names("gitignored-nested-rules", "`sub/local.txt`, ignored by `sub/.gitignore`", "sub/local.txt", ignored("local\n")),
  names("gitignored-nfc", "`café.txt` (NFC), named by an NFC pattern", "caf\u00e9.txt", ignored("NFC name\n")),
  names("gitignored-nfd", "`café.txt` in NFD, named by an NFC pattern (one name once normalised)", "cafe\u0301.txt", ignored("NFD name\n")),
  names("not-ignored", "`src/main.ts`, matched by no rule", "src/main.ts", () => ({ outcome: { content: true }, text: "export {};\n" }), "read"),
  names("gitignore-file", "`.gitignore` itself", ".gitignore", () => ({ outcome: { content: true }, text: "*.log\nbuild/\n!build/keep.txt\ncaf\u00e9.txt\n" }), "read"),
  names("gitignored-negation-case", "`secret_public.txt`: `secret*`, then `!SECRET_public.txt` (spelt in other case: git still ignores it)", "secret_public.txt", ignored("secret public\n"), "either", { layout: NEGATION_LAYOUT }),
  names("gitignored-negation-directory-case", "`private/p.txt`: `private/`, then `!Private/`", "private/p.txt", ignored("private p\n"), "either", { layout: NEGATION_LAYOUT }),
  names("gitignored-negation-nfd", "`café-menu.txt` (NFC): `café-*`, then the negation spelt in NFD", "caf\u00e9-menu.txt", ignored("menu nfc\n"), "either", { layout: NEGATION_LAYOUT }),
  names("gitignored-above-root", "the root is `app/` in a repository whose root `.gitignore` says `*.log`: `debug.log`", "debug.log", ignored("debug log\n"), "either", inSubfolder),
  names("gitignored-info-exclude-above-root", "the root is `app/` in a repository whose `.git/info/exclude` names `excluded.txt`", "excluded.txt", ignored("excluded\n"), "either", inSubfolder),
  redos("gitignore-redos-38", "`.gitignore` holding `**/a/**/a/**/a/**/a/**/a/**/a/**/a/**/b`: a file 38 directories `a/` deep, which no rule ignores, answers within the bound", REDOS_38, "38 deep\n"),
  redos("gitignore-redos-50", "`.gitignore` holding eleven `**/a/` then `b`: a file 50 directories `a/` deep answers within the bound", REDOS_50, "50 deep\n"),
  blocked("blocked-pattern-through-symlink", "a blocked pattern `<dir>/link-to-dir/ws/secrets/**` written through a symlink: `secrets/s.txt`", "secrets/s.txt"),
  blocked("blocked-pattern-through-symlink-canonical", "the same pattern: the canonical absolute path of `secrets/s.txt`", "${ROOT}/secrets/s.txt"),
  blocked("blocked-pattern-through-symlink-link-inside", "the same pattern: `innocent.txt`, a link inside the root to `secrets/s.txt`", "innocent.txt"),
];
