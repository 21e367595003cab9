import { describe, expect, it } from "vitest";
import { createTool } from "../src/index.js";
import { read, readText, sandbox } from "./helpers.js";

describe("the answer's fields (AGENT-OUT-08 and AGENT-OUT-09: encodings.test.ts)", () => {
  it("issue 32: a CRLF file answers every field, content without \\r (AGENT-OUT-01, AGENT-OUT-02, AGENT-OUT-10)", async () => {
    const { root } = sandbox({ "src/a.txt": "one\r\ntwo\r\nthree\r\n" });
    expect(await read(root, { path: "src/a.txt" })).toEqual({
      path: "src/a.txt",
      content: "1\tone\n2\ttwo\n3\tthree",
      start_line: 1,
      end_line: 3,
      total_lines: 3,
      truncated: false,
      next: null,
      version: "9fc4c6bdc7e5374b75e38fa9e1097577",
      encoding: "utf-8",
      bom: false,
      line_endings: "crlf",
    });
  });

  it("AGENT-OUT-03: path is relative to the root whatever form was asked", async () => {
    const { root } = sandbox({ "src/a.txt": "x\n" });
    expect((await readText(root, { path: `${root}/src/../src/a.txt` })).path).toBe("src/a.txt");
  });

  it.each([
    ["lf", "a\nb\n"],
    ["crlf", "a\r\nb"],
    ["cr", "a\rb\r"],
    ["mixed", "a\r\nb\nc"],
    ["none", "no terminator"],
    ["none", ""],
  ])("AGENT-OUT-10: line_endings is %s", async (endings, text) => {
    const { root } = sandbox({ "f.txt": text });
    expect((await readText(root, { path: "f.txt" })).line_endings).toBe(endings);
  });

  it("AGENT-OUT-02, AGENT-OUT-10: a lone CR is text, even in a file whose only terminator is CR; line_endings says cr", async () => {
    const { root } = sandbox({ "mac.txt": "a\rb\rc" });
    const output = await readText(root, { path: "mac.txt" });
    expect([output.content, output.total_lines, output.line_endings]).toEqual(["1\ta\rb\rc", 1, "cr"]);
  });

  it("AGENT-OUT-02: a lone CR in an LF file is text, escaped by JSON", async () => {
    const { root } = sandbox({ "f.txt": "a\rb\nc\n" });
    const output = await readText(root, { path: "f.txt" });
    expect([output.content, output.total_lines, output.line_endings]).toEqual(["1\ta\rb\n2\tc", 2, "mixed"]);
  });

  it("AGENT-OUT-04, AGENT-OUT-05: an empty file has no lines", async () => {
    const { root } = sandbox({ "empty.txt": "" });
    expect(await readText(root, { path: "empty.txt" })).toMatchObject({ content: "", start_line: null, end_line: null, total_lines: 0, truncated: false, next: null });
  });

  it("AGENT-OUT-05: a final terminator ends the last line and starts no other", async () => {
    const { root } = sandbox({ "a.txt": "a\nb\n", "b.txt": "a\nb", "c.txt": "\n" });
    expect((await readText(root, { path: "a.txt" })).total_lines).toBe(2);
    expect((await readText(root, { path: "b.txt" })).total_lines).toBe(2);
    expect(await readText(root, { path: "c.txt" })).toMatchObject({ total_lines: 1, content: "1\t" });
  });

  it("AGENT-OUT-06, AGENT-OUT-07: truncated and next when lines follow the window", async () => {
    const { root } = sandbox({ "a.txt": "1\n2\n3\n4\n" });
    expect(await readText(root, { path: "a.txt", start_line: 2, limit: 2 })).toMatchObject({
      content: "2\t2\n3\t3",
      start_line: 2,
      end_line: 3,
      total_lines: 4,
      truncated: true,
      next: { start_line: 4 },
    });
    expect(await readText(root, { path: "a.txt", start_line: 4 })).toMatchObject({ content: "4\t4", truncated: false, next: null });
  });
});

describe("AGENT-OUT-11: the answer as a model receives it as text", () => {
  it("a page is its fields but content as one JSON line, then content unescaped; an error and an unchanged answer are their JSON", async () => {
    const { root } = sandbox({ "src/a.ts": 'const s = "a\\tb";\r\nlet t = `x`;\r\n' });
    const tool = createTool({ root });
    const page = await tool.call({ path: "src/a.ts" });
    expect(tool.modelContent?.(page)).toEqual([
      {
        type: "text",
        text:
          '{"path":"src/a.ts","start_line":1,"end_line":2,"total_lines":2,"truncated":false,"next":null,"version":"' +
          (page as { version: string }).version +
          '","encoding":"utf-8","bom":false,"line_endings":"crlf"}\n1\tconst s = "a\\tb";\n2\tlet t = `x`;',
      },
    ]);
    const unchanged = await tool.call({ path: "src/a.ts", if_version: (page as { version: string }).version });
    expect(tool.modelContent?.(unchanged)).toEqual([{ type: "text", text: JSON.stringify(unchanged) }]);
    const missing = await tool.call({ path: "missing.ts" });
    expect(tool.modelContent?.(missing)).toEqual([{ type: "text", text: JSON.stringify(missing) }]);
    expect(JSON.stringify(missing)).not.toContain("\n");
  });

  it("an empty file's answer ends with the line feed after its fields", async () => {
    const { root } = sandbox({ "empty.txt": "" });
    const tool = createTool({ root });
    const text = tool.modelContent?.(await tool.call({ path: "empty.txt" }))[0];
    expect(text).toEqual({ type: "text", text: expect.stringMatching(/^\{"path":"empty.txt","start_line":null,.*"line_endings":"none"\}\n$/u) as unknown });
  });
});
