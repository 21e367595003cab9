import { describe, expect, test } from "vitest";
import { DEFAULT_PROFILE, loadAllProfiles } from "@read/profiles";
import { makeWorkspace, runCli } from "./run-cli.js";

const PROFILES = await loadAllProfiles();

describe("read-tool schema", () => {
  const root = makeWorkspace({});
  for (const module of PROFILES.values()) {
    test(`--profile ${module.name} prints the tool definition, with aliases only when there are some`, () => {
      const run = runCli(["schema", "--profile", module.name, "--root", root]);
      expect(run.status).toBe(0);
      const tool = module.createTool({ root });
      const expected = {
        name: tool.definition.name,
        description: tool.definition.description,
        parameters: tool.definition.parameters,
        ...(tool.aliases.length > 0 ? { aliases: [...tool.aliases] } : {}),
      };
      expect(JSON.parse(run.stdout)).toStrictEqual(expected);
    });
  }

  test(`without --profile or config it prints the default profile (${DEFAULT_PROFILE})`, () => {
    const run = runCli(["schema", "--root", root]);
    const module = PROFILES.get(DEFAULT_PROFILE);
    expect(JSON.parse(run.stdout).name).toBe(module?.createTool({ root }).definition.name);
  });

  test("forge lists its aliases", () => {
    const run = runCli(["schema", "--profile", "forge", "--root", root]);
    expect(JSON.parse(run.stdout).aliases).toEqual(["read", "read_file", "read-file", "ReadFile"]);
  });
});
