// The workspace-jp profile with one planted bug, chosen by its option `bug` (table [mutant]): a profile
// module of its own, so the CLI reaches it through every protocol (`read-tool call|jsonl|mcp --profile
// <this file>`) and the harness through every adapter. Each bug is a behaviour a real implementation
// could have, narrow enough that the check it targets is the one that catches it (see planted-bugs.test.ts).
import fs from "node:fs";
import path from "node:path";
import { ProfileConfigError } from "@read/core";
import { loadProfile } from "@read/profiles";
import { z } from "zod";

const base = await loadProfile("workspace-jp");

/** The alias every mutant answers to but `alias-missing`: the test oracle declares it. */
export const ALIAS = "read-file";

const code = (output, from, to) => (output?.error?.code === from ? { error: { ...output.error, code: to } } : output);
const hasStart = (input) => typeof input === "object" && input !== null && input.start_line !== undefined;

/** Each bug: what it does to an output, given the input and the workspace root. */
export const BUGS = {
  // A later page of a small file announces a next page one line too far (skipping a line).
  "continuation-skips": (output, input) =>
    output.truncated === true && hasStart(input) && input.start_line > 1 && output.meta.byte_length < 65_536 ? { ...output, next_start_line: output.next_start_line + 1 } : output,
  // The bug: meta.mtime_ms is the time of the call.
  "mtime-is-now": (output) => (output.meta === undefined ? output : { ...output, meta: { ...output.meta, mtime_ms: Date.now() } }),
  // A refusal of an outside path quotes the start of the file it found there.
  "outside-message-leaks": (output, input, root) => {
    if (output?.error?.code !== "OUTSIDE_WORKSPACE" || typeof input?.path !== "string") return output;
    let head;
    try {
      head = fs.readFileSync(path.resolve(root, input.path), "utf8").split("\n")[0];
    } catch {
      return output;
    }
    return { error: { ...output.error, message: `${output.error.message} It begins: ${head}` } };
  },
  // A file every line of which ends in CRLF keeps its CRLFs.
  "crlf-kept": (output, input, root) => {
    if (typeof output?.content !== "string" || output.content === "" || typeof input?.path !== "string") return output;
    let text;
    try {
      text = fs.readFileSync(path.resolve(root, input.path), "latin1");
    } catch {
      return output;
    }
    const lines = text.split("\n").slice(0, text.endsWith("\n") ? -1 : undefined);
    return lines.every((line) => line.endsWith("\r")) && text.endsWith("\n") ? { ...output, content: output.content.replaceAll("\n", "\r\n") } : output;
  },
  // Outputs are remembered per root and arguments: a file rewritten in place (same size and mtime) is served stale.
  "stale-cache": (() => {
    const cache = new Map();
    return (output, input, root) => {
      const key = `${root}\0${JSON.stringify(input)}`;
      if (!cache.has(key)) cache.set(key, output);
      return cache.get(key);
    };
  })(),
  // An empty file asked for without a start line comes back as one empty line.
  "empty-as-one-line": (output, input) =>
    output.content === "" && output.meta?.line_count === 0 && !hasStart(input) ? { ...output, content: "\n", meta: { ...output.meta, line_count: 1, returned_line_count: 1 } } : output,
  // A start line more than 1000 past the end is an error rather than an empty window.
  "far-start-refused": (output, input) =>
    output.meta !== undefined && hasStart(input) && input.start_line > output.meta.line_count + 1000 ? { error: { code: "INVALID_ARGUMENT", message: "start_line is past the end" } } : output,
  // U+FFFD comes back as '?'.
  "replacement-as-question-mark": (output) => (typeof output?.content === "string" ? { ...output, content: output.content.replaceAll("\uFFFD", "?") } : output),
  // Binary files are reported as NOT_FILE.
  "binary-as-not-file": (output) => code(output, "BINARY_NOT_SUPPORTED", "NOT_FILE"),
  // Special files (and directories) are reported as INTERNAL; symlinks, which workspace-jp also refuses
  // as NOT_FILE (the not-found and outside-root checks meet them), keep their code.
  "special-as-internal": (output) => (/symlink/u.test(output?.error?.message ?? "") ? output : code(output, "NOT_FILE", "INTERNAL")),
  // Missing files are reported as INTERNAL.
  "missing-as-internal": (output) => code(output, "NOT_FOUND", "INTERNAL"),
  // Outside paths are reported as NOT_FOUND.
  "outside-as-not-found": (output) => code(output, "OUTSIDE_WORKSPACE", "NOT_FOUND"),
  // A file of exactly 1 MiB is refused as too large.
  "limit-off-by-one": (output) =>
    output.meta?.byte_length === 1_048_576 ? { error: { code: "SIZE_LIMIT_EXCEEDED", message: "over the limit" } } : output,
  // An absolute path is echoed as given.
  "absolute-echo": (output, input) => (typeof output?.path === "string" && path.isAbsolute(input.path) ? { ...output, path: input.path } : output),
  // Without max_lines, a file of 200 to 300 lines gets 199.
  "default-window-199": (output, input) => {
    if (typeof output?.content !== "string" || input.max_lines !== undefined || output.meta.line_count < 200 || output.meta.line_count > 300) return output;
    const lines = output.content.split(/(?<=\n)/u).slice(0, 199);
    return { ...output, content: lines.join(""), next_start_line: 200, truncated: true, meta: { ...output.meta, returned_line_count: 199 } };
  },
  // max_lines over 500 is clamped to 500 instead of refused.
  "count-clamped": (output) => output,
  // The tool does not answer to the alias its oracle declares.
  "alias-missing": (output) => output,
  // The published description is not the spec's.
  "definition-changed": (output) => output,
  // The text a model receives for a page of escaped.txt is its content alone, not the output as JSON.
  "model-text-content-only": (output) => output,
};

const bugs = Object.keys(BUGS);
const configSchema = z.strictObject({ bug: z.enum(bugs).optional() });

function parseConfig(table) {
  const parsed = configSchema.safeParse(table);
  if (parsed.success) return parsed.data;
  throw new ProfileConfigError({ profile: "workspace-jp-mutant", table: "mutant", key: "bug", reason: `expected one of ${bugs.join(", ")}`, accepted: ["bug"] });
}

export const profile = {
  name: "workspace-jp-mutant",
  configTable: ["mutant"],
  configSchema,
  configKeys: ["bug"],
  parseConfig,
  createTool(options) {
    const { bug, ...rest } = options;
    const tool = base.createTool(rest);
    const rewrite = bug === undefined ? (output) => output : BUGS[bug];
    const definition = bug === "definition-changed" ? { ...tool.definition, description: `${tool.definition.description} ` } : tool.definition;
    return {
      ...tool,
      aliases: bug === "alias-missing" ? tool.aliases : [...tool.aliases, ALIAS],
      definition,
      ...(bug === "model-text-content-only"
        ? { modelContent: (output) => [{ type: "text", text: output?.path === "escaped.txt" && typeof output.content === "string" ? output.content : JSON.stringify(output) }] }
        : {}),
      async call(input, callOptions) {
        const clamped = bug === "count-clamped" && typeof input === "object" && input !== null && input.max_lines > 500 ? { ...input, max_lines: 500 } : input;
        return rewrite(await tool.call(clamped, callOptions), input, options.root);
      },
    };
  },
};
