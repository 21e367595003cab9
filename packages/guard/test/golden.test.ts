import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { profile } from "../src/index.js";
import { scratch, type Scratch } from "./support/scratch.js";

const GOLDEN = fileURLToPath(new URL("../../../fixtures/golden/guard/", import.meta.url));
const MTIME = new Date(1735212345000);

interface FileSpec {
  readonly text?: string;
  readonly base64?: string;
  readonly repeat?: number;
  readonly directory?: boolean;
  readonly symlink?: string;
  readonly fifo?: boolean;
}

interface GoldenCase {
  readonly description: string;
  readonly requirements: readonly string[];
  readonly files?: Record<string, FileSpec>;
  readonly outside?: Record<string, FileSpec>;
  readonly options?: Record<string, unknown>;
  readonly permission?: "allow" | "deny";
  readonly tool?: string;
  readonly input: unknown;
  readonly expected: unknown;
}

const cases = fs
  .readdirSync(GOLDEN)
  .filter((name) => name.endsWith(".json"))
  .sort()
  .map((name) => ({ name, golden: JSON.parse(fs.readFileSync(path.join(GOLDEN, name), "utf8")) as GoldenCase }));

// The format of fixtures/README.md, run in process: the conformance harness runs the same files.
describe("golden cases (fixtures/golden/guard)", () => {
  test("there are golden cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
  });

  for (const { name, golden } of cases) {
    test(`${golden.requirements.join(" ")}: ${name}: ${golden.description}`, async () => {
      const s = scratch();
      materialise(s, "ws", golden.files ?? {});
      materialise(s, "outside", golden.outside ?? {});
      const unexpected: string[] = [];
      const tool = profile.createTool({
        ...(golden.options ?? {}),
        root: s.root,
        requester: async (request) => {
          if (golden.permission !== undefined) return golden.permission;
          unexpected.push(request.requestedPath);
          return "deny";
        },
      });
      expect([tool.name, ...tool.aliases]).toContain(golden.tool ?? tool.name);
      const output: unknown = JSON.parse(JSON.stringify(await tool.call(golden.input)));
      expect(output).toEqual(substitute(golden.expected, { ROOT: s.root, OUTSIDE: s.outside }));
      expect(unexpected).toEqual([]);
    });
  }
});

function materialise(s: Scratch, under: "ws" | "outside", files: Record<string, FileSpec>): void {
  for (const [relative, spec] of Object.entries(files)) {
    const at = `${under}/${relative}`;
    if (spec.directory === true) s.mkdir(at);
    else if (spec.symlink !== undefined) s.symlink(at, spec.symlink);
    else if (spec.fifo === true) s.fifo(at);
    else {
      const content = spec.base64 !== undefined ? Buffer.from(spec.base64, "base64") : Buffer.from((spec.text ?? "").repeat(spec.repeat ?? 1), "utf8");
      fs.utimesSync(s.write(at, content), MTIME, MTIME);
    }
  }
}

function substitute(value: unknown, variables: Record<string, string>): unknown {
  if (typeof value === "string") return value.replace(/\$\{(ROOT|OUTSIDE)\}/gu, (_, name: string) => variables[name] ?? "");
  if (Array.isArray(value)) return value.map((item) => substitute(item, variables));
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, variables)]));
  return value;
}
