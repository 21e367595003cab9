import type { PermissionRequester } from "@read/core";
import type { Guard } from "./create-guard.js";
import { TOOL_NAME } from "./definition.js";
import { inputSchema } from "./input-schema.js";
import { invalidInput, mapDenial, mapFailure, mapRefusal } from "./map-failure.js";
import { MAX_FILE_BYTES, type ReadFileOutput } from "./output.js";
import { readTextFile } from "./read-text-file.js";
import { requestPermission } from "./request-permission.js";
import { quoteText } from "@read/core";

/**
 * One `read_file` call (spec 003): validate `{ path }`, ask the guard, ask the person (through
 * `requester`) about a pending path, and only then open and read the file: at most 1 MiB of valid UTF-8
 * without NUL bytes.
 */
export async function readFile(guard: Guard, requester: PermissionRequester | undefined, input: unknown, signal?: AbortSignal): Promise<ReadFileOutput> {
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) return invalidInput(describeInvalid(input));
  const asked = parsed.data.path;
  const decision = guard.checkPath(asked, "read");
  if (decision.decision === "denied") return mapDenial(decision, asked);
  const context = { asked, resolved: decision.resolved };
  if (decision.decision === "pending") {
    const asking = requestPermission(requester, { tool: TOOL_NAME, requestedPath: asked, resolvedPath: decision.resolved, operation: "read" });
    const answer = signal === undefined ? await asking : await untilAborted(asking, signal);
    if (answer.kind !== "allow") return mapRefusal(answer, context);
  }
  if (decision.target === undefined) {
    if (decision.failure === undefined) throw new Error(`the guard ${decision.decision} a path without resolving it: ${decision.message}`);
    return mapFailure(decision.failure, context);
  }
  signal?.throwIfAborted();
  const read = await readTextFile(decision.target, { allowOutside: decision.decision === "pending", limit: MAX_FILE_BYTES, signal });
  if (!read.ok) return mapFailure(read.failure, context);
  return { path: decision.target.absolute, content: read.value.content, bytes_read: read.value.bytesRead };
}

function describeInvalid(input: unknown): string {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return "the arguments must be an object with a 'path' string.";
  const extra = Object.keys(input).filter((key) => key !== "path");
  if (extra.length > 0) return `unknown argument${extra.length > 1 ? "s" : ""} ${extra.map((key) => quoteText(key)).join(", ")}; read_file takes only 'path'.`;
  if (!("path" in input) || input.path === undefined) return "the 'path' argument is missing.";
  return `'path' must be a string, got ${input.path === null ? "null" : Array.isArray(input.path) ? "an array" : `a ${typeof input.path}`}.`;
}

// An aborted call stops waiting for the person at once; the prompt's own answer, if any, is dropped.
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
