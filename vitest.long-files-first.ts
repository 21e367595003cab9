import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The test files that take longest, longest first (seconds of a worker's time in a CI run on two busy
 * cores, Node 20): conformance-1 114, gating-walkthrough 122, conformance-2 80, planted-bugs 75, main 53,
 * packed-package 45, core's properties 32, the two MCP servers' 28 each, the REPL 26.
 */
export const LONG_FILES: readonly string[] = [
  "conformance/test/conformance-1.test.ts",
  "conformance/test/gating-walkthrough.test.ts",
  "conformance/test/conformance-2.test.ts",
  "conformance/test/planted-bugs.test.ts",
  "conformance/test/main.test.ts",
  "conformance/test/packed-package.test.ts",
  "packages/core/test/properties.test.ts",
  "packages/mcp/test/read-mcp.test.ts",
  "packages/mcp/test/read-tool-mcp.test.ts",
  "packages/cli/test/repl.test.ts",
];

/**
 * Starts the {@link LONG_FILES} first, then the rest in vitest's own order. Without timings from an
 * earlier run (a fresh clone: CI) vitest runs the largest files first, and the conformance suite's test
 * files are a few lines each, so its longest files started last and ended the run alone on one core. Run
 * first, they overlap the many short files, which then fill the cores to the end.
 */
export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONG_FILES.indexOf(path.relative(file.project.config.root, file.moduleId).split(path.sep).join("/"));
      return index === -1 ? LONG_FILES.length : index;
    };
    return sorted.map((file, order) => ({ file, order, rank: rank(file) })).sort((a, b) => a.rank - b.rank || a.order - b.order).map(({ file }) => file);
  }
}
