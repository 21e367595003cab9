import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makePdf } from "../../../conformance/src/make-pdf.js";
import { connect, makeWorkspace, READ_TOOL, type Connection } from "./support.js";

// Issue 33's "done when", through the MCP SDK's own client and `read-tool mcp` (the bundled CLI, which
// finds the document worker beside its bundle).
describe("read-tool mcp --profile agent: PDFs and notebooks (issue 33)", () => {
  const root = makeWorkspace({ "after.txt": "still here\n" });
  fs.writeFileSync(path.join(root, "paper.pdf"), makePdf([["First page text"], ["Second page text"], ["Third page text"]]));
  fs.writeFileSync(path.join(root, "random.pdf"), randomBytes(3 * 1024 * 1024));
  // The same behind a PDF header: pdf.js then searches all 3 MB for a structure, in the worker.
  fs.writeFileSync(path.join(root, "headed-random.pdf"), Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(3 * 1024 * 1024)]));
  const image = "iVBORw0KGgo".padEnd(400_000, "A");
  fs.writeFileSync(
    path.join(root, "analysis.ipynb"),
    JSON.stringify({
      cells: [
        { cell_type: "markdown", metadata: {}, source: ["# Results\n"] },
        { cell_type: "code", execution_count: 1, metadata: {}, source: ["print('ready')\n"], outputs: [{ output_type: "stream", name: "stdout", text: ["ready\n"] }] },
        { cell_type: "code", execution_count: 2, metadata: {}, source: "plot()", outputs: [{ output_type: "display_data", metadata: {}, data: { "image/png": image } }] },
      ],
      metadata: {},
      nbformat: 4,
      nbformat_minor: 5,
    }),
  );
  let connection: Connection;
  beforeAll(async () => {
    connection = await connect([READ_TOOL, "mcp", "--profile", "agent", "--root", root]);
  });
  afterAll(() => connection.close());

  const call = async (args: Record<string, unknown>) => {
    const result = await connection.client.callTool({ name: "read", arguments: args });
    const text = (result.content as { type: string; text?: string }[])[0]?.text ?? "";
    return { structured: result.structuredContent as Record<string, unknown>, isError: result.isError === true, size: JSON.stringify(result).length, text };
  };

  test("AGENT-PDF-02: a 3-page PDF gives all three pages' text, and pages \"2\" only the second", async () => {
    const all = await call({ path: "paper.pdf" });
    expect(all).toMatchObject({
      isError: false,
      structured: { content: "--- page 1 of 3 ---\nFirst page text\n--- page 2 of 3 ---\nSecond page text\n--- page 3 of 3 ---\nThird page text", pages: "1-3", total_pages: 3, next: null },
    });
    // AGENT-OUT-11: the text block is the fields but content as one line of JSON, then content as it is.
    const { content, ...fields } = all.structured;
    expect(all.text).toBe(`${JSON.stringify(fields)}\n${String(content)}`);
    const second = await call({ path: "paper.pdf", pages: "2" });
    expect(second).toMatchObject({ isError: false, structured: { content: "--- page 2 of 3 ---\nSecond page text", pages: "2", total_pages: 3, next: { pages: "3" } } });
  });

  test("AGENT-DOC-03, AGENT-DOC-04: 3 MB of random bytes named .pdf, with a PDF header or without, is an error within seconds, while pings are answered", async () => {
    for (const file of ["random.pdf", "headed-random.pdf"]) {
      const started = Date.now();
      let done = false;
      const answer = call({ path: file }).finally(() => {
        done = true;
      });
      let pings = 0;
      while (!done) {
        await connection.client.ping();
        pings++;
      }
      const result = await answer;
      expect(result).toMatchObject({ isError: true, structured: { error: { code: "INVALID_DOCUMENT" } } });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(pings).toBeGreaterThan(0);
    }
  });

  test("AGENT-NB-02, AGENT-NB-04: a notebook gives every cell's source and its stream output; the 400 KB image is named, not inlined", async () => {
    const result = await call({ path: "analysis.ipynb" });
    expect(result.structured).toMatchObject({
      format: "notebook",
      content: [
        "1\t=== cell 1: markdown ===",
        "2\t# Results",
        "3\t=== cell 2: code, execution 1 ===",
        "4\tprint('ready')",
        "5\t--- output: stdout ---",
        "6\tready",
        "7\t=== cell 3: code, execution 2 ===",
        "8\tplot()",
        "9\t--- output: display ---",
        "10\t[image/png, 400000 bytes: not shown]",
      ].join("\n"),
      cells: 3,
    });
    expect(result.size).toBeLessThan(4000);
  });

  test("the session reads a text file afterwards", async () => {
    expect(await call({ path: "after.txt" })).toMatchObject({ isError: false, structured: { content: "1\tstill here" } });
  });
});
