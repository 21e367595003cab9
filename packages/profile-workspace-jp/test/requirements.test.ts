import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const registry = path.resolve(import.meta.dirname, "../../../conformance/requirements.json");

function testSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testSources(full);
    return entry.name.endsWith(".test.ts") ? [fs.readFileSync(full, "utf8")] : [];
  });
}

test("JP-11.10: every workspace-jp requirement of the registry is named by a test of this suite", () => {
  const { requirements } = JSON.parse(fs.readFileSync(registry, "utf8")) as { requirements: { id: string; profile: string }[] };
  const ids = requirements.filter((requirement) => requirement.profile === "workspace-jp").map((requirement) => requirement.id);
  expect(ids.length).toBeGreaterThan(0);
  const sources = testSources(import.meta.dirname).join("\n");
  // A test name carries the ID as a whole word: "JP-11.1" must not be satisfied by "JP-11.10".
  const missing = ids.filter((id) => !new RegExp(`["/ ]${id.replaceAll(".", "\\.")}(?![\\d.])[ :]`, "u").test(sources));
  expect(missing).toStrictEqual([]);
});
