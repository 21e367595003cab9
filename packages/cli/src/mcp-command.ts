import { DEFAULT_MAX_ANSWER_BYTES, parseMaxAnswerBytes, serveStdio } from "@read/mcp";
import { cliVersion } from "./cli-version.js";
import { selectProfile } from "./select-profile.js";
import { COMMON_OPTIONS, parseOptions } from "./parse-options.js";
import { UsageError } from "./usage-error.js";

/** The streams and directory `read-tool mcp` serves with. */
export interface McpIo {
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly cwd: string;
}

const MCP_USAGE = `usage: read-tool mcp [--profile NAME] [--root DIR] [--config FILE] [--client-roots] [--max-answer-bytes N]
Serves the profile's read tool over MCP (stdio) until stdin ends. See docs/mcp.md for client setup.
--client-roots serves the first file:// root the client lists (MCP roots), following its changes;
--root is then served only to a client without the roots capability.
An answer over N bytes (default ${DEFAULT_MAX_ANSWER_BYTES}) becomes a tool error that says how to ask for less.`;

/**
 * `read-tool mcp [--profile NAME] [--root DIR] [--config FILE] [--client-roots] [--max-answer-bytes N]`:
 * serves the selected profile's tool over MCP on stdin/stdout (profile and options chosen as for `call`:
 * flag, then `read.config.toml`, then the default) until stdin ends, then resolves to 0; one line on
 * stderr says what it serves (version, profile, root). Pending guard reads are asked through the client's
 * elicitation, or refused as unavailable when the client cannot ask. With `--client-roots`, the workspace
 * is the client's first `file://` root (MCP roots), followed as it changes.
 */
export async function mcpCommand(args: readonly string[], io: McpIo): Promise<number> {
  const { values } = parseOptions("read-tool mcp", args, { ...COMMON_OPTIONS, "client-roots": { type: "boolean" }, "max-answer-bytes": { type: "string" } });
  if (values.help) {
    io.stdout.write(`${MCP_USAGE}\n`);
    return 0;
  }
  const maxAnswerBytes = parseMaxAnswerBytes(values["max-answer-bytes"]);
  if (typeof maxAnswerBytes === "string") throw new UsageError(maxAnswerBytes);
  const { module, root, options } = await selectProfile(values, io.cwd);
  await serveStdio({
    module,
    root,
    options,
    clientRoots: values["client-roots"] === true,
    stdin: io.stdin,
    stdout: io.stdout,
    stderr: io.stderr,
    announceAs: `read-tool ${cliVersion()}`,
    ...(maxAnswerBytes === undefined ? {} : { maxAnswerBytes }),
  });
  return 0;
}
