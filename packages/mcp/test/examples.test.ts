import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, test, vi } from "vitest";
import { makeWorkspace } from "./support.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const readme = fs.readFileSync(path.join(here, "..", "README.md"), "utf8");
const cwd = process.cwd();
afterEach(() => {
  process.chdir(cwd);
  vi.restoreAllMocks();
});

describe("the README's example runs", () => {
  test("the README opens with examples/in-process.ts, verbatim", () => {
    const example = fs.readFileSync(path.join(here, "..", "examples", "in-process.ts"), "utf8");
    const firstBlock = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(firstBlock).toBe(example);
    expect(readme.indexOf("```ts")).toBeLessThan(readme.indexOf("\n## "));
  });

  test("examples/in-process.ts lists the tool and reads a window of a file in the current directory", async () => {
    process.chdir(makeWorkspace({ "notes.txt": "one\ntwo\nthree\n" }));
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await import("../examples/in-process.js");
    expect(log.mock.calls).toEqual([
      [
        ["read_file"],
        {
          path: "notes.txt",
          content: "one\ntwo",
          truncated: true,
          next_start_line: 3,
          meta: { byte_length: 14, line_count: 4, returned_line_count: 2, mtime_ms: expect.any(Number) },
        },
      ],
    ]);
  });
});
