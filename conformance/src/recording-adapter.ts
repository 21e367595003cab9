import path from "node:path";
import type { OutputReader } from "./interpret-output.js";
import type { CallRequest, ToolAdapter } from "./tool-adapter.js";

/** One recorded call, with the scratch paths (in input, options and output) written as `${ROOT}` and `${DIR}` and the time fields masked. */
export interface RecordedCall {
  readonly input: unknown;
  readonly permission?: "allow" | "deny";
  readonly tool?: string;
  readonly options?: Readonly<Record<string, unknown>>;
  readonly output: unknown;
}

/** An adapter that records every call it passes on, grouped by check. */
export interface RecordingAdapter extends ToolAdapter {
  /** Closes the current group: the calls since the last mark belong to `check`. */
  mark(check: string): void;
  /** The recorded calls of each check, in order. */
  readonly transcript: ReadonlyMap<string, readonly RecordedCall[]>;
}

/**
 * Wraps an adapter to record its calls, so two adapters run with the same seed can be compared call
 * for call: the same inputs must give the same outputs, whichever way the tool is reached.
 */
export function recordCalls(inner: ToolAdapter, read: OutputReader): RecordingAdapter {
  const transcript = new Map<string, RecordedCall[]>();
  let pending: RecordedCall[] = [];
  return {
    kind: inner.kind,
    async call(request: CallRequest): Promise<unknown> {
      const output = await inner.call(request);
      const normalise = (value: unknown) => replaceStrings(value, request.root, path.dirname(request.root));
      pending.push({
        input: normalise(request.input),
        ...(request.permission === undefined ? {} : { permission: request.permission }),
        ...(request.tool === undefined ? {} : { tool: request.tool }),
        ...(request.options === undefined ? {} : { options: normalise(request.options) as Readonly<Record<string, unknown>> }),
        output: normalise(read.masked(output)),
      });
      return output;
    },
    mark(check) {
      transcript.set(check, pending);
      pending = [];
    },
    transcript,
    // Calls as another user run in their own process and are not recorded.
    ...(inner.asUser === undefined ? {} : { asUser: inner.asUser.bind(inner) }),
    ...(inner.definition === undefined ? {} : { definition: inner.definition.bind(inner) }),
    // Calls made to read the model's text or to be cancelled are not recorded: protocols without them see none.
    ...(inner.callWithText === undefined ? {} : { callWithText: inner.callWithText.bind(inner) }),
    ...(inner.startCancellable === undefined ? {} : { startCancellable: inner.startCancellable.bind(inner) }),
    ...(inner.processIds === undefined ? {} : { processIds: inner.processIds.bind(inner) }),
    ...(inner.warmUp === undefined ? {} : { warmUp: inner.warmUp.bind(inner) }),
    ...(inner.close === undefined ? {} : { close: () => inner.close?.() ?? Promise.resolve() }),
  };
}

function replaceStrings(value: unknown, root: string, dir: string): unknown {
  if (typeof value === "string") return value.replaceAll(root, "${ROOT}").replaceAll(dir, "${DIR}");
  if (Array.isArray(value)) return value.map((item) => replaceStrings(item, root, dir));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceStrings(item, root, dir)]));
  }
  return value;
}
