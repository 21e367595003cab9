import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { makeTempDir } from "../../../../vitest.temp-dirs.js";
import type { PermissionRequest } from "@read/core";

/** A temporary directory holding the workspace root `ws/` and a sibling `outside/`, both canonical. */
export interface Scratch {
  /** The temporary directory itself. */
  readonly base: string;
  readonly root: string;
  readonly outside: string;
  /** Writes a file (parents created) under `base`; returns its absolute path. */
  write(relative: string, content: string | Buffer): string;
  mkdir(relative: string): string;
  symlink(relative: string, target: string): string;
  fifo(relative: string): string;
}

/** Creates a {@link Scratch}; it is removed after the test file's last test. */
export function scratch(): Scratch {
  const base = fs.realpathSync.native(makeTempDir("read-guard-"));
  const at = (relative: string) => path.join(base, ...relative.split("/"));
  const parent = (file: string) => fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.mkdirSync(at("ws"));
  fs.mkdirSync(at("outside"));
  return {
    base,
    root: at("ws"),
    outside: at("outside"),
    write(relative, content) {
      const file = at(relative);
      parent(file);
      fs.writeFileSync(file, content);
      return file;
    },
    mkdir(relative) {
      const dir = at(relative);
      fs.mkdirSync(dir, { recursive: true });
      return dir;
    },
    symlink(relative, target) {
      const link = at(relative);
      parent(link);
      fs.symlinkSync(target, link);
      return link;
    },
    fifo(relative) {
      const file = at(relative);
      parent(file);
      execFileSync("mkfifo", [file]);
      return file;
    },
  };
}

/** A requester that answers from a list (the last answer repeats) and records every request. */
export function recordingRequester(...answers: ("allow" | "deny")[]): {
  readonly requests: PermissionRequest[];
  readonly requester: (request: PermissionRequest) => Promise<"allow" | "deny">;
} {
  const requests: PermissionRequest[] = [];
  return {
    requests,
    requester: async (request) => {
      requests.push(request);
      return answers[Math.min(requests.length - 1, answers.length - 1)] ?? "deny";
    },
  };
}

/** The files this process has open, as `/proc/self/fd` names them. */
export function openPaths(): string[] {
  return fs.readdirSync("/proc/self/fd").flatMap((fd) => {
    try {
      return [fs.readlinkSync(`/proc/self/fd/${fd}`)];
    } catch {
      return [];
    }
  });
}
