import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  CORE_FAILURE_CODES,
  DEFAULT_SENSITIVE_RULES,
  MAX_PATH_INPUT_LENGTH,
  createWorkspace,
  fromOsError,
  openFile,
  quoteText,
  readTextWindow,
  validatePathInput,
  type CoreFailureCode,
  type Result,
  type TextWindowOptions,
  type Workspace,
} from "../src/index.js";
import { compileCoreInto, runNodeScript } from "./support/core-for-child.js";
import { useTempDirs, valueOf, windowOptions, workspaceOf, writeFiles } from "./support/temp-workspace.js";

const temp = useTempDirs();
const produced = new Set<CoreFailureCode>();

const FIRST_LINES = windowOptions({ from: "start", startLine: 1, maxLines: 10 });

function readIn(workspace: Workspace, input: unknown, overrides: Partial<TextWindowOptions> = {}) {
  return readTextWindow(workspace, input, { ...FIRST_LINES, ...overrides });
}

/** Asserts that `result` failed with `code` (and matches `shape`), and records the code as produced. */
function expectFailure(result: Result<unknown>, code: CoreFailureCode, shape: Record<string, unknown> = {}) {
  expect(result).toMatchObject({ ok: false, failure: { code, ...shape } });
  produced.add(code);
}

function texts(result: Result<{ window: { lines: readonly { text: string }[] } }>): string[] {
  return valueOf(result).window.lines.map((line) => line.text);
}

/** Runs `fn` and returns how long it took, in milliseconds. */
async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

describe("INVALID_INPUT: inputs refused before the filesystem is touched", () => {
  const workspace = workspaceOf(temp.make());

  test.each([
    [42, "a number"],
    [null, "null"],
    [undefined, "a undefined"],
    [{}, "an object"],
    [["a"], "an array"],
    [Buffer.from("a"), "an object"],
    [new URL("file:///etc/passwd"), "an object"],
  ])("a non-string path (%s) is refused", async (input, described) => {
    const expected = { code: "INVALID_INPUT", message: `The path must be a string, got ${described}.`, reason: "type" };
    expect(validatePathInput(input)).toEqual({ ok: false, failure: expected });
    expectFailure(await readIn(workspace, input), "INVALID_INPUT", expected);
  });

  test("an empty path is refused; one of spaces only names a file like any other", async () => {
    expectFailure(await readIn(workspace, ""), "INVALID_INPUT", { message: "The path must not be empty.", path: "", reason: "empty" });
    const dir = temp.make();
    writeFiles(dir, { "   ": "spaces\n" });
    expect(texts(await readIn(workspaceOf(dir), "   "))).toEqual(["spaces"]);
    expectFailure(await readIn(workspaceOf(dir), "\u3000"), "NOT_FOUND", { message: "The path '\u3000' does not exist." });
  });

  test("a NUL is refused (no file name holds one), and the message escapes the path", async () => {
    expectFailure(await readIn(workspace, "a\u0000b\u001b[2J"), "INVALID_INPUT", {
      message: "The path 'a\\x00b\\x1b[2J' contains a NUL byte, which no file name holds.",
      reason: "nul",
    });
  });

  test.each([
    ["a newline", "a\nb", "'a\\nb'"],
    ["a tab", "a\tb", "'a\\tb'"],
    ["an escape sequence", "\u001b[31mred", "'\\x1b[31mred'"],
    ["DEL", "a\u007f", "'a\\x7f'"],
    ["a C1 control", "a\u0085b", "'a\\x85b'"],
    ["right-to-left override", "evil\u202etxt.sh", "'evil\\u202etxt.sh'"],
    ["a bidi isolate", "a\u2066b", "'a\\u2066b'"],
    ["a right-to-left mark", "a\u200fb", "'a\\u200fb'"],
    ["the Arabic letter mark", "a\u061cb", "'a\\u061cb'"],
    ["a line separator", "a\u2028[forged line].txt", "'a\\u2028[forged line].txt'"],
    ["a paragraph separator", "a\u2029b", "'a\\u2029b'"],
  ])("%s in the path names a file like any other character, escaped where it is echoed", async (_, input, shown) => {
    expectFailure(await readIn(workspace, input), "NOT_FOUND", { message: `The path ${shown} does not exist.`, path: input });
    const dir = temp.make();
    writeFiles(dir, { [input]: "found\n" });
    expect(texts(await readIn(workspaceOf(dir), input))).toEqual(["found"]);
  });

  test("a path over the length limit is refused; one at the limit reaches the filesystem", async () => {
    expectFailure(await readIn(workspace, "a".repeat(MAX_PATH_INPUT_LENGTH + 1)), "INVALID_INPUT", {
      message: `The path is ${MAX_PATH_INPUT_LENGTH + 1} characters long; at most ${MAX_PATH_INPUT_LENGTH} are accepted.`,
      reason: "length", limit: MAX_PATH_INPUT_LENGTH,
    });
    expect(validatePathInput("a".repeat(MAX_PATH_INPUT_LENGTH))).toEqual({ ok: true, value: "a".repeat(MAX_PATH_INPUT_LENGTH) });
  });

  test("`~` and `file:` are ordinary characters of a relative name", async () => {
    const dir = temp.make();
    writeFiles(dir, { "~/notes.txt": "tilde\n", "file:/x.txt": "scheme\n" });
    const ws = workspaceOf(dir);
    expect(texts(await readIn(ws, "~/notes.txt"))).toEqual(["tilde"]);
    expect(texts(await readIn(ws, "file:/x.txt"))).toEqual(["scheme"]);
    expectFailure(await readIn(ws, "~/missing"), "NOT_FOUND");
  });
});

describe("NOT_FOUND", () => {
  const dir = temp.make();
  writeFiles(dir, { "file.txt": "x\n", "sub/inner.txt": "y\n" });
  fs.symlinkSync("nowhere.txt", path.join(dir, "dangling"));
  const workspace = workspaceOf(dir);

  test("a missing file", async () => {
    expectFailure(await readIn(workspace, "missing.txt"), "NOT_FOUND", {
      message: "The path 'missing.txt' does not exist.",
      path: "missing.txt",
      reason: "missing", resolved: path.join(workspace.root, "missing.txt"),
    });
    expectFailure(await readIn(workspace, "no/such/dir/file"), "NOT_FOUND", { reason: "missing" });
  });

  test("a dangling symlink whose target would be inside", async () => {
    expectFailure(await readIn(workspace, "dangling"), "NOT_FOUND", {
      message: "The path 'dangling' is a symlink whose target does not exist.",
      reason: "dangling-symlink", resolved: path.join(workspace.root, "nowhere.txt"),
    });
  });

  test("a file used as a directory", async () => {
    expectFailure(await readIn(workspace, "file.txt/x"), "NOT_FOUND", {
      message: "The path 'file.txt/x' uses a file as a directory.",
      reason: "not-a-directory",
    });
    expectFailure(await readIn(workspace, "file.txt/"), "NOT_FOUND", { reason: "not-a-directory" });
  });

  test("a workspace root that is missing or is a file", async () => {
    expect(createWorkspace(path.join(dir, "absent"))).toMatchObject({ ok: false, failure: { code: "NOT_FOUND", reason: "missing" } });
    expect(createWorkspace(path.join(dir, "file.txt"))).toMatchObject({ ok: false, failure: { code: "NOT_FOUND", reason: "root-not-directory" } });
  });

  test("an empty workspace root fails closed: it is never the current directory", () => {
    expect(createWorkspace("")).toStrictEqual({
      ok: false,
      failure: { code: "INVALID_INPUT", message: "The workspace root is empty; name a directory (an empty root is never read as the current directory).", path: "", reason: "empty" },
    });
  });
});

describe("OUTSIDE_ROOT: containment is decided on the kernel's resolved path", () => {
  // base/ws is the root; base/ws_evil shares its prefix; base/outside holds the targets of links.
  const base = temp.make();
  const root = path.join(base, "ws");
  const evil = path.join(base, "ws_evil");
  const outside = path.join(base, "outside");
  writeFiles(base, {
    "ws/inside.txt": "inside\n",
    "ws/x": "lexical inside x\n",
    "ws/sub/deep.txt": "deep\n",
    "ws_evil/secret.txt": "evil secret\n",
    "outside/secret.txt": "outside secret\n",
    "outside/a/b/file.txt": "b\n",
    "outside/a/x": "outside x\n",
  });
  const link = (target: string, name: string) => fs.symlinkSync(target, path.join(root, name));
  link(path.join(outside, "secret.txt"), "abs-file-link");
  link("../outside/secret.txt", "rel-file-link");
  link(outside, "abs-dir-link");
  link("../outside", "rel-dir-link");
  link(path.join(outside, "missing.txt"), "dangling-out");
  link("../outside/missing.txt", "dangling-out-rel");
  link(path.join(outside, "a", "b"), "deep-link");
  link("../ws/sub/deep.txt", "round-trip");
  fs.symlinkSync(root, path.join(base, "alias"));
  const workspace = workspaceOf(root);
  const denied = async (input: string) => expectFailure(await readIn(workspace, input), "OUTSIDE_ROOT", {
    message: `The path '${input}' resolves outside the workspace root.`,
    path: input,
  });

  test("`../` out of the root, existing or not", async () => {
    await denied("../outside/secret.txt");
    await denied("../outside/missing.txt");
    await denied("sub/../../outside/secret.txt");
    await denied("..");
  });

  test("an absolute path outside the root", async () => {
    await denied(path.join(outside, "secret.txt"));
    await denied("/etc/passwd");
    await denied("/");
  });

  test("a sibling that shares the root's prefix is outside", async () => {
    await denied(path.join(evil, "secret.txt"));
    await denied("../ws_evil/secret.txt");
    await denied(evil);
    expect(valueOf(workspace.resolve("../ws_evil/secret.txt"))).toEqual({
      input: "../ws_evil/secret.txt",
      absolute: path.join(fs.realpathSync(evil), "secret.txt"),
      relative: "../ws_evil/secret.txt",
      inside: false,
    });
  });

  test("symlinks out of the root: to a file or a directory, absolute or relative", async () => {
    for (const input of ["abs-file-link", "rel-file-link", "abs-dir-link/secret.txt", "rel-dir-link/secret.txt", "abs-dir-link", "rel-dir-link"]) {
      await denied(input);
    }
  });

  test("a dangling link pointing outside is OUTSIDE_ROOT, never NOT_FOUND", async () => {
    for (const input of ["dangling-out", "dangling-out-rel", "abs-dir-link/missing.txt"]) {
      expectFailure(await readIn(workspace, input), "OUTSIDE_ROOT", { resolved: path.join(fs.realpathSync(outside), "missing.txt") });
    }
  });

  test("`..` after a symlink is interpreted by the kernel, not folded lexically", async () => {
    // Lexically deep-link/../x is ws/x (it exists); the kernel goes to outside/a/b/.. = outside/a, so outside/a/x.
    expect(valueOf(workspace.resolve("deep-link/../x"))).toMatchObject({ absolute: path.join(fs.realpathSync(outside), "a", "x"), inside: false });
    await denied("deep-link/../x");
    await denied("deep-link/../missing");
    await denied("deep-link/../../secret.txt");
  });

  test("an outside path that fails to resolve for another reason is still OUTSIDE_ROOT, revealing nothing of it", async () => {
    fs.symlinkSync("loop-b", path.join(outside, "loop-a"));
    fs.symlinkSync("loop-a", path.join(outside, "loop-b"));
    for (const input of ["../outside/loop-a", "abs-dir-link/loop-a", "rel-dir-link/loop-b/x", `../outside/${"n".repeat(300)}`, path.join(outside, "loop-a")]) {
      await denied(input);
    }
  });

  test("a link that leaves and comes back is inside", async () => {
    expect(texts(await readIn(workspace, "round-trip"))).toEqual(["deep"]);
    expect(texts(await readIn(workspace, "abs-dir-link/../ws/inside.txt"))).toEqual(["inside"]);
  });

  test("a root reached through a symlinked alias: inside stays inside, whatever the spelling", async () => {
    const viaAlias = workspaceOf(path.join(base, "alias"));
    expect(viaAlias.root).toBe(fs.realpathSync(root));
    expect(texts(await readIn(viaAlias, "inside.txt"))).toEqual(["inside"]);
    expect(texts(await readIn(viaAlias, path.join(base, "alias", "inside.txt")))).toEqual(["inside"]);
    expect(texts(await readIn(viaAlias, path.join(root, "sub", "deep.txt")))).toEqual(["deep"]);
    expect(texts(await readIn(workspace, path.join(base, "alias", "inside.txt")))).toEqual(["inside"]);
    expect(valueOf(viaAlias.resolve(path.join(base, "alias", "sub")))).toMatchObject({ relative: "sub", inside: true });
    expect(valueOf(viaAlias.resolve("."))).toMatchObject({ relative: ".", inside: true });
  });

  test("openFile refuses an outside resolution on its own, and reads it when the caller allows it", async () => {
    const resolved = valueOf(workspace.resolve("abs-file-link"));
    expect(resolved.inside).toBe(false);
    expectFailure(openFile(resolved), "OUTSIDE_ROOT");
    expect(texts(await readIn(workspace, "abs-file-link", { allowOutside: true }))).toEqual(["outside secret"]);
  });
});

describe("SYMLINK_LOOP and NAME_TOO_LONG", () => {
  const dir = temp.make();
  fs.symlinkSync("b", path.join(dir, "a"));
  fs.symlinkSync("a", path.join(dir, "b"));
  fs.symlinkSync("self", path.join(dir, "self"));
  const workspace = workspaceOf(dir);

  test("a symlink loop", async () => {
    for (const input of ["a", "self", "a/x"]) {
      expectFailure(await readIn(workspace, input), "SYMLINK_LOOP", {
        message: `The path '${input}' runs into a symlink loop.`,
        osError: "ELOOP",
      });
    }
  });

  test("a component longer than the file system allows", async () => {
    const input = "x".repeat(300);
    expectFailure(await readIn(workspace, input), "NAME_TOO_LONG", {
      message: `The path '${input}' is too long for the file system.`,
      osError: "ENAMETOOLONG",
    });
  });

  test("255 bytes is a legal name (missing here); 256 is too long, also as a directory on the way", async () => {
    expectFailure(await readIn(workspace, "n".repeat(255)), "NOT_FOUND");
    expectFailure(await readIn(workspace, "n".repeat(256)), "NAME_TOO_LONG");
    expectFailure(await readIn(workspace, `${"\u00e9".repeat(128)}/x`), "NAME_TOO_LONG");
  });
});

describe("IS_DIRECTORY and NOT_REGULAR_FILE: special files fail at once and never block", () => {
  const dir = temp.make();
  writeFiles(dir, { "sub/x": "x\n" });
  execFileSync("mkfifo", [path.join(dir, "fifo")]);
  fs.symlinkSync("/dev/zero", path.join(dir, "zero"));
  fs.symlinkSync("/dev/null", path.join(dir, "null"));
  fs.symlinkSync("/dev/tty", path.join(dir, "tty"));
  fs.symlinkSync("fifo", path.join(dir, "fifo-link"));
  const workspace = workspaceOf(dir);
  let server: net.Server;

  beforeAll(async () => {
    server = net.createServer();
    await new Promise<void>((resolve) => server.listen(path.join(dir, "socket"), resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test("a directory, the root included", { timeout: 5_000 }, async () => {
    for (const input of ["sub", "sub/", ".", dir]) {
      expectFailure(await readIn(workspace, input), "IS_DIRECTORY", { message: `The path '${input}' is a directory.` });
    }
  });

  test("a FIFO, directly and through a symlink, many times over", { timeout: 5_000 }, async () => {
    const elapsed = await timed(async () => {
      for (let i = 0; i < 8; i++) {
        for (const input of ["fifo", "fifo-link"]) {
          expectFailure(await readIn(workspace, input), "NOT_REGULAR_FILE", {
            message: `The path '${input}' is not a regular file (it is a fifo).`,
            kind: "fifo",
          });
        }
      }
    });
    expect(elapsed).toBeLessThan(1_000);
  });

  test("a unix socket", { timeout: 5_000 }, async () => {
    const elapsed = await timed(async () =>
      expectFailure(await readIn(workspace, "socket"), "NOT_REGULAR_FILE", {
        message: "The path 'socket' is not a regular file (it is a socket).",
        kind: "socket",
      }),
    );
    expect(elapsed).toBeLessThan(1_000);
  });

  test("/dev/zero and /dev/null through a symlink: outside, and a character device when allowed", { timeout: 5_000 }, async () => {
    const elapsed = await timed(async () => {
      for (const input of ["zero", "null"]) {
        expectFailure(await readIn(workspace, input), "OUTSIDE_ROOT");
        expectFailure(await readIn(workspace, input, { allowOutside: true, sniffBytes: Number.POSITIVE_INFINITY, window: { from: "end", lines: 1 } }), "NOT_REGULAR_FILE", {
          message: `The path '${input}' is not a regular file (it is a character device).`,
          kind: "character-device",
        });
      }
    });
    expect(elapsed).toBeLessThan(1_000);
  });

  test("/dev/tty is a character device, whether open finds a controlling terminal or fails with ENXIO", { timeout: 5_000 }, async () => {
    expectFailure(await readIn(workspace, "tty", { allowOutside: true }), "NOT_REGULAR_FILE", {
      message: "The path 'tty' is not a regular file (it is a character device).",
      kind: "character-device",
    });
  });
});

describe("limits and content", () => {
  const dir = temp.make();
  writeFiles(dir, {
    "ten.txt": "0123456789",
    "nul-first.bin": Buffer.from([0, 0x61, 0x0a]),
    "nul-late.txt": Buffer.concat([Buffer.alloc(8192, 0x61), Buffer.from([0])]),
    "latin1.txt": Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]),
    "lines.txt": "a\nb\nc\nd\n",
  });
  const workspace = workspaceOf(dir);

  test("TOO_LARGE", async () => {
    expectFailure(await readIn(workspace, "ten.txt", { maxFileBytes: 9 }), "TOO_LARGE", { cause: "size", size: 10, limit: 9 });
    expectFailure(await readIn(workspace, "lines.txt", { maxWindowBytes: 3 }), "TOO_LARGE", { cause: "window", limit: 3 });
  });

  test("BINARY: a NUL inside the sniff window, not one just past it", async () => {
    expectFailure(await readIn(workspace, "nul-first.bin", { sniffBytes: 8192 }), "BINARY", {
      message: "The file 'nul-first.bin' appears to be binary (it contains a NUL byte).",
      path: "nul-first.bin",
      sniffBytes: 8192,
    });
    expect((await readIn(workspace, "nul-late.txt", { sniffBytes: 8192 })).ok).toBe(true);
    expectFailure(await readIn(workspace, "nul-late.txt", { sniffBytes: 8193 }), "BINARY");
    expectFailure(await readIn(workspace, "nul-late.txt", { sniffBytes: Number.POSITIVE_INFINITY }), "BINARY", { sniffBytes: null });
  });

  test("INVALID_UTF8", async () => {
    expectFailure(await readIn(workspace, "latin1.txt"), "INVALID_UTF8", { message: "The file 'latin1.txt' is not valid UTF-8." });
  });

  test("SCAN_LIMIT", async () => {
    expectFailure(await readIn(workspace, "lines.txt", { window: { from: "start", startLine: 4, maxLines: 1 }, maxScanBytes: 4 }), "SCAN_LIMIT", {
      maxScanBytes: 4, startLine: 4,
    });
  });
});

describe("CHANGED_DURING_READ: a swap between resolve and open is caught on the descriptor", () => {
  test("a parent directory swapped for a symlink to elsewhere, outside or inside", async () => {
    const base = temp.make();
    writeFiles(base, { "ws/dir/file.txt": "checked\n", "ws/other/file.txt": "inside other\n", "outside/file.txt": "outside\n" });
    const root = path.join(base, "ws");
    const workspace = workspaceOf(root);
    for (const target of [path.join(base, "outside"), path.join(root, "other")]) {
      const resolved = valueOf(workspace.resolve("dir/file.txt"));
      expect(resolved.inside).toBe(true);
      fs.renameSync(path.join(root, "dir"), path.join(root, "dir.old"));
      fs.symlinkSync(target, path.join(root, "dir"));
      try {
        expectFailure(openFile(resolved), "CHANGED_DURING_READ", {
          message: "The path 'dir/file.txt' changed while it was being opened (the opened file is not the checked path). Retry the read.",
        });
      } finally {
        fs.unlinkSync(path.join(root, "dir"));
        fs.renameSync(path.join(root, "dir.old"), path.join(root, "dir"));
      }
      expect(openFile(resolved)).toMatchObject({ ok: true });
    }
  });

  test("the final component swapped for a symlink (O_NOFOLLOW)", async () => {
    const dir = temp.make();
    writeFiles(dir, { "f.txt": "checked\n", "g.txt": "other\n" });
    const workspace = workspaceOf(dir);
    const resolved = valueOf(workspace.resolve("f.txt"));
    fs.renameSync(path.join(dir, "f.txt"), path.join(dir, "f.old"));
    fs.symlinkSync("g.txt", path.join(dir, "f.txt"));
    expectFailure(openFile(resolved), "CHANGED_DURING_READ", {
      message: "The path 'f.txt' changed while it was being opened (the final component became a symlink after it was checked). Retry the read.",
    });
  });
});

describe("IO_ERROR", () => {
  test("a read the kernel fails with EIO (/proc/self/mem at address 0, through a link the caller allowed)", async () => {
    const dir = temp.make();
    fs.symlinkSync("/proc/self/mem", path.join(dir, "mem"));
    const workspace = workspaceOf(dir);
    expectFailure(await readIn(workspace, "mem", { allowOutside: true, sniffBytes: 8192 }), "IO_ERROR", {
      message: "The file 'mem' could not be read (EIO).",
      osError: "EIO",
    });
    expectFailure(await readIn(workspace, "mem", { allowOutside: true }), "IO_ERROR", { osError: "EIO" });
  });

  test("fromOsError maps an unexpected OS error (EISDIR from a real readFileSync) to IO_ERROR", async () => {
    const dir = temp.make();
    let error: unknown;
    try {
      fs.readFileSync(dir);
    } catch (caught) {
      error = caught;
    }
    expect(fromOsError(error, "d", "The path 'd'")).toEqual({
      code: "IO_ERROR",
      message: "The path 'd' could not be read (EISDIR).",
      path: "d",
      osError: "EISDIR",
    });
  });
});

describe("failures that need a process of their own", () => {
  const dir = temp.make();
  fs.chmodSync(dir, 0o755);
  let coreIndex = "";
  beforeAll(() => {
    coreIndex = compileCoreInto(dir);
  });

  test("PERMISSION_DENIED: an unreadable file and an untraversable directory, for a user without the right", async () => {
    const root = path.join(dir, "ws");
    writeFiles(root, { "secret.txt": "no\n", "locked/inner.txt": "no\n", "open.txt": "yes\n" });
    writeFiles(dir, { "private/inner.txt": "no\n" });
    fs.chmodSync(path.join(dir, "private"), 0o000);
    fs.chmodSync(root, 0o755);
    fs.chmodSync(path.join(root, "open.txt"), 0o644);
    fs.chmodSync(path.join(root, "secret.txt"), 0o000);
    fs.chmodSync(path.join(root, "locked"), 0o000);
    const user = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;
    const child = runNodeScript(
      dir,
      `import { createWorkspace, readTextWindow } from ${JSON.stringify(coreIndex)};
const ws = createWorkspace(${JSON.stringify(root)});
const options = { window: { from: "start", startLine: 1, maxLines: 1 }, countTotal: true, decode: "strict", sniffBytes: 8192 };
const out = {};
for (const input of ["secret.txt", "locked/inner.txt", "open.txt", "../private/inner.txt"]) {
  const r = await readTextWindow(ws.value, input, options);
  out[input] = r.ok ? r.value.window.lines.map((l) => l.text) : r.failure;
}
console.log(JSON.stringify({ uid: process.getuid(), out }));`,
      user === undefined ? {} : { user },
    );
    expect(child.stderr).toBe("");
    const { uid, out } = JSON.parse(child.stdout) as { uid: number; out: Record<string, unknown> };
    expect(uid).not.toBe(0);
    expect(out["open.txt"]).toEqual(["yes"]);
    expect(out["secret.txt"]).toEqual({
      code: "PERMISSION_DENIED",
      message: "The path 'secret.txt' cannot be accessed: permission denied by the operating system.",
      path: "secret.txt",
      osError: "EACCES",
    });
    expect(out["locked/inner.txt"]).toMatchObject({ code: "PERMISSION_DENIED", osError: "EACCES" });
    // Outside the root, a denial by the OS is not revealed: the path is simply outside.
    expect(out["../private/inner.txt"]).toMatchObject({ code: "OUTSIDE_ROOT" });
    produced.add("PERMISSION_DENIED");
  });

  test("TOO_MANY_OPEN_FILES: with every descriptor taken, then fine once one is freed", async () => {
    const root = path.join(dir, "fds");
    writeFiles(root, { "a.txt": "a\n" });
    const child = runNodeScript(
      dir,
      `import fs from "node:fs";
import { createWorkspace, readTextWindow } from ${JSON.stringify(coreIndex)};
const ws = createWorkspace(${JSON.stringify(root)});
const options = { window: { from: "start", startLine: 1, maxLines: 1 }, countTotal: true, decode: "strict", sniffBytes: 8192 };
const held = [];
try { for (;;) held.push(fs.openSync("/dev/null", "r")); } catch (error) { if (error.code !== "EMFILE") throw error; }
const exhausted = await readTextWindow(ws.value, "a.txt", options);
fs.closeSync(held.pop());
const freed = await readTextWindow(ws.value, "a.txt", options);
// Twenty reads at once with one descriptor free: each waits for the one before it to close its own.
const together = await Promise.all(Array.from({ length: 20 }, () => readTextWindow(ws.value, "a.txt", options)));
console.log(JSON.stringify({ held: held.length, exhausted: exhausted.ok ? "ok" : exhausted.failure, freed: freed.ok ? freed.value.window.lines : freed.failure, together: together.map((read) => (read.ok ? "ok" : read.failure.code)) }));`,
      { maxOpenFiles: 128 },
    );
    expect(child.stderr).toBe("");
    const result = JSON.parse(child.stdout) as { held: number; exhausted: unknown; freed: unknown; together: unknown };
    expect(result.held).toBeGreaterThan(0);
    expect(result.exhausted).toEqual({
      code: "TOO_MANY_OPEN_FILES",
      message: "The path 'a.txt' cannot be opened now: too many open files. Retry later.",
      path: "a.txt",
      osError: "EMFILE",
    });
    expect(result.freed).toEqual([{ number: 1, text: "a", terminator: "\n" }]);
    expect(result.together).toEqual(Array.from({ length: 20 }, () => "ok"));
    produced.add("TOO_MANY_OPEN_FILES");
  });
});

describe("descriptors", () => {
  test("no read leaks a descriptor, whether it succeeds or fails after opening", async () => {
    const dir = temp.make();
    writeFiles(dir, { "ok.txt": "a\nb\n", "bin": Buffer.from([0]), "bad.txt": Buffer.from([0xff]), sub: "" });
    fs.rmSync(path.join(dir, "sub"));
    fs.mkdirSync(path.join(dir, "sub"));
    const workspace = workspaceOf(dir);
    const before = fs.readdirSync("/proc/self/fd").length;
    for (let i = 0; i < 50; i++) {
      for (const input of ["ok.txt", "bin", "bad.txt", "sub", "missing"]) await readIn(workspace, input, { sniffBytes: 1024, window: { from: "end", lines: 1 } });
    }
    expect(fs.readdirSync("/proc/self/fd").length).toBe(before);
  });
});

describe("SENSITIVE: the secrets policy, on the path as asked and on where it resolves", () => {
  const dir = temp.make();
  const outside = temp.make();
  writeFiles(dir, { ".env": "TOKEN=1\n", ".env.example": "TOKEN=\n", "notes.txt": "n\n", "keys/id_rsa": "k\n", "app.PEM": "p\n" });
  writeFiles(outside, { secret: "s\n" });
  fs.symlinkSync(".env", path.join(dir, "innocent.txt"));
  fs.symlinkSync("notes.txt", path.join(dir, ".env.local"));
  const workspace = workspaceOf(dir);
  const policy = { sensitive: DEFAULT_SENSITIVE_RULES };

  test("a secret is refused before anything is opened, by name, case and spelling as the sensitive rules compare them", async () => {
    for (const input of [".env", "./.env", "keys/id_rsa", "app.PEM", ".ENV", ".env.", "sub/../.env"]) {
      expectFailure(await readIn(workspace, input, policy), "SENSITIVE", {
        message: `The path ${quoteText(input)} is sensitive: ${input.includes("id_rsa") ? "an SSH private key" : input.includes("PEM") ? "a private key or certificate store (*.pem, *.key, *.p12, *.pfx, *.ppk, *.jks, *.keystore)" : "an environment file (.env, .env.*)"}.`,
        path: input,
      });
    }
  });

  test("through a symlink either way, and whether or not the file exists; a secret the rules except, or no policy, is read", async () => {
    expectFailure(await readIn(workspace, "innocent.txt", policy), "SENSITIVE", { rule: "env-file" });
    expectFailure(await readIn(workspace, ".env.local", policy), "SENSITIVE", { rule: "env-file" });
    expectFailure(await readIn(workspace, ".env.production", policy), "SENSITIVE", { rule: "env-file" });
    expect(valueOf(await readIn(workspace, ".env.example", policy)).window.lines).toEqual([{ number: 1, text: "TOKEN=", terminator: "\n" }]);
    expect(valueOf(await readIn(workspace, ".env")).window.lines).toEqual([{ number: 1, text: "TOKEN=1", terminator: "\n" }]);
    expect(valueOf(await readIn(workspace, ".env", { sensitive: [] })).window.lines).toHaveLength(1);
  });

  test("a rule sees each form of the names lower-cased, and the names exactly as they are beside every form (for exceptions that must not fold)", async () => {
    const nfd = "Cafe\u0301.TXT";
    writeFiles(dir, { [nfd]: "c\n" });
    const seen: [string, string, number][] = [];
    const recorder = {
      id: "recorder",
      description: "a rule that records what it is given",
      matches: (names: readonly string[], exact: readonly string[]) => {
        seen.push([names.at(-1) ?? "", exact.at(-1) ?? "", exact.length]);
        return false;
      },
    };
    expect(valueOf(await readIn(workspace, nfd, { sensitive: [recorder] })).window.lines).toHaveLength(1);
    const depth = workspace.root.split("/").filter((name) => name !== "").length + 1;
    // The path as asked, as it is, then NFC (it resolves to that very path, which is not asked about again).
    expect(seen).toEqual([
      ["cafe\u0301.txt", nfd, depth],
      ["caf\u00e9.txt", nfd, depth],
    ]);
  });

  test("where a path resolves is asked about when it is another path than the one asked, and only then", async () => {
    const asked: string[] = [];
    const recorder = {
      id: "recorder",
      description: "a rule that records the paths it is asked about",
      matches: (_names: readonly string[], exact: readonly string[]) => {
        asked.push(`/${exact.join("/")}`);
        return false;
      },
    };
    const checked = async (input: string) => {
      asked.length = 0;
      expect(valueOf(await readIn(workspace, input, { sensitive: [recorder] })).window.lines).toHaveLength(1);
      return [...asked];
    };
    // Each path is asked about once per distinct form: plain ASCII names are their own normal form.
    const notes = `${workspace.root}/notes.txt`;
    expect(await checked("notes.txt")).toEqual([notes]);
    expect(await checked("./keys/../notes.txt")).toEqual([notes]);
    expect(await checked(notes)).toEqual([notes]);
    expect(await checked(".env.local")).toEqual([`${workspace.root}/.env.local`, notes]);
  });

  test("a rule that throws refuses the path: a check that could not finish is never an allowance", async () => {
    const broken = { id: "broken", description: "a broken rule", matches: () => { throw new Error("no\nway"); } };
    expectFailure(await readIn(workspace, "notes.txt", { sensitive: [broken] }), "SENSITIVE", {
      message: "The path 'notes.txt' could not be checked against the secrets policy (no\\nway).",
      rule: "error",
    });
  });
});

test("every CoreFailureCode is produced for real by a test above", async () => {
  expect([...produced].sort()).toEqual([...CORE_FAILURE_CODES].sort());
});
