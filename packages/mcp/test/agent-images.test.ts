import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { connect, makeWorkspace, READ_TOOL } from "./support.js";

// Issue 33 through the official MCP SDK client and `read-tool mcp --profile agent`, as a host runs it:
// the image comes back as an MCP image block, beside the text block that describes it.
describe("AGENT-IMG-02, AGENT-IMG-03: the agent profile's images over MCP", () => {
  test("a PNG is an image block with its own bytes and real dimensions; an oversized one comes back downscaled; a truncated JPEG is an error; the session reads text afterwards", async () => {
    const root = makeWorkspace({ "notes.txt": "after the images\n" });
    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: "#2a5" } }).png().toBuffer();
    const wide = await sharp({ create: { width: 3000, height: 1200, channels: 3, background: "#25a" } }).png().toBuffer();
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#888" } }).jpeg().toBuffer();
    fs.writeFileSync(path.join(root, "shot.png"), png);
    fs.writeFileSync(path.join(root, "wide.png"), wide);
    fs.writeFileSync(path.join(root, "cut.jpg"), jpeg.subarray(0, jpeg.length - 30));
    const connection = await connect([READ_TOOL, "mcp", "--profile", "agent", "--root", root]);
    try {
      const { client } = connection;
      const shot = await client.callTool({ name: "read", arguments: { path: "shot.png" } });
      const output = shot.structuredContent as { image: { data: string } };
      const { data, ...sent } = output.image;
      expect(shot.isError).toBe(false);
      expect(shot.content).toEqual([
        { type: "text", text: JSON.stringify({ ...output, image: sent }) },
        { type: "image", data: png.toString("base64"), mimeType: "image/png" },
      ]);
      expect(data).toBe(png.toString("base64"));
      expect(output).toMatchObject({ path: "shot.png", format: "png", width: 640, height: 400, bytes: png.length, downscaled: false });

      const downscaled = await client.callTool({ name: "read", arguments: { path: "wide.png" } });
      const [, block] = downscaled.content as [unknown, { type: string; data: string; mimeType: string }];
      expect(block.type).toBe("image");
      const meta = await sharp(Buffer.from(block.data, "base64")).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", 2000, 800]);
      expect(downscaled.structuredContent).toMatchObject({ width: 3000, height: 1200, downscaled: true, image: { mime_type: "image/png", width: 2000, height: 800 } });

      const cut = await client.callTool({ name: "read", arguments: { path: "cut.jpg" } });
      expect(cut.isError).toBe(true);
      expect(cut.structuredContent).toMatchObject({ error: { code: "INVALID_IMAGE" } });

      const text = await client.callTool({ name: "read", arguments: { path: "notes.txt" } });
      expect(text.structuredContent).toMatchObject({ content: "1\tafter the images" });
    } finally {
      await connection.close();
    }
  });
});
