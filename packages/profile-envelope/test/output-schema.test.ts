import { describe, expect, test } from "vitest";
import { createTool, envelopeOutputSchema, outputSchema } from "../src/index.js";
import { makeWorkspace } from "./workspace.js";

describe("outputSchema", () => {
  test("ENV-2.3: every kind of output matches the output schema, and the schema rejects extra top-level keys", async () => {
    const ws = makeWorkspace();
    ws.write("a.txt", "a\nb\n");
    ws.write("bad.txt", Buffer.from([0xff, 0x0a]));
    ws.write("empty.txt", "");
    ws.mkdir("dir");
    const tool = createTool({ root: ws.root });
    const inputs = [{ path: "a.txt" }, { path: "a.txt", limit: 1 }, { path: "bad.txt" }, { path: "empty.txt" }, { path: "dir" }, { limit: 0 }, "x"];
    const statuses = [];
    for (const input of inputs) {
      const output = await tool.call(input);
      expect(envelopeOutputSchema.safeParse(output).success).toBe(true);
      statuses.push(output.status);
    }
    expect(statuses).toEqual(["success", "partial", "partial", "success", "error", "error", "error"]);
    const read = await tool.call({ path: "a.txt" });
    expect(envelopeOutputSchema.safeParse({ ...read, error: { code: "NOT_FOUND", message: "x" } }).success).toBe(false);
    expect(envelopeOutputSchema.safeParse({ ...read, extra: 1 }).success).toBe(false);
  });

  test("ENV-2.3: the JSON Schema is an object schema with one branch for reads and one for errors", () => {
    expect(outputSchema.type).toBe("object");
    const branches = outputSchema.anyOf as { properties: Record<string, { enum?: string[]; const?: string }>; required: string[]; additionalProperties: boolean }[];
    expect(branches).toHaveLength(2);
    expect(branches.map((branch) => branch.required)).toEqual([
      ["status", "data", "text", "stats", "context"],
      ["status", "data", "text", "stats", "context", "error"],
    ]);
    expect(branches.every((branch) => branch.additionalProperties === false)).toBe(true);
    expect(branches[0]?.properties.status?.enum).toEqual(["success", "partial"]);
    expect(branches[1]?.properties.status?.const).toBe("error");
    expect(JSON.parse(JSON.stringify(outputSchema))).toEqual(outputSchema);
  });
});
