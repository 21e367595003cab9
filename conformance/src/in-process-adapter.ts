import os from "node:os";
import type { ReadTool } from "@read/core";
import { loopTurns } from "./adversarial/loop-turns.js";
import { createModuleChildAdapter } from "./adversarial/module-child-adapter.js";
import type { Oracle } from "./oracle.js";
import type { CallRequest, CancellableCall, TextedOutput, ToolAdapter } from "./tool-adapter.js";

/**
 * Drives a profile through its `profile.createTool` in this process (the oracle's `module`, loaded by
 * `loadProfile`: a registered profile's package, or a path to a profile of one's own): a fresh tool per call
 * (options and root are per call), a requester that answers with the request's permission and fails the
 * call when a request arrives that none was expected for. `asUser` runs the same package in a child
 * process as another user (its built `dist/`).
 */
export async function createInProcessAdapter(oracle: Oracle): Promise<ToolAdapter> {
  if (oracle.module === undefined) throw new Error(`the oracle of '${oracle.profile}' names no module: use the subprocess adapter`);
  // Loaded on demand: checking an implementation through its command needs no profile package.
  const { loadProfile } = await import("@read/profiles");
  const profile = await loadProfile(oracle.module);
  // A tool that answers without waiting lets a check's calls follow each other in microtasks alone, and
  // the event loop would not turn until the check ends: timers and I/O of whatever runs beside it in this
  // process (the JSONL run's bounds, a child's "ready") would wait, for a second or more on a loaded
  // machine. Every call lets the loop turn once it has been held for a few milliseconds.
  const turns = loopTurns();
  // A fresh tool for the call's root and options, and the check that no permission request came unasked.
  const prepare = (request: CallRequest): { readonly tool: ReadTool; readonly settle: (output: unknown) => unknown } => {
    let unexpected: string | undefined;
    const tool: ReadTool = profile.createTool({
      ...request.options,
      root: request.root,
      requester: async (pending) => {
        if (request.permission === undefined) {
          unexpected = `an unexpected permission request for '${pending.requestedPath}'`;
          return "deny";
        }
        return request.permission;
      },
    });
    if (request.tool !== undefined && request.tool !== tool.name && !tool.aliases.includes(request.tool)) {
      throw new Error(`unknown tool '${request.tool}' (the profile has ${[tool.name, ...tool.aliases].join(", ")})`);
    }
    const settle = (output: unknown): unknown => {
      if (unexpected !== undefined) throw new Error(unexpected);
      // What the model receives is JSON: an output that does not survive a round trip is not conformant.
      return JSON.parse(JSON.stringify(output)) as unknown;
    };
    return { tool, settle };
  };
  return {
    kind: "in-process",
    async call(request: CallRequest): Promise<unknown> {
      await turns.yieldIfDue();
      const { tool, settle } = prepare(request);
      return settle(await tool.call(request.input));
    },
    async callWithText(request: CallRequest): Promise<TextedOutput> {
      const { tool, settle } = prepare(request);
      const output = await tool.call(request.input);
      const text = tool.modelContent === undefined ? JSON.stringify(output) : tool.modelContent(output).flatMap((part) => (part.type === "text" ? [part.text] : []))[0];
      if (text === undefined) throw new Error(`the tool's modelContent has no text part for ${JSON.stringify(output).slice(0, 300)}`);
      return { output: settle(output), text };
    },
    startCancellable(request: CallRequest): CancellableCall {
      const { tool, settle } = prepare(request);
      const controller = new AbortController();
      return { answer: tool.call(request.input, { signal: controller.signal }).then(settle), cancel: (reason) => controller.abort(reason) };
    },
    async definition({ tool: name, options } = {}) {
      const tool = profile.createTool({ ...options, root: os.tmpdir() });
      if (name !== undefined && name !== tool.name && !tool.aliases.includes(name)) throw new Error(`unknown tool '${name}'`);
      const { description, parameters } = tool.definition;
      return { name: tool.definition.name, description, parameters };
    },
    asUser: (user, extra) => createModuleChildAdapter(oracle, { ...extra, user }),
  };
}
