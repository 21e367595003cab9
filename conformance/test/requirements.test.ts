import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadGoldenCases } from "../src/golden-case.js";
import { loadOracles } from "../src/load-oracles.js";
import { loadRequirements, UNIVERSAL } from "../src/load-requirements.js";
import { FIXTURES_DIR, REPO_ROOT } from "../src/repo-paths.js";
import { loadExpectedFailures } from "../src/expected-failures.js";
import { ADAPTER_KINDS, checksFor } from "../src/run-conformance.js";
import { scanRequirementReferences } from "../src/scan-requirement-references.js";

const requirements = loadRequirements();
const ids = new Set(requirements.map((requirement) => requirement.id));
const profileOf = new Map(requirements.map((requirement) => [requirement.id, requirement.profile]));
const oracles = loadOracles();
const goldenCases = loadGoldenCases(FIXTURES_DIR);

describe("the requirements registry (conformance/requirements.json)", () => {
  it("is valid: every row has an ID, a profile, a section, a level and a summary, and IDs are unique", () => {
    expect(requirements.length).toBeGreaterThanOrEqual(114);
    expect(ids.size).toBe(requirements.length);
  });

  it("names only profiles that have an oracle (or `*`)", () => {
    const profiles = new Set(oracles.map((oracle) => oracle.profile));
    expect(requirements.filter((requirement) => requirement.profile !== UNIVERSAL && !profiles.has(requirement.profile)).map((requirement) => requirement.id)).toEqual([]);
  });
});

describe("every proof names known requirements of its own profile", () => {
  it("checks name only known IDs, of the oracle's profile or universal (oracles' `proves` included)", () => {
    const wrong = oracles.flatMap((oracle) =>
      checksFor(oracle, goldenCases).flatMap((check) =>
        check
          .requirements(oracle)
          .filter((id) => !ids.has(id) || (profileOf.get(id) !== oracle.profile && profileOf.get(id) !== UNIVERSAL))
          .map((id) => `${oracle.profile} ${check.id}: ${id}${ids.has(id) ? ` belongs to ${profileOf.get(id)}` : " is unknown"}`),
      ),
    );
    expect(wrong).toEqual([]);
  });

  it("oracles' `proves` name only checks that exist for their profile (universal, adversarial or golden)", () => {
    const unknown = oracles.flatMap((oracle) => {
      const known = new Set(checksFor(oracle, goldenCases).map((check) => check.id));
      return Object.keys(oracle.proves).filter((check) => !known.has(check)).map((check) => `${oracle.profile}: ${check}`);
    });
    expect(unknown).toEqual([]);
  });

  it("expected failures name a check of their profile, and an adapter kind the harness has", () => {
    const wrong = loadExpectedFailures().flatMap((entry) => {
      const oracle = oracles.find((candidate) => candidate.profile === entry.profile);
      if (oracle === undefined) return [`${entry.profile} ${entry.check}: no such profile`];
      if (!checksFor(oracle, goldenCases).some((check) => check.id === entry.check)) return [`${entry.profile} ${entry.check}: no such check`];
      return entry.adapter === undefined || (ADAPTER_KINDS as readonly string[]).includes(entry.adapter) ? [] : [`${entry.profile} ${entry.check}: no adapter '${entry.adapter}'`];
    });
    expect(wrong).toEqual([]);
  });

  it("golden cases belong to a profile with an oracle", () => {
    const profiles = new Set(oracles.map((oracle) => oracle.profile));
    expect(goldenCases.filter((loaded) => !profiles.has(loaded.profile)).map((loaded) => loaded.file)).toEqual([]);
  });

  it("package and conformance tests name no unknown requirement ID", () => {
    const scan = scanRequirementReferences(REPO_ROOT, [...ids]);
    expect(scan.unknown.map((reference) => `${reference.where}: ${reference.id}`)).toEqual([]);
  });
});

describe("every requirement is proved", () => {
  const scan = scanRequirementReferences(REPO_ROOT, [...ids]);
  for (const oracle of oracles) {
    it(`every requirement of ${oracle.profile} and every universal one is named by a check that applies, a golden case or a package test`, () => {
      const checks = checksFor(oracle, goldenCases);
      const applying = new Set(checks.filter((check) => check.notApplicable(oracle) === null).flatMap((check) => check.requirements(oracle)));
      const declaredNotApplicable = new Set(checks.filter((check) => check.notApplicable(oracle) !== null).flatMap((check) => check.requirements(oracle)));
      const unproved = requirements
        .filter((requirement) => requirement.profile === oracle.profile || requirement.profile === UNIVERSAL)
        .filter((requirement) => !applying.has(requirement.id) && !(requirement.profile === UNIVERSAL && declaredNotApplicable.has(requirement.id)))
        .filter((requirement) => requirement.profile === UNIVERSAL || !scan.byId.has(requirement.id))
        .map((requirement) => `${requirement.id}: ${requirement.summary}`);
      expect(unproved).toEqual([]);
    });
  }
});

describe("scanRequirementReferences", () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  // The IDs are spelt with placeholders (`@E` for the envelope prefix, ...) so that this file does not
  // itself name them, which would count as proof in the real scan.
  const spell = (text: string) => text.replaceAll("@E", ["E", "NV"].join("")).replaceAll("@J", ["J", "P"].join("")).replaceAll("@A", ["A", "LL"].join(""));

  it("finds IDs as whole tokens in package tests, reports unknown ones, and ignores non-test files", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "read-conformance-scan-"));
    made.push(root);
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), spell(text));
    };
    write("packages/p/test/a.test.ts", 'it("@E-2.3: keys", () => {});\nit("@E-2.3.1-content.", () => {});\n');
    write("packages/p/test/deep/b.test.ts", "// @J-9.9 is not a requirement; @E-5.1/@E-5.2\n");
    write("packages/p/test/helper.ts", "// @E-7 in a helper does not count\n");
    write("packages/p/src/x.test.ts", "// @E-7 outside test/ does not count\n");
    write("conformance/test/c.test.ts", "const id = '@A-paging';\n");
    const known = ["@E-2.3", "@E-2.3.1-content", "@E-5.1", "@E-5.2", "@E-7", "@J-3.1.1", "@A-paging"].map(spell);
    const scan = scanRequirementReferences(root, known);
    expect(Object.fromEntries(scan.byId)).toEqual(
      Object.fromEntries(
        [
          ["@E-2.3", ["packages/p/test/a.test.ts:1"]],
          ["@E-2.3.1-content", ["packages/p/test/a.test.ts:2"]],
          ["@E-5.1", ["packages/p/test/deep/b.test.ts:1"]],
          ["@E-5.2", ["packages/p/test/deep/b.test.ts:1"]],
          ["@A-paging", ["conformance/test/c.test.ts:1"]],
        ].map(([id, where]) => [spell(id as string), where]),
      ),
    );
    expect(scan.unknown).toEqual([{ id: spell("@J-9.9"), where: "packages/p/test/deep/b.test.ts:1" }]);
    expect(scan.files).toEqual(["conformance/test/c.test.ts", "packages/p/test/a.test.ts", "packages/p/test/deep/b.test.ts"]);
  });
});
