import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HUGE_LINE_CHECK } from "../src/adversarial/huge-line-check.js";
import { createInProcessAdapter } from "../src/in-process-adapter.js";
import { loadOracles } from "../src/load-oracles.js";
import { createSuiteContext } from "../src/suite-context.js";
import type { ToolAdapter } from "../src/tool-adapter.js";

const oracles = loadOracles();
const settings = { seed: 7, numRuns: 10, endOnFailure: true };

describe("issue 30 case 5: adversarial/load/huge-line", () => {
  for (const oracle of oracles.filter((candidate) => ["envelope", "workspace-jp", "forge", "guard"].includes(candidate.profile))) {
    it(`issue 30 case 5: ${oracle.profile} answers a 60 MiB line of \\x01 within 256 KiB, its child's peak RSS within the target`, async () => {
      const notes = await HUGE_LINE_CHECK.run(createSuiteContext(oracle, await createInProcessAdapter(oracle), settings));
      expect(notes).toEqual([
        expect.stringMatching(/^line 2 \(62914560 bytes of \\x01\) answered in \d+ bytes of JSON \((an error|part of the line)\)$/u),
        expect.stringMatching(/^peak RSS [\d.]+ MiB in a child, [\d.]+ MiB with the profile imported \(target at most [\d.]+ MiB\)$/u),
      ]);
    });
  }

  it("issue 30 case 5: an implementation that bounds the line's bytes but not their escapes fails", async () => {
    const jp = oracles.find((oracle) => oracle.profile === "workspace-jp");
    if (jp === undefined) throw new Error("no workspace-jp oracle");
    // A bound of 1 MiB of the file, as if each byte took one byte of JSON: 6 MiB once escaped.
    const unescaped: ToolAdapter = {
      kind: "in-process",
      async call(request) {
        const bytes = fs.readFileSync(path.join(request.root, String((request.input as { path?: unknown }).path)));
        return { path: "huge.txt", content: bytes.subarray(2, 2 + 1024 * 1024).toString("utf8"), truncated: true, next_start_line: 3, meta: {} };
      },
    };
    const failure = await HUGE_LINE_CHECK.run(createSuiteContext({ ...jp, module: undefined }, unescaped, settings)).then(
      () => "passed",
      (caught: unknown) => String(caught),
    );
    expect(failure).toMatch(/the answer is \d+ bytes as JSON, over 262144 \+ 4096/u);
  });
});
