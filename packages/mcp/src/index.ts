export { DEFAULT_MAX_ANSWER_BYTES, createReadServer, type ReadServerOptions } from "./create-read-server.js";
export { serveStdio, type ServeStdioOptions } from "./serve-stdio.js";
export { LineTransport, DEFAULT_MAX_MESSAGE_BYTES, type LineTransportOptions } from "./line-transport.js";
export { MAX_ARGUMENT_BYTES } from "./oversized-arguments.js";
export { elicitationRequester, permissionForm, PERMISSION_CHOICES, type ElicitationCall } from "./elicitation-requester.js";
export { parseMaxAnswerBytes, runReadMcp, READ_MCP_USAGE, type ReadMcpIo } from "./run-read-mcp.js";
