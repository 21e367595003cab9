import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import type { TestSpecification, Vitest } from "vitest/node";
import LongFilesFirst, { LONG_FILES } from "../../vitest.long-files-first.js";
import { REPO_ROOT } from "../src/repo-paths.js";

// A test file as the sequencer sees it: vitest's order without timings is by file size, largest first.
function specification(file: string): TestSpecification {
  const config = { root: REPO_ROOT, isolate: false, sequence: { groupOrder: 0 } };
  return { project: { name: "", config }, moduleId: path.join(REPO_ROOT, file) } as unknown as TestSpecification;
}

test("every file the sequencer starts first is a test file of the repository", () => {
  expect(LONG_FILES.filter((file) => !fs.existsSync(path.join(REPO_ROOT, file)) || !file.endsWith(".test.ts"))).toEqual([]);
});

test("the long files start first, in their listed order, and the others keep vitest's order (largest first without timings)", async () => {
  const stats = new Map([
    ["packages/core/test/number-lines.test.ts", 9000],
    ["conformance/test/main.test.ts", 6000],
    ["packages/core/test/line-index.test.ts", 5000],
    ["conformance/test/conformance-1.test.ts", 100],
  ]);
  const ctx = {
    config: { root: REPO_ROOT },
    cache: { getFileTestResults: () => undefined, getFileStats: (key: string) => ({ size: stats.get(key.slice(1)) ?? 0 }) },
  } as unknown as Vitest;
  const sorted = await new LongFilesFirst(ctx).sort([...stats.keys()].map(specification));
  expect(sorted.map((file) => path.relative(REPO_ROOT, file.moduleId))).toEqual([
    "conformance/test/conformance-1.test.ts",
    "conformance/test/main.test.ts",
    "packages/core/test/number-lines.test.ts",
    "packages/core/test/line-index.test.ts",
  ]);
});
