import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { KEY_BODY, PEM_KEY } from "../../core/test/support/secret-samples.js";
import { readFailure, readText, sandbox } from "./helpers.js";

describe("AGENT-SEC-01, AGENT-SEC-02, AGENT-SEC-03, AGENT-ERR-01: the workspace's rules", () => {
  it("AGENT-SEC-01: a path outside the root, by .. or by a symlink, is OUTSIDE_ROOT", async () => {
    const { root, outside } = sandbox();
    fs.writeFileSync(path.join(outside, "x.txt"), "secret\n");
    fs.symlinkSync(path.join(outside, "x.txt"), path.join(root, "link.txt"));
    const message = (shown: string) => `${shown} resolves outside the workspace root; read only reads files inside it.`;
    expect(await readFailure(root, { path: "../outside/x.txt" })).toEqual(["OUTSIDE_ROOT", message("'../outside/x.txt'")]);
    expect((await readFailure(root, { path: "link.txt" }))[0]).toBe("OUTSIDE_ROOT");
  });

  it("AGENT-SEC-02: the secrets policy is on by default, and only the user's config turns it off", async () => {
    const { root } = sandbox({ ".env": "TOKEN=1\n" });
    const [code, message] = await readFailure(root, { path: ".env" });
    expect(code).toBe("SECRET");
    expect(message).toMatch(/^'\.env' is refused by the secrets policy \(.+\): it may hold credentials\. Do not try another path to it; ask the user for the value you need\.$/);
    expect((await readText(root, { path: ".env" }, { secrets: false })).content).toBe("1\tTOKEN=1");
  });

  it("AGENT-SEC-03: a directory and a FIFO are NOT_A_FILE, without blocking", async () => {
    const { root } = sandbox({ "dir/a.txt": "a\n" });
    execFileSync("mkfifo", [path.join(root, "pipe")]);
    expect(await readFailure(root, { path: "dir" })).toEqual(["NOT_A_FILE", "'dir' is a directory; read reads regular files. List the directory to find a file in it."]);
    expect((await readFailure(root, { path: "pipe" }))[0]).toBe("NOT_A_FILE");
  });

  it("AGENT-ERR-01: a missing file is NOT_FOUND, saying how to continue", async () => {
    const { root } = sandbox();
    const [code, message] = await readFailure(root, { path: "nope.txt" });
    expect(code).toBe("NOT_FOUND");
    expect(message.endsWith("Check the path (relative to the workspace root) or list the directory first.")).toBe(true);
  });

  it("AGENT-NFR-01: an aborted call rejects with the signal's reason", async () => {
    const { root } = sandbox({ "a.txt": "a\n" });
    const { createTool } = await import("../src/index.js");
    const controller = new AbortController();
    controller.abort();
    await expect(createTool({ root }).call({ path: "a.txt" }, { signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("AGENT-SEC-02: secrets by content (issue 30 case 6)", () => {
  it("a private key block pasted into an ordinary file is redacted, every line keeping its number; the policy off returns it", async () => {
    const { root } = sandbox({ "notes.txt": `before\n${PEM_KEY}after\n` });
    const page = await readText(root, { path: "notes.txt" });
    const lines = page.content.split("\n");
    expect(lines.map((line) => line.split("\t")[0])).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
    expect(lines[0]).toBe("1\tbefore");
    expect(lines[6]).toBe("7\tafter");
    expect(page.content).not.toContain(KEY_BODY);
    expect(page.content).toContain("[REDACTED");
    expect((await readText(root, { path: "notes.txt" }, { secrets: false })).content).toContain(KEY_BODY);
  });

  it("ordinary code that names a key is returned unchanged", async () => {
    const text = "const key = process.env.API_KEY;\n// the header is -----BEGIN and nothing follows\n";
    const { root } = sandbox({ "a.js": text });
    expect((await readText(root, { path: "a.js" })).content).toBe("1\tconst key = process.env.API_KEY;\n2\t// the header is -----BEGIN and nothing follows");
  });
});
