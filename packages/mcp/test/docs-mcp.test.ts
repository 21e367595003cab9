import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, test } from "vitest";
import { loadProfile } from "@read/profiles";
import { connect, makeWorkspace, READ_TOOL, type Connection } from "./support.js";

const page = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "docs", "mcp.md"), "utf8");
const blocks = [...page.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => match[1] ?? "");

const open: Connection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
});

// The page's placeholders: the clone, and the directory the packed packages were installed into.
const CLONE = "/path/to/read/";
const INSTALLED = "/home/you/read-tool/node_modules/.bin/read-tool";
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

/** The command line an entry starts, with the placeholders made real: this checkout, its built read-tool. */
function commandLine(entry: Entry | undefined, root: string): string[] {
  const args = (entry?.args ?? []).map((arg) => (arg === "/path/to/project" || arg === "${workspaceFolder}" ? root : arg.startsWith(CLONE) ? path.join(REPO, arg.slice(CLONE.length)) : arg));
  if (entry?.command === "node") return args;
  if (entry?.command === INSTALLED) return [READ_TOOL, ...args];
  throw new Error(`an entry starts ${String(entry?.command)}, which is neither node with the clone's read-tool nor the installed read-tool`);
}

describe("docs/mcp.md: the client configurations start a working server", () => {
  test("the page has the Claude Desktop, VS Code and Cursor entries, and none runs a package from the registry yet", () => {
    expect(blocks).toHaveLength(3);
    expect(page).not.toMatch(/"command": "npx"/);
    expect(page).toContain('"command": "node"');
    expect(page).toContain(`"command": "${INSTALLED}"`);
  });

  blocks.forEach((block, index) => {
    test(`JSON block ${index + 1} parses, and its command and arguments serve the profile's tool`, async () => {
      const config = JSON.parse(block) as { mcpServers?: Record<string, Entry>; servers?: Record<string, Entry> };
      const root = makeWorkspace({ "a.txt": "x\n" });
      const served = commandLine((config.mcpServers ?? config.servers)?.["read"], root);
      expect(served[0]).toBe(READ_TOOL);
      expect(served[1]).toBe("mcp");
      expect(served).toContain(root);
      const connection = await connect(served);
      open.push(connection);
      const profile = await loadProfile(served[served.indexOf("--profile") + 1] ?? "envelope");
      const { tools } = await connection.client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual([profile.createTool({ root }).name]);
      expect(connection.stderr()).toMatch(/^read-tool \d+\.\d+\.\d+\S*: MCP server on stdio, profile /);
    });
  });

  test("the Claude Code line starts the same server", async () => {
    const line = /^claude mcp add read -- (.*)$/m.exec(page)?.[1] ?? "";
    const [command = "", ...args] = line.split(" ");
    expect(command).toBe("node");
    const root = makeWorkspace({});
    const connection = await connect(commandLine({ command, args }, root));
    open.push(connection);
    expect((await connection.client.listTools()).tools.map((tool) => tool.name)).toEqual(["Read"]);
  });
});

interface Entry {
  readonly command?: string;
  readonly args?: string[];
}
