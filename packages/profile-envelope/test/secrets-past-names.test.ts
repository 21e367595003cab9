import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { createTool } from "../src/index.js";
import { makeWorkspace } from "./workspace.js";

const KEY_BODY = "MIIEowIBAAKCAQEAxK9mZ3Jx2X0x5Yk9eQf2cQ1s8pR7uVw3hN6tLm4oP0aBcDeFgHiJ";
const PEM_KEY = `-----BEGIN RSA PRIVATE KEY-----\n${KEY_BODY}\n${KEY_BODY}\nAbCd==\n-----END RSA PRIVATE KEY-----\n`;

describe("issue 30 case 6: secrets past the policy, in envelope (secrets = true)", () => {
  test("ln .env notes.txt is ACCESS_DENIED with the policy on, and read as MyCodeAgent reads it with it off (the default)", async () => {
    const ws = makeWorkspace();
    ws.write(".env", "SECRET=1\n");
    fs.linkSync(path.join(ws.root, ".env"), path.join(ws.root, "notes.txt"));
    expect(await createTool({ root: ws.root, secrets: true }).call({ path: "notes.txt" })).toMatchObject({
      status: "error",
      error: {
        code: "ACCESS_DENIED",
        message: "Access denied. Path 'notes.txt' is sensitive (a hard link to an environment file (.env, .env.*)); the secrets policy (secrets = true in [envelope]) refuses it.",
      },
    });
    expect(await createTool({ root: ws.root }).call({ path: "notes.txt" })).toMatchObject({ status: "success", data: { content: "   1 | SECRET=1\n" } });
  });

  test("a PEM key pasted into notes.txt is redacted line by line, numbers kept; with the policy off it is returned as the file holds it", async () => {
    const ws = makeWorkspace();
    ws.write("notes.txt", `todo\n${PEM_KEY}done\n`);
    const on = await createTool({ root: ws.root, secrets: true }).call({ path: "notes.txt" });
    expect(on).toMatchObject({ status: "success", data: { content: ["   1 | todo", ...[2, 3, 4, 5, 6].map((n) => `   ${n} | [REDACTED private-key]`), "   7 | done\n"].join("\n") } });
    const off = await createTool({ root: ws.root }).call({ path: "notes.txt" });
    expect(JSON.stringify(off)).toContain(KEY_BODY);
  });
});
