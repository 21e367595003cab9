import type { BaseToolOptions, ReadTool } from "@read/core";
import { configSchema, type GuardConfig } from "./config-schema.js";
import { createGuard, type Guard } from "./create-guard.js";
import { definition, TOOL_NAME } from "./definition.js";
import { escapePath } from "./escape-path.js";
import { inputSchema } from "./input-schema.js";
import { invalidInput, mapDenial, mapFailure, mapRefusal } from "./map-failure.js";
import { isReadFileError, MAX_FILE_BYTES, outputSchema, type ReadFileOutput } from "./output.js";
import { readTextFile } from "./read-text-file.js";
import { requestPermission } from "./request-permission.js";
import type { SensitiveRule } from "./sensitive-rules.js";

/** Options of {@link createTool}: the root, the permission requester and the `[guard]` config table. */
export type GuardToolOptions = BaseToolOptions &
  Partial<GuardConfig> & {
    /** The sensitive list; the default list when absent. */
    readonly sensitive?: readonly SensitiveRule[];
  };

/**
 * Creates the `read_file` tool of spec 003. Each call validates `{ path }`, asks the guard, asks the
 * person (through `requester`) about a pending path, and only then opens and reads the file: at most
 * 1 MiB of valid UTF-8 without NUL bytes. Throws on configuration that cannot work (a root that is not a
 * directory, a blocked pattern that can never match, a wrong option type).
 */
export function createTool(options: GuardToolOptions): ReadTool<ReadFileOutput> {
  const config = configSchema.parse({
    ...(options.blocked === undefined ? {} : { blocked: options.blocked }),
    ...(options.respect_gitignore === undefined ? {} : { respect_gitignore: options.respect_gitignore }),
  });
  const guard = createGuard({
    root: options.root,
    blocked: config.blocked,
    respectGitignore: config.respect_gitignore,
    ...(options.sensitive === undefined ? {} : { sensitive: options.sensitive }),
  });
  return {
    name: TOOL_NAME,
    aliases: [],
    definition,
    outputSchema,
    call: (input) => readFile(guard, options, input),
    isError: isReadFileError,
    render,
  };
}

async function readFile(guard: Guard, options: BaseToolOptions, input: unknown): Promise<ReadFileOutput> {
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) return invalidInput(describeInvalid(input));
  const asked = parsed.data.path;
  const decision = guard.checkPath(asked, "read");
  if (decision.decision === "denied") return mapDenial(decision, asked);
  const context = { asked, resolved: decision.resolved };
  if (decision.decision === "pending") {
    const answer = await requestPermission(options.requester, { tool: TOOL_NAME, requestedPath: asked, resolvedPath: decision.resolved, operation: "read" });
    if (answer.kind !== "allow") return mapRefusal(answer, context);
  }
  if (decision.target === undefined) {
    if (decision.failure === undefined) throw new Error(`the guard ${decision.decision} a path without resolving it: ${decision.message}`);
    return mapFailure(decision.failure, context);
  }
  const read = readTextFile(decision.target, { allowOutside: decision.decision === "pending", limit: MAX_FILE_BYTES });
  if (!read.ok) return mapFailure(read.failure, context);
  return { path: decision.target.absolute, content: read.value.content, bytes_read: read.value.bytesRead };
}

function describeInvalid(input: unknown): string {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return "the arguments must be an object with a 'path' string.";
  const extra = Object.keys(input).filter((key) => key !== "path");
  if (extra.length > 0) return `unknown argument${extra.length > 1 ? "s" : ""} ${extra.map(escapePath).join(", ")}; read_file takes only 'path'.`;
  if (!("path" in input) || input.path === undefined) return "the 'path' argument is missing.";
  return `'path' must be a string, got ${input.path === null ? "null" : Array.isArray(input.path) ? "an array" : `a ${typeof input.path}`}.`;
}

function render(output: ReadFileOutput): string {
  return isReadFileError(output) ? `Error (${output.code}): ${output.error}` : output.content;
}
