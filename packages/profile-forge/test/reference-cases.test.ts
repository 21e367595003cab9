import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { createTool } from "../src/index.js";
import { read, sandbox } from "./helpers.js";

// Every read-behaviour test of the reference, danielchristiancazares/forge (HEAD 5af0899, and bf75fd3 for a
// test HEAD no longer has), ported case by case: its name, its inputs, its expected value as this profile
// shows it. Spec 004 is the SRD as its last version (3269be9) left it; 0210d5f deleted it. The
// format_with_line_numbers tests, tool_loop_write_then_read_same_batch and three deny-pattern tests are
// golden cases (fixtures/golden/forge/ref-*.json), run in-process and through the CLI.
const BUILTINS = "danielchristiancazares/forge tools/src/builtins.rs";
const SANDBOX = "danielchristiancazares/forge tools/src/sandbox.rs";

const deniedBy = (input: string, pattern: string) => ({
  error: { code: "SANDBOX_DENIED", message: `Path '${input}' matched denied pattern '${pattern}': the sandbox refuses it (denied_patterns in [tools.read_file]).` },
});
const codeOf = (output: object) => ("error" in output ? (output as { error: { code: string } }).error.code : "read");
/** The names of `chars` in a message (`U+200B`). */
const hex = (char: string) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;

/** `test<c>file` for each of `chars`, read from a workspace where it exists (NUL aside, which no name can hold). */
async function readNames(chars: readonly string[]): Promise<Record<string, string>> {
  const box = sandbox();
  const codes: Record<string, string> = {};
  for (const char of chars) {
    const name = `test${char}file`;
    if (char !== "\u0000") fs.writeFileSync(path.join(box.root, name), "content\n");
    const output = await read(box.root, { path: name });
    codes[hex(char)] = codeOf(output);
    if ("error" in output) expect(output.error.message).toContain("path contains invalid control characters");
  }
  return codes;
}
const all = (chars: readonly string[], code: string) => Object.fromEntries(chars.map((char) => [hex(char), code]));

describe(`FORGE-ref-tests: ${BUILTINS}, ReadFileTool`, () => {
  test("read_tool_reads_user_data: Read with max_file_read_bytes 1024 and max_scan_bytes 4096 reads foo.rs, asking nobody", async () => {
    const { root } = sandbox({ "foo.rs": "fn main() {}\n" });
    const tool = createTool({ root, max_file_read_bytes: 1024, max_scan_bytes: 4096 });
    expect(tool.name).toBe("Read");
    expect(await tool.call({ path: "foo.rs" })).toMatchObject({ content: "1| fn main() {}\n", path: "foo.rs" });
  });

  test("detects_crash_dump_artifacts: core, core.1234, dump.dmp, dump.mdmp, panic.stackdump, snapshot.core are refused", async () => {
    const names: [string, string][] = [
      ["core", "**/core"],
      ["core.1234", "**/core.*"],
      ["dump.dmp", "**/*.dmp"],
      ["dump.mdmp", "**/*.mdmp"],
      ["panic.stackdump", "**/*.stackdump"],
      ["snapshot.core", "**/*.core"],
    ];
    const { root } = sandbox(Object.fromEntries(names.map(([name]) => [name, "dump\n"])));
    for (const [name, pattern] of names) expect(await read(root, { path: name })).toEqual(deniedBy(name, pattern));
  });

  test("allows_non_dump_file_names: src/main.rs, docs/core-concepts.md, notes.dmp.txt are read", async () => {
    const names = ["src/main.rs", "docs/core-concepts.md", "notes.dmp.txt"];
    const { root } = sandbox(Object.fromEntries(names.map((name) => [name, "x\n"])));
    for (const name of names) expect(await read(root, { path: name })).toMatchObject({ content: "1| x\n" });
  });
});

describe("FORGE-ref-tests: danielchristiancazares/forge engine and integration tests that drive Read", () => {
  test("tool_settings_use_default_sandbox_when_not_configured (engine/src/app/init.rs): with no config, Cargo.toml in the root is read", async () => {
    const { root } = sandbox({ "Cargo.toml": "[package]\n" });
    expect(await read(root, { path: "Cargo.toml" })).toMatchObject({ content: "1| [package]\n" });
  });

  test("tool_settings_fail_closed_on_empty_expanded_allowed_root (engine/src/app/init.rs): an empty root is refused when the tool is created, never taken as the current directory", () => {
    // forge's root comes out empty from an unset `${FORGE_TEST_MISSING_ALLOWED_ROOT}`; this profile expands no variables, so it is given empty.
    expect(() => createTool({ root: "" })).toThrow(
      "forge: invalid workspace root: The workspace root is empty; name a directory (an empty root is never read as the current directory).",
    );
  });

  test("sandbox_blocks_parent_directory_traversal (tests/suite/high_impact.rs): ../../../etc/passwd, /etc/passwd, foo/../../etc/passwd, foo/../../../bar are refused", async () => {
    const { root } = sandbox({ "foo/x.txt": "x" });
    for (const input of ["../../../etc/passwd", "/etc/passwd", "foo/../../etc/passwd", "foo/../../../bar"]) {
      expect(await read(root, { path: input })).toEqual({
        error: { code: "OUTSIDE_SANDBOX", message: `Path outside sandbox: '${input}' resolves outside the workspace root, and Read only reads files inside it.` },
      });
    }
  });

  test("sandbox_allows_valid_paths (tests/suite/high_impact.rs): src/main.rs, ./foo/bar.txt, nested/deep/file.md are read", async () => {
    const { root } = sandbox({ "src/main.rs": "a", "foo/bar.txt": "b", "nested/deep/file.md": "c" });
    expect(await read(root, { path: "src/main.rs" })).toMatchObject({ content: "1| a" });
    expect(await read(root, { path: "./foo/bar.txt" })).toMatchObject({ content: "1| b", path: "foo/bar.txt" });
    expect(await read(root, { path: "nested/deep/file.md" })).toMatchObject({ content: "1| c" });
  });
});

describe(`FORGE-ref-tests: ${SANDBOX}, characters in a path (is_unsafe_path_char)`, () => {
  test("safe_chars_not_flagged: a Z 0 / \\ . - _ and space are name characters", async () => {
    const box = sandbox({ "sub/file": "x\n" });
    for (const char of ["a", "Z", "0", "\\", ".", "-", "_", " "]) {
      fs.writeFileSync(path.join(box.root, `test${char}file`), "content\n");
      expect(await read(box.root, { path: `test${char}file` }), char).toMatchObject({ content: "1| content\n" });
    }
    expect(await read(box.root, { path: "sub/file" })).toMatchObject({ content: "1| x\n" });
  });

  test("null_char_is_unsafe, control_chars_are_unsafe, c1_control_chars_are_unsafe", async () => {
    const chars = ["\u0000", "\u0001", "\u001f", "\u007f", "\u0080", "\u009f"];
    expect(await readNames(chars)).toEqual(all(chars, "INVALID_ARGUMENT"));
  });

  test("bidi_chars_are_unsafe: U+061C, U+200E, U+200F, U+202A, U+202E, U+2066, U+2069", async () => {
    const chars = ["\u061c", "\u200e", "\u200f", "\u202a", "\u202e", "\u2066", "\u2069"];
    expect(await readNames(chars)).toEqual(all(chars, "INVALID_ARGUMENT"));
  });

  test("zero_width_chars_are_unsafe, unicode_tags_are_unsafe, variation_selectors_are_unsafe, soft_hyphen_is_unsafe, steganographic_fillers_are_unsafe", async () => {
    const chars = ["\u200b", "\u200c", "\u200d", "\u{e0000}", "\u{e0041}", "\u{e007f}", "\ufe00", "\ufe0f", "\u{e0100}", "\u{e01ef}", "\u00ad", "\ufeff", "\u034f", "\u115f", "\u3164", "\u180e"];
    expect(await readNames(chars)).toEqual(all(chars, "INVALID_ARGUMENT"));
  });

  test("path_with_zwsp_flagged, path_with_unicode_tags_flagged, path_with_null_flagged, path_with_bidi_flagged", async () => {
    const { root } = sandbox({ "src/ma\u200bin.rs": "x", "src/\u{e0041}\u{e0042}main.rs": "x", "test\u202efile": "x" });
    for (const input of ["src/ma\u200bin.rs", "src/\u{e0041}\u{e0042}main.rs", "test\u0000file", "test\u202efile"]) {
      expect(await read(root, { path: input })).toMatchObject({ error: { code: "INVALID_ARGUMENT" } });
    }
  });

  test("safe_path_not_flagged: /home/user/file.txt, C:\\Users\\test\\file.txt, relative/path/to/file are not refused for their characters", async () => {
    const { root } = sandbox({ "relative/path/to/file": "x" });
    expect(await read(root, { path: "/home/user/file.txt" })).toMatchObject({ error: { code: "OUTSIDE_SANDBOX" } });
    expect(await read(root, { path: "C:\\Users\\test\\file.txt" })).toMatchObject({ error: { code: "NOT_FOUND" } });
    expect(await read(root, { path: "relative/path/to/file" })).toMatchObject({ content: "1| x" });
  });

  test("resolve_path_rejects_unsafe_chars: test\\u{0000}file.txt is a bad argument whose message contains \"invalid control characters\"", async () => {
    const { root } = sandbox();
    expect(await read(root, { path: "test\u0000file.txt" })).toEqual({
      error: {
        code: "INVALID_ARGUMENT",
        message:
          "path contains invalid control characters (U+0000 is character 5): controls and invisible or direction-changing characters are refused, since a name holding them does not show what it is. Name the file without them.",
      },
    });
  });

  test("normalize_converts_backslashes / normalize_preserves_forward_slashes: deny patterns see a backslash as /", async () => {
    const { root } = sandbox({ "a\\.env": "SECRET=1\n", "sub/.env": "SECRET=2\n" });
    expect(await read(root, { path: "a\\.env" })).toMatchObject({ error: { code: "SANDBOX_DENIED", message: expect.stringContaining("matched denied pattern '**/.env'") } });
    expect(await read(root, { path: "sub/.env" })).toEqual(deniedBy("sub/.env", "**/.env"));
  });
});

describe(`FORGE-ref-tests: ${SANDBOX}, construction, resolve_path, ensure_path_allowed, deny patterns`, () => {
  test("sandbox_new_with_valid_root: a tool is created over a directory", () => {
    const { root } = sandbox();
    expect(createTool({ root }).name).toBe("Read");
  });

  test("sandbox_new_with_nonexistent_root_fails: /nonexistent/path/xyz is refused", () => {
    expect(() => createTool({ root: "/nonexistent/path/xyz" })).toThrow("The workspace root does not exist.");
  });

  test("sandbox_new_with_invalid_glob_pattern_fails: denied pattern [invalid is refused", () => {
    const { root } = sandbox();
    expect(() => createTool({ root, denied_patterns: ["[invalid"] })).toThrow("invalid denied pattern '[invalid' (entry 1): unclosed character class; missing ']'");
  });

  test("sandbox_working_dir_returns_first_root / resolve_path_relative_path_within_sandbox: test.txt is read from the canonical root", async () => {
    const box = sandbox({ "test.txt": "content" });
    const link = path.join(box.dir, "link-to-ws");
    fs.symlinkSync(box.root, link);
    expect(await read(link, { path: "test.txt" })).toMatchObject({ content: "1| content", path: "test.txt" });
  });

  test("resolve_path_rejects_parent_dir: ../escape is refused", async () => {
    const { root } = sandbox();
    expect(await read(root, { path: "../escape" })).toMatchObject({ error: { code: "OUTSIDE_SANDBOX" } });
  });

  test("resolve_path_rejects_absolute_outside_roots / resolve_path_rejects_absolute_when_disallowed (bf75fd3 engine/src/tools/sandbox.rs): /etc/passwd is refused", async () => {
    const { root } = sandbox();
    expect(await read(root, { path: "/etc/passwd" })).toEqual({
      error: { code: "OUTSIDE_SANDBOX", message: "Path outside sandbox: '/etc/passwd' resolves outside the workspace root, and Read only reads files inside it." },
    });
  });

  test("resolve_path_truncates_absolute_within_roots / resolve_path_allows_absolute_when_allowed / ensure_path_allowed_within_sandbox: an absolute path inside the root is read", async () => {
    const { root } = sandbox({ "file.txt": "content", "allowed.txt": "content" });
    const real = fs.realpathSync(root);
    expect(await read(root, { path: path.join(real, "file.txt") })).toMatchObject({ path: "file.txt", content: "1| content" });
    expect(await read(root, { path: path.join(real, "allowed.txt") })).toMatchObject({ path: "allowed.txt" });
  });

  test("resolve_path_truncates_absolute_root_itself: the root is accepted by the sandbox, then refused as a directory", async () => {
    const { root } = sandbox();
    expect(await read(root, { path: fs.realpathSync(root) })).toMatchObject({ error: { code: "NOT_A_FILE", message: expect.stringMatching(/^path is a directory: /) } });
  });

  test("resolve_path_new_file_in_sandbox: newfile.txt passes the sandbox, then does not exist", async () => {
    const { root } = sandbox();
    expect(await read(root, { path: "newfile.txt" })).toEqual({ error: { code: "NOT_FOUND", message: "No such file or directory: the path 'newfile.txt' does not exist." } });
  });

  test("ensure_path_allowed_rejects_outside_sandbox: a file of another directory is refused", async () => {
    const { root } = sandbox();
    const other = fs.mkdtempSync(path.join(os.tmpdir(), "forge-other-"));
    try {
      fs.writeFileSync(path.join(other, "outside.txt"), "content");
      expect(await read(root, { path: path.join(other, "outside.txt") })).toMatchObject({ error: { code: "OUTSIDE_SANDBOX" } });
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  test("deny_pattern_matches_glob: **/*.log refuses test.log", async () => {
    const { root } = sandbox({ "test.log": "content" });
    expect(await read(root, { path: "test.log" }, { denied_patterns: ["**/*.log"] })).toEqual(deniedBy("test.log", "**/*.log"));
  });

  test("is_path_denied_matches_deny_pattern: **/.env refuses subdir/.env and reads allowed.txt", async () => {
    const { root } = sandbox({ "subdir/.env": "SECRET=1", "allowed.txt": "content" });
    const options = { denied_patterns: ["**/.env"], secrets: false };
    expect(await read(root, { path: "subdir/.env" }, options)).toEqual(deniedBy("subdir/.env", "**/.env"));
    expect(await read(root, { path: "allowed.txt" }, options)).toMatchObject({ content: "1| content" });
  });

  test("contains_ntfs_ads_detects_stream_syntax (non-Windows branch): kept different, .env::$DATA is refused here, as a Windows or NTFS file system opens .env for it", async () => {
    const { root } = sandbox({ ".env::$DATA": "x\n", "notes::$DATA": "y\n" });
    expect(await read(root, { path: ".env::$DATA" })).toEqual(deniedBy(".env::$DATA", "**/.env"));
    expect(await read(root, { path: "notes::$DATA" })).toMatchObject({ content: "1| y\n" });
  });

  test("strip_ads_suffixes_removes_stream_names (every platform): deny patterns see .env::$DATA as .env, secret.key:stream as secret.key, sub/.env::$DATA as sub/.env; no_ads/file.txt is read; a pattern naming C: still matches C:/Users/test", async () => {
    const { root } = sandbox({ ".env::$DATA": "x\n", "secret.key:stream": "x\n", "sub/.env::$DATA": "x\n", "no_ads/file.txt": "x\n", "C:/Users/test": "x\n" });
    const options = { denied_patterns: ["**/.env", "**/secret.key", "C:/Users/**"] };
    expect(await read(root, { path: ".env::$DATA" }, options)).toEqual(deniedBy(".env::$DATA", "**/.env"));
    expect(await read(root, { path: "secret.key:stream" }, options)).toEqual(deniedBy("secret.key:stream", "**/secret.key"));
    expect(await read(root, { path: "sub/.env::$DATA" }, options)).toEqual(deniedBy("sub/.env::$DATA", "**/.env"));
    expect(await read(root, { path: "no_ads/file.txt" }, options)).toMatchObject({ path: "no_ads/file.txt", content: "1| x\n" });
    expect(await read(root, { path: "C:/Users/test" }, options)).toEqual(deniedBy("C:/Users/test", "C:/Users/**"));
  });

  test("resolve_path_rejects_ntfs_ads (forge: Windows only): with **/.env denied, .env::$DATA and .env:stream are refused here too", async () => {
    const { root } = sandbox({ ".env": "SECRET=x" });
    const options = { denied_patterns: ["**/.env"] };
    expect(await read(root, { path: ".env::$DATA" }, options)).toEqual(deniedBy(".env::$DATA", "**/.env"));
    expect(await read(root, { path: ".env:stream" }, options)).toEqual(deniedBy(".env:stream", "**/.env"));
  });

  test("validate_opened_file_allows_normal_file: ok.txt holding `ok` is read", async () => {
    const { root } = sandbox({ "ok.txt": "ok" });
    expect(await read(root, { path: "ok.txt" })).toMatchObject({ content: "1| ok" });
  });
});

describe("FORGE-ref-tests: danielchristiancazares/forge tools/src/lib.rs, sanitize_output, which the Read handler and the engine both apply (kept different)", () => {
  test("sanitize_output_strips_steganographic_chars: kept different, a file's zero-width characters are returned as the file has them", async () => {
    const { root } = sandbox({ "f.txt": "Hello\u200bWorld" });
    expect(await read(root, { path: "f.txt" })).toMatchObject({ content: "1| Hello\u200bWorld" });
  });

  test("sanitize_output_redacts_openai_keys: kept different, a file's text is returned unredacted (the deny list keeps secret files out)", async () => {
    const { root } = sandbox({ "f.txt": "key=sk-proj-abc123def456ghi789jkl" });
    expect(await read(root, { path: "f.txt" })).toMatchObject({ content: "1| key=sk-proj-abc123def456ghi789jkl" });
  });
});
