import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, test, vi } from "vitest";
import { makeWorkspace } from "./support.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const readme = fs.readFileSync(path.join(here, "..", "README.md"), "utf8");
const example = (name: string) => fs.readFileSync(path.join(here, "..", "examples", name), "utf8");
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]);
const cwd = process.cwd();
afterEach(() => {
  process.chdir(cwd);
  vi.restoreAllMocks();
});

async function runExample(module: string): Promise<unknown[][]> {
  process.chdir(makeWorkspace({ "notes.txt": "one\ntwo\nthree\n" }));
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  await import(module);
  return log.mock.calls;
}

describe("the README's examples run", () => {
  test("the README opens with examples/json-definitions.ts and shows examples/ai-sdk.ts and ai-sdk-v5.ts, verbatim", () => {
    expect(blocks).toEqual([example("json-definitions.ts"), example("ai-sdk.ts"), example("ai-sdk-v5.ts")]);
    expect(readme.indexOf("```ts")).toBeLessThan(readme.indexOf("\n## "));
  });

  test("examples/json-definitions.ts prints the definitions' name and required keys, and a tool_result", async () => {
    expect(await runExample("../examples/json-definitions.js")).toEqual([
      ["Read", ["path"]],
      [
        {
          type: "tool_result",
          tool_use_id: "toolu_1",
          content: JSON.stringify({
            path: "notes.txt",
            content: "1| one\n",
            binary: false,
            line_numbers: true,
            start_line: 1,
            end_line: 1,
            total_lines: 3,
            truncated: true,
            next_start_line: 2,
            size_bytes: 14,
          }),
        },
      ],
    ]);
  });

  test("examples/ai-sdk.ts runs the read inside generateText and prints the tool result and the answer", async () => {
    expect(await runExample("../examples/ai-sdk.js")).toEqual([
      [
        {
          path: "notes.txt",
          content: "one",
          truncated: true,
          next_start_line: 2,
          meta: { byte_length: 14, line_count: 4, returned_line_count: 1, mtime_ms: expect.any(Number) },
        },
        "It starts with 'one'.",
      ],
    ]);
  });
});
