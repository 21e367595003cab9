/**
 * A request the server refuses at the protocol level: the SDK answers it with a JSON-RPC error response
 * carrying `code` and `message` as they are (an `McpError` would prefix the message with its code).
 */
export class ProtocolError extends Error {
  override readonly name = "ProtocolError";

  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
