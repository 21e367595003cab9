import { describe, expect, test } from "vitest";
import { createTool, profile } from "../src/index.js";
import { useSandbox } from "./sandbox.js";

describe("the workspace-jp profile module", () => {
  const sandbox = useSandbox();

  test("JP-4.1: the profile is named workspace-jp and reads the [workspace-jp] table", () => {
    expect(profile.name).toBe("workspace-jp");
    expect(profile.configTable).toStrictEqual(["workspace-jp"]);
    expect(profile.createTool).toBe(createTool);
  });

  test("JP-3.2.3: the config table has no keys: the spec fixes every limit, so any key is an error", () => {
    expect(profile.configSchema.safeParse({}).success).toBe(true);
    for (const table of [{ max_lines: 100 }, { size_limit_bytes: 10 }, { sniff_bytes: 1 }]) {
      expect(profile.configSchema.safeParse(table).success).toBe(false);
    }
    expect(profile.configSchema.safeParse("x").success).toBe(false);
  });

  test("JP-3.2.3: createTool refuses options outside the config table instead of ignoring them", () => {
    const options = { root: sandbox().root, size_limit_bytes: 10 } as Parameters<typeof createTool>[0];
    expect(() => createTool(options)).toThrow("workspace-jp: invalid option 'size_limit_bytes' in [workspace-jp]: unknown key (accepted keys: secrets)");
  });

  test("JP-3.1.4: createTool refuses a root that is not a directory", () => {
    const file = sandbox().write("file.txt", "x");
    expect(() => createTool({ root: file })).toThrow(`workspace-jp: invalid workspace root: The workspace root '${file}' is not a directory.`);
  });

  test("JP-3.1.4: the root is canonicalised once: a root reached through a symlink reads the same files", async () => {
    sandbox().write("a.txt", "a\n");
    const link = sandbox().symlink("../ws-link", sandbox().root);
    const output = await createTool({ root: link, requester: async () => "deny" }).call({ path: "a.txt" });
    expect(output).toMatchObject({ path: "a.txt", content: "a\n" });
  });
});
