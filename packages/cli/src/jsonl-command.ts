import fs from "node:fs";
import path from "node:path";
import { ProfileConfigError, type ReadTool } from "@read/core";
import { COMMON_OPTIONS, parseOptions } from "./parse-options.js";
import { selectProfile, type Selected } from "./select-profile.js";

/** The streams and directory `read-tool jsonl` serves with. */
export interface JsonlIo {
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: NodeJS.WritableStream;
  readonly cwd: string;
}

/** The longest request line served; a longer one is answered with an error and skipped. */
export const MAX_REQUEST_BYTES = 16 * 1024 * 1024;

const JSONL_USAGE = `usage: read-tool jsonl [--profile NAME] [--root DIR] [--config FILE]
Serves the profile's read tool over the JSONL protocol until stdin ends: one JSON request per line,
  {"id": 1, "root": "/abs/dir", "config": {...}, "permission": "allow"|"deny", "tool": "NAME", "input": {...}}
  {"id": 2, "definition": true}
and one JSON answer per line, {"id": 1, "output": {...}} or {"id": 1, "error": "why there is no output"}.
--root and --config give the defaults for requests without "root" or "config". See docs/gating-your-implementation.md.`;

const REQUEST_KEYS = new Set(["id", "root", "config", "permission", "tool", "input", "definition"]);

/** A request that cannot be served: answered with `{ id, error }`. */
class BadRequest extends Error {}

/**
 * `read-tool jsonl`: the server side of the conformance harness's JSONL protocol. Each request line is
 * served as `read-tool call` would serve it (a fresh tool for its root, options and permission answer),
 * concurrently; answers are written as they are ready, each carrying its request's `id`. A pending read
 * with no `permission` is refused as having no one to ask (the requester answers "unavailable"), as `call`
 * refuses it without a terminal. Resolves to 0 when stdin ends and every answer is written.
 */
export async function jsonlCommand(args: readonly string[], io: JsonlIo): Promise<number> {
  const { values } = parseOptions("read-tool jsonl", args, COMMON_OPTIONS);
  if (values.help) {
    io.stdout.write(`${JSONL_USAGE}\n`);
    return 0;
  }
  const selected = await selectProfile(values, io.cwd);
  const answer = (message: Record<string, unknown>): void => {
    io.stdout.write(`${JSON.stringify(message)}\n`);
  };
  const inFlight = new Set<Promise<void>>();
  const serve = (line: string) => {
    const served = respond(selected, line, io.cwd).then(answer);
    inFlight.add(served);
    void served.finally(() => inFlight.delete(served));
  };
  await readLines(io.stdin, serve, () => answer({ id: null, error: `a request line is over ${MAX_REQUEST_BYTES} bytes; it was skipped` }));
  while (inFlight.size > 0) await Promise.all(inFlight);
  return 0;
}

async function respond(selected: Selected, line: string, cwd: string): Promise<Record<string, unknown>> {
  let id: unknown = null;
  try {
    let request: unknown;
    try {
      request = JSON.parse(line);
    } catch (error) {
      throw new BadRequest(`the request is not JSON: ${(error as Error).message}`);
    }
    if (typeof request !== "object" || request === null || Array.isArray(request)) throw new BadRequest("the request is not a JSON object");
    const fields = request as Record<string, unknown>;
    id = typeof fields.id === "number" || typeof fields.id === "string" ? fields.id : null;
    const unknown = Object.keys(fields).filter((key) => !REQUEST_KEYS.has(key));
    if (unknown.length > 0) throw new BadRequest(`unknown request key${unknown.length === 1 ? "" : "s"} ${unknown.map((key) => `'${key}'`).join(", ")}`);
    if (fields.definition === true) {
      const tool = createTool(selected, fields, cwd);
      const { name, description, parameters } = tool.definition;
      return { id, output: { name, description, parameters } };
    }
    if (fields.definition !== undefined) throw new BadRequest("'definition' must be true when given");
    if (!("input" in fields)) throw new BadRequest("the request has no 'input'");
    return { id, output: await createTool(selected, fields, cwd).call(fields.input) };
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error) };
  }
}

function createTool(selected: Selected, fields: Record<string, unknown>, cwd: string): ReadTool {
  const { root: rootField, config, permission, tool: name } = fields;
  if (rootField !== undefined && typeof rootField !== "string") throw new BadRequest("'root' must be a string");
  if (rootField === "") throw new BadRequest("'root' is empty; give a directory (an empty root is refused, not taken as the current directory)");
  const root = rootField === undefined ? selected.root : path.resolve(cwd, rootField);
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) throw new BadRequest(`the root ${JSON.stringify(root)} is not an existing directory`);
  if (permission !== undefined && permission !== "allow" && permission !== "deny") throw new BadRequest(`'permission' must be "allow" or "deny", got ${JSON.stringify(permission)}`);
  if (name !== undefined && typeof name !== "string") throw new BadRequest("'tool' must be a string");
  const answer = permission ?? "unavailable";
  let tool: ReadTool;
  try {
    const options = config === undefined ? selected.options : selected.module.parseConfig(config);
    tool = selected.module.createTool({ ...options, root, requester: async () => answer });
  } catch (error) {
    if (error instanceof ProfileConfigError) throw new BadRequest(error.message);
    throw error;
  }
  if (name !== undefined && name !== tool.name && !tool.aliases.includes(name)) {
    throw new BadRequest(`unknown tool '${name}' for this profile (known: ${[tool.name, ...tool.aliases].join(", ")})`);
  }
  return tool;
}

/**
 * Calls `onLine` with each line of `stream` (UTF-8, split at `\n`, a final line without one included),
 * holding at most {@link MAX_REQUEST_BYTES} of a line: a longer one is dropped as it streams by and
 * reported through `onTooLong`.
 */
async function readLines(stream: NodeJS.ReadableStream, onLine: (line: string) => void, onTooLong: () => void): Promise<void> {
  let parts: Buffer[] = [];
  let held = 0;
  let skipping = false;
  for await (const data of stream) {
    const chunk = typeof data === "string" ? Buffer.from(data) : (data as Buffer);
    let start = 0;
    for (let newline = chunk.indexOf(0x0a); newline !== -1; newline = chunk.indexOf(0x0a, start)) {
      if (!skipping && held + newline - start <= MAX_REQUEST_BYTES) {
        parts.push(chunk.subarray(start, newline));
        const line = Buffer.concat(parts).toString("utf8");
        if (line.trim() !== "") onLine(line);
      } else if (!skipping) {
        onTooLong();
      }
      parts = [];
      held = 0;
      skipping = false;
      start = newline + 1;
    }
    const rest = chunk.length - start;
    if (skipping || rest === 0) continue;
    if (held + rest > MAX_REQUEST_BYTES) {
      onTooLong();
      skipping = true;
      parts = [];
      held = 0;
    } else {
      parts.push(chunk.subarray(start));
      held += rest;
    }
  }
  const last = Buffer.concat(parts).toString("utf8");
  if (!skipping && last.trim() !== "") onLine(last);
}
