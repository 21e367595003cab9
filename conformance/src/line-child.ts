import { spawn } from "node:child_process";
import { stopChild } from "./stop-child.js";
import type { OsUser } from "./tool-adapter.js";
import { ownChild } from "./running-threads.js";

/** How {@link startLineChild} runs a program. */
export interface LineChildOptions {
  readonly cwd?: string | undefined;
  /** Run as this user (the caller must be allowed to switch to it). */
  readonly user?: OsUser | undefined;
  /** Called with every line the child writes to stdout (without its `\n`; a final line without one too). */
  readonly onLine: (line: string) => void;
  /** Called once when the child has exited (or could not start), with why. */
  readonly onExit: (reason: string) => void;
}

/** A long-running child process spoken to in lines of text. */
export interface LineChild {
  readonly pid: number | undefined;
  /** Writes one line (a `\n` is appended); ignored once the child is gone. */
  send(line: string): void;
  /** The last few kilobytes the child wrote to stderr, for error messages. */
  stderrTail(): string;
  /** Whether the child has exited. */
  readonly exited: () => boolean;
  /** Closes its stdin and waits for it to exit; kills it (SIGKILL) after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** Kills it at once (SIGKILL). */
  kill(): void;
}

const STDERR_TAIL = 4_096;

/**
 * Starts `program` with its stdout read as lines (UTF-8, split at `\n`) and its stderr kept as a short
 * tail. The child is what the JSONL and MCP adapters talk to: one process for many calls.
 */
export function startLineChild(program: string, args: readonly string[], options: LineChildOptions): LineChild {
  const child = ownChild(spawn(program, args, {
    cwd: options.cwd,
    stdio: ["pipe", "pipe", "pipe"],
    ...(options.user === undefined ? {} : { uid: options.user.uid, gid: options.user.gid }),
  }));
  let pending: Buffer[] = [];
  let stderr = "";
  let gone = false;
  const exit = (reason: string) => {
    if (gone) return;
    gone = true;
    options.onExit(reason);
  };
  child.stdout.on("data", (chunk: Buffer) => {
    let start = 0;
    for (let newline = chunk.indexOf(0x0a); newline !== -1; newline = chunk.indexOf(0x0a, start)) {
      pending.push(chunk.subarray(start, newline));
      const line = Buffer.concat(pending).toString("utf8");
      pending = [];
      start = newline + 1;
      options.onLine(line);
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  });
  child.stdout.on("end", () => {
    if (pending.length > 0) options.onLine(Buffer.concat(pending).toString("utf8"));
    pending = [];
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-STDERR_TAIL);
  });
  child.stdin.on("error", () => undefined);
  child.on("error", (error) => exit(`could not start ${program}: ${error.message}`));
  child.on("close", (code, signal) => exit(signal === null ? `exited with code ${String(code)}` : `was killed by ${signal}`));
  return {
    pid: child.pid,
    send(line) {
      if (!gone && child.stdin.writable) child.stdin.write(`${line}\n`);
    },
    stderrTail: () => stderr.trim(),
    exited: () => gone,
    stop: (graceMs = 2_000) => (gone ? Promise.resolve() : stopChild(child, () => child.stdin.end(), graceMs)),
    kill() {
      if (!gone) child.kill("SIGKILL");
    },
  };
}
