import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Oracle } from "./oracle.js";
import { oneJsonAnswer, truncate } from "./one-json-answer.js";
import { runProcess } from "./run-process.js";
import { toToml } from "./to-toml.js";
import type { CallRequest, OsUser, ToolAdapter } from "./tool-adapter.js";

/** How to reach a `read-tool call`-compatible command. */
export interface SubprocessAdapterOptions {
  /**
   * The command up to and including its `call` arguments, for example
   * `["node", "packages/cli/bin/read-tool.js", "call", "--profile", "envelope"]`. The adapter appends
   * `--root DIR`, `--config FILE` (when the call has options), `--permission`, `--tool` and `-`, and
   * writes the input as JSON on stdin.
   */
  readonly command: readonly string[];
  /** Working directory of the command (default: this process's). */
  readonly cwd?: string;
  /** A call that takes longer fails (default 15 s): a read must never hang. */
  readonly timeoutMs?: number;
  /** Run the command as this user (its config files are made readable to it). */
  readonly user?: OsUser;
}

/**
 * Drives an implementation through the `read-tool call` contract: stdout is exactly one JSON document
 * (the tool's output) and the exit code 0 whenever the tool produced an output, tool-level errors
 * included. Anything else (exit 2 with a reason, a crash, a timeout) rejects the call.
 */
export function createSubprocessAdapter(oracle: Oracle, options: SubprocessAdapterOptions): ToolAdapter {
  const [program, ...baseArgs] = options.command;
  if (program === undefined) throw new Error("the subprocess command is empty");
  const configDir = fs.mkdtempSync(path.join(os.tmpdir(), "read-conformance-config-"));
  if (options.user !== undefined) fs.chmodSync(configDir, 0o755);
  let configs = 0;
  return {
    kind: "subprocess",
    async call(request: CallRequest): Promise<unknown> {
      const args = [...baseArgs, "--root", request.root];
      if (request.options !== undefined && Object.keys(request.options).length > 0) {
        const file = path.join(configDir, `config-${++configs}.toml`);
        fs.writeFileSync(file, toToml(oracle.configTable, request.options));
        args.push("--config", file);
      }
      if (request.permission !== undefined) args.push("--permission", request.permission);
      if (request.tool !== undefined) args.push("--tool", request.tool);
      args.push("-");
      const command = [program, ...args].join(" ");
      const completed = await runProcess(program, args, JSON.stringify(request.input), { cwd: options.cwd, user: options.user, timeoutMs: options.timeoutMs ?? 15_000, label: command });
      return oneJsonAnswer(completed, `${command} <<< ${truncate(JSON.stringify(request.input))}`);
    },
    asUser: (user, extra) => createSubprocessAdapter(oracle, { ...options, ...extra, user }),
    async close() {
      fs.rmSync(configDir, { recursive: true, force: true });
    },
  };
}

