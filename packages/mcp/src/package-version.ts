import fs from "node:fs";

/** The version of `@read/mcp`, from its package.json: the server's `serverInfo.version`, and `read-mcp`'s. */
export const MCP_PACKAGE_VERSION = (JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;
