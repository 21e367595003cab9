import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { expect, test } from "vitest";
import { createTool, type ReadOutput } from "../src/index.js";
import { sandbox } from "./helpers.js";

const line = fc.string({ unit: fc.constantFrom("a", "é", "😀", " ", "\r", "|"), maxLength: 12 });

test("ALL-paging: following next_start_line reproduces the file exactly (the raw view keeps each line's terminator, as forge's does)", async () => {
  const { root } = sandbox();
  const tool = createTool({ root });
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(line, { maxLength: 25 }), fc.constantFrom("\n", "\r\n"), fc.boolean(), fc.integer({ min: 1, max: 7 }), async (lines, eol, final, page) => {
      const text = lines.join(eol) + (final && lines.length > 0 ? eol : "");
      const name = `f${run++}.txt`;
      fs.writeFileSync(path.join(root, name), text);
      let content = "";
      let start: number | null = 1;
      let calls = 0;
      while (start !== null) {
        const output: ReadOutput = await tool.call({ path: name, start_line: start, limit: page, show_line_numbers: false });
        if ("error" in output) throw new Error(output.error.message);
        content += output.content;
        start = output.next_start_line;
        calls++;
      }
      expect(content).toBe(text);
      const normal = text.replaceAll("\r\n", "\n");
      const count = normal === "" ? 0 : normal.split("\n").length - (normal.endsWith("\n") ? 1 : 0);
      expect(calls).toBe(Math.max(1, Math.ceil(count / page)));
    }),
  );
});
