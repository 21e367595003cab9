import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { createTool, resolveToolName } from "../src/index.js";
import { sandbox } from "./helpers.js";

// The golden cases of fixtures/golden/forge, run in-process (the conformance harness runs them too,
// in-process and through the CLI). Only the fixture features this profile's cases use are built here.
const GOLDEN = path.resolve(import.meta.dirname, "../../../fixtures/golden/forge");

type Entry = { text?: string; repeat?: number; base64?: string; directory?: boolean; symlink?: string; fifo?: boolean };
interface GoldenCase {
  description: string;
  requirements: string[];
  files?: Record<string, Entry>;
  outside?: Record<string, Entry>;
  options?: Record<string, unknown>;
  tool?: string;
  input: unknown;
  expected: unknown;
}

function materialise(base: string, entries: Record<string, Entry>): void {
  for (const [name, entry] of Object.entries(entries)) {
    const target = path.join(base, name);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (entry.directory) fs.mkdirSync(target, { recursive: true });
    else if (entry.symlink !== undefined) fs.symlinkSync(entry.symlink, target);
    else if (entry.fifo) execFileSync("mkfifo", [target]);
    else if (entry.base64 !== undefined) fs.writeFileSync(target, Buffer.from(entry.base64, "base64"));
    else fs.writeFileSync(target, (entry.text ?? "").repeat(entry.repeat ?? 1));
  }
}

const cases = fs
  .readdirSync(GOLDEN)
  .filter((name) => name.endsWith(".json"))
  .sort()
  .map((name) => [name, JSON.parse(fs.readFileSync(path.join(GOLDEN, name), "utf8")) as GoldenCase] as const);

describe("golden cases (fixtures/golden/forge)", () => {
  test("there are golden cases for every forge requirement", () => {
    const covered = new Set(cases.flatMap(([, golden]) => golden.requirements));
    const ids = ["FORGE-FR-RD-01", "FORGE-FR-RD-02", "FORGE-FR-RD-03", "FORGE-FR-RD-04", "FORGE-FR-RD-05", "FORGE-FR-RD-06", "FORGE-NFR-RD-SEC-01", "FORGE-5", "FORGE-T-RD-01", "FORGE-T-RD-02", "FORGE-T-RD-03", "FORGE-T-RD-04"];
    const issue15 = ["FORGE-FR-RD-06-cut", "FORGE-FR-RD-06-next", "FORGE-FR-RD-06-scan", "FORGE-NFR-RD-SEC-01-deny", "FORGE-NFR-RD-SEC-01-chars", "FORGE-FR-RD-02-alias", "FORGE-FR-RD-04-raw", "FORGE-5-denied-patterns", "FORGE-ref-tests"];
    for (const id of [...ids, ...issue15]) {
      expect(covered).toContain(id);
    }
  });

  test.each(cases)("%s", async (_name, golden) => {
    const box = sandbox();
    materialise(box.root, golden.files ?? {});
    materialise(box.outside, golden.outside ?? {});
    const tool = createTool({ root: box.root, ...golden.options });
    expect(resolveToolName(golden.tool ?? tool.name)).toBe(tool.name);
    const expand = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll("${ROOT}", fs.realpathSync(box.root)).replaceAll("${OUTSIDE}", fs.realpathSync(box.outside))) as unknown;
    expect(await tool.call(expand(golden.input))).toEqual(expand(golden.expected));
  });
});
