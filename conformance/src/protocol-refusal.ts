import type { Oracle } from "./oracle.js";
import { outputField } from "./output-field.js";

const refusals = new WeakSet<object>();

/**
 * The output the suite judges when an MCP server refuses a call's arguments with a JSON-RPC
 * invalid-params error (-32602) instead of a tool result, as the oracle's `mcp.invalidParams` declares:
 * an error output in the oracle's shape with that code, the message in its message fields. `undefined`
 * when the oracle declares nothing (the call then fails). Such an output holds no text of the
 * implementation's own beyond the message, so golden cases compare only its code ({@link isProtocolRefusal}).
 */
export function protocolRefusal(oracle: Oracle, message: string): unknown {
  const code = oracle.mcp?.invalidParams;
  if (code === undefined) return undefined;
  const { output } = oracle;
  let refusal: unknown = {};
  const set = (field: string, value: unknown) => {
    if (outputField(refusal, field) !== undefined) return;
    refusal = setField(refusal, field, value);
  };
  if (output.code !== null && code !== null) {
    // A code read from a message's leading label is written the same way, so the refusal reads back as it.
    if (typeof output.code === "string") set(output.code, code);
    else set(output.code.field, `${code}: ${message}`);
  }
  set(output.error.field, "equals" in output.error ? output.error.equals : message);
  for (const field of oracle.adversarial?.messageFields ?? []) set(field, message);
  refusals.add(refusal as object);
  return refusal;
}

/** Whether an output was made by `protocolRefusal`. */
export function isProtocolRefusal(output: unknown): boolean {
  return typeof output === "object" && output !== null && refusals.has(output);
}

// Sets a dotted field, creating the objects on the way.
function setField(value: unknown, field: string, leaf: unknown): unknown {
  const [key, ...rest] = field.split(".");
  if (key === undefined) return value;
  const record = typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  return { ...record, [key]: rest.length === 0 ? leaf : setField(record[key], rest.join("."), leaf) };
}
