import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { escapeText } from "@read/core";
import { DEFAULT_PROFILE, PROFILE_ENTRIES, UnknownProfileError, loadProfile } from "@read/profiles";
import { DEFAULT_MAX_ANSWER_BYTES } from "./create-read-server.js";
import { MCP_PACKAGE_VERSION } from "./package-version.js";
import { serveStdio } from "./serve-stdio.js";

/** The streams and directory `read-mcp` runs with. */
export interface ReadMcpIo {
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly cwd: string;
}

export const READ_MCP_USAGE = `usage: read-mcp [--profile NAME] [--root DIR] [--client-roots] [--max-answer-bytes N]
Serves the profile's read tool over MCP (stdio) for the workspace DIR (default: the current directory),
or, with --client-roots, for the first file:// root the client lists (MCP roots), followed as it changes.
An answer over N bytes (default ${DEFAULT_MAX_ANSWER_BYTES}) becomes a tool error that says how to ask for less.
profiles: ${PROFILE_ENTRIES.map((entry) => entry.name).join(", ")} (default ${DEFAULT_PROFILE}), or a module path such as ./my-profile.js
For a read.config.toml with profile options, run \`read-tool mcp --config FILE\` from @read/cli.`;

/**
 * Runs `read-mcp` with `argv` (without `node` and the script): says on stderr what it serves (version,
 * profile, root), serves until stdin ends and resolves to 0, or to 2 after one line on stderr for a
 * usage error.
 */
export async function runReadMcp(argv: readonly string[], io: ReadMcpIo): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { profile: { type: "string" }, root: { type: "string" }, "client-roots": { type: "boolean" }, "max-answer-bytes": { type: "string" }, help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return usageError(io, (error as Error).message.split("\n")[0] ?? "bad arguments");
  }
  if (values.help) {
    io.stdout.write(`${READ_MCP_USAGE}\n`);
    return 0;
  }
  let module;
  try {
    module = await loadProfile(values.profile ?? DEFAULT_PROFILE, io.cwd);
  } catch (error) {
    if (error instanceof UnknownProfileError) return usageError(io, error.message);
    throw error;
  }
  if (values.root === "") return usageError(io, "--root is empty; give a directory (an empty --root is refused, not taken as the current directory)");
  const root = path.resolve(io.cwd, values.root ?? ".");
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) return usageError(io, `--root ${values.root ?? root} is not an existing directory`);
  const maxAnswerBytes = parseMaxAnswerBytes(values["max-answer-bytes"]);
  if (typeof maxAnswerBytes === "string") return usageError(io, maxAnswerBytes);
  await serveStdio({
    module,
    root,
    clientRoots: values["client-roots"] === true,
    stdin: io.stdin,
    stdout: io.stdout,
    stderr: io.stderr,
    announceAs: `read-mcp ${MCP_PACKAGE_VERSION}`,
    ...(maxAnswerBytes === undefined ? {} : { maxAnswerBytes }),
  });
  return 0;
}

/**
 * The value of `--max-answer-bytes`: `undefined` when absent, the number of bytes, or what is wrong with
 * it (an integer of at least 1024 is needed: no answer is smaller).
 */
export function parseMaxAnswerBytes(value: string | undefined): number | string | undefined {
  if (value === undefined) return undefined;
  const bytes = Number(value);
  return /^\d+$/u.test(value) && Number.isSafeInteger(bytes) && bytes >= 1024 ? bytes : `--max-answer-bytes must be an integer of at least 1024, got '${value}'`;
}

// A message that echoes an argument is one escaped line, as read-tool writes its usage errors.
function usageError(io: ReadMcpIo, message: string): number {
  io.stderr.write(`read-mcp: ${escapeText(message)}\n`);
  return 2;
}
