import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { createTool, maskTime } from "../src/index.js";
import { FIXED_MTIME_MS } from "./workspace.js";

// The golden cases of this profile, run here the way fixtures/README.md describes, so they cannot drift
// from the implementation before the conformance harness runs them too.
const GOLDEN = path.resolve(import.meta.dirname, "../../../fixtures/golden/envelope");
const REQUIREMENTS = path.resolve(import.meta.dirname, "../../../conformance/requirements.json");

interface FileSpec {
  readonly text?: string;
  readonly repeat?: number;
  readonly base64?: string;
  readonly directory?: boolean;
  readonly symlink?: string;
  readonly fifo?: boolean;
}

interface GoldenCase {
  readonly description: string;
  readonly source: string;
  readonly requirements: readonly string[];
  readonly files: Readonly<Record<string, FileSpec>>;
  readonly outside?: Readonly<Record<string, FileSpec>>;
  readonly options?: Readonly<Record<string, unknown>>;
  readonly tool?: string;
  readonly input: unknown;
  readonly expected: unknown;
}

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

function materialise(dir: string, files: Readonly<Record<string, FileSpec>>): void {
  fs.mkdirSync(dir, { recursive: true });
  for (const [relative, spec] of Object.entries(files)) {
    const target = path.join(dir, ...relative.split("/"));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (spec.directory === true) fs.mkdirSync(target, { recursive: true });
    else if (spec.symlink !== undefined) fs.symlinkSync(spec.symlink, target);
    else if (spec.fifo === true) execFileSync("mkfifo", [target]);
    else {
      const bytes = spec.base64 !== undefined ? Buffer.from(spec.base64, "base64") : Buffer.from((spec.text ?? "").repeat(spec.repeat ?? 1), "utf8");
      fs.writeFileSync(target, bytes);
      fs.utimesSync(target, FIXED_MTIME_MS / 1000, FIXED_MTIME_MS / 1000);
    }
  }
}

const known = new Set((JSON.parse(fs.readFileSync(REQUIREMENTS, "utf8")) as { requirements: { id: string }[] }).requirements.map((r) => r.id));
const names = fs.readdirSync(GOLDEN).filter((name) => name.endsWith(".json")).sort();

describe("golden fixtures (fixtures/golden/envelope)", () => {
  test("ENV-2.3: the golden cases exist and name only known requirement IDs", () => {
    expect(names.length).toBeGreaterThanOrEqual(10);
    for (const name of names) {
      const golden = JSON.parse(fs.readFileSync(path.join(GOLDEN, name), "utf8")) as GoldenCase;
      expect(golden.requirements.length).toBeGreaterThan(0);
      for (const id of golden.requirements) expect(known.has(id), `${name}: ${id}`).toBe(true);
    }
  });

  for (const name of names) {
    const golden = JSON.parse(fs.readFileSync(path.join(GOLDEN, name), "utf8")) as GoldenCase;
    test(`${golden.requirements.join(" ")}: golden ${name}: ${golden.description}`, async () => {
      const base = fs.mkdtempSync(path.join(os.tmpdir(), "read-envelope-golden-"));
      temporary.push(base);
      materialise(path.join(base, "ws"), golden.files);
      materialise(path.join(base, "outside"), golden.outside ?? {});
      const tool = createTool({ root: path.join(base, "ws"), ...golden.options });
      if (golden.tool !== undefined) expect([tool.name, ...tool.aliases]).toContain(golden.tool);
      const canonical = fs.realpathSync(base);
      const expected = JSON.parse(
        JSON.stringify(golden.expected).replaceAll("${ROOT}", path.join(canonical, "ws")).replaceAll("${OUTSIDE}", path.join(canonical, "outside")),
      ) as unknown;
      expect(maskTime(await tool.call(golden.input))).toEqual(expected);
    });
  }
});
