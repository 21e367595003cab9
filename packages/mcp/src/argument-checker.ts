import type { JsonSchema } from "@read/core";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { JsonSchemaType } from "@modelcontextprotocol/sdk/validation/types.js";
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { ProtocolError } from "./protocol-error.js";

/** The largest `arguments` object, serialised as JSON, a `tools/call` may carry: 1 MiB. */
export const MAX_ARGUMENT_BYTES = 1024 * 1024;

/**
 * Checks a `tools/call`'s arguments before the tool sees them: at most {@link MAX_ARGUMENT_BYTES} as
 * JSON, and valid against the input schema the server advertised (JSON Schema, checked with the SDK's
 * Ajv validator). A failure is a {@link ProtocolError} with JSON-RPC code `InvalidParams` (-32602), the
 * code the MCP specification gives for invalid arguments. Values the schema accepts but the profile's
 * spec refuses (a path outside the workspace, a range its rules forbid) reach the tool and come back as
 * its own tool-level error.
 */
export function argumentChecker(toolName: string, parameters: JsonSchema): (args: unknown) => void {
  const validate = new AjvJsonSchemaValidator().getValidator(parameters as JsonSchemaType);
  return (args) => {
    const bytes = Buffer.byteLength(JSON.stringify(args) ?? "", "utf8");
    if (bytes > MAX_ARGUMENT_BYTES) {
      throw new ProtocolError(ErrorCode.InvalidParams, `Invalid params: the arguments of ${toolName} are ${bytes} bytes of JSON; the limit is ${MAX_ARGUMENT_BYTES}`);
    }
    const result = validate(args);
    if (!result.valid) {
      throw new ProtocolError(ErrorCode.InvalidParams, `Invalid params: the arguments of ${toolName} do not match its input schema: ${result.errorMessage.replace(/(^|, )data/g, "$1arguments")}`);
    }
  };
}
