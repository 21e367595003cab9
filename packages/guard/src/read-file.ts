import { DEFAULT_MAX_ANSWER_BYTES, type PermissionRequester, type SecretScanner, type SensitiveRule } from "@read/core";
import type { Guard } from "./create-guard.js";
import { TOOL_NAME } from "./definition.js";
import { invalidInput, mapDenial, mapFailure, mapRefusal } from "./map-failure.js";
import { MAX_FILE_BYTES, type ReadFileResult } from "./output.js";
import { pathInputProblem } from "./path-input-problem.js";
import { readTextFile } from "./read-text-file.js";
import { requestPermission } from "./request-permission.js";

/**
 * One `read_file` call (spec 003), as the library sees it: validate the arguments, ask the guard, ask the
 * person (through `requester`) about a pending path, and only then open and read the file: at most 1 MiB
 * of valid UTF-8 without NUL bytes, whose content takes at most `maxAnswerBytes` as JSON (else it is too
 * large: the tool returns whole files only). A failure comes with its {@link ReadFileResult} code; the tool sends
 * the model only its message (`toWireOutput`). Arguments other than `path` are ignored, as the reference
 * ignores them.
 */
export async function readFile(
  guard: Guard,
  requester: PermissionRequester | undefined,
  input: unknown,
  signal?: AbortSignal,
  secrets: SecretsPolicy = {},
  maxAnswerBytes = DEFAULT_MAX_ANSWER_BYTES,
): Promise<ReadFileResult> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return invalidInput(`expected map[string]any, got ${goTypeName(input)}`);
  const path: unknown = (input as { path?: unknown }).path;
  if (path === undefined) return invalidInput("missing required 'path' parameter");
  const problem = pathInputProblem(path);
  if (problem !== undefined) return invalidInput(problem.text);
  // pathInputProblem accepts strings only.
  const asked = path as string;
  const decision = guard.checkPath(asked, "read");
  if (decision.decision === "denied") return mapDenial(decision, asked);
  if (decision.decision === "pending") {
    const asking = requestPermission(requester, { tool: TOOL_NAME, requestedPath: asked, resolvedPath: decision.resolved, operation: "read" });
    const answer = signal === undefined ? await asking : await untilAborted(asking, signal);
    if (answer.kind !== "allow") return mapRefusal(answer, asked);
    if (decision.afterApproval !== undefined) return mapDenial(decision.afterApproval, asked);
  }
  if (decision.target === undefined) {
    if (decision.failure === undefined) throw new Error(`the guard ${decision.decision} a path without resolving it: ${decision.message}`);
    return mapFailure(decision.failure, decision.lexical, "stat");
  }
  signal?.throwIfAborted();
  const sensitive = secrets.rules === undefined || secrets.rules.length === 0 ? undefined : { rules: secrets.rules, root: guard.root };
  const read = await readTextFile(decision.target, { allowOutside: decision.decision === "pending", limit: MAX_FILE_BYTES, maxAnswerBytes, signal, sensitive, redact: secrets.redact });
  if (!read.ok) return mapFailure(read.failure, decision.lexical, "open");
  return { path: decision.target.absolute, content: read.value.content, bytes_read: read.value.bytesRead };
}

/** The secrets policy past the guard's name check: hard links to refused names, and secrets in the text. */
export interface SecretsPolicy {
  /** The sensitive rules (none while `secrets` is off): a hard link to a name they refuse is refused. */
  readonly rules?: readonly SensitiveRule[];
  /** The content check (none while `secrets` is off): the secrets it finds in the text are redacted. */
  readonly redact?: SecretScanner | undefined;
}

/** The Go type a JSON value decodes to (`%T`), as the reference names it in its message. */
function goTypeName(value: unknown): string {
  if (value === null || value === undefined) return "<nil>";
  if (Array.isArray(value)) return "[]interface {}";
  switch (typeof value) {
    case "string":
      return "string";
    case "number":
      return "float64";
    case "boolean":
      return "bool";
    default:
      return typeof value;
  }
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
