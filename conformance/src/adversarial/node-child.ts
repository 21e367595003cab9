import { spawn, type ChildProcess } from "node:child_process";
import { PACKAGE_DIR } from "../repo-paths.js";
import { stopChild } from "../stop-child.js";
import { runProcess, type Completed } from "../run-process.js";
import type { OsUser } from "../tool-adapter.js";
import { ownChild } from "../running-threads.js";

/** How a Node child runs. */
export interface NodeChildOptions {
  /** Its arguments: `process.argv.slice(1)` inside the script. */
  readonly args?: readonly string[];
  readonly user?: OsUser;
  /** No stdio at all (a child that only acts on the file system). */
  readonly quiet?: boolean;
  /** Descriptors of this process the child inherits, as its descriptors 3, 4, ... in this order. */
  readonly descriptors?: readonly number[];
}

/**
 * Starts `node --input-type=module -e <script> <args...>` in the conformance package's directory, so that
 * `@read/*` resolve through its dependencies (inside the script, the arguments are
 * `process.argv.slice(1)`), as `user` when given. The scripts are short and self-contained: children race
 * the tool, watch for hangs, drop privileges or run out of descriptors, none of which this process can do
 * to itself.
 */
export function startNode(script: string, options: NodeChildOptions = {}): ChildProcess {
  return ownChild(spawn(process.execPath, nodeArgs(script, options.args), {
    cwd: PACKAGE_DIR,
    stdio: [...(options.quiet === true ? ["ignore", "ignore", "ignore"] as const : ["pipe", "pipe", "pipe"] as const), ...(options.descriptors ?? [])],
    ...(options.user === undefined ? {} : { uid: options.user.uid, gid: options.user.gid }),
  }));
}

/** Runs a script to its end with `stdin` as input; rejects when it runs longer than `timeoutMs` (it is killed). */
export function runNode(script: string, stdin: string, timeoutMs: number, options: Pick<NodeChildOptions, "args" | "user"> = {}): Promise<Completed> {
  return runProcess(process.execPath, nodeArgs(script, options.args), stdin, { cwd: PACKAGE_DIR, user: options.user, timeoutMs, label: "a Node child" });
}

function nodeArgs(script: string, args: readonly string[] = []): string[] {
  return ["--input-type=module", "-e", script, ...args];
}

/** Resolves once the child prints a line equal to `line` on stdout; rejects when it exits first or after `timeoutMs`. */
export function waitForLine(child: ChildProcess, line: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => done(new Error(`the child did not print '${line}' within ${timeoutMs} ms`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString("utf8");
      if (seen.split("\n").includes(line)) done();
    };
    const onExit = () => done(new Error(`the child exited before printing '${line}': ${seen.slice(0, 300)}`));
    const done = (error?: Error) => {
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.off("exit", onExit);
      if (error === undefined) resolve();
      else reject(error);
    };
    child.stdout?.on("data", onData);
    child.on("exit", onExit);
  });
}

/** Everything printed on a child's stdout or stderr so far, collected from now on (call it right after starting the child). */
export function collect(stream: NodeJS.ReadableStream | null): () => string {
  const chunks: Buffer[] = [];
  stream?.on("data", (chunk: Buffer) => chunks.push(chunk));
  return () => Buffer.concat(chunks).toString("utf8");
}

/** Stops a child (SIGTERM, then SIGKILL after a grace period) and resolves once it has exited. */
export function stopNode(child: ChildProcess, graceMs = 2_000): Promise<void> {
  return stopChild(child, () => child.kill("SIGTERM"), graceMs);
}
