import fs from "node:fs";
import type { ReadTool } from "@read/core";
import { profile, type ReadFileOutput } from "@read/guard";
import type { CliIo } from "../main.js";
import { COMMON_OPTIONS, parseOptions } from "../parse-options.js";
import { createSelectedTool, selectProfile } from "../select-profile.js";
import { UsageError } from "../usage-error.js";
import { createPermissionBridge } from "./permission-bridge.js";
import { promptBlocker } from "./prompt-blocker.js";
import { renderOnTerminal } from "./render-on-terminal.js";
import { ReplApp } from "./repl-app.js";

const REPL_USAGE = `usage: read-tool repl [--root DIR] [--config FILE]
An interactive session with the guard profile's read_file (spec 003): type a path, or a tool call as JSON
({"path": "..."}); reads outside the root ask Allow/Deny first. exit, Ctrl+C or Ctrl+D quits.`;

/**
 * `read-tool repl [--root DIR] [--config FILE]`: runs {@link ReplApp} on the terminal with the guard
 * profile's `read_file`, configured by the `[guard]` table of the config (a `profile = ...` line of the
 * user's config is ignored: the REPL exists for the guard's prompts; the workspace's own file may name only
 * `guard`, as it may name only the chosen profile anywhere). Resolves to 0 when the person quits. Needs a terminal
 * on stdin and stdout and no CI variable (see {@link promptBlocker}); otherwise it is a usage error that
 * points to `read-tool call`.
 */
export async function replCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseOptions("read-tool repl", args, { root: COMMON_OPTIONS.root, config: COMMON_OPTIONS.config, help: COMMON_OPTIONS.help });
  if (values.help) {
    io.stdout.write(`${REPL_USAGE}\n`);
    return 0;
  }
  const selected = await selectProfile({ ...values, profile: profile.name }, io.cwd);
  const blocker = promptBlocker(io.stdin, io.stdout);
  if (blocker !== undefined) {
    throw new UsageError(`repl needs a person at a terminal, but ${blocker}; scripts use \`read-tool call --profile guard --permission allow|deny\``);
  }
  const bridge = createPermissionBridge();
  const tool = createSelectedTool(selected, bridge.requester) as ReadTool<ReadFileOutput>;
  const app = renderOnTerminal(<ReplApp tool={tool} bridge={bridge} root={fs.realpathSync(selected.root)} />, io.stdin, io.stdout, io.stderr);
  await app.waitUntilExit();
  return 0;
}
