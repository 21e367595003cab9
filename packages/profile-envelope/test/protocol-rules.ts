/**
 * The Standard Envelope protocol's rules (MyCodeAgent's `docs/通用工具响应协议.md`), as the error-level
 * checks of its test validator (`tests/utils/protocol_validator.py`) state them: structure (V002-V012),
 * status semantics (S001-S003, S005, S007), text (T001) and the Read tool's data (D008). Returns the IDs
 * of the rules `output` breaks, each with what was wrong; an empty list means it complies.
 */
export function protocolViolations(output: unknown, toolType?: "read"): string[] {
  const broken: string[] = [];
  const fail = (id: string, why: string) => broken.push(`${id}: ${why}`);
  if (!isObject(output)) return ["V001: the response is not an object"];
  const { status, data, text, stats, context, error } = output;
  if (!["success", "partial", "error"].includes(status as string)) fail("V003", `status ${JSON.stringify(status)}`);
  if (!("data" in output)) fail("V004", "no data");
  else if (!isObject(data)) fail("V005", `data is ${data === null ? "null" : typeof data}`);
  if (typeof text !== "string") fail("V006", "text is not a string");
  if (!isObject(stats)) fail("V007", "stats is not an object");
  else if (typeof stats.time_ms !== "number") fail("V008", "stats.time_ms is not a number");
  if (!isObject(context)) fail("V009", "context is not an object");
  else {
    if (typeof context.cwd !== "string") fail("V010", "context.cwd is not a string");
    if (!("params_input" in context)) fail("V011", "context has no params_input");
  }
  const extra = Object.keys(output).filter((key) => !["status", "data", "text", "error", "stats", "context"].includes(key));
  if (extra.length > 0) fail("V012", `top-level keys ${extra.join(", ")}`);
  if (status !== "error" && error !== undefined && error !== null) fail("S001", "error on a result that is not an error");
  if (status === "error") {
    if (!isObject(error) || typeof error.message !== "string" || typeof error.code !== "string") fail("S002", "error is not { code, message }");
    else if (!ERROR_CODES.has(error.code)) fail("S003", `error code ${error.code}`);
  }
  const payload = isObject(data) ? data : {};
  if (payload.truncated === true && status !== "partial") fail("S005", "truncated but not partial");
  if ((payload.fallback_used === true || "fallback" in payload) && status !== "partial") fail("S007", "fallback but not partial");
  if (typeof text === "string" && text.trim() === "") fail("T001", "text is empty");
  if (toolType === "read" && status !== "error" && typeof payload.content !== "string") fail("D008", "data.content is not a string");
  return broken;
}

const ERROR_CODES = new Set(["NOT_FOUND", "ACCESS_DENIED", "PERMISSION_DENIED", "INVALID_PARAM", "TIMEOUT", "INTERNAL_ERROR", "EXECUTION_ERROR", "IS_DIRECTORY", "BINARY_FILE", "CONFLICT"]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
