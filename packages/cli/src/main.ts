import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { escapeText, type PermissionRequester, type ReadTool } from "@read/core";
import { closestName } from "./closest-name.js";
import { COMMON_OPTIONS, parseOptions, unknownOption } from "./parse-options.js";
import { DEFAULT_PROFILE, PROFILE_ENTRIES } from "@read/profiles";
import { readForPeople } from "./read-for-people.js";
import { cliVersion } from "./cli-version.js";
import { MAX_REQUEST_BYTES, jsonlCommand } from "./jsonl-command.js";
import { ROOT_EXPECTED, nonEmptyOption } from "./non-empty-option.js";
import { promptBlocker } from "./repl/prompt-blocker.js";
import { createSelectedTool, selectProfile } from "./select-profile.js";
import { UsageError } from "./usage-error.js";

/** The streams and directory `read-tool` runs with (the real process, or a test's). */
export interface CliIo {
  readonly stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean };
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly cwd: string;
}

export const USAGE = `usage:
  read-tool call [--profile NAME] [--tool NAME] [--root DIR] [--config FILE] [--permission allow|deny] [JSON|-]
  read-tool schema [--profile NAME] [--root DIR] [--config FILE]
  read-tool mcp [--profile NAME] [--root DIR] [--config FILE] [--client-roots]
  read-tool jsonl [--profile NAME] [--root DIR] [--config FILE]
  read-tool repl [--root DIR] [--config FILE]
  read-tool PATH [--root DIR] [--start N] [--lines N | --tail N]
  read-tool --version
profiles: ${PROFILE_ENTRIES.map((entry) => entry.name).join(", ")} (default ${DEFAULT_PROFILE}, or \`profile = "NAME"\` in your own config: --config FILE, $READ_TOOL_CONFIG or ~/.config/read/config.toml), or a module path such as ./my-profile.js`;

/** The commands, as the first argument names them. */
const COMMANDS = ["call", "schema", "mcp", "jsonl", "repl", "help"];

/** The options `read-tool` takes before a command (it takes the others after one). */
const TOP_LEVEL_OPTIONS = { help: { type: "boolean", short: "h" }, version: { type: "boolean", short: "v" } } as const;

/** The options of `read-tool PATH`. */
const READ_OPTIONS = { root: COMMON_OPTIONS.root, help: COMMON_OPTIONS.help, start: { type: "string" }, lines: { type: "string" }, tail: { type: "string" } } as const;

/**
 * Runs `read-tool` with `argv` (without `node` and the script). Resolves to the exit code: 0 whenever a
 * tool produced an output (tool-level errors included), 2 for usage errors (one line on stderr).
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const [command, ...rest] = argv;
    switch (command) {
      case undefined:
      case "help":
      case "--help":
      case "-h":
        io.stdout.write(`${USAGE}\n`);
        return command === undefined ? 2 : 0;
      case "--version":
      case "-v":
      case "-V":
        io.stdout.write(`${cliVersion()}\n`);
        return 0;
      case "call":
        return await callCommand(rest, io);
      case "schema":
        return await schemaCommand(rest, io);
      case "mcp":
        return await (await import("./mcp-command.js")).mcpCommand(rest, io);
      case "jsonl":
        return await jsonlCommand(rest, io);
      case "repl":
        return await (await import("./terminal-ui.js")).replCommand(rest, io);
      default:
        if (command.startsWith("-")) throw new UsageError(optionBeforeCommand(command));
        mistypedCommand(command, rest, io.cwd);
        return await readCommand(argv, io);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      // The last guard: a message that echoes an argument or a file's text is one escaped line.
      io.stderr.write(`read-tool: ${escapeText(error.message)}\n`);
      return 2;
    }
    throw error;
  }
}

// An option where a command belongs: a misspelt top-level one, or one that goes after the command.
function optionBeforeCommand(option: string): string {
  const name = option.replace(/^--?/u, "").split("=")[0] ?? "";
  if (option.startsWith("--") && name in { ...COMMON_OPTIONS, ...READ_OPTIONS }) {
    const example = name in COMMON_OPTIONS ? "call" : "PATH";
    return `option '${option}' before a command; options go after the command or path, as in read-tool ${example} ${option} ...`;
  }
  return unknownOption("read-tool", option, TOP_LEVEL_OPTIONS);
}

/**
 * Refuses a first argument that is one edit from a command (`mpc`, `cal`) when no file of that name is
 * there to read either: the command was meant, and a NOT_FOUND for a file nobody asked for would hide it.
 * An existing file of that name is read, as always.
 */
function mistypedCommand(word: string, rest: readonly string[], cwd: string): void {
  const meant = closestName(word, COMMANDS, 1);
  if (meant === undefined) return;
  // Where `read-tool PATH --root DIR` would look; the arguments are checked properly once it runs.
  const { root } = parseArgs({ args: [...rest], options: { root: { type: "string" } }, allowPositionals: true, strict: false }).values;
  const target = path.resolve(cwd, typeof root === "string" && root !== "" ? root : ".", word);
  try {
    if (fs.lstatSync(target, { throwIfNoEntry: false }) !== undefined) return;
  } catch {
    // Not a missing file (a root that is not a directory, no permission): the read says what is wrong.
    return;
  }
  throw new UsageError(`unknown command '${word}'; did you mean 'read-tool ${meant}'? (there is no file '${word}' to read either)`);
}

function pickTool(tool: ReadTool, requested: string | undefined): void {
  if (requested === undefined || requested === tool.name || tool.aliases.includes(requested)) return;
  const names = [tool.name, ...tool.aliases].join(", ");
  throw new UsageError(`unknown tool '${requested}' for this profile (known: ${names})`);
}

async function callCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseOptions("read-tool call", args, { ...COMMON_OPTIONS, tool: { type: "string" }, permission: { type: "string" } }, 1);
  if (values.help) {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const selected = await selectProfile(values, io.cwd);
  const source = positionals[0] ?? "-";
  const requester = permissionRequester(values.permission, source === "-" ? undefined : io);
  const text = source === "-" ? await readAll(io.stdin) : source;
  if (text.trim() === "") {
    const where = source === "-" ? "stdin was empty" : "the JSON argument is empty";
    throw new UsageError(`no arguments: ${where}; give the tool's JSON arguments as the last argument or on stdin, as in read-tool call '{"path":"README.md"}'`);
  }
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`the arguments are not valid JSON: ${(error as Error).message}`);
  }
  const tool = createSelectedTool(selected, requester);
  pickTool(tool, values.tool);
  const output = await tool.call(input);
  io.stdout.write(`${JSON.stringify(output)}\n`);
  return 0;
}

/**
 * `--permission` decides every pending read. Without it, a person at a terminal (stdin and stderr both
 * TTYs, stdin not holding the JSON, not a CI run) is asked with the REPL's selector; otherwise no person
 * could be asked (no requester, or the answer "unavailable"), and the tool's message says so.
 */
function permissionRequester(flag: string | undefined, terminal: CliIo | undefined): PermissionRequester | undefined {
  if (flag !== undefined && flag !== "allow" && flag !== "deny") throw new UsageError(`--permission must be 'allow' or 'deny', got '${flag}'`);
  if (flag !== undefined) return async () => flag;
  if (terminal === undefined) return undefined;
  // Decided at the first pending read: looking at stdin creates its stream, which a call that never asks
  // should not pay for at start.
  return async (request) => {
    if (promptBlocker(terminal.stdin, terminal.stderr) !== undefined) return "unavailable";
    return (await import("./terminal-ui.js")).askOnTerminal(request, terminal);
  };
}

async function schemaCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseOptions("read-tool schema", args, COMMON_OPTIONS, 0);
  const tool = createSelectedTool(await selectProfile(values, io.cwd));
  const { name, description, parameters } = tool.definition;
  io.stdout.write(`${JSON.stringify({ name, description, parameters, ...(tool.aliases.length > 0 ? { aliases: tool.aliases } : {}) }, null, 2)}\n`);
  return 0;
}

async function readCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseOptions("read-tool PATH", args, READ_OPTIONS, 1);
  const target = positionals[0];
  if (target === undefined) throw new UsageError("no path given");
  if (values.tail !== undefined && (values.start !== undefined || values.lines !== undefined)) {
    throw new UsageError("--tail cannot be combined with --start or --lines");
  }
  const root = path.resolve(io.cwd, nonEmptyOption("--root", values.root, ROOT_EXPECTED) ?? ".");
  const result = await readForPeople(root, target, {
    start: positiveInteger("--start", values.start),
    lines: positiveInteger("--lines", values.lines),
    tail: positiveInteger("--tail", values.tail),
  });
  if (result.ok) {
    io.stdout.write(result.text);
    return 0;
  }
  io.stderr.write(`read-tool: ${result.message}\n`);
  return 1;
}

function positiveInteger(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d*$/.test(value)) throw new UsageError(`${flag} must be a positive integer, got '${value}'`);
  return Number(value);
}

// Arguments are a few hundred bytes; a bound keeps an endless or huge stdin from filling memory.
async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  let held = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    held += bytes.length;
    if (held > MAX_REQUEST_BYTES) {
      throw new UsageError(`stdin holds more than ${MAX_REQUEST_BYTES} bytes; a call's JSON arguments must fit in ${MAX_REQUEST_BYTES / 1024 / 1024} MiB (they are usually a few hundred bytes)`);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString("utf8");
}
