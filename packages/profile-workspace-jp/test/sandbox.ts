import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach } from "vitest";
import { createTool } from "../src/index.js";
import type { ReadFileResult } from "../src/index.js";

/** The mtime every written file gets, so `meta.mtime_ms` is exact (the golden fixtures use the same). */
export const MTIME_MS = 1_735_212_345_000;

/** A temporary directory holding `ws/` (the workspace root) and `outside/`, with a tool on `ws/`. */
export interface Sandbox {
  /** The canonical workspace root. */
  readonly root: string;
  /** The canonical directory next to the root, outside it. */
  readonly outside: string;
  /** Writes a file under `ws/` (or any path under the sandbox when `base` is given), mtime fixed. */
  write(relative: string, content: string | Uint8Array, base?: string): string;
  mkdir(relative: string): string;
  symlink(relative: string, target: string): string;
  fifo(relative: string): string;
  call(input: unknown): Promise<ReadFileResult>;
}

/** A fresh {@link Sandbox} for every test of the calling file, removed afterwards. */
export function useSandbox(): () => Sandbox {
  let dir: string | undefined;
  let current: Sandbox | undefined;
  beforeEach(() => {
    dir = fs.realpathSync.native(fs.mkdtempSync(path.join(os.tmpdir(), "read-jp-")));
    current = createSandbox(dir);
  });
  afterEach(() => {
    if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
    dir = undefined;
    current = undefined;
  });
  return () => {
    if (current === undefined) throw new Error("the sandbox exists only inside a test");
    return current;
  };
}

function createSandbox(dir: string): Sandbox {
  const root = path.join(dir, "ws");
  const outside = path.join(dir, "outside");
  fs.mkdirSync(root);
  fs.mkdirSync(outside);
  const tool = createTool({ root });
  const at = (relative: string, base = root) => {
    const target = path.join(base, relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    return target;
  };
  return {
    root,
    outside,
    write(relative, content, base) {
      const target = at(relative, base);
      fs.writeFileSync(target, content);
      fs.utimesSync(target, MTIME_MS / 1000, MTIME_MS / 1000);
      return target;
    },
    mkdir(relative) {
      const target = at(relative);
      fs.mkdirSync(target, { recursive: true });
      return target;
    },
    symlink(relative, target) {
      const link = at(relative);
      fs.symlinkSync(target, link);
      return link;
    },
    fifo(relative) {
      const target = at(relative);
      execFileSync("mkfifo", [target]);
      return target;
    },
    call: (input) => tool.call(input),
  };
}
