/** The largest `arguments` object, serialised as JSON, a `tools/call` may carry: 1 MiB. */
export const MAX_ARGUMENT_BYTES = 1024 * 1024;

/**
 * Why a `tools/call`'s arguments are too large to hand to the tool (over {@link MAX_ARGUMENT_BYTES} as
 * JSON), worded for the model with what to send instead; `undefined` when they are not.
 */
export function oversizedArguments(toolName: string, args: unknown): string | undefined {
  const bytes = Buffer.byteLength(JSON.stringify(args) ?? "", "utf8");
  if (bytes <= MAX_ARGUMENT_BYTES) return undefined;
  return (
    `The arguments of ${toolName} are ${bytes} bytes of JSON; this server takes at most ${MAX_ARGUMENT_BYTES}. ` +
    `Call ${toolName} again with only the keys its input schema lists: a path and the line options are a few hundred bytes.`
  );
}
