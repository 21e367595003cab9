import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { buildManifest, manifestText } from "../src/build-manifest.js";
import { loadGoldenCases } from "../src/golden-case.js";
import { loadOracle } from "../src/oracle.js";
import { ORACLE_SCHEMA_FILE, oracleSchemaText } from "../src/main.js";
import { FIXTURES_DIR, MANIFEST_FILE } from "../src/repo-paths.js";
import { PROFILES_DIR } from "../src/load-oracles.js";

describe("generated files are up to date", () => {
  it("fixtures/manifest.json lists every golden case with its profile, source and requirements (regenerate: pnpm --filter @read/conformance run manifest)", () => {
    const cases = loadGoldenCases(FIXTURES_DIR);
    const expected = manifestText(buildManifest(cases));
    expect(fs.readFileSync(MANIFEST_FILE, "utf8")).toBe(expected);
    expect(buildManifest(cases).cases.map((entry) => entry.file)).toEqual(cases.map((loaded) => loaded.file));
  });

  it("conformance/oracle.schema.json is the JSON Schema of the oracle format (regenerate: read-conformance oracle-schema)", () => {
    expect(fs.readFileSync(ORACLE_SCHEMA_FILE, "utf8")).toBe(oracleSchemaText());
  });

  it("every oracle in conformance/profiles names the schema and loads", () => {
    for (const entry of fs.readdirSync(PROFILES_DIR).filter((name) => name.endsWith(".json"))) {
      const raw = JSON.parse(fs.readFileSync(`${PROFILES_DIR}/${entry}`, "utf8")) as { $schema?: string };
      expect(raw.$schema, entry).toBe("../oracle.schema.json");
      expect(loadOracle(`${PROFILES_DIR}/${entry}`).profile, entry).toBe(entry.replace(/\.json$/, ""));
    }
  });
});
