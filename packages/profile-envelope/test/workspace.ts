import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { makeTempDir } from "../../../vitest.temp-dirs.js";

/** The mtime every test file gets (2024-12-26T11:25:45Z, the spec's example), in epoch milliseconds. */
export const FIXED_MTIME_MS = 1735212345000;

/** A temporary directory holding `ws/` (the project root) and `outside/`, removed after the file's tests. */
export interface TestWorkspace {
  readonly root: string;
  readonly outside: string;
  /** Writes a file under the root (parents created) with the fixed mtime; returns its absolute path. */
  write(relative: string, content: string | Uint8Array): string;
  /** Writes a file under `outside/`. */
  writeOutside(relative: string, content: string | Uint8Array): string;
  symlink(relative: string, target: string): void;
  mkdir(relative: string): void;
  fifo(relative: string): void;
}

/** Creates a fresh {@link TestWorkspace} in the system's temporary directory. */
export function makeWorkspace(): TestWorkspace {
  const base = makeTempDir("read-envelope-");
  const root = path.join(base, "ws");
  const outside = path.join(base, "outside");
  fs.mkdirSync(root);
  fs.mkdirSync(outside);
  const writeUnder = (dir: string, relative: string, content: string | Uint8Array) => {
    const file = path.join(dir, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    fs.utimesSync(file, FIXED_MTIME_MS / 1000, FIXED_MTIME_MS / 1000);
    return file;
  };
  return {
    root,
    outside,
    write: (relative, content) => writeUnder(root, relative, content),
    writeOutside: (relative, content) => writeUnder(outside, relative, content),
    symlink: (relative, target) => {
      const link = path.join(root, relative);
      fs.mkdirSync(path.dirname(link), { recursive: true });
      fs.symlinkSync(target, link);
    },
    mkdir: (relative) => fs.mkdirSync(path.join(root, relative), { recursive: true }),
    fifo: (relative) => {
      const file = path.join(root, relative);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      execFileSync("mkfifo", [file]);
    },
  };
}
