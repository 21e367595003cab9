import { EMPTY_ROOT_MESSAGE, escapeText } from "@read/core";
import { createSecureTool } from "./create-secure-tool.js";
import { InvokeToolError } from "./invoke-tool-error.js";
import type { ReadFileOutput } from "./output.js";
import { policyAllows, policyDeniedMessage } from "./policy-allows.js";
import { ReadFileError } from "./read-file-error.js";
import type { ReadFileOptions } from "./read-file-handler.js";
import { resolveInWorkspace, sandboxViolationMessage } from "./resolve-in-workspace.js";
import { ToolCatalog } from "./tool-catalog.js";
import type { ToolContext } from "./tool-context.js";
import { TOOL_DEFINITIONS } from "./tool-definitions.js";
import type { ToolResult } from "./tool-result.js";

/** `read_file` bound to a context: `(path, options?)`, path first (spec 002 §8). Never rejects. */
export type ReadFileTool = (path: string, options?: ReadFileOptions | null) => Promise<ToolResult<ReadFileOutput>>;

/**
 * The arguments `invoke` takes, by tool name, as agent-tools-ts types them (`ToolArgsByName`): `read_file`
 * needs `path`. `null` for `start_line` or `max_lines` also means the default here, as models in strict
 * function-calling modes send it.
 */
export interface ToolArgsByName {
  readonly read_file: { readonly path: string } & ReadFileOptions;
}

/** The tools `invoke` runs: `read_file` only. */
export type AllowedToolName = keyof ToolArgsByName;

/** What `invoke` resolves to: the tool's output as a function message. */
export interface ToolkitInvokeOutput {
  readonly role: "function";
  readonly name: "read_file";
  readonly content: ReadFileOutput;
}

/** A tool definition as function-calling APIs take it. */
export interface FunctionTool {
  readonly type: "function";
  readonly function: typeof TOOL_DEFINITIONS.read_file;
}

/** The toolkit bound to one {@link ToolContext}, as agent-tools-ts's `createAgentToolkit` returns it. */
export interface AgentToolkit {
  /** The tools by name, each wrapped by `createSecureTool`. */
  readonly tools: { readonly read_file: ReadFileTool };
  /** `tools.read_file` under the name spec 002 §8 gives it (`createAgentToolkit().readFile`). */
  readonly readFile: ReadFileTool;
  /**
   * Runs a tool from a model's call, `(name, args)`: resolves to `{ role: "function", name, content }`.
   * Typed per tool, as the reference's: `invoke("read_file", { path })` compiles, a name that is not a
   * tool's or arguments without `path` do not. At run time (arguments parsed from a model's JSON, casts)
   * it still rejects with an {@link InvokeToolError} for an unknown tool (`TOOL_NOT_FOUND`), one the policy
   * denies (`TOOL_NOT_ALLOWED`) or arguments that are not an object (`INVALID_TOOL_ARGUMENTS_TYPE`), and
   * with the tool's {@link ReadFileError} when the read fails (`OUTSIDE_WORKSPACE` for a path the sandbox
   * refuses).
   */
  invoke<TName extends AllowedToolName>(name: TName, args: ToolArgsByName[TName]): Promise<ToolkitInvokeOutput>;
  /** The definitions of the tools the policy allows, wrapped as `{ type: "function", function }`. */
  getAllowedTools(): FunctionTool[];
}

/**
 * The toolkit for `context` (spec 002 §8 `createAgentToolkit().readFile`), shaped as agent-tools-ts's:
 * creating it touches nothing on disk (the root is resolved at every call) and reads
 * `ToolCatalog.read_file`'s handler once, now. Only `read_file` is registered.
 *
 * @throws TypeError when `context.workspaceRoot` is empty: the reference would resolve every path against
 *   the current directory; here an empty root is refused at once.
 */
export function createAgentToolkit(context: ToolContext): AgentToolkit {
  if (context.workspaceRoot === "") throw new TypeError(EMPTY_ROOT_MESSAGE);
  const { metadata, handler } = ToolCatalog.read_file;
  const readFile: ReadFileTool = createSecureTool(metadata, handler).bind(null, context);
  return {
    tools: { read_file: readFile },
    readFile,
    async invoke(name, args) {
      // Typed for callers, yet a model's parsed JSON (or a cast) reaches here whatever the types say.
      const given: unknown = args;
      if (name !== metadata.name) throw new InvokeToolError("TOOL_NOT_FOUND", `tool is not registered: ${escapeText(String(name))}`, { tool_name: String(name) });
      if (!policyAllows(name, context.policy)) throw new InvokeToolError("TOOL_NOT_ALLOWED", policyDeniedMessage(name), { tool_name: name });
      if (typeof given !== "object" || given === null || Array.isArray(given)) throw new InvokeToolError("INVALID_TOOL_ARGUMENTS_TYPE", "args must be an object", { tool_name: name });
      const { path, start_line, max_lines } = given as Record<string, unknown>;
      let checked = path;
      if (typeof path === "string" && path !== "") {
        checked = resolveInWorkspace(path, context.workspaceRoot);
        if (checked === undefined) throw new ReadFileError("OUTSIDE_WORKSPACE", sandboxViolationMessage(path));
      }
      const content = await handler(context, checked as string, { start_line, max_lines } as ReadFileOptions);
      return { role: "function", name: "read_file", content };
    },
    getAllowedTools: () => (policyAllows(metadata.name, context.policy) ? [{ type: "function", function: TOOL_DEFINITIONS.read_file }] : []),
  };
}
