import { describe, expect, test } from "vitest";
import { z } from "zod";
import { defineProfile, findLoosenings, type Tightening } from "../src/index.js";

// Issue 30 case 2: what an untrusted layer (the workspace's own read.config.toml) may change.
describe("findLoosenings", () => {
  const rules: Record<string, Tightening> = {
    limit: "lower",
    guard: "on",
    patterns: "more",
    pair: (trusted, layered) => (layered.pair === trusted.pair || layered.pair === "strict" ? undefined : "picks a laxer mode"),
  };
  const trusted = { limit: 100, guard: false, patterns: ["a", "b"], pair: "lax", cosmetic: "x" };
  const cases: [string, Record<string, unknown>, string, string | undefined][] = [
    ["a lower limit", { limit: 99 }, "limit", undefined],
    ["an equal limit", { limit: 100 }, "limit", undefined],
    ["a higher limit", { limit: 101 }, "limit", "raises the limit from 100 to 101"],
    ["a protection turned on", { guard: true }, "guard", undefined],
    ["a protection left off", { guard: false }, "guard", undefined],
    ["patterns added", { patterns: ["b", "a", "c"] }, "patterns", undefined],
    ["a pattern dropped", { patterns: ["a"] }, "patterns", 'drops the entry "b"'],
    ["every pattern dropped", { patterns: [] }, "patterns", 'drops the entries "a", "b"'],
    ["a custom rule that tightens", { pair: "strict" }, "pair", undefined],
    ["a custom rule that loosens", { pair: "none" }, "pair", "picks a laxer mode"],
    ["an undeclared key set to the trusted value", { cosmetic: "x" }, "cosmetic", undefined],
    ["an undeclared key changed", { cosmetic: "y" }, "cosmetic", "changes a setting that is not a protection (only your own configuration may set it)"],
  ];
  for (const [name, layer, key, reason] of cases) {
    test(`${name}: ${reason ?? "a tightening"}`, () => {
      expect(findLoosenings(rules, trusted, { ...trusted, ...layer }, [key])).toEqual(reason === undefined ? [] : [{ key, reason }]);
    });
  }

  test("a protection on in the trusted layer cannot be turned off", () => {
    expect(findLoosenings(rules, { guard: true }, { guard: false }, ["guard"])).toEqual([{ key: "guard", reason: "turns the protection off" }]);
  });

  test("defineProfile's loosenings: `secrets` is a protection every profile has; undeclared keys are trusted-only", () => {
    const profile = defineProfile({
      name: "t",
      configTable: ["t"],
      configSchema: z.object({ max: z.int().default(10), mode: z.string().default("a") }),
      secrets: true,
      tightening: { max: "lower" },
      outputSchema: z.object({}),
      isError: () => false,
      render: () => "",
      setup: () => ({ name: "t", definition: { name: "t", description: "", parameters: {} }, call: () => ({}), internalError: () => ({}) }),
    });
    const base = profile.parseConfig({});
    expect(profile.loosenings(base, profile.parseConfig({ secrets: false, max: 5, mode: "b" }), ["secrets", "max", "mode"])).toEqual([
      { key: "secrets", reason: "turns the protection off" },
      { key: "mode", reason: "changes a setting that is not a protection (only your own configuration may set it)" },
    ]);
  });
});
