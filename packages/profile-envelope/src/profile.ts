import fs from "node:fs";
import { defineProfile, escapeText, type Workspace } from "@read/core";
import { configSchema } from "./config-schema.js";
import { TOOL_NAME, definition } from "./definition.js";
import { envelopeOutputSchema, type EnvelopeOutput } from "./output.js";
import { failedCall, readFile, startCall, type WorkingDirectory } from "./read-file.js";

/**
 * The `envelope` profile (spec 001's `Read`), configured by the `[envelope]` table of `read.config.toml`.
 * `createTool` throws a `ProfileConfigError` when the root is not a directory or an option is unusable (an
 * unknown key, a `cwd` that is not a directory inside the root); `call` never rejects for bad input or a
 * failed read. It reads nothing outside the root, so it never asks a person: a `requester` is ignored.
 */
export const profile = defineProfile({
  name: "envelope",
  configTable: ["envelope"],
  configSchema,
  // MyCodeAgent's Read refuses nothing by name: the secrets policy is there for whoever turns it on.
  secrets: false,
  tightening: { max_window_bytes: "lower", max_file_bytes: "lower", max_answer_bytes: "lower" },
  outputSchema: envelopeOutputSchema,
  isError: (output) => output.status === "error",
  render,
  setup({ workspace, config, sensitive, redact, configError }) {
    const cwd = resolveCwd(workspace, config.cwd, configError);
    return {
      name: TOOL_NAME,
      definition,
      call: (input, { signal }) => readFile(workspace, cwd, config, startCall(input), { signal, sensitive, redact }),
      internalError: (reason, input) =>
        failedCall(startCall(input), cwd, { code: "INTERNAL_ERROR", message: `The read failed unexpectedly (${reason}). Retry the read.` }),
    };
  },
});

/** Creates spec 001's `Read` tool on a project root: {@link profile}'s `createTool`. */
export const createTool = profile.createTool;

/** The options of {@link createTool}: the root, and the `[envelope]` table's keys. */
export type EnvelopeToolOptions = Parameters<typeof createTool>[0];

/** The human-readable view of an output: the numbered lines, then `text`; for an error, its code and message. */
function render(output: EnvelopeOutput): string {
  if (output.status === "error") return `${output.error.code}: ${output.error.message}`;
  return `${output.data.content}${output.text}`;
}

function resolveCwd(workspace: Workspace, cwd: string, configError: (key: string, reason: string) => Error): WorkingDirectory {
  const resolved = workspace.resolve(cwd);
  if (!resolved.ok) throw configError("cwd", `${escapeText(JSON.stringify(cwd))}: ${resolved.failure.message}`);
  if (!resolved.value.inside) throw configError("cwd", `${escapeText(JSON.stringify(cwd))} must be inside the project root`);
  if (!fs.statSync(resolved.value.absolute).isDirectory()) throw configError("cwd", `${escapeText(JSON.stringify(cwd))} must be a directory inside the project root`);
  return { absolute: resolved.value.absolute, relative: resolved.value.relative };
}
