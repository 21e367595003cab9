import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { describe, expect, test } from "vitest";
import { createTool, DEFAULT_DENIED_PATTERNS } from "../src/index.js";
import { read, sandbox } from "./helpers.js";

const denied = (input: string, pattern: string) => ({
  error: { code: "SANDBOX_DENIED", message: `Path '${input}' matched denied pattern '${pattern}': the sandbox refuses it (denied_patterns in [tools.read_file]).` },
});
const secret = (input: string, description: string) => ({
  error: { code: "SANDBOX_DENIED", message: `Path '${input}' matched the secrets policy (${description}): the sandbox refuses it (secrets in [tools.read_file]).` },
});

describe("NFR-RD-SEC-01: sandboxed paths", () => {
  test("FORGE-NFR-RD-SEC-01: paths that leave the workspace (../, absolute, symlink) are OUTSIDE_SANDBOX and never read", async () => {
    const box = sandbox({ "in.txt": "in\n" });
    fs.writeFileSync(path.join(box.outside, "secret.txt"), "secret\n");
    fs.symlinkSync(path.join(box.outside, "secret.txt"), path.join(box.root, "link.txt"));
    fs.symlinkSync(box.outside, path.join(box.root, "out-dir"));
    const outside = (input: string) => ({
      error: { code: "OUTSIDE_SANDBOX", message: `Path outside sandbox: '${input}' resolves outside the workspace root, and Read only reads files inside it.` },
    });
    for (const input of ["../outside/secret.txt", path.join(box.outside, "secret.txt"), "link.txt", "out-dir/secret.txt", "out-dir/missing.txt", "../outside/missing.txt"]) {
      const output = await read(box.root, { path: input });
      expect(output).toEqual(outside(input));
      expect(JSON.stringify(output)).not.toContain("secret\\n");
    }
  });

  test("FORGE-NFR-RD-SEC-01: paths inside the workspace are read and reported relative to the root", async () => {
    const box = sandbox({ "src/real.txt": "real\n" });
    fs.symlinkSync("real.txt", path.join(box.root, "src", "alias.txt"));
    expect(await read(box.root, { path: path.join(box.root, "src", "real.txt") })).toMatchObject({ path: "src/real.txt", content: "1| real\n" });
    expect(await read(box.root, { path: "src/../src/./real.txt" })).toMatchObject({ path: "src/real.txt" });
    expect(await read(box.root, { path: "src/alias.txt" })).toMatchObject({ path: "src/real.txt", content: "1| real\n" });
  });

  test("FORGE-NFR-RD-SEC-01: directories, FIFOs, missing files and dangling symlinks are errors", async () => {
    const box = sandbox({ "docs/readme.md": "x\n" });
    execFileSync("mkfifo", [path.join(box.root, "pipe")]);
    fs.symlinkSync("nowhere.txt", path.join(box.root, "dangling.txt"));
    expect(await read(box.root, { path: "docs" })).toEqual({ error: { code: "NOT_A_FILE", message: "path is a directory: 'docs'. Read reads regular files only." } });
    expect(await read(box.root, { path: "pipe" })).toEqual({
      error: { code: "NOT_A_FILE", message: "The path 'pipe' is not a regular file (it is a fifo). Read reads regular files only." },
    });
    expect(await read(box.root, { path: "missing.txt" })).toEqual({ error: { code: "NOT_FOUND", message: "No such file or directory: the path 'missing.txt' does not exist." } });
    expect(await read(box.root, { path: "dangling.txt" })).toEqual({ error: { code: "NOT_FOUND", message: "No such file or directory: the path 'dangling.txt' is a symlink whose target does not exist." } });
    expect(await read(box.root, { path: "docs/readme.md/x" })).toEqual({ error: { code: "NOT_FOUND", message: "No such file or directory: the path 'docs/readme.md/x' uses a file as a directory." } });
  });
});

describe("NFR-RD-SEC-01: forge's sandbox deny list (denied_patterns)", () => {
  // Paths and the first default pattern that denies them: forge's DEFAULT_SANDBOX_DENY_PATTERNS matched
  // case-insensitively, `*` crossing `/` (checked against globset by the research for issue 15).
  const DENIED: readonly (readonly [string, string])[] = [
    [".env", "**/.env"],
    [".ENV", "**/.env"],
    ["sub/.env", "**/.env"],
    [".env.local", "**/.env.*"],
    [".env.d/a.txt", "**/.env.*"],
    ["prod.env", "**/*.env"],
    [".ssh/config", "**/.ssh/**"],
    ["x/.ssh/known_hosts", "**/.ssh/**"],
    ["id_rsa", "**/id_rsa*"],
    ["id_rsa.pub", "**/id_rsa*"],
    ["keys/ID_RSA_backup", "**/id_rsa*"],
    ["id_ed25519.pub", "**/id_ed25519*"],
    ["id_ecdsa", "**/id_ecdsa*"],
    [".AWS/config", "**/.aws/**"],
    [".azure/x", "**/.azure/**"],
    [".config/gcloud/creds.json", "**/.config/gcloud/**"],
    [".gnupg/pubring.kbx", "**/.gnupg/**"],
    [".git/HEAD", "**/.git/**"],
    [".git-credentials", "**/.git-credentials"],
    [".npmrc", "**/.npmrc"],
    [".pypirc", "**/.pypirc"],
    [".netrc", "**/.netrc"],
    ["Secret.PEM", "**/*.pem"],
    ["server.key", "**/*.key"],
    ["a.p12", "**/*.p12"],
    ["a.pfx", "**/*.pfx"],
    ["a.der", "**/*.der"],
    ["core", "**/core"],
    ["CORE", "**/core"],
    ["src/core", "**/core"],
    ["core.1234", "**/core.*"],
    ["core.rs", "**/core.*"],
    ["snapshot.core", "**/*.core"],
    ["dump.dmp", "**/*.dmp"],
    ["dump.mdmp", "**/*.mdmp"],
    ["panic.stackdump", "**/*.stackdump"],
  ];
  // `.envrc` and `my.env.bak` pass forge's patterns but not the secrets policy (issue 30 case 6): see below.
  const ALLOWED = ["env", ".gitignore", ".github/workflows/ci.yml", ".config/other/x", "keyboard.txt", "my.key.txt", "core-utils.rs", "notes.dmp.txt", "docs/core-concepts.md", "x/.env/inner.txt", ".envs/a.txt", ".env.example", ".env.sample", ".env.template"];

  test("FORGE-NFR-RD-SEC-01-deny: the defaults are forge's 27 patterns, then three `!` exceptions for environment templates", () => {
    expect(DEFAULT_DENIED_PATTERNS).toHaveLength(30);
    expect(DEFAULT_DENIED_PATTERNS.slice(0, 27)).toEqual([
      "**/.ssh/**", "**/.gnupg/**", "**/.aws/**", "**/.azure/**", "**/.config/gcloud/**", "**/.git/**", "**/.git-credentials", "**/.npmrc", "**/.pypirc", "**/.netrc",
      "**/.env", "**/.env.*", "**/*.env", "**/id_rsa*", "**/id_ed25519*", "**/id_ecdsa*", "**/*.pem", "**/*.key", "**/*.p12", "**/*.pfx", "**/*.der",
      "**/core", "**/core.*", "**/*.core", "**/*.dmp", "**/*.mdmp", "**/*.stackdump",
    ]);
    expect(DEFAULT_DENIED_PATTERNS.slice(27)).toEqual(["!**/.env.example", "!**/.env.sample", "!**/.env.template"]);
  });

  test("FORGE-NFR-RD-SEC-01-deny: every path a default pattern matches is SANDBOX_DENIED naming the pattern, its content never read", async () => {
    const { root } = sandbox(Object.fromEntries(DENIED.map(([file]) => [file, "SECRET=1\n"])));
    for (const [file, pattern] of DENIED) {
      const output = await read(root, { path: file });
      expect(output, file).toEqual(denied(file, pattern));
    }
  });

  test("FORGE-NFR-RD-SEC-01-deny: paths no default pattern matches are read", async () => {
    const { root } = sandbox(Object.fromEntries(ALLOWED.map((file) => [file, "ok\n"])));
    for (const file of ALLOWED) expect(await read(root, { path: file }), file).toMatchObject({ content: "1| ok\n" });
  });

  test("FORGE-NFR-RD-SEC-01-deny: the path is matched as asked and where it resolves, existing or not, and relative to the root", async () => {
    const box = sandbox({ ".env": "SECRET=1\n", "notes.txt": "plain\n", ".ssh/known_hosts": "host\n" });
    fs.symlinkSync(".env", path.join(box.root, "innocent.txt"));
    fs.symlinkSync("notes.txt", path.join(box.root, "link.env"));
    fs.symlinkSync(".ssh", path.join(box.root, "dotssh"));
    expect(await read(box.root, { path: "innocent.txt" })).toEqual(denied("innocent.txt", "**/.env"));
    expect(await read(box.root, { path: "link.env" })).toEqual(denied("link.env", "**/*.env"));
    expect(await read(box.root, { path: "dotssh/known_hosts" })).toEqual(denied("dotssh/known_hosts", "**/.ssh/**"));
    expect(await read(box.root, { path: "missing/.env" })).toEqual(denied("missing/.env", "**/.env"));
    expect(await read(box.root, { path: "sub/../.env" })).toEqual(denied("sub/../.env", "**/.env"));
    // A backslash is read as `/` first, as forge's sandbox does (and the echoed path escapes it).
    expect(await read(box.root, { path: "a\\.env" })).toEqual({
      error: { code: "SANDBOX_DENIED", message: "Path 'a\\\\.env' matched denied pattern '**/.env': the sandbox refuses it (denied_patterns in [tools.read_file])." },
    });
    // Names a Windows or NTFS file system would open as `.env` are `.env` to the sandbox too (the secrets policy reads names that way).
    for (const [name, pattern] of [[".env:$DATA", "**/.env"], [".env::$DATA", "**/.env"], [".env.", "**/.env.*"], [".env ", "**/.env"]] as const) {
      expect(await read(box.root, { path: name }), name).toEqual(denied(name, pattern));
    }
    expect(await read(box.root, { path: path.join(box.root, ".env") })).toEqual(denied(path.join(box.root, ".env"), "**/.env"));
    // The root's own place in the file system does not count: a root under a directory named `.git` reads its files.
    const nested = path.join(box.dir, ".git", "proj");
    fs.mkdirSync(nested, { recursive: true });
    fs.writeFileSync(path.join(nested, "f.txt"), "f\n");
    // (secrets off: the secrets policy's `.git/` rule is matched on absolute paths; the deny list is not)
    expect(await read(nested, { path: "f.txt" }, { secrets: false, denied_patterns: [...DEFAULT_DENIED_PATTERNS] })).toMatchObject({ content: "1| f\n" });
    expect(await read(nested, { path: ".git/HEAD" }, { secrets: false, denied_patterns: [...DEFAULT_DENIED_PATTERNS] })).toEqual(denied(".git/HEAD", "**/.git/**"));
  });

  test("FORGE-NFR-RD-SEC-01-deny: denied_patterns replaces the defaults; `!` allows, the last matching pattern decides; a pattern starting with / is absolute", async () => {
    const box = sandbox({ "core.rs": "fn main() {}\n", "logs/app.log": "log\n", "logs/keep.log": "keep\n", "secrets/a.txt": "a\n" });
    expect(await read(box.root, { path: "core.rs" })).toEqual(denied("core.rs", "**/core.*"));
    expect(await read(box.root, { path: "core.rs" }, { denied_patterns: [] })).toMatchObject({ content: "1| fn main() {}\n" });
    const options = { denied_patterns: ["*.log", "!logs/keep.*", `${box.root}/secrets/**`] };
    expect(await read(box.root, { path: "logs/app.log" }, options)).toEqual(denied("logs/app.log", "*.log"));
    expect(await read(box.root, { path: "logs/keep.log" }, options)).toMatchObject({ content: "1| keep\n" });
    expect(await read(box.root, { path: "secrets/a.txt" }, options)).toEqual(denied("secrets/a.txt", `${box.root}/secrets/**`));
    expect(await read(box.root, { path: "logs/keep.log" }, { denied_patterns: ["!logs/keep.*", "*.log"] })).toEqual(denied("logs/keep.log", "*.log"));
  });

  test("FORGE-NFR-RD-SEC-01-deny: the deny list and the secrets policy refuse in one form; secrets = false reads secrets, as in every profile; a denied_patterns given applies either way", async () => {
    const { root } = sandbox({ ".env": "SECRET=1\n", ".kube/config": "token\n", "id_dsa": "key\n", "core.rs": "fn x() {}\n" });
    expect(await read(root, { path: ".kube/config" })).toEqual(secret(".kube/config", "Kubernetes credentials (.kube/config)"));
    expect(await read(root, { path: "id_dsa" })).toEqual(secret("id_dsa", "an SSH private key"));
    expect(await read(root, { path: ".env" })).toEqual(denied(".env", "**/.env"));
    expect(await read(root, { path: ".env" }, { denied_patterns: [] })).toEqual(secret(".env", "an environment file (.env, .env.*)"));
    for (const file of [".env", ".kube/config", "id_dsa", "core.rs"]) expect(await read(root, { path: file }, { secrets: false }), file).not.toHaveProperty("error");
    expect(await read(root, { path: ".env" }, { secrets: false, denied_patterns: ["**/.env"] })).toEqual(denied(".env", "**/.env"));
    expect(await read(root, { path: "id_dsa" }, { secrets: false, denied_patterns: ["**/.env"] })).toMatchObject({ content: "1| key\n" });
  });

  test("FORGE-NFR-RD-SEC-01-deny: deny beats allow: a deny pattern matches ignoring case and Unicode spelling, a `!` pattern re-includes only a path it matches as written", async () => {
    const nfc = "caf\u00e9_ok.txt";
    const nfd = "cafe\u0301_ok.txt";
    const box = sandbox({ "secret_public.txt": "lower\n", "SECRET_public.txt": "upper\n", "secret_other.txt": "other\n", [nfc]: "nfc\n", [nfd]: "nfd\n" });
    const options = { denied_patterns: ["secret*", "!SECRET_public.txt"] };
    expect(await read(box.root, { path: "secret_public.txt" }, options)).toEqual(denied("secret_public.txt", "secret*"));
    expect(await read(box.root, { path: "Secret_Public.TXT" }, options)).toEqual(denied("Secret_Public.TXT", "secret*"));
    expect(await read(box.root, { path: "secret_other.txt" }, options)).toEqual(denied("secret_other.txt", "secret*"));
    expect(await read(box.root, { path: "SECRET_public.txt" }, options)).toMatchObject({ path: "SECRET_public.txt", content: "1| upper\n" });
    // A symlink spelled as the allow pattern does not re-include a target it does not match as written.
    fs.symlinkSync("secret_public.txt", path.join(box.root, "SECRET_public.lnk"));
    expect(await read(box.root, { path: "SECRET_public.lnk" }, { denied_patterns: ["secret*", "!SECRET_public.*"] })).toEqual(denied("SECRET_public.lnk", "secret*"));
    // NFC and NFD spellings of one name: a deny pattern in either matches both; an allow re-includes only its own spelling.
    for (const deny of ["caf\u00e9*", "cafe\u0301*"]) {
      expect(await read(box.root, { path: nfc }, { denied_patterns: [deny] }), deny).toEqual(denied(nfc, deny));
      expect(await read(box.root, { path: nfd }, { denied_patterns: [deny] }), deny).toEqual(denied(nfd, deny));
    }
    const allowNfc = { denied_patterns: ["caf\u00e9*", `!${nfc}`] };
    expect(await read(box.root, { path: nfc }, allowNfc)).toMatchObject({ content: "1| nfc\n" });
    expect(await read(box.root, { path: nfd }, allowNfc)).toEqual(denied(nfd, "caf\u00e9*"));
    const allowNfd = { denied_patterns: ["caf\u00e9*", `!${nfd}`] };
    expect(await read(box.root, { path: nfd }, allowNfd)).toMatchObject({ content: "1| nfd\n" });
    expect(await read(box.root, { path: nfc }, allowNfd)).toEqual(denied(nfc, "caf\u00e9*"));
  });

  test("FORGE-NFR-RD-SEC-01-deny: the default `!` exceptions read environment templates as written, and only those", async () => {
    const { root } = sandbox({ ".env.example": "A=\n", "sub/.env.sample": "B=\n", ".env.template": "C=\n", ".ENV.EXAMPLE": "D=1\n", ".env.Example": "E=1\n" });
    expect(await read(root, { path: ".env.example" })).toMatchObject({ content: "1| A=\n" });
    expect(await read(root, { path: "sub/.env.sample" })).toMatchObject({ content: "1| B=\n" });
    expect(await read(root, { path: ".env.template" })).toMatchObject({ content: "1| C=\n" });
    expect(await read(root, { path: ".ENV.EXAMPLE" })).toEqual(denied(".ENV.EXAMPLE", "**/.env.*"));
    expect(await read(root, { path: ".env.Example" })).toEqual(denied(".env.Example", "**/.env.*"));
  });

  test("FORGE-NFR-RD-SEC-01-deny: an absolute pattern written through a symlink denies the canonical path, the path through the link, and a link inside the root to it", async () => {
    const box = sandbox({ "root/secrets/s.txt": "s\n", "root/public/p.txt": "p\n" });
    const real = fs.realpathSync.native(box.root);
    const linked = path.join(box.dir, "wl");
    fs.symlinkSync(real, linked);
    const root = path.join(real, "root");
    fs.symlinkSync(path.join(root, "secrets", "s.txt"), path.join(root, "public", "alias.txt"));
    fs.symlinkSync("../secrets", path.join(root, "public", "hidden"));
    const pattern = `${linked}/root/secrets/**`;
    const options = { denied_patterns: [pattern] };
    for (const input of ["secrets/s.txt", path.join(root, "secrets", "s.txt"), path.join(linked, "root", "secrets", "s.txt"), "public/alias.txt", "public/hidden/s.txt", "secrets/missing.txt"]) {
      expect(await read(root, { path: input }, options), input).toEqual(denied(input, pattern));
    }
    // Rooted at the link, the same pattern denies as asked and as resolved.
    expect(await read(path.join(linked, "root"), { path: "secrets/s.txt" }, options)).toEqual(denied("secrets/s.txt", pattern));
    expect(await read(root, { path: "public/p.txt" }, options)).toMatchObject({ content: "1| p\n" });
    // A `!` pattern written through the link re-includes the canonical path as well.
    const allowed = { denied_patterns: [`${real}/root/**`, `!${linked}/root/public/*.txt`] };
    expect(await read(root, { path: "public/p.txt" }, allowed)).toMatchObject({ content: "1| p\n" });
    expect(await read(root, { path: "public/alias.txt" }, allowed)).toEqual(denied("public/alias.txt", `${real}/root/**`));
    // The resolved directories are literal names, whatever glob characters they hold.
    const braced = path.join(real, "root", "b{x,y}");
    fs.mkdirSync(braced);
    fs.writeFileSync(path.join(braced, "k.txt"), "k\n");
    fs.symlinkSync(braced, path.join(box.dir, "blink"));
    const viaLink = `${box.dir}/blink/*.txt`;
    expect(await read(root, { path: "b{x,y}/k.txt" }, { denied_patterns: [viaLink] })).toEqual(denied("b{x,y}/k.txt", viaLink));
  });

  test("FORGE-NFR-RD-SEC-01-deny: each tool resolves an absolute pattern's link when it is created, however many tools were made with the same list before", async () => {
    const box = sandbox({ "a/secret.txt": "a\n", "b/secret.txt": "b\n" });
    const link = path.join(box.dir, "current");
    fs.symlinkSync(path.join(box.root, "a"), link);
    const pattern = `${link}/*.txt`;
    const options = { denied_patterns: [pattern] };
    expect(await read(box.root, { path: "a/secret.txt" }, options)).toEqual(denied("a/secret.txt", pattern));
    expect(await read(box.root, { path: "b/secret.txt" }, options)).toMatchObject({ content: "1| b\n" });
    fs.rmSync(link);
    fs.symlinkSync(path.join(box.root, "b"), link);
    expect(await read(box.root, { path: "b/secret.txt" }, options)).toEqual(denied("b/secret.txt", pattern));
    expect(await read(box.root, { path: "a/secret.txt" }, options)).toMatchObject({ content: "1| a\n" });
  });

  test("FORGE-NFR-RD-SEC-01-deny: one tool's remembered verdicts follow the path where it resolves: a link read as a plain file is denied once it points at a secret", async () => {
    const box = sandbox({ "notes.txt": "notes\n", ".env": "TOKEN=1\n" });
    const tool = createTool({ root: box.root });
    const link = path.join(box.root, "current.txt");
    fs.symlinkSync(path.join(box.root, "notes.txt"), link);
    for (let i = 0; i < 2; i++) expect(await tool.call({ path: "current.txt" })).toMatchObject({ content: "1| notes\n" });
    fs.rmSync(link);
    fs.symlinkSync(path.join(box.root, ".env"), link);
    for (let i = 0; i < 2; i++) expect(await tool.call({ path: "current.txt" })).toMatchObject({ error: { code: "SANDBOX_DENIED" } });
    fs.rmSync(link);
    fs.symlinkSync(path.join(box.root, "notes.txt"), link);
    expect(await tool.call({ path: "current.txt" })).toMatchObject({ content: "1| notes\n" });
  });

  test("FORGE-NFR-RD-SEC-01-deny: tools made with the same relative list over different roots each match relative to their own root", async () => {
    const box = sandbox({ "one/keys/k.txt": "1\n", "two/keys/k.txt": "2\n" });
    const options = { denied_patterns: ["keys/*.txt"] };
    for (let round = 0; round < 2; round++) {
      expect(await read(path.join(box.root, "one"), { path: "keys/k.txt" }, options)).toEqual(denied("keys/k.txt", "keys/*.txt"));
      expect(await read(path.join(box.root, "two"), { path: "keys/k.txt" }, options)).toEqual(denied("keys/k.txt", "keys/*.txt"));
      expect(await read(box.root, { path: "one/keys/k.txt" }, options)).toMatchObject({ content: "1| 1\n" });
    }
  });

  test("FORGE-5-denied-patterns: an absolute pattern whose fixed directories cannot be resolved is refused when the tool is created, naming it", () => {
    const { root } = sandbox();
    const accepted = "(accepted keys: max_file_read_bytes, max_answer_bytes, max_scan_bytes, show_line_numbers, denied_patterns, secrets)";
    expect(() => createTool({ root, denied_patterns: ["**/.env", "/nowhere/x/**"] })).toThrow(
      `forge: invalid option 'denied_patterns' in [tools.read_file]: invalid denied pattern '/nowhere/x/**' (entry 2): its fixed directories '/nowhere/x' cannot be resolved (ENOENT), and an absolute pattern is matched on canonical paths ${accepted}`,
    );
    expect(() => createTool({ root, denied_patterns: ["!/nowhere/\u001bx/*.txt"] })).toThrow(
      `forge: invalid option 'denied_patterns' in [tools.read_file]: invalid denied pattern '!/nowhere/\\x1bx/*.txt' (entry 1): its fixed directories '/nowhere/\\x1bx' cannot be resolved (ENOENT), and an absolute pattern is matched on canonical paths ${accepted}`,
    );
    expect(() => createTool({ root, denied_patterns: [`${root}/*.txt`, "/*/x"] })).not.toThrow();
  });

  test("FORGE-5-denied-patterns: an invalid glob is refused when the tool is created, naming the pattern", () => {
    const { root } = sandbox();
    const accepted = "(accepted keys: max_file_read_bytes, max_answer_bytes, max_scan_bytes, show_line_numbers, denied_patterns, secrets)";
    expect(() => createTool({ root, denied_patterns: ["**/.env", "[invalid"] })).toThrow(
      `forge: invalid option 'denied_patterns' in [tools.read_file]: invalid denied pattern '[invalid' (entry 2): unclosed character class; missing ']' ${accepted}`,
    );
    expect(() => createTool({ root, denied_patterns: ["{a,{b}}"] })).toThrow("invalid denied pattern '{a,{b}}' (entry 1): nested alternate groups are not allowed");
    expect(() => createTool({ root, denied_patterns: ["a\\"] })).toThrow("invalid denied pattern 'a\\\\' (entry 1): dangling '\\'");
    expect(() => createTool({ root, denied_patterns: "*.env" as unknown as string[] })).toThrow(`forge: invalid option 'denied_patterns' in [tools.read_file]: expected an array, got "*.env" ${accepted}`);
  });
});

describe("NFR-RD-SEC-01: characters forge's sandbox refuses in a path", () => {
  test("FORGE-NFR-RD-SEC-01-chars: controls, DEL, C1 and invisible or direction-changing characters are INVALID_ARGUMENT, whether the file exists or not", async () => {
    const unsafe = ["\u0000", "\u0001", "\u0007", "\t", "\n", "\u001b", "\u001f", "\u007f", "\u0080", "\u0085", "\u009f", "\u00ad", "\u034f", "\u061c", "\u115f", "\u1160", "\u17b4", "\u17b5", "\u180e",
      "\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u2028", "\u2029", "\u202a", "\u202e", "\u2060", "\u2066", "\u2069", "\u3164", "\ufe00", "\ufe0f", "\ufeff", "\uffa0", "\ufff9", "\ufffb",
      "\u{e0000}", "\u{e0041}", "\u{e007f}", "\u{e0100}", "\u{e01ef}"];
    const box = sandbox();
    for (const char of unsafe) {
      const name = `test${char}file`;
      if (char !== "\u0000" && char !== "\n") fs.writeFileSync(path.join(box.root, name), "content\n");
      const hex = (char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0");
      expect(await read(box.root, { path: name }), hex).toEqual({
        error: {
          code: "INVALID_ARGUMENT",
          message: `path contains invalid control characters (U+${hex} is character 5): controls and invisible or direction-changing characters are refused, since a name holding them does not show what it is. Name the file without them.`,
        },
      });
    }
  });

  test("FORGE-NFR-RD-SEC-01-chars: other characters are names: spaces, backslashes, accents, emoji, CJK", async () => {
    const names = ["a b.txt", " lead.txt", "back\\slash.txt", "caf\u00e9.txt", "\u{1F600}.txt", "\u65e5\u672c.txt", "x::$DATA"];
    const { root } = sandbox(Object.fromEntries(names.map((name) => [name, "ok\n"])));
    for (const name of names) expect(await read(root, { path: name }), name).toMatchObject({ content: "1| ok\n" });
  });
});
