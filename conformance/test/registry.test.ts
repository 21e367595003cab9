import fs from "node:fs";
import path from "node:path";
import { PROFILE_ENTRIES } from "@read/profiles";
import { expect, test } from "vitest";
import { loadOracles } from "../src/load-oracles.js";
import { loadRequirements } from "../src/load-requirements.js";
import { REPO_ROOT } from "../src/repo-paths.js";

const PACKAGES = path.join(REPO_ROOT, "packages");

// Every package that defines a profile (`src/profile.ts`), with its name from package.json.
const profilePackages = fs
  .readdirSync(PACKAGES)
  .filter((dir) => dir.startsWith("profile-") || fs.existsSync(path.join(PACKAGES, dir, "src", "profile.ts")))
  .filter((dir) => dir !== "profiles")
  .map((dir) => (JSON.parse(fs.readFileSync(path.join(PACKAGES, dir, "package.json"), "utf8")) as { name: string }).name);

test("docs/profile-authoring.md: every profile package is registered, has an oracle and has requirement IDs", () => {
  const oracles = new Map(loadOracles().map((oracle) => [oracle.profile, oracle]));
  const requirements = loadRequirements();
  expect(profilePackages.length).toBeGreaterThanOrEqual(4);
  for (const name of profilePackages) {
    const entry = PROFILE_ENTRIES.find((known) => known.packageName === name);
    expect(entry, `${name} is not registered in packages/profiles/src/profile-entries.ts`).toBeDefined();
    if (entry === undefined) continue;
    expect(oracles.get(entry.name)?.module, `${name} has no oracle conformance/profiles/${entry.name}.json naming it`).toBe(name);
    expect(requirements.some((requirement) => requirement.profile === entry.name), `${name} has no requirement IDs in conformance/requirements.json`).toBe(true);
  }
  expect(PROFILE_ENTRIES.map((entry) => entry.packageName).sort()).toEqual([...profilePackages].sort());
});
