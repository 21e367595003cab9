import { escapeText, quoteText, type JsonSchema } from "@read/core";
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { Ajv, type ErrorObject } from "ajv";
import addFormatsModule from "ajv-formats";
import { ProtocolError } from "./protocol-error.js";

/** The largest `arguments` object, serialised as JSON, a `tools/call` may carry: 1 MiB. */
export const MAX_ARGUMENT_BYTES = 1024 * 1024;

// ajv-formats is CommonJS: its default export is the function under TypeScript's NodeNext typing too.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/**
 * Checks a `tools/call`'s arguments before the tool sees them: at most {@link MAX_ARGUMENT_BYTES} as
 * JSON, and valid against the input schema the server advertised (JSON Schema, checked with Ajv set up
 * as the MCP SDK sets it up). A failure is a {@link ProtocolError} with JSON-RPC code `InvalidParams`
 * (-32602), the code the MCP specification gives for invalid arguments, whose message names every key
 * at fault: an unknown key (with the keys accepted there), a missing required key, a key of the wrong
 * type (with the value given) or out of range. Values the schema accepts but the profile's spec refuses
 * (a path outside the workspace, a range its rules forbid) reach the tool and come back as its own
 * tool-level error.
 */
export function argumentChecker(toolName: string, parameters: JsonSchema): (args: unknown) => void {
  const ajv = addFormats(new Ajv({ strict: false, validateFormats: true, validateSchema: false, allErrors: true, verbose: true }));
  const validate = ajv.compile(parameters);
  return (args) => {
    const bytes = Buffer.byteLength(JSON.stringify(args) ?? "", "utf8");
    if (bytes > MAX_ARGUMENT_BYTES) {
      throw new ProtocolError(ErrorCode.InvalidParams, `Invalid params: the arguments of ${toolName} are ${bytes} bytes of JSON; the limit is ${MAX_ARGUMENT_BYTES}`);
    }
    if (validate(args)) return;
    const problems = [...new Set((validate.errors ?? []).map(describeError))];
    throw new ProtocolError(ErrorCode.InvalidParams, `Invalid params: the arguments of ${toolName} do not match its input schema: ${problems.join("; ")}`);
  };
}

/** One Ajv error as a phrase that names the key it is about. */
function describeError(error: ErrorObject): string {
  const at = keyPath(error.instancePath);
  const key = (name: string) => `key ${quoteText([...at, name].join("."))}`;
  const subject = at.length === 0 ? "the arguments" : `key ${quoteText(at.join("."))}`;
  switch (error.keyword) {
    case "required":
      return `missing required ${key(String(error.params.missingProperty))}`;
    case "additionalProperties": {
      const properties = (error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
      const accepted = Object.keys(properties);
      return `unknown ${key(String(error.params.additionalProperty))} (accepted keys: ${accepted.length === 0 ? "none" : accepted.join(", ")})`;
    }
    case "type":
      return `${subject} must be ${String(error.params.type)}, got ${shown(error.data)}`;
    case "enum":
      return `${subject} must be one of ${(error.params.allowedValues as unknown[]).map(shown).join(", ")}, got ${shown(error.data)}`;
    default:
      return `${subject} ${error.message ?? `fails ${error.keyword}`}, got ${shown(error.data)}`;
  }
}

// A JSON pointer (`/nested/a~1b`) as its keys (`["nested", "a/b"]`).
function keyPath(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"));
}

// A value as JSON, at most 60 characters, with what JSON leaves raw (bidi controls, separators) escaped.
function shown(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return escapeText(json.length > 60 ? `${json.slice(0, 57)}...` : json);
}
