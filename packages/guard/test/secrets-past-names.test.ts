import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { createTool } from "../src/index.js";
import { recordingRequester, scratch } from "./support/scratch.js";

const KEY_BODY = "MIIEowIBAAKCAQEAxK9mZ3Jx2X0x5Yk9eQf2cQ1s8pR7uVw3hN6tLm4oP0aBcDeFgHiJ";
const PEM_KEY = `-----BEGIN RSA PRIVATE KEY-----\n${KEY_BODY}\n${KEY_BODY}\nAbCd==\n-----END RSA PRIVATE KEY-----\n`;

describe("issue 30 case 6: secrets past the policy, in the guard", () => {
  test("a hard link to .env (ln .env notes.txt) is denied by policy; secrets = false reads it", async () => {
    const s = scratch();
    s.write("ws/.env", "SECRET=1\n");
    fs.linkSync(path.join(s.root, ".env"), path.join(s.root, "notes.txt"));
    expect(await createTool({ root: s.root }).call({ path: "notes.txt" })).toEqual({
      error: `permission denied by policy: "${s.root}/notes.txt" is sensitive (a hard link to an environment file (.env, .env.*))`,
    });
    expect(await createTool({ root: s.root, secrets: false }).call({ path: "notes.txt" })).toEqual({ path: path.join(s.root, "notes.txt"), content: "SECRET=1\n", bytes_read: 9 });
  });

  test("a hard link to a credential file of the home directory is denied", async () => {
    const s = scratch();
    const home = s.mkdir("home");
    s.write("home/.aws/credentials", "[default]\naws_secret_access_key = x\n");
    fs.linkSync(path.join(home, ".aws/credentials"), path.join(s.root, "aws.txt"));
    const previous = process.env.HOME;
    process.env.HOME = home;
    try {
      const output = await createTool({ root: s.root, requester: recordingRequester("allow").requester }).call({ path: "aws.txt" });
      expect(output).toEqual({ error: `permission denied by policy: "${s.root}/aws.txt" is sensitive (a hard link to AWS credentials (.aws/credentials))` });
    } finally {
      process.env.HOME = previous;
    }
  });

  test("a PEM key pasted into notes.txt is redacted, its lines kept; ordinary code reads unchanged", async () => {
    const s = scratch();
    s.write("ws/notes.txt", `todo\n${PEM_KEY}done\n`);
    s.write("ws/app.ts", "const key = process.env.API_KEY;\n// -----BEGIN is how a PEM block starts\n");
    const tool = createTool({ root: s.root });
    const notes = `todo\n${PEM_KEY}done\n`;
    const code = "const key = process.env.API_KEY;\n// -----BEGIN is how a PEM block starts\n";
    // bytes_read counts the file's bytes, as read: the redacted content is what the model gets.
    expect(await tool.call({ path: "notes.txt" })).toEqual({ path: path.join(s.root, "notes.txt"), content: `todo\n${"[REDACTED private-key]\n".repeat(5)}done\n`, bytes_read: notes.length });
    expect(await tool.call({ path: "app.ts" })).toEqual({ path: path.join(s.root, "app.ts"), content: code, bytes_read: code.length });
    expect(await createTool({ root: s.root, secrets: false }).call({ path: "notes.txt" })).toEqual({ path: path.join(s.root, "notes.txt"), content: notes, bytes_read: notes.length });
  });
});
