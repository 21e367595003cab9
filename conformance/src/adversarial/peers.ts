import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadOracle, type Oracle } from "../oracle.js";
import { REPO_ROOT } from "../repo-paths.js";
import type { ToolAdapter } from "../tool-adapter.js";
import { createMcpAdapter } from "../mcp-adapter.js";

/** The peers' oracles, `conformance/peers/*.json`. */
const PEERS_DIR = fileURLToPath(new URL("../../peers", import.meta.url));

/** A published implementation the adversarial suite is run against, side by side with the profiles. */
export interface Peer {
  /** The package and its version, as reports name it. */
  readonly name: string;
  readonly version: string;
  readonly oracle: Oracle;
  /** A fresh adapter (the caller closes it). */
  createAdapter(): ToolAdapter;
}

/**
 * `@modelcontextprotocol/server-filesystem`, a development dependency of this package: its server started
 * over stdio per workspace (`node dist/index.js <root>`) and its `read_text_file` tool called through the
 * harness's MCP client, its answers read as `{ content }` or `{ isError, message }`.
 */
export function filesystemServerPeer(): Peer {
  const packageJson = createRequire(path.join(REPO_ROOT, "conformance", "package.json")).resolve("@modelcontextprotocol/server-filesystem/package.json");
  const { name, version } = JSON.parse(fs.readFileSync(packageJson, "utf8")) as { name: string; version: string };
  const server = path.join(path.dirname(packageJson), "dist", "index.js");
  const oracle = loadOracle(path.join(PEERS_DIR, "server-filesystem.json"));
  return {
    name,
    version,
    oracle,
    createAdapter: () => createMcpAdapter({ command: [process.execPath, server, "{root}"], tool: oracle.tool, reading: { kind: "text" } }),
  };
}
