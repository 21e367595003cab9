import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { openFile, readTextWindow, type ResolveOptions, type Result, type TextWindowOptions, type Workspace } from "../src/index.js";
import { compileCoreInto, runNodeScript } from "./support/core-for-child.js";
import { codeOf, useTempDirs, valueOf, windowOptions, workspaceOf, writeFiles } from "./support/temp-workspace.js";

const temp = useTempDirs();

/**
 * A root `ws/` next to `outside/`: files, a directory, symlinks to a file inside, to a directory inside,
 * out of the root (file and directory), dangling, a loop, and a FIFO.
 */
function layout(): { dir: string; root: string; workspace: Workspace } {
  const dir = fs.realpathSync.native(temp.make());
  const root = path.join(dir, "ws");
  writeFiles(root, { "f.txt": "hello\n", "src/main.ts": "main\n" });
  writeFiles(path.join(dir, "outside"), { "secret.txt": "secret\n" });
  fs.symlinkSync("f.txt", path.join(root, "link-in"));
  fs.symlinkSync("src", path.join(root, "linkdir"));
  fs.symlinkSync("../outside/secret.txt", path.join(root, "link-out"));
  fs.symlinkSync("../outside", path.join(root, "linkdir-out"));
  fs.symlinkSync("nowhere.txt", path.join(root, "dangling"));
  fs.symlinkSync("loop", path.join(root, "loop"));
  execFileSync("mkfifo", [path.join(root, "fifo")]);
  return { dir, root, workspace: workspaceOf(root) };
}

/** Where an input lands (its root-relative path, `../` outside), or the failure code. */
function landing(workspace: Workspace, input: string, options: ResolveOptions): string {
  const resolved = workspace.resolve(input, options);
  return resolved.ok ? resolved.value.relative : resolved.failure.code;
}

/** Checks where each input of `expected` lands (see {@link landing}). */
function expectLandings(workspace: Workspace, options: ResolveOptions, expected: Record<string, string>): void {
  expect(Object.fromEntries(Object.keys(expected).map((input) => [input, landing(workspace, input, options)]))).toEqual(expected);
}

describe("Workspace.resolve: spelling", () => {
  const { workspace } = layout();

  test("kernel (the default): the path as given, `..` after a name applied by the kernel", () => {
    for (const options of [{}, { spelling: "kernel" } as const]) {
      expectLandings(workspace, options, {
        "f.txt": "f.txt",
        "f.txt/": "NOT_FOUND",
        "missing/../f.txt": "NOT_FOUND",
        "linkdir/../f.txt": "f.txt",
        "linkdir-out/../ws/f.txt": "f.txt",
      });
    }
  });

  test("lexical: `f.txt/`, `missing/../f.txt`, `./src/../f.txt` and `src//main.ts` are cleaned first", () => {
    const lexical = { spelling: "lexical" } as const;
    expectLandings(workspace, lexical, {
      "f.txt/": "f.txt",
      "missing/../f.txt": "f.txt",
      "./src/../f.txt": "f.txt",
      "src//main.ts": "src/main.ts",
      [`${workspace.root}/src/../f.txt`]: "f.txt",
      ".": ".",
    });
  });

  test("lexical: the cleaned path is still resolved by the kernel, and containment decided on that", () => {
    const lexical = { spelling: "lexical" } as const;
    // `linkdir-out/../ws/f.txt` is cleaned to `<root>/ws/f.txt`, which does not exist.
    expectLandings(workspace, lexical, {
      "linkdir-out/../ws/f.txt": "NOT_FOUND",
      "linkdir-out/secret.txt": "../outside/secret.txt",
      "link-out": "../outside/secret.txt",
      "linkdir/main.ts": "src/main.ts",
      "src/../../outside/secret.txt": "../outside/secret.txt",
      "src/../../outside/missing.txt": "OUTSIDE_ROOT",
      "..": "..",
    });
  });

  test("lexical: the result carries the input as given and the canonical absolute path that is opened", () => {
    expect(valueOf(workspace.resolve("missing/../f.txt", { spelling: "lexical" }))).toEqual({
      input: "missing/../f.txt",
      absolute: path.join(workspace.root, "f.txt"),
      relative: "f.txt",
      inside: true,
    });
  });
});

describe("Workspace.resolve: finalSymlink", () => {
  const { workspace } = layout();

  test("follow (the default) follows a link as the last component", () => {
    for (const options of [{}, { finalSymlink: "follow" } as const]) {
      expectLandings(workspace, options, {
        "link-in": "f.txt",
        "link-out": "../outside/secret.txt",
        "dangling": "NOT_FOUND",
        "loop": "SYMLINK_LOOP",
      });
    }
  });

  test("refuse: a link as the last component is NOT_REGULAR_FILE (kind symlink), wherever it points", () => {
    for (const spelling of ["kernel", "lexical"] as const) {
      for (const input of ["link-in", "link-out", "dangling", "loop", "src/../link-in"]) {
        expect(workspace.resolve(input, { spelling, finalSymlink: "refuse" })).toEqual({
          ok: false,
          failure: { code: "NOT_REGULAR_FILE", kind: "symlink", path: input, message: `The path '${input}' is a symbolic link, which is not followed.` },
        });
      }
    }
  });

  test("refuse: symlinked directories on the way are followed; outside, what cannot be taken as asked reveals nothing", () => {
    const refuse = { spelling: "lexical", finalSymlink: "refuse" } as const;
    fs.symlinkSync("secret.txt", path.join(workspace.root, "../outside/link-to-secret"));
    expectLandings(workspace, refuse, {
      "linkdir/main.ts": "src/main.ts",
      "linkdir-out/secret.txt": "../outside/secret.txt",
      "../outside/secret.txt": "../outside/secret.txt",
      "linkdir-out/missing.txt": "OUTSIDE_ROOT",
      "linkdir-out/link-to-secret": "OUTSIDE_ROOT",
      "../outside/link-to-secret": "OUTSIDE_ROOT",
      "../missing/x": "OUTSIDE_ROOT",
      "f.txt": "f.txt",
      "fifo": "fifo",
      ".": ".",
    });
    expect(landing(workspace, "f.txt/", { finalSymlink: "refuse" })).toBe("NOT_FOUND");
  });

  test("refuse: a missing entry and a file used as a directory are NOT_FOUND with their reasons", () => {
    const refuse = { spelling: "lexical", finalSymlink: "refuse" } as const;
    expect(workspace.resolve("missing.txt", refuse)).toMatchObject({ ok: false, failure: { code: "NOT_FOUND", reason: "missing" } });
    expect(workspace.resolve("f.txt/x", refuse)).toMatchObject({ ok: false, failure: { code: "NOT_FOUND", reason: "not-a-directory" } });
    expect(workspace.resolve("missing/x", refuse)).toMatchObject({ ok: false, failure: { code: "NOT_FOUND", reason: "missing" } });
  });

  test("withOpenFile resolves with OpenOptions.resolve", async () => {
    const options: TextWindowOptions = { ...windowOptions({ from: "start", startLine: 1, maxLines: 1 }), resolve: { spelling: "lexical", finalSymlink: "refuse" } };
    expect(valueOf(await readTextWindow(workspace, "missing/../f.txt", options)).window.lines).toEqual([{ number: 1, text: "hello", terminator: "\n" }]);
    expect(codeOf(await readTextWindow(workspace, "link-in", options))).toBe("NOT_REGULAR_FILE");
    expect(codeOf(await readTextWindow(workspace, "missing/../f.txt", windowOptions({ from: "start", startLine: 1, maxLines: 1 })))).toBe("NOT_FOUND");
  });
});

describe("OpenOptions.statFirst: the path's stat decides kind and size before the open", () => {
  const { workspace, root } = layout();
  writeFiles(root, { "big.txt": Buffer.alloc(2048, "a"), "exact.txt": Buffer.alloc(1024, "a") });
  fs.mkdirSync(path.join(root, "dir"));

  function openWith(input: string, options: Parameters<typeof openFile>[1]): Result<unknown> {
    const resolved = workspace.resolve(input);
    if (!resolved.ok) return resolved;
    const opened = openFile(resolved.value, options);
    if (opened.ok) fs.closeSync(opened.value.fd);
    return opened;
  }

  test("a directory, a FIFO (never opened, never blocking) and a file over maxFileBytes fail on the stat", { timeout: 5_000 }, () => {
    const first = { statFirst: true, maxFileBytes: 1024 };
    expect(openWith("dir", first)).toMatchObject({ ok: false, failure: { code: "IS_DIRECTORY" } });
    expect(openWith("fifo", first)).toMatchObject({ ok: false, failure: { code: "NOT_REGULAR_FILE", kind: "fifo" } });
    expect(openWith("big.txt", first)).toEqual({
      ok: false,
      failure: { code: "TOO_LARGE", cause: "size", size: 2048, limit: 1024, path: "big.txt", message: "The file 'big.txt' is 2048 bytes, over the limit of 1024 bytes." },
    });
    expect(openWith("exact.txt", first)).toMatchObject({ ok: true });
    expect(openWith("big.txt", { statFirst: true })).toMatchObject({ ok: true });
    expect(openWith("big.txt", { maxFileBytes: 1024 })).toMatchObject({ ok: true });
  });

  test("the stat'ed entry must be the opened one: a file replaced between the stat and the open is CHANGED_DURING_READ", () => {
    // The real lstat, then a real replacement of the file before the open: same path, another inode.
    const resolved = valueOf(workspace.resolve("f.txt"));
    const replaced = path.join(root, "f.txt");
    const original = fs.readFileSync(replaced);
    const realLstat = fs.lstatSync;
    let swapped = false;
    // Spied, not mocked: every call gets the real stat; after the one of `f.txt`, the file really is replaced.
    const spy = vi.spyOn(fs, "lstatSync").mockImplementation(((target: fs.PathLike, ...rest: never[]) => {
      const stat = realLstat(target, ...rest);
      if (!swapped && target === replaced) {
        swapped = true;
        // Written beside it first, so the new file cannot reuse the old one's inode.
        fs.writeFileSync(`${replaced}.new`, original);
        fs.renameSync(`${replaced}.new`, replaced);
      }
      return stat;
    }) as typeof fs.lstatSync);
    try {
      expect(openFile(resolved, { statFirst: true })).toMatchObject({ ok: false, failure: { code: "CHANGED_DURING_READ", reason: "swapped" } });
      expect(swapped).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  test("a path resolved without following its last component is stat'ed once: open uses resolution's lstat", () => {
    const entry = path.join(root, "f.txt");
    const resolved = valueOf(workspace.resolve("f.txt", { finalSymlink: "refuse" }));
    const spy = vi.spyOn(fs, "lstatSync");
    try {
      const opened = valueOf(openFile(resolved, { statFirst: true }));
      fs.closeSync(opened.fd);
      expect(spy.mock.calls.filter(([target]) => target === entry)).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });

  test("a resolution of another path in between makes the open stat its own entry, never the other's", () => {
    const entry = path.join(root, "f.txt");
    fs.writeFileSync(path.join(root, "other.txt"), "a longer file than f.txt is\n".repeat(8));
    const resolved = valueOf(workspace.resolve("f.txt", { finalSymlink: "refuse" }));
    valueOf(workspace.resolve("other.txt", { finalSymlink: "refuse" }));
    try {
      const opened = valueOf(openFile(resolved, { statFirst: true }));
      fs.closeSync(opened.fd);
      expect(opened.stat.size).toBe(fs.statSync(entry).size);
    } finally {
      fs.rmSync(path.join(root, "other.txt"));
    }
  });

  test("with resolution's lstat, a file replaced between the resolution and the open is CHANGED_DURING_READ", () => {
    const entry = path.join(root, "f.txt");
    const original = fs.readFileSync(entry);
    const resolved = valueOf(workspace.resolve("f.txt", { finalSymlink: "refuse" }));
    // Written beside it first, so the new file cannot reuse the old one's inode.
    fs.writeFileSync(`${entry}.new`, original);
    fs.renameSync(`${entry}.new`, entry);
    expect(openFile(resolved, { statFirst: true })).toMatchObject({ ok: false, failure: { code: "CHANGED_DURING_READ", reason: "swapped" } });
  });

  test("the exact mtime keeps its fraction, mtimeMs stays whole", () => {
    const file = path.join(root, "f.txt");
    fs.utimesSync(file, 1_735_212_345.1234567, 1_735_212_345.1234567);
    const resolved = valueOf(workspace.resolve("f.txt"));
    const opened = valueOf(openFile(resolved));
    fs.closeSync(opened.fd);
    expect(opened.stat.mtimeMsExact).toBe(fs.statSync(file).mtimeMs);
    expect(opened.stat.mtimeMsExact % 1).not.toBe(0);
    expect(opened.stat.mtimeMs).toBe(Math.trunc(fs.statSync(file).mtimeMs));
  });
});

describe("statFirst as a user the operating system refuses", () => {
  const dir = temp.make();
  fs.chmodSync(dir, 0o755);
  let coreIndex = "";
  beforeAll(() => {
    coreIndex = compileCoreInto(dir);
  });

  test("a mode-000 file over the limit is TOO_LARGE and a mode-000 directory IS_DIRECTORY, not PERMISSION_DENIED", () => {
    const root = path.join(dir, "ws");
    writeFiles(root, { "big.txt": Buffer.alloc(4096, "a"), "small.txt": "x\n" });
    fs.mkdirSync(path.join(root, "closed"));
    fs.chmodSync(root, 0o755);
    for (const name of ["big.txt", "small.txt", "closed"]) fs.chmodSync(path.join(root, name), 0o000);
    const user = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;
    const child = runNodeScript(
      dir,
      `import { createWorkspace, readTextWindow } from ${JSON.stringify(coreIndex)};
const ws = createWorkspace(${JSON.stringify(root)}).value;
const base = { window: { from: "start", startLine: 1, maxLines: 1 }, countTotal: true, decode: "strict", sniffBytes: 8192, maxFileBytes: 1024 };
const out = {};
for (const statFirst of [true, false]) {
  for (const input of ["big.txt", "closed", "small.txt"]) {
    const r = await readTextWindow(ws, input, { ...base, statFirst });
    out[statFirst + " " + input] = r.ok ? "ok" : r.failure.code;
  }
}
console.log(JSON.stringify({ uid: process.getuid(), out }));`,
      user === undefined ? {} : { user },
    );
    expect(child.stderr).toBe("");
    const { uid, out } = JSON.parse(child.stdout) as { uid: number; out: Record<string, string> };
    expect(uid).not.toBe(0);
    expect(out).toEqual({
      "true big.txt": "TOO_LARGE",
      "true closed": "IS_DIRECTORY",
      "true small.txt": "PERMISSION_DENIED",
      "false big.txt": "PERMISSION_DENIED",
      "false closed": "PERMISSION_DENIED",
      "false small.txt": "PERMISSION_DENIED",
    });
  });
});
