import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, test } from "vitest";
import { loadProfile } from "@read/profiles";
import { connect, makeWorkspace, READ_MCP, type Connection } from "./support.js";

const page = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "docs", "mcp.md"), "utf8");
const blocks = [...page.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => match[1] ?? "");

const open: Connection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
});

describe("docs/mcp.md: the client configurations start a working server", () => {
  test("the page has the Claude Desktop, VS Code and Cursor entries", () => {
    expect(blocks).toHaveLength(3);
  });

  blocks.forEach((block, index) => {
    test(`JSON block ${index + 1} parses, runs npx @read/mcp, and its arguments serve the tool`, async () => {
      const config = JSON.parse(block) as { mcpServers?: Record<string, Entry>; servers?: Record<string, Entry> };
      const entry = (config.mcpServers ?? config.servers)?.["read"];
      expect(entry?.command).toBe("npx");
      const args = entry?.args ?? [];
      expect(args.slice(0, 2)).toEqual(["-y", "@read/mcp"]);
      const root = makeWorkspace({ "a.txt": "x\n" });
      const served = args.slice(2).map((arg) => (arg === "/path/to/project" || arg === "${workspaceFolder}" ? root : arg));
      expect(served).toContain(root);
      const connection = await connect([READ_MCP, ...served]);
      open.push(connection);
      const profile = await loadProfile(served[served.indexOf("--profile") + 1] ?? "envelope");
      const { tools } = await connection.client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual([profile?.createTool({ root }).name]);
    });
  });
});

interface Entry {
  readonly command?: string;
  readonly args?: string[];
}
