import fs from "node:fs";
import path from "node:path";
import { DEFAULT_MAX_WINDOW_BYTES } from "@read/core";
import { describe, expect, test } from "vitest";
import { configSchema, createTool, profile } from "../src/index.js";
import { makeWorkspace } from "./workspace.js";

describe("profile and config", () => {
  test("ENV-2.1: the profile module names envelope, its [envelope] table, its schema and createTool", () => {
    expect(profile.name).toBe("envelope");
    expect(profile.configTable).toEqual(["envelope"]);
    expect(profile.configKeys).toEqual([...Object.keys(configSchema.shape), "secrets"]);
    expect(profile.createTool).toBe(createTool);
  });

  test("ENV-2.3.2: the config table defaults to cwd '.', core's window cap and core's answer bound", () => {
    expect(configSchema.parse({})).toEqual({ cwd: ".", max_window_bytes: DEFAULT_MAX_WINDOW_BYTES, max_answer_bytes: 256 * 1024, max_file_bytes: 4 * 1024 ** 3 });
    expect(configSchema.parse({ cwd: "src", max_window_bytes: 4096 })).toEqual({ cwd: "src", max_window_bytes: 4096, max_answer_bytes: 256 * 1024, max_file_bytes: 4 * 1024 ** 3 });
  });

  test("ENV-2.3.2: unknown keys and wrong types in the config table are errors", () => {
    expect(configSchema.safeParse({ sniff_bytes: 10 }).success).toBe(false);
    expect(configSchema.safeParse({ cwd: 3 }).success).toBe(false);
    expect(configSchema.safeParse({ cwd: "" }).success).toBe(false);
    expect(configSchema.safeParse({ max_window_bytes: 0 }).success).toBe(false);
    expect(configSchema.safeParse({ max_file_bytes: 0 }).success).toBe(false);
    expect(configSchema.safeParse({ max_window_bytes: 1.5 }).success).toBe(false);
  });

  test("ENV-2.3.2: createTool rejects an unknown option, a cwd outside the root, a cwd that is a file and a missing root", () => {
    const ws = makeWorkspace();
    ws.write("file.txt", "x\n");
    fs.symlinkSync(ws.outside, path.join(ws.root, "out"));
    const accepted = "(accepted keys: cwd, max_window_bytes, max_answer_bytes, max_file_bytes, secrets)";
    expect(() => createTool({ root: ws.root, ...({ limit: 3 } as object) })).toThrow(`envelope: invalid option 'limit' in [envelope]: unknown key ${accepted}`);
    expect(() => createTool({ root: ws.root, cwd: ".." })).toThrow(`envelope: invalid option 'cwd' in [envelope]: ".." must be inside the project root ${accepted}`);
    expect(() => createTool({ root: ws.root, cwd: "out" })).toThrow("must be inside the project root");
    expect(() => createTool({ root: ws.root, cwd: "file.txt" })).toThrow("must be a directory inside the project root");
    expect(() => createTool({ root: ws.root, cwd: "nope" })).toThrow(`envelope: invalid option 'cwd' in [envelope]: "nope": The path 'nope' does not exist.`);
    expect(() => createTool({ root: path.join(ws.root, "nope") })).toThrow("envelope: invalid workspace root:");
  });

  test("ENV-2.1: createTool accepts (and ignores) a permission requester, as the CLI passes one", async () => {
    const ws = makeWorkspace();
    ws.write("a.txt", "a\n");
    let asked = 0;
    const tool = createTool({ root: ws.root, requester: async () => (asked++, "allow") });
    expect((await tool.call({ path: "a.txt" })).status).toBe("success");
    expect((await tool.call({ path: "../outside/x" })).status).toBe("error");
    expect(asked).toBe(0);
  });
});
