import type { Oracle } from "../oracle.js";
import type { CallRequest, OsUser, ToolAdapter } from "../tool-adapter.js";
import { oneJsonAnswer } from "../one-json-answer.js";
import { runNode } from "./node-child.js";

// One call in a fresh Node process: the profile's module through the registry (built dist/), a tool made like the
// in-process adapter makes it, the output as one JSON document on stdout. Exit 3 when a permission
// request arrives that none was expected for, exit 4 for an unknown tool name.
const CALL_SCRIPT = `
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const { loadProfile } = await import("@read/profiles");
const profile = await loadProfile(request.module);
let unexpected;
const tool = profile.createTool({
  ...request.options,
  root: request.root,
  requester: async (pending) => {
    if (request.permission === undefined) {
      unexpected = "an unexpected permission request for " + JSON.stringify(pending.requestedPath);
      return "deny";
    }
    return request.permission;
  },
});
if (request.tool !== undefined && request.tool !== tool.name && !tool.aliases.includes(request.tool)) {
  process.stderr.write("unknown tool " + request.tool);
  process.exit(4);
}
const output = await tool.call(request.input);
if (unexpected !== undefined) {
  process.stderr.write(unexpected);
  process.exit(3);
}
process.stdout.write(JSON.stringify(output));
`;

/** Options of {@link createModuleChildAdapter}. */
export interface ModuleChildAdapterOptions {
  /** Run the child as this user. */
  readonly user?: OsUser;
  /** A call that takes longer fails (default 15 s). */
  readonly timeoutMs?: number;
}

/**
 * Drives a profile through its package's `profile.createTool`, like the in-process adapter, but in a
 * child Node process per call (optionally as another user): what the in-process adapter offers as
 * `asUser`. The child imports the package's built `dist/`, so it must be built.
 */
export function createModuleChildAdapter(oracle: Oracle, options: ModuleChildAdapterOptions = {}): ToolAdapter {
  const module = oracle.module;
  if (module === undefined) throw new Error(`the oracle of '${oracle.profile}' names no module`);
  const timeoutMs = options.timeoutMs ?? 15_000;
  return {
    kind: "module-child",
    async call(request: CallRequest): Promise<unknown> {
      const stdin = JSON.stringify({ module, root: request.root, input: request.input, options: request.options, permission: request.permission, tool: request.tool });
      const completed = await runNode(CALL_SCRIPT, stdin, timeoutMs, options.user === undefined ? {} : { user: options.user });
      return oneJsonAnswer(completed, `${module} in a child process${options.user === undefined ? "" : ` as uid ${options.user.uid}`}`);
    },
    asUser: (user, extra) => createModuleChildAdapter(oracle, { ...options, ...extra, user }),
  };
}
