import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { read, readText, sandbox } from "./helpers.js";

describe("AGENT-IN-07, AGENT-VER-01, AGENT-VER-02, AGENT-VER-03: versions and conditional reads", () => {
  it("AGENT-VER-01: the version is the first 16 hex digits of the SHA-256 of the bytes, whatever the name or time", async () => {
    const text = "same bytes\n";
    const { root } = sandbox({ "a.txt": text, "b/c.txt": text });
    fs.utimesSync(path.join(root, "b/c.txt"), new Date(2000, 1, 1), new Date(2000, 1, 1));
    const expected = createHash("sha256").update(text).digest("hex").slice(0, 16);
    expect((await readText(root, { path: "a.txt" })).version).toBe(expected);
    expect((await readText(root, { path: "b/c.txt", start_line: 1, limit: 1 })).version).toBe(expected);
  });

  it("the version covers the whole file, not the window read", async () => {
    const { root } = sandbox({ "a.txt": "one\ntwo\n" });
    const before = (await readText(root, { path: "a.txt", limit: 1 })).version;
    fs.appendFileSync(path.join(root, "a.txt"), "three\n");
    expect((await readText(root, { path: "a.txt", limit: 1 })).version).not.toBe(before);
  });

  it("issue 32: if_version of an unchanged file answers {path, version, unchanged: true} only (AGENT-VER-02)", async () => {
    const { root } = sandbox({ "src/a.txt": "one\ntwo\n" });
    const { version } = await readText(root, { path: "src/a.txt" });
    expect(await read(root, { path: "src/a.txt", if_version: version })).toEqual({ path: "src/a.txt", version, unchanged: true });
  });

  it("issue 32: a file touched but unchanged is still unchanged (AGENT-VER-02)", async () => {
    const { root } = sandbox({ "a.txt": "one\n" });
    const { version } = await readText(root, { path: "a.txt" });
    const file = path.join(root, "a.txt");
    fs.writeFileSync(file, "one\n");
    fs.utimesSync(file, new Date(), new Date(Date.now() + 60_000));
    expect(await read(root, { path: "a.txt", if_version: version })).toEqual({ path: "a.txt", version, unchanged: true });
  });

  it("issue 32: a changed file answers in full with the new version (AGENT-VER-03)", async () => {
    const { root } = sandbox({ "a.txt": "one\n" });
    const { version } = await readText(root, { path: "a.txt" });
    fs.writeFileSync(path.join(root, "a.txt"), "uno\n");
    const output = await readText(root, { path: "a.txt", if_version: version });
    expect([output.content, output.version]).toEqual(["1\tuno", createHash("sha256").update("uno\n").digest("hex").slice(0, 16)]);
  });

  it("an if_version that was never a version reads in full", async () => {
    const { root } = sandbox({ "a.txt": "one\n" });
    expect((await readText(root, { path: "a.txt", if_version: "not-a-version" })).content).toBe("1\tone");
  });
});
