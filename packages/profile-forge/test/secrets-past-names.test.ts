import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { read, sandbox } from "./helpers.js";

const secret = (input: string, description: string) => ({
  error: { code: "SANDBOX_DENIED", message: `Path '${input}' matched the secrets policy (${description}): the sandbox refuses it (secrets in [tools.read_file]).` },
});

describe("issue 30 case 6: secrets past the policy, in forge", () => {
  test("credential files forge's patterns let through are refused by the secrets policy; secrets = false reads them", async () => {
    const { root } = sandbox({ ".envrc": "export A=1\n", "terraform.tfstate": "{}\n", ".vault-token": "s.x\n", "deploy_key": "key\n", "my.env.bak": "A=1\n" });
    expect(await read(root, { path: ".envrc" })).toEqual(secret(".envrc", "an environment file (.env, .env.*)"));
    expect(await read(root, { path: "my.env.bak" })).toEqual(secret("my.env.bak", "an environment file (.env, .env.*)"));
    expect(await read(root, { path: "terraform.tfstate" })).toEqual(secret("terraform.tfstate", "Terraform state (*.tfstate), which holds every secret the configuration handled"));
    expect(await read(root, { path: "deploy_key" })).toEqual(secret("deploy_key", "a deploy key (deploy_key, deploy-key)"));
    expect(await read(root, { path: ".vault-token" }, { secrets: false })).toMatchObject({ content: "1| s.x\n" });
  });

  test("a hard link to .env (ln .env notes.txt) is refused", async () => {
    const { root } = sandbox({ ".env": "SECRET=1\n" });
    fs.linkSync(path.join(root, ".env"), path.join(root, "notes.txt"));
    expect(await read(root, { path: "notes.txt" })).toEqual({
      error: { code: "SANDBOX_DENIED", message: "Path 'notes.txt' is a hard link to a file that matches denied pattern '**/.env': the sandbox refuses it (denied_patterns in [tools.read_file])." },
    });
    expect(await read(root, { path: "notes.txt" }, { denied_patterns: [] })).toEqual(secret("notes.txt", "a hard link to an environment file (.env, .env.*)"));
    expect(await read(root, { path: "notes.txt" }, { secrets: false })).toMatchObject({ content: "1| SECRET=1\n" });
  });

  test("an AWS key in config.js is redacted in the numbered and the raw view; ordinary code reads unchanged", async () => {
    const { root } = sandbox({ "config.js": "const key = process.env.API_KEY;\nconst id = 'AKIA2E0A8F3B244C9986';\n// -----BEGIN is how a PEM block starts\n" });
    expect(await read(root, { path: "config.js" })).toMatchObject({
      content: "1| const key = process.env.API_KEY;\n2| const id = '[REDACTED aws-access-key-id]';\n3| // -----BEGIN is how a PEM block starts\n",
      total_lines: 3,
    });
    expect(await read(root, { path: "config.js", line_numbers: false })).toMatchObject({
      content: "const key = process.env.API_KEY;\nconst id = '[REDACTED aws-access-key-id]';\n// -----BEGIN is how a PEM block starts\n",
    });
    expect(await read(root, { path: "config.js" }, { secrets: false })).toMatchObject({ content: expect.stringContaining("AKIA2E0A8F3B244C9986") });
  });
});
