import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { makeTempDir } from "../../../vitest.temp-dirs.js";
import { describe, expect, test } from "vitest";
import { defaultCacheDir } from "../src/compiled-bundle.js";

const BUNDLE = `
let calls = 0;
exports.twice = (n) => { calls += 1; return n * 2; };
exports.calls = () => calls;
exports.where = () => [__filename, __dirname, typeof require("node:path").join];
exports.load = (specifier) => __readToolImport(specifier);
`;

function setUp(source = BUNDLE) {
  const dir = makeTempDir("read-bundle-");
  const file = path.join(dir, "bundle.cjs");
  fs.writeFileSync(file, source);
  return { dir, file, cacheDir: path.join(dir, "cache") };
}

const LOADER = pathToFileURL(path.resolve(import.meta.dirname, "..", "dist", "compiled-bundle.js")).href;

/**
 * Loads the bundle in a fresh process (V8 keeps what it compiled in memory, so a second load in this one
 * would never consult the cache), runs `expression` on its exports, saves the cache and reports.
 */
function load(file: string, cacheDir: string | undefined, expression = "null"): { cacheUsed: boolean; value: unknown } {
  const script = `
    const { loadCompiledBundle } = await import(${JSON.stringify(LOADER)});
    const bundle = loadCompiledBundle(${JSON.stringify(file)}, ${JSON.stringify(cacheDir)}, (url) => import(url));
    const exports = bundle.exports;
    const value = await (${expression});
    bundle.saveCache();
    process.stdout.write(JSON.stringify({ cacheUsed: bundle.cacheUsed, value }));
  `;
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", timeout: 60_000 });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout) as { cacheUsed: boolean; value: unknown };
}

const cacheFiles = (cacheDir: string) => (fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir) : []);

describe("loadCompiledBundle", () => {
  test("runs a CommonJS bundle with its own __filename, __dirname and require", () => {
    const { dir, file } = setUp();
    expect(load(file, undefined, "[exports.twice(21), exports.where()]")).toEqual({ cacheUsed: false, value: [42, [file, dir, "function"]] });
  });

  test("the first start writes V8's code cache (0600 in a 0700 directory), the next uses it", () => {
    const { file, cacheDir } = setUp();
    expect(load(file, cacheDir).cacheUsed).toBe(false);
    const [name] = cacheFiles(cacheDir);
    expect(name).toMatch(/^[0-9a-f]{16}-[0-9a-f]{16}\.v8$/);
    expect(fs.statSync(cacheDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(cacheDir, name ?? "")).mode & 0o777).toBe(0o600);
    expect(load(file, cacheDir, "exports.twice(4)")).toEqual({ cacheUsed: true, value: 8 });
    expect(cacheFiles(cacheDir)).toEqual([name]);
  });

  test("a changed bundle gets a new cache, which replaces the old one", () => {
    const { file, cacheDir } = setUp();
    load(file, cacheDir);
    const [before] = cacheFiles(cacheDir);
    fs.appendFileSync(file, "exports.more = 1;\n");
    expect(load(file, cacheDir, "exports.more")).toEqual({ cacheUsed: false, value: 1 });
    const after = cacheFiles(cacheDir);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before);
    expect(after[0]?.slice(0, 17)).toBe(before?.slice(0, 17));
    expect(load(file, cacheDir).cacheUsed).toBe(true);
  });

  test("a corrupt cache is refused by V8 and replaced", () => {
    const { file, cacheDir } = setUp();
    load(file, cacheDir);
    fs.writeFileSync(path.join(cacheDir, cacheFiles(cacheDir)[0] ?? ""), Buffer.alloc(4096, 0x5a));
    expect(load(file, cacheDir, "exports.twice(1)")).toEqual({ cacheUsed: false, value: 2 });
    expect(load(file, cacheDir).cacheUsed).toBe(true);
  });

  test("a cache directory others may write to is neither read nor written", () => {
    const { file, cacheDir } = setUp();
    load(file, cacheDir);
    fs.chmodSync(cacheDir, 0o777);
    expect(load(file, cacheDir).cacheUsed).toBe(false);
    fs.rmSync(path.join(cacheDir, cacheFiles(cacheDir)[0] ?? ""));
    load(file, cacheDir);
    expect(cacheFiles(cacheDir)).toEqual([]);
  });

  test.runIf(process.getuid?.() === 0)("a cache file owned by another user, or a symlink, is not read", () => {
    const { dir, file, cacheDir } = setUp();
    load(file, cacheDir);
    const cache = path.join(cacheDir, cacheFiles(cacheDir)[0] ?? "");
    fs.chownSync(cache, 65534, 65534);
    expect(load(file, cacheDir).cacheUsed).toBe(false);

    const elsewhere = path.join(dir, "elsewhere.v8");
    fs.renameSync(cache, elsewhere);
    fs.chownSync(elsewhere, 0, 0);
    fs.symlinkSync(elsewhere, cache);
    expect(load(file, cacheDir).cacheUsed).toBe(false);
  });

  test("__readToolImport resolves a relative specifier from the bundle's directory", () => {
    const { dir, file } = setUp();
    fs.writeFileSync(path.join(dir, "beside.mjs"), "export const answer = 42;\n");
    expect(load(file, undefined, 'exports.load("./beside.mjs").then((module) => module.answer)').value).toBe(42);
  });
});

describe("defaultCacheDir", () => {
  test("is $XDG_CACHE_HOME/read-tool when absolute, else ~/.cache/read-tool", () => {
    expect(defaultCacheDir({ XDG_CACHE_HOME: "/var/cache/me" })).toBe("/var/cache/me/read-tool");
    expect(defaultCacheDir({ XDG_CACHE_HOME: "relative" })).toBe(path.join(os.homedir(), ".cache", "read-tool"));
    expect(defaultCacheDir({})).toBe(path.join(os.homedir(), ".cache", "read-tool"));
  });

  test("is off when NODE_DISABLE_COMPILE_CACHE is set, as for Node's own compile cache", () => {
    expect(defaultCacheDir({ NODE_DISABLE_COMPILE_CACHE: "1" })).toBeUndefined();
  });
});

describe("read-tool's start", () => {
  test("writes its cache under XDG_CACHE_HOME and answers the same with it", () => {
    const { dir } = setUp();
    const bin = path.resolve(import.meta.dirname, "..", "bin", "read-tool.js");
    const run = () =>
      spawnSync(process.execPath, [bin, "call", "--profile", "forge", "--root", import.meta.dirname, '{"path":"compiled-bundle.test.ts","head":1}'], {
        encoding: "utf8",
        timeout: 60_000,
        env: { ...process.env, XDG_CACHE_HOME: dir, NODE_DISABLE_COMPILE_CACHE: "" },
      });
    const cold = run();
    expect(cold.stderr).toBe("");
    expect(cacheFiles(path.join(dir, "read-tool"))).toHaveLength(1);
    const warm = run();
    expect(warm.stderr).toBe("");
    expect(JSON.parse(warm.stdout)).toEqual(JSON.parse(cold.stdout));
  });
});
