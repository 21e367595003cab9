import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createReadServer } from "@read/mcp";
import { profile } from "@read/profile-workspace-jp";

const server = createReadServer({ module: profile, root: process.cwd() });
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
await server.connect(serverSide);

const client = new Client({ name: "example", version: "1.0.0" });
await client.connect(clientSide);
const { tools } = await client.listTools();
const result = await client.callTool({ name: "read_file", arguments: { path: "notes.txt", max_lines: 2 } });
console.log(tools.map((tool) => tool.name), result.structuredContent);
await client.close();
