import { spawn } from "node:child_process";
import type { OsUser } from "./tool-adapter.js";
import { ownChild } from "./running-threads.js";

/** What a finished process printed, and its exit code (`null` when a signal ended it). */
export interface Completed {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** How {@link runProcess} runs a program. */
export interface RunProcessOptions {
  readonly cwd?: string | undefined;
  /** Run as this user (the caller must be allowed to switch to it). */
  readonly user?: OsUser | undefined;
  /** A run that takes longer is killed (SIGKILL) and rejected. */
  readonly timeoutMs: number;
  /** Names the program in the error of a run that took too long. */
  readonly label: string;
}

/**
 * Runs `program` to its end with `stdin` as its input; rejects when it cannot start or runs longer than
 * `timeoutMs` (the message then says "no answer within", which the reports read as a hang).
 */
export function runProcess(program: string, args: readonly string[], stdin: string, options: RunProcessOptions): Promise<Completed> {
  return new Promise((resolve, reject) => {
    const child = ownChild(spawn(program, args, { cwd: options.cwd, stdio: ["pipe", "pipe", "pipe"], ...(options.user === undefined ? {} : { uid: options.user.uid, gid: options.user.gid }) }));
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${options.label}: no answer within ${options.timeoutMs} ms (killed)`));
    }, options.timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(stdout).toString("utf8"), stderr: Buffer.concat(stderr).toString("utf8") });
    });
    child.stdin.on("error", () => undefined);
    child.stdin.end(stdin);
  });
}
