import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { read, sandbox } from "./helpers.js";

const GOLDEN = path.resolve(import.meta.dirname, "../../../fixtures/golden/agent");

interface GoldenCase {
  readonly description: string;
  readonly requirements: readonly string[];
  readonly files: Readonly<Record<string, { readonly text?: string; readonly base64?: string }>>;
  readonly input: unknown;
  readonly expected: unknown;
}

const cases = fs
  .readdirSync(GOLDEN)
  .filter((name) => name.endsWith(".json"))
  .sort()
  .map((name) => ({ name, golden: JSON.parse(fs.readFileSync(path.join(GOLDEN, name), "utf8")) as GoldenCase }));

// The agent profile's golden cases (text and base64 files only) run in process, so they cannot drift from
// the implementation before the conformance harness runs them through every adapter.
describe("golden cases (fixtures/golden/agent)", () => {
  for (const { name, golden } of cases) {
    test(`${golden.requirements.join(" ")}: ${name}: ${golden.description}`, async () => {
      const files = Object.fromEntries(
        Object.entries(golden.files).map(([file, spec]) => {
          if (spec.text !== undefined) return [file, spec.text];
          if (spec.base64 !== undefined) return [file, Buffer.from(spec.base64, "base64")];
          throw new Error(`${name}: ${file} is neither text nor base64`);
        }),
      );
      expect(await read(sandbox(files).root, golden.input)).toEqual(golden.expected);
    });
  }
});
