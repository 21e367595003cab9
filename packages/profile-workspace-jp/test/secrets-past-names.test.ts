import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { createTool } from "../src/index.js";
import { useSandbox } from "./sandbox.js";

const sandbox = useSandbox();

describe("issue 30 case 6: secrets past the policy, in workspace-jp (secrets = true)", () => {
  test("ln .env notes.txt is POLICY_DENIED with the policy on, and read with it off (the default)", async () => {
    sandbox().write(".env", "SECRET=1\n");
    fs.linkSync(path.join(sandbox().root, ".env"), path.join(sandbox().root, "notes.txt"));
    expect(await createTool({ root: sandbox().root, secrets: true }).call({ path: "notes.txt" })).toMatchObject({ error: { code: "POLICY_DENIED" } });
    expect(await sandbox().call({ path: "notes.txt" })).toMatchObject({ content: "SECRET=1\n" });
  });

  test("an AWS key id in config.js is redacted with the policy on; the page is otherwise the file's", async () => {
    sandbox().write("config.js", "const key = process.env.API_KEY;\nconst id = 'AKIA2E0A8F3B244C9986';\n");
    expect(await createTool({ root: sandbox().root, secrets: true }).call({ path: "config.js" })).toMatchObject({
      content: "const key = process.env.API_KEY;\nconst id = '[REDACTED aws-access-key-id]';\n",
      meta: { line_count: 3, returned_line_count: 3 },
    });
    expect(await sandbox().call({ path: "config.js" })).toMatchObject({ content: "const key = process.env.API_KEY;\nconst id = 'AKIA2E0A8F3B244C9986';\n" });
  });
});
