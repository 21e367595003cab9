import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import vm from "node:vm";

/** A CommonJS bundle, run: its exports, and a way to keep its compiled code for the next start. */
export interface CompiledBundle {
  readonly exports: Record<string, unknown>;
  /** Whether V8 used the cached code of an earlier start. */
  readonly cacheUsed: boolean;
  /**
   * Writes the code compiled so far (the bundle's top level and every function that has run) to the
   * cache, when there was no usable cache. Call it once the work is done, so the functions a command
   * ran are in it too. Never throws: the cache is only a speed-up.
   */
  saveCache(): void;
}

/**
 * Where `read-tool` keeps V8's compiled code between starts: `$XDG_CACHE_HOME/read-tool` (when absolute),
 * else `~/.cache/read-tool`; `undefined` (no cache) when `NODE_DISABLE_COMPILE_CACHE` is set, as for
 * Node's own compile cache, or when the platform has no user ids to check the directory's owner by.
 */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE !== undefined && env.NODE_DISABLE_COMPILE_CACHE !== "") return undefined;
  if (process.getuid === undefined) return undefined;
  const xdg = env.XDG_CACHE_HOME;
  const base = xdg !== undefined && path.isAbsolute(xdg) ? xdg : path.join(os.homedir(), ".cache");
  return path.join(base, "read-tool");
}

/**
 * Runs a CommonJS bundle the way `require` would, but compiled through `vm.Script` with V8's code cache:
 * a start with a usable cache skips parsing and compiling the bundle and every function the cached run
 * used (what Node 22's `module.enableCompileCache()` does, which Node 20 lacks).
 *
 * The cache is code that will run, so it is only read from a directory that the current user owns and
 * nobody else may write (created `0700` when missing), from a file the user owns, named after the
 * bundle file's identity and the Node build. V8 itself refuses code cached by another V8 version or set
 * of flags, or for a source of another length (`cacheUsed` is then false and the next
 * {@link CompiledBundle.saveCache} replaces it). A cache file is written whole and renamed into place, so
 * concurrent starts never read half a file.
 *
 * Code compiled by `vm.Script` cannot call `import()` on Node 20 without an experimental flag; the bundle
 * calls `__readToolImport(specifier)` instead (scripts/bundle.mjs rewrites its `import()` calls), which
 * is `importModule` with relative specifiers resolved from the bundle's directory.
 */
export function loadCompiledBundle(file: string, cacheDir: string | undefined, importModule: (url: string) => Promise<unknown>): CompiledBundle {
  const fd = fs.openSync(file, "r");
  let source: string;
  let identity: fs.Stats;
  try {
    identity = fs.fstatSync(fd);
    source = fs.readFileSync(fd, "utf8");
  } finally {
    fs.closeSync(fd);
  }
  const cacheFile = cacheDir === undefined ? undefined : cacheFileFor(file, identity, cacheDir);
  const cachedData = cacheFile === undefined ? undefined : readOwnFile(cacheFile);
  const script = new vm.Script(wrap(source), { filename: file, ...(cachedData === undefined ? {} : { cachedData }) });
  const cacheUsed = cachedData !== undefined && !script.cachedDataRejected;
  const module = { exports: {} as Record<string, unknown> };
  const run = script.runInThisContext() as (
    exports: object,
    require: NodeJS.Require,
    module: object,
    filename: string,
    dirname: string,
    hostImport: (specifier: string) => Promise<unknown>,
  ) => void;
  const base = pathToFileURL(file);
  const hostImport = (specifier: string) => importModule(specifier.startsWith("./") || specifier.startsWith("../") ? new URL(specifier, base).href : specifier);
  run(module.exports, createRequire(file), module, file, path.dirname(file), hostImport);
  let saved = cacheUsed;
  return {
    exports: module.exports,
    cacheUsed,
    saveCache() {
      if (saved || cacheFile === undefined) return;
      saved = true;
      writeOwnFile(cacheFile, script.createCachedData());
    },
  };
}

function wrap(source: string): string {
  return `(function (exports, require, module, __filename, __dirname, __readToolImport) {${source}\n})`;
}

// `<bundle path>-<bundle file and Node build>.v8`: installs never overwrite each other's cache, and a new
// cache of the same bundle path replaces the older ones (see writeOwnFile). The file is known by its
// identity (device, inode, size, modification and change times) rather than a hash of its half a
// megabyte: any rewrite changes its change time. It must: V8 checks a cache against the source's length only.
function cacheFileFor(file: string, identity: fs.Stats, cacheDir: string): string | undefined {
  if (!ownPrivateDirectory(cacheDir)) return undefined;
  const what = [process.version, process.arch, identity.dev, identity.ino, identity.size, identity.mtimeMs, identity.ctimeMs].join("\0");
  return path.join(cacheDir, `${hash(file)}-${hash(what)}.v8`);
}

// Two 32-bit FNV-1a hashes with different offsets: a file name, not a security measure (node:crypto
// alone would cost a start several milliseconds to load).
function hash(text: string): string {
  let low = 0x811c9dc5;
  let high = 0x01000193 ^ text.length;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    low = Math.imul(low ^ code, 0x01000193);
    high = Math.imul(high ^ code, 0x01000193) ^ (low >>> 7);
  }
  return (high >>> 0).toString(16).padStart(8, "0") + (low >>> 0).toString(16).padStart(8, "0");
}

function ownPrivateDirectory(dir: string): boolean {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = fs.lstatSync(dir);
    return stat.isDirectory() && stat.uid === process.getuid?.() && (stat.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

function readOwnFile(file: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || stat.uid !== process.getuid?.() || (stat.mode & 0o022) !== 0) return undefined;
    return fs.readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

function writeOwnFile(file: string, data: Buffer): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(temporary, data, { mode: 0o600, flag: "wx" });
    fs.renameSync(temporary, file);
    const dir = path.dirname(file);
    const name = path.basename(file);
    const older = `${name.slice(0, name.indexOf("-"))}-`;
    for (const entry of fs.readdirSync(dir)) if (entry.startsWith(older) && entry.endsWith(".v8") && entry !== name) fs.rmSync(path.join(dir, entry), { force: true });
  } catch {
    fs.rmSync(temporary, { force: true });
  }
}
